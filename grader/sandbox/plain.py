"""A fresh interpreter per job, with rlimits and no environment: the naive, slow baseline."""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from grader.sandbox import argument_memory, harness, report_memory
from grader.sandbox.base import ExitKind, Layer, Limits, SandboxRun
from grader.sandbox.pipes import Reader
from grader.wire import Job

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def _limit_child(limits: Limits) -> None:
    cpu = max(1, int(limits.cpu_seconds + 0.999))
    memory = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def _exit_kind(code: int, timed_out: bool) -> ExitKind:
    if code == harness.REPORT_FULL:
        return ExitKind.OUTPUT
    if timed_out or code == -signal.SIGXCPU:
        return ExitKind.TIMEOUT
    if code < 0:
        return ExitKind.CRASH
    return ExitKind.OK


class PlainSandbox:
    """Starts `python -m grader.sandbox.harness` for every job. Isolation: rlimits only."""

    def layers(self) -> list[Layer]:
        return [Layer("rlimits", True, "cpu, address space, file size, core")]

    def close(self) -> None:
        pass

    def run(self, job: Job, limits: Limits) -> SandboxRun:
        started = time.perf_counter()
        job_read, job_write = os.pipe()
        report_fd = report_memory.create(limits.report_bytes)
        arguments_fd = argument_memory.create(job.arguments)
        desk, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET) if job.desk else (None, None)
        if job.desk is not None:
            job.desk.reset()
        desk_fd = theirs.fileno() if theirs is not None else -1
        passed = (job_read, report_fd, arguments_fd, *([desk_fd] if theirs is not None else []))
        env = {"PYTHONPATH": str(PROJECT_ROOT), "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
        child = subprocess.Popen(
            [
                sys.executable,
                "-I",
                "-S",
                "-c",
                _BOOT,
                *map(str, (job_read, report_fd, arguments_fd, desk_fd)),
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            pass_fds=passed,
            env=env,
            cwd="/",
            preexec_fn=lambda: _limit_child(limits),
            start_new_session=True,
        )
        os.close(job_read)
        if theirs is not None:
            theirs.close()
        with contextlib.suppress(BrokenPipeError):
            _write_all(job_write, job.whole())
        os.close(job_write)
        assert child.stdout is not None  # noqa: S101 started with stdout=PIPE: narrows for mypy
        pidfd = os.pidfd_open(child.pid)
        reader = Reader(child.stdout.fileno(), pidfd, limits, (desk, job.desk) if desk and job.desk else None)
        try:
            deadline = started + limits.wall_seconds
            how = reader.until(deadline)
            if how == "closed":  # it may close its output and go on running
                how = reader.until(deadline, pipes=False)
            if how == "deadline":
                _kill_group(child.pid)
            code = child.wait()
        finally:
            reader.close()
            os.close(pidfd)
            child.stdout.close()
            if desk is not None:
                desk.close()
        try:
            report = report_memory.read(report_fd, limits.report_bytes)
            arguments = argument_memory.read(arguments_fd, len(job.arguments))
        finally:
            os.close(report_fd)
            os.close(arguments_fd)
        return SandboxRun(
            report=report,
            stdout=bytes(reader.collected.stdout),
            printed_bytes=reader.collected.stdout_seen,
            printed_lines=reader.collected.lines,
            exit_kind=_exit_kind(code, how == "deadline"),
            arguments=arguments,
            exit_code=code if code >= 0 else None,
            signal=-code if code < 0 else None,
            wall_ms=(time.perf_counter() - started) * 1000,
        )


# -S skips site-packages, so put NumPy's location back by hand.
_BOOT = (
    "import sys; sys.path[:0] = "
    + repr([p for p in sys.path if p.endswith("site-packages")] + [str(PROJECT_ROOT)])
    + "\nfrom grader.sandbox.harness import main; main(*(int(a) for a in sys.argv[1:5]))"
)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)
