"""The grader's handle on one zygote process: start it fresh, run one job at a time through it.

The zygote keeps a child forked and waiting and tells us (READY, with a pidfd and the child's
socket, and how many setups it holds); a job's descriptors go straight to that child. Once the
child has written its whole report and closed its output, we kill it and answer at once; the
zygote's word on how it ended (ENDED) is collected before the next job. Otherwise we wait for
ENDED, up to the wall clock.

The first job of a challenge goes in full and its setup to the zygote, to decode once: children
forked after that get only the setup's key and the source.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import socket
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from grader.sandbox import argument_memory, channel, harness, report_memory
from grader.sandbox.base import ExitKind, Layer, Limits, SandboxRun
from grader.sandbox.launch import Launched, launch
from grader.sandbox.pipes import Reader
from grader.sandbox.uids import UidClaim
from grader.wire import Job, Tag, encode_record

START_TIMEOUT = 60.0
KILL_GRACE = 5.0
CPU_KILL_SHARE = 0.75  # the kernel kills a tick or more early here; nothing else sends SIGKILL
FINISHED = encode_record(Tag.FINISHED, 0)
# A job that comes sooner than this after the previous one on the same zygote means a busy
# grader: its next child would still be warming up when the next job came, on CPU the grading
# needs. Then children skip the warm-up; they warm up again once jobs leave room for it.
BUSY_GAP = 0.004


class ZygoteBroken(RuntimeError):
    """The zygote did not answer as it should; the caller starts a new one."""


@dataclass
class Child:
    pid: int
    pidfd: int
    control: socket.socket | None
    setups: int  # how many of the zygote's setups it inherited

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            signal.pidfd_send_signal(self.pidfd, signal.SIGKILL)

    def close(self) -> None:
        os.close(self.pidfd)
        if self.control is not None:
            self.control.close()


class ZygoteProcess:
    def __init__(
        self, lock_dir: Path, hardware_env: Mapping[str, str], launched: Launched | None = None
    ) -> None:
        """A zygote started now, or the one `launched` earlier (with the same `hardware_env`)."""
        started = launched if launched is not None else launch(lock_dir, hardware_env)
        self.claim: UidClaim = started.claim
        self.process = started.process
        self.sock = started.sock
        self.waiting: Child | None = None
        self.unreaped: Child | None = None  # answered early; its ENDED is still to come
        self.layers: list[Layer] = []
        self.setups: dict[str, int] = {}  # setup key -> how many setups a child holding it holds
        self.hinted: str | None = None  # the setup its children warm up on, or NO_WARMUP
        self.last_end = -math.inf  # when the last run came back

    def greet(self) -> list[Layer]:
        """Wait until the zygote is ready (it says which layers it set up); before any run."""
        self.sock.settimeout(START_TIMEOUT)
        try:
            data = self.sock.recv(65536)
            self.layers = [Layer(**fields) for fields in json.loads(data)]
        except (OSError, ValueError, TypeError) as error:
            self.close()
            raise ZygoteBroken(f"the sandbox zygote did not start: {error}") from error
        return self.layers

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        self.sock.close()
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        self.process.wait()
        for child in (self.waiting, self.unreaped):
            if child is not None:
                child.close()
        self.waiting = self.unreaped = None
        self.claim.release()

    def run(self, job: Job, limits: Limits, warm_up: bool = True) -> SandboxRun:
        """`warm_up`: whether the machine has CPU to spare for the next child's warm-up."""
        busy = time.perf_counter() - self.last_end < BUSY_GAP or not warm_up
        if self.unreaped is not None:
            self._ended(self.unreaped)
        self._offer_setup(job)  # before taking the child: if this fails, no child is left open
        self._hint(channel.NO_WARMUP if busy else job.key)
        child = self._ready()
        started = time.perf_counter()
        data = job.reference() if self.setups.get(job.key, 1 << 31) <= child.setups else job.whole()
        if job.desk is not None:
            job.desk.reset()  # a retried run starts from nothing
        run = _RunFiles.open(job, limits)
        try:
            fds = run.for_child(_memfd(data))
            try:
                start = channel.Start(
                    max(1, math.ceil(limits.cpu_seconds)), limits.memory_mb << 20, limits.wall_seconds
                )
                assert child.control is not None  # noqa: S101 narrows for mypy
                channel.send(child.control, start.pack(), fds)
            except OSError as error:
                child.close()
                raise ZygoteBroken(f"the waiting child is gone: {error}") from error
            finally:
                os.close(fds[0])
                run.given()
            child.control.close()
            child.control = None
            return self._follow(child, started, limits, run, job)
        finally:
            run.close()
            self.last_end = time.perf_counter()

    def _offer_setup(self, job: Job) -> None:
        """Send a setup the zygote lacks, for the children it forks from now on."""
        if job.key in self.setups or len(self.setups) >= channel.MAX_SETUPS:
            return
        fd = _memfd(job.setup)
        try:
            self._tell(channel.SETUP_TAG, job.key, (fd,))
        finally:
            os.close(fd)
        self.setups[job.key] = len(self.setups) + 1

    def _hint(self, key: str) -> None:
        """What the next children warm up on: this job's setup (the next job is likely the same
        challenge), or nothing when jobs come back to back (BUSY_GAP) or the machine is busy."""
        if (key in self.setups or key == channel.NO_WARMUP) and key != self.hinted:
            self._tell(channel.HINT_TAG, key)
            self.hinted = key

    def _tell(self, tag: int, key: str, fds: tuple[int, ...] = ()) -> None:
        try:
            channel.send(self.sock, channel.KEYED.pack(tag, key.encode("ascii")), fds)
        except OSError as error:
            raise ZygoteBroken(f"the zygote did not take a message: {error}") from error

    def _ready(self) -> Child:
        """The child the zygote keeps waiting, once it has said so."""
        if self.waiting is None:
            data, fds = self._receive((channel.READY.size,), START_TIMEOUT)
            tag, pid, setups = channel.READY.unpack(data)
            if tag != channel.READY_TAG or len(fds) != 2:
                raise ZygoteBroken("the zygote sent a malformed READY")
            self.waiting = Child(pid, fds[0], socket.socket(fileno=fds[1]), setups)
        child, self.waiting = self.waiting, None
        return child

    def _follow(self, child: Child, started: float, limits: Limits, run: _RunFiles, job: Job) -> SandboxRun:
        desk = (run.desk, job.desk) if run.desk is not None and job.desk is not None else None
        reader = Reader(run.stdout_read, self.sock.fileno(), limits, desk)
        try:
            how = reader.until(started + limits.wall_seconds)
            report = report_memory.read(run.report, limits.report_bytes)
            if how == "closed" and report.endswith(FINISHED):
                child.kill()  # its whole report is in and it is about to exit anyway
                self.unreaped = child
                # Read at once, not once it is gone (3 ms more): whatever it could still change
                # in its arguments after FINISHED, it could have changed before writing it.
                return _outcome(reader, report, run.arguments_after(), None, ExitKind.OK, started)
            if how == "closed":  # it closed its output without finishing: wait for its end
                how = reader.until(started + limits.wall_seconds, pipes=False)
            if how == "deadline":
                child.kill()
                reader.until(time.perf_counter() + KILL_GRACE, pipes=False)
        finally:
            reader.close()
        ended = self._ended(child)
        report = report_memory.read(run.report, limits.report_bytes)  # all it wrote before it died
        kind = exit_kind(ended, limits, how == "deadline")
        return _outcome(reader, report, run.arguments_after(), ended, kind, started)

    def _ended(self, child: Child) -> channel.Ended:
        """Wait for the zygote's report of the child's end, killing the child if it lingers."""
        try:
            try:
                data, _ = self._receive((channel.ENDED.size,), KILL_GRACE)
            except ZygoteBroken:
                child.kill()
                data, _ = self._receive((channel.ENDED.size,), KILL_GRACE)
        finally:
            child.close()
            self.unreaped = None
        if data[0] != channel.ENDED_TAG:
            raise ZygoteBroken("the zygote sent a malformed ENDED")
        return channel.unpack_ended(data)

    def _receive(self, sizes: tuple[int, ...], timeout: float) -> tuple[bytes, list[int]]:
        self.sock.settimeout(timeout)
        try:
            return channel.receive(self.sock, sizes)
        except (OSError, channel.ChannelClosed) as error:
            raise ZygoteBroken(f"the zygote did not answer: {error}") from error


