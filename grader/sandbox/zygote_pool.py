"""The production sandbox: a pool of zygotes, one job at a time each, one uid each.

All zygotes start at once, in parallel. `run()` is thread-safe: concurrent callers each take
a free zygote (or wait for one), the one idle longest first. A zygote
that breaks is replaced and the job retried once on a fresh one, since a broken zygote is never
the student's fault. In strict mode a missing isolation layer stops the sandbox from starting.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path

from grader.sandbox.base import Layer, Limits, SandboxRun
from grader.sandbox.idle import OthersMeter
from grader.sandbox.launch import Launched
from grader.sandbox.uids import default_lock_dir
from grader.sandbox.zygote_client import ZygoteBroken, ZygoteProcess
from grader.wire import Job

log = logging.getLogger(__name__)
REQUIRED = ("namespaces", "network", "filesystem", "seccomp", "rlimits", "uid", "environment", "no processes")


class SandboxUnavailable(RuntimeError):
    """Strict mode, and an isolation layer this machine cannot provide."""


class ZygoteSandbox:
    def __init__(
        self,
        slots: int | None = None,
        *,
        strict: bool = True,
        lock_dir: Path | None = None,
        hardware_env: Mapping[str, str] | None = None,
        launched: Sequence[Launched] = (),
    ) -> None:
        """`slots`: how many children may run at once (default: the number of CPUs).

        `strict`: refuse to start unless every required layer is active; pass False only when
        the operator has allowed running with fewer layers (the layers then say which are off).
        `hardware_env`: OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE values to pass to the zygotes.
        `launched`: zygotes already on their way (`grader.sandbox.launch`), started with the
        same lock folder and `hardware_env`: they take the first slots.
        """
        self.slots = slots or os.cpu_count() or 1
        self._lock_dir = lock_dir or default_lock_dir()
        self._hardware_env = dict(hardware_env or {})
        self._free: queue.Queue[int] = queue.Queue()  # oldest first: its child had longest to warm up
        for index in range(self.slots):
            self._free.put(index)
        self._closed = threading.Event()
        self._owner = os.getpid()
        self._zygotes: list[ZygoteProcess | None] = []
        # Closes the zygotes even when a caller forgets close(): at garbage collection or exit.
        self._finalizer = weakref.finalize(self, _close_all, self._zygotes)
        early = list(launched)[: self.slots]
        self._zygotes.extend(ZygoteProcess(self._lock_dir, self._hardware_env, one) for one in early)
        self._zygotes.extend(
            ZygoteProcess(self._lock_dir, self._hardware_env) for _ in range(self.slots - len(early))
        )
        try:
            greetings = [zygote.greet() for zygote in self._zygotes if zygote is not None]
        except ZygoteBroken:
            self.close()
            raise
        self._layers = greetings[0]
        self._meter = OthersMeter(self.zygote_pids)
        self._meter_lock = threading.Lock()
        missing = [layer.name for layer in self._layers if layer.name in REQUIRED and not layer.active]
        if strict and missing:
            self.close()
            raise SandboxUnavailable(f"sandbox layers unavailable here: {', '.join(missing)}")
        if missing:
            log.warning(
                "sandbox running WITHOUT these layers (allowed by the operator): %s", ", ".join(missing)
            )

    def layers(self) -> list[Layer]:
        return list(self._layers)

    def run(self, job: Job, limits: Limits) -> SandboxRun:
        if os.getpid() != self._owner:
            raise RuntimeError("a ZygoteSandbox cannot be used in a forked copy: create one per process")
        index = self._free.get()
        warm_up = self._cpu_to_spare()
        try:
            try:
                return self._zygote(index).run(job, limits, warm_up)
            except ZygoteBroken:
                self._discard(index)
                return self._zygote(index).run(job, limits, warm_up)
        finally:
            self._free.put(index)

    def _cpu_to_spare(self) -> bool:
        """Whether other processes leave a whole CPU for warm-ups (see `grader.sandbox.idle`)."""
        with self._meter_lock:
            others = self._meter.others_cpus()
        return others is None or others <= (os.cpu_count() or 1) - 1

    def zygote_pids(self) -> list[int]:
        return [zygote.process.pid for zygote in list(self._zygotes) if zygote is not None]

    def close(self) -> None:
        self._closed.set()
        self._finalizer()

    def _zygote(self, index: int) -> ZygoteProcess:
        if self._closed.is_set():
            raise RuntimeError("the sandbox is closed")
        zygote = self._zygotes[index]
        if zygote is None or not zygote.alive:
            if zygote is not None:
                zygote.close()
            zygote = ZygoteProcess(self._lock_dir, self._hardware_env)
            self._zygotes[index] = zygote
            zygote.greet()
        return zygote

    def _discard(self, index: int) -> None:
        zygote, self._zygotes[index] = self._zygotes[index], None
        if zygote is not None:
            zygote.close()


def _close_all(zygotes: list[ZygoteProcess | None]) -> None:
    for index, zygote in enumerate(zygotes):
        zygotes[index] = None
        if zygote is not None:
            zygote.close()
