"""A fresh interpreter per job, with rlimits and no environment: the naive, slow baseline."""

from __future__ import annotations

import contextlib
import os
import resource
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

from grader import harness
from grader.sandbox import report_memory
from grader.sandbox.base import ExitKind, Layer, Limits, SandboxRun
from grader.wire import Job

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def _limit_child(limits: Limits) -> None:
    cpu = max(1, int(limits.cpu_seconds + 0.999))
    memory = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def _exit_kind(code: int, timed_out: bool, flooded: bool) -> ExitKind:
    if flooded or code == harness.REPORT_FULL:
        return ExitKind.OUTPUT
    if timed_out or code == -signal.SIGXCPU:
        return ExitKind.TIMEOUT
    if code < 0:
        return ExitKind.CRASH
    return ExitKind.OK


class PlainSandbox:
    """Starts `python -m grader.harness` for every job. Isolation: rlimits only."""

    def layers(self) -> list[Layer]:
        return [Layer("rlimits", True, "cpu, address space, file size, core")]

    def close(self) -> None:
        pass

    def run(self, job: Job, limits: Limits) -> SandboxRun:
        started = time.perf_counter()
        job_read, job_write = os.pipe()
        report_fd = report_memory.create(limits.report_bytes)
        env = {"PYTHONPATH": str(PROJECT_ROOT), "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
        child = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", _BOOT, str(job_read), str(report_fd)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            pass_fds=(job_read, report_fd),
            env=env,
            cwd="/",
            preexec_fn=lambda: _limit_child(limits),
            start_new_session=True,
        )
        os.close(job_read)
        with contextlib.suppress(BrokenPipeError):
            _write_all(job_write, job.whole())
        os.close(job_write)
        assert child.stdout is not None
        stdout, timed_out, flooded = _collect(child.stdout.fileno(), limits, started)
        try:  # it may close its output and go on running
            code = child.wait(None if timed_out or flooded else _left(started, limits))
        except subprocess.TimeoutExpired:
            timed_out = True
        if timed_out or flooded:
            _kill_group(child.pid)
            code = child.wait()
        child.stdout.close()
        try:
            report = report_memory.read(report_fd, limits.report_bytes)
        finally:
            os.close(report_fd)
        return SandboxRun(
            report=report,
            stdout=stdout,
            exit_kind=_exit_kind(code, timed_out, flooded),
            exit_code=code if code >= 0 else None,
            signal=-code if code < 0 else None,
            wall_ms=(time.perf_counter() - started) * 1000,
        )


# -S skips site-packages, so put NumPy's location back by hand.
_BOOT = (
    "import sys; sys.path[:0] = "
    + repr([p for p in sys.path if p.endswith("site-packages")] + [str(PROJECT_ROOT)])
    + "\nfrom grader.harness import main; main(int(sys.argv[1]), int(sys.argv[2]))"
)


def _left(started: float, limits: Limits) -> float:
    return max(0.0, started + limits.wall_seconds - time.perf_counter())


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)


def _collect(stdout_fd: int, limits: Limits, started: float) -> tuple[bytes, bool, bool]:
    """Read the output until it closes, the wall clock runs out or the output overflows."""
    deadline = started + limits.wall_seconds
    kept = bytearray()
    seen = 0
    with selectors.DefaultSelector() as selector:
        selector.register(stdout_fd, selectors.EVENT_READ)
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return bytes(kept), True, False
            if not selector.select(remaining):
                continue
            chunk = os.read(stdout_fd, 65536)
            if not chunk:
                return bytes(kept), False, False
            seen += len(chunk)
            kept += chunk[: max(0, limits.output_bytes - len(kept))]
            if seen > 16 * limits.output_bytes:
                return bytes(kept), False, True