def _outcome(
    reader: Reader,
    report: bytes,
    arguments: bytes,
    ended: channel.Ended | None,
    kind: ExitKind,
    started: float,
) -> SandboxRun:
    code, by_signal = _decode(ended.status) if ended is not None else (None, None)
    notes = [f"cpu {ended.cpu_seconds:.3f} s", f"peak rss {ended.max_rss_kb} kB"] if ended is not None else []
    return SandboxRun(
        report=report,
        stdout=bytes(reader.collected.stdout),
        printed_bytes=reader.collected.stdout_seen,
        printed_lines=reader.collected.lines,
        exit_kind=kind,
        arguments=arguments,
        exit_code=code,
        signal=by_signal,
        wall_ms=(time.perf_counter() - started) * 1000,
        notes=notes,
    )


@dataclass
class _RunFiles:
    """The descriptors of one run on the grader's side, and the ends it hands the child."""

    stdout_read: int
    stdout_write: int
    report: int
    arguments: int
    arguments_size: int
    desk: socket.socket | None
    desk_theirs: socket.socket | None

    @classmethod
    def open(cls, job: Job, limits: Limits) -> _RunFiles:
        stdout_read, stdout_write = os.pipe2(os.O_CLOEXEC)
        files = cls(stdout_read, stdout_write, -1, -1, len(job.arguments), None, None)
        try:
            files.report = report_memory.create(limits.report_bytes)
            files.arguments = argument_memory.create(job.arguments)
            if job.desk is not None:
                files.desk, files.desk_theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        except BaseException:
            files.close()
            raise
        return files

    def for_child(self, job_fd: int) -> tuple[int, ...]:
        """The child's descriptors, in the order it takes them: job, report, stdout, arguments, desk."""
        theirs = (self.desk_theirs.fileno(),) if self.desk_theirs is not None else ()
        return (job_fd, self.report, self.stdout_write, self.arguments, *theirs)

    def given(self) -> None:
        """The child holds its ends now (or never will): ours go, so its hang-ups show."""
        os.close(self.stdout_write)
        self.stdout_write = -1
        if self.desk_theirs is not None:
            self.desk_theirs.close()
            self.desk_theirs = None

    def arguments_after(self) -> bytes:
        return argument_memory.read(self.arguments, self.arguments_size)

    def close(self) -> None:
        for fd in (self.stdout_read, self.stdout_write, self.report, self.arguments):
            if fd >= 0:
                os.close(fd)
        for sock in (self.desk, self.desk_theirs):
            if sock is not None:
                sock.close()


