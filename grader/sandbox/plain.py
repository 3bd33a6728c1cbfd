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

from grader.sandbox.base import ExitKind, Layer, Limits, SandboxRun

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def _limit_child(limits: Limits) -> None:
    cpu = max(1, int(limits.cpu_seconds + 0.999))
    memory = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def _exit_kind(code: int, timed_out: bool, flooded: bool) -> ExitKind:
    if flooded:
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

    def run(self, job: bytes, limits: Limits) -> SandboxRun:
        started = time.perf_counter()
        job_read, job_write = os.pipe()
        report_read, report_write = os.pipe()
        env = {"PYTHONPATH": str(PROJECT_ROOT), "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
        child = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", _BOOT, str(job_read), str(report_write)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            pass_fds=(job_read, report_write),
            env=env,
            cwd="/",
            preexec_fn=lambda: _limit_child(limits),
            start_new_session=True,
        )
        os.close(job_read)
        os.close(report_write)
        with contextlib.suppress(BrokenPipeError):
            _write_all(job_write, job)
        os.close(job_write)
        assert child.stdout is not None
        report, stdout, timed_out, flooded = _collect(child.stdout.fileno(), report_read, limits, started)
        if timed_out or flooded:
            _kill_group(child.pid)
        code = child.wait()
        os.close(report_read)
        child.stdout.close()
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


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)


def _collect(
    stdout_fd: int, report_fd: int, limits: Limits, started: float
) -> tuple[bytes, bytes, bool, bool]:
    """Read both pipes until they close, the wall clock runs out or the output overflows."""
    deadline = started + limits.wall_seconds
    kept = {stdout_fd: bytearray(), report_fd: bytearray()}
    caps = {stdout_fd: limits.output_bytes, report_fd: limits.report_bytes}
    seen = {stdout_fd: 0, report_fd: 0}
    selector = selectors.DefaultSelector()
    for fd in kept:
        selector.register(fd, selectors.EVENT_READ)
    open_fds = len(kept)
    while open_fds:
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            return bytes(kept[report_fd]), bytes(kept[stdout_fd]), True, False
        for key, _ in selector.select(remaining):
            chunk = os.read(key.fd, 65536)
            if not chunk:
                selector.unregister(key.fd)
                open_fds -= 1
                continue
            seen[key.fd] += len(chunk)
            room = caps[key.fd] - len(kept[key.fd])
            kept[key.fd] += chunk[: max(0, room)]
            if seen[stdout_fd] > 16 * limits.output_bytes or seen[report_fd] > limits.report_bytes:
                return bytes(kept[report_fd]), bytes(kept[stdout_fd]), False, True
    selector.close()
    return bytes(kept[report_fd]), bytes(kept[stdout_fd]), False, False
