"""The grader's handle on one zygote process: start it fresh, run one job at a time through it."""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from grader.sandbox import channel
from grader.sandbox.base import ExitKind, Layer, Limits, SandboxRun
from grader.sandbox.pipes import Reader
from grader.sandbox.uids import UidClaim, claim

PROJECT_ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0
KILL_GRACE = 5.0
CPU_KILL_SHARE = 0.75  # the kernel kills a tick or more early here; nothing else sends SIGKILL
BLAS_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}

# -I -S: no user site, no PYTHON* variables, no site-packages scan; NumPy's folder is put back.
_BOOT = (
    "import sys; sys.path[:0] = "
    + repr([p for p in sys.path if p.endswith("site-packages")] + [str(PROJECT_ROOT)])
    + "\nfrom grader.sandbox.zygote import main; main(*map(int, sys.argv[1:4]))"
)


class ZygoteBroken(RuntimeError):
    """The zygote did not answer as it should; the caller starts a new one."""


class ZygoteProcess:
    def __init__(self, lock_dir: Path, hardware_env: Mapping[str, str]) -> None:
        self.claim: UidClaim = claim(lock_dir)
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = {**BLAS_ENV, **{k: v for k, v in hardware_env.items() if k.startswith("OPENBLAS_")}}
        try:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-I",
                    "-S",
                    "-c",
                    _BOOT,
                    str(theirs.fileno()),
                    str(self.claim.uid),
                    str(self.claim.uid),
                ],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),),
                env=env,
                cwd="/",
                start_new_session=True,
            )
        finally:
            theirs.close()
        self.sock = ours
        self.layers = self._hello()

    def _hello(self) -> list[Layer]:
        self.sock.settimeout(START_TIMEOUT)
        try:
            data = self.sock.recv(65536)
            return [Layer(**fields) for fields in json.loads(data)]
        except (OSError, ValueError, TypeError) as error:
            self.close()
            raise ZygoteBroken(f"the sandbox zygote did not start: {error}") from error

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        self.sock.close()
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        self.process.wait()
        self.claim.release()

    def run(self, job: bytes, limits: Limits) -> SandboxRun:
        started = time.perf_counter()
        job_fd = _memfd(job)
        report_read, report_write = os.pipe2(os.O_CLOEXEC)
        stdout_read, stdout_write = os.pipe2(os.O_CLOEXEC)
        try:
            start = channel.Start(
                max(1, math.ceil(limits.cpu_seconds)), limits.memory_mb << 20, limits.wall_seconds
            )
            self.sock.settimeout(KILL_GRACE)
            channel.send(self.sock, start.pack(), (job_fd, report_write, stdout_write))
        finally:
            for fd in (job_fd, report_write, stdout_write):
                os.close(fd)
        try:
            return self._follow(started, limits, stdout_read, report_read)
        finally:
            os.close(report_read)
            os.close(stdout_read)

    def _follow(self, started: float, limits: Limits, stdout_read: int, report_read: int) -> SandboxRun:
        try:
            _, fds = channel.receive(self.sock, channel.FORKED.size)
        except (OSError, channel.ChannelClosed) as error:
            raise ZygoteBroken(f"the zygote did not fork: {error}") from error
        if len(fds) != 1:
            raise ZygoteBroken("the zygote sent no pidfd")
        pidfd = fds[0]
        reader = Reader(stdout_read, report_read, self.sock.fileno(), limits)
        try:
            how = reader.until(started + limits.wall_seconds)
            if how != "ended":
                signal.pidfd_send_signal(pidfd, signal.SIGKILL)
                reader.until(time.perf_counter() + KILL_GRACE)
            ended = self._ended()
        finally:
            reader.close()
            os.close(pidfd)
        got = reader.collected
        kind = exit_kind(ended, limits, timed_out=how == "deadline", flooded=how == "flood")
        code, by_signal = _decode(ended.status)
        return SandboxRun(
            report=bytes(got.report),
            stdout=bytes(got.stdout),
            exit_kind=kind,
            exit_code=code,
            signal=by_signal,
            wall_ms=(time.perf_counter() - started) * 1000,
            notes=[f"cpu {ended.cpu_seconds:.3f} s", f"peak rss {ended.max_rss_kb} kB"],
        )

    def _ended(self) -> channel.Ended:
        self.sock.settimeout(KILL_GRACE)
        try:
            data, fds = channel.receive(self.sock, channel.ENDED.size)
        except (OSError, channel.ChannelClosed) as error:
            raise ZygoteBroken(f"the zygote did not report the child's end: {error}") from error
        for fd in fds:
            os.close(fd)
        return channel.unpack_ended(data)


def exit_kind(ended: channel.Ended, limits: Limits, timed_out: bool, flooded: bool) -> ExitKind:
    _code, by_signal = _decode(ended.status)
    if flooded:
        return ExitKind.OUTPUT
    if timed_out or by_signal == signal.SIGXCPU:
        return ExitKind.TIMEOUT
    if by_signal == signal.SIGSYS:
        return ExitKind.FORBIDDEN
    if by_signal == signal.SIGKILL and ended.cpu_seconds >= CPU_KILL_SHARE * math.ceil(limits.cpu_seconds):
        return ExitKind.TIMEOUT  # RLIMIT_CPU with soft = hard ends in SIGKILL
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