def exit_kind(ended: channel.Ended, limits: Limits, timed_out: bool) -> ExitKind:
    code, by_signal = _decode(ended.status)
    if code == harness.REPORT_FULL:
        return ExitKind.OUTPUT
    if timed_out or by_signal == signal.SIGXCPU:
        return ExitKind.TIMEOUT
    if by_signal == signal.SIGSYS:
        return ExitKind.FORBIDDEN
    if by_signal == signal.SIGKILL:  # not ours: RLIMIT_CPU (soft = hard ends in SIGKILL) or the OOM killer
        if ended.cpu_seconds >= CPU_KILL_SHARE * math.ceil(limits.cpu_seconds):
            return ExitKind.TIMEOUT
        return ExitKind.MEMORY
    if by_signal is not None:
        return ExitKind.CRASH
    return ExitKind.OK


def _decode(status: int) -> tuple[int | None, int | None]:
    if os.WIFSIGNALED(status):
        return None, os.WTERMSIG(status)
    if os.WIFEXITED(status):
        return os.WEXITSTATUS(status), None
    return None, None


def _memfd(job: bytes) -> int:
    fd = os.memfd_create("job", os.MFD_CLOEXEC)
    view = memoryview(job)
    while view:
        view = view[os.write(fd, view) :]
    os.lseek(fd, 0, os.SEEK_SET)
    return fd
