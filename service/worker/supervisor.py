"""`autograder worker`: one Celery worker process per slot on the solo pool, supervised.

Each process takes its own tasks from the broker and grades them itself (Celery's prefork pool
would relay every task and its outcome through its main process: CPU for nothing). This
supervisor starts `count` of them and does for them what prefork's main process would:

- a process killed mid-grading (kill -9, the OOM killer) is replaced, and the submission it was
  grading (`in_flight`) is sent again at once instead of at the broker's visibility timeout;
- SIGTERM and SIGINT are passed on: each process finishes its grading, then exits (warm shutdown);
- a process that exits by itself (Celery gave up: a bad configuration, say) stops the others,
  as the exit of Celery's own main process would.

One more process, the webhook sender (`autograder worker --webhooks`), takes the webhook queue:
a receiver that answers slowly holds one of its threads, never a grading process.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType
from typing import TYPE_CHECKING

from service.core.parent_death import die_with_parent
from service.worker.in_flight import Slots

if TYPE_CHECKING:
    from service.messaging.enqueue import TaskQueue

log = logging.getLogger(__name__)
QUICK_DEATH_SECONDS = 10.0  # a process that dies this soon after its start is replaced after a pause
RESTART_PAUSE = 1.0
SENDER = -1  # the slot number of the webhook sender, which has no grading slot

Command = Callable[[int, int], list[str]]  # (slot, descriptor of the slots) -> the process's argv
Resend = Callable[[str], None]


def worker_command(slot: int, slots_fd: int) -> list[str]:
    return [sys.executable, "-m", "service.cli", "worker", "--slot", str(slot), "--slots-fd", str(slots_fd)]


SENDER_COMMAND = [sys.executable, "-m", "service.cli", "worker", "--webhooks"]


@dataclass
class Running:
    slot: int
    process: subprocess.Popen[bytes]
    started: float


class Supervisor:
    def __init__(self, count: int, command: Command, resend: Resend, sender: list[str] | None = None) -> None:
        self.count = count
        self.command = command
        self.resend = resend
        self.sender = sender  # the webhook sender's argv: one more process, which grades nothing
        self.slots = Slots(count)
        self.running: dict[int, Running] = {}  # by pid
        self.stopping = False
        self.passed_on: set[int] = set()  # the signals passed on to stop the processes
        self.status = 0

    def run(self) -> int:
        """Run until every process has stopped; the exit status for `autograder worker`."""
        handlers = {sig: signal.signal(sig, self._pass_on) for sig in (signal.SIGTERM, signal.SIGINT)}
        try:
            for slot in range(self.count):
                self._start(slot)
            if self.sender is not None:
                self._start(SENDER)
            while self.running:
                pid, wait_status = os.wait()  # a signal runs its handler, then the wait goes on
                ended = self.running.pop(pid, None)
                if ended is not None:
                    self._ended(ended, wait_status)
            return self.status
        finally:
            for sig, handler in handlers.items():
                signal.signal(sig, handler)
            self._kill_left()
            self.slots.close()

    def _kill_left(self) -> None:
        """After an error in the supervisor itself: leave no process behind."""
        for running in self.running.values():
            with contextlib.suppress(ProcessLookupError):
                os.kill(running.process.pid, signal.SIGKILL)
            running.process.returncode = os.waitstatus_to_exitcode(os.waitpid(running.process.pid, 0)[1])
        self.running.clear()

    def _start(self, slot: int) -> None:
        process = subprocess.Popen(
            self.sender if slot == SENDER and self.sender else self.command(slot, self.slots.fd),
            stdin=subprocess.DEVNULL,
            pass_fds=(self.slots.fd,),
            preexec_fn=die_with_parent,
        )
        self.running[process.pid] = Running(slot, process, time.monotonic())
        if self.stopping:  # a signal came while it started
            os.kill(process.pid, signal.SIGTERM)

    def _ended(self, ended: Running, wait_status: int) -> None:
        code = os.waitstatus_to_exitcode(wait_status)
        ended.process.returncode = code  # reaped here: Popen must not wait for it again
        # Ended by the very signal passed on (a process still starting has no handler for it
        # yet): it stopped as asked. By another signal (kill -9): it was killed.
        asked = self.stopping and -code in self.passed_on
        if code < 0:
            self._send_again(ended, signal.Signals(-code).name, asked)
        if self.stopping:
            killed = code < 0 and not asked
            self.status = self.status or (1 if killed else max(code, 0))
        elif code < 0:
            if time.monotonic() - ended.started < QUICK_DEATH_SECONDS:
                time.sleep(RESTART_PAUSE)  # a process that keeps dying must not take all the CPU
            if not self.stopping:
                self._start(ended.slot)
        else:
            log.error("worker process %d exited by itself (status %d): stopping", ended.process.pid, code)
            self.status = code or 1
            self._pass_on(signal.SIGTERM, None)

    def _send_again(self, ended: Running, signal_name: str, asked: bool) -> None:
        """A process ended by a signal: send again what it was grading."""
        grading = self.slots.grading(ended.slot) if ended.slot != SENDER else None
        level = logging.INFO if asked and grading is None else logging.ERROR
        pid = ended.process.pid
        log.log(
            level, "worker process %d ended by %s while grading %s", pid, signal_name, grading or "nothing"
        )
        if grading is not None:
            try:
                self.resend(grading)
            except Exception as error:  # noqa: BLE001 the broker is down: the sweeper sends it later
                log.error("could not send submission %s again: %s", grading, error)
        if ended.slot != SENDER:
            self.slots.clear(ended.slot)

    def _pass_on(self, signum: int, _: FrameType | None) -> None:
        # os.kill, not Popen.send_signal: that polls, and a process reaped there would never come
        # out of os.wait() above. A pid still in `running` is not reaped yet, so not reused.
        self.stopping = True
        self.passed_on.add(signum)
        for running in self.running.values():
            with contextlib.suppress(ProcessLookupError):
                os.kill(running.process.pid, signum)


def supervise(count: int, queue: TaskQueue) -> int:
    """`count` solo worker processes, each started as `autograder worker --slot N`, and the sender;
    a grading lost with its process is sent again to `queue`."""
    return Supervisor(count, worker_command, queue.grade, SENDER_COMMAND).run()
