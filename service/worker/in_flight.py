"""What each supervised worker process is grading, in memory it shares with its supervisor.

A worker process killed in the middle of a grading (kill -9, the OOM killer) leaves its task
unacknowledged at the broker until the visibility timeout, minutes away. Its supervisor reads
here which submission it was grading and sends it again at once (grading twice stores one
result). A worker writes its slot with no system call and no wake-up: the supervisor reads a
slot only once that worker is gone.

Slot layout: one byte of length (0: grading nothing), then the submission id in ASCII.
"""

from __future__ import annotations

import contextlib
import mmap
import os
from collections.abc import Iterator

SLOT_BYTES = 64
MAX_ID = SLOT_BYTES - 1


class Slots:
    """The supervisor's side: the shared memory for `count` worker processes."""

    def __init__(self, count: int) -> None:
        self.fd = os.memfd_create("autograder-gradings", 0)  # inherited by the workers
        os.ftruncate(self.fd, count * SLOT_BYTES)
        self.memory = mmap.mmap(self.fd, count * SLOT_BYTES)

    def grading(self, slot: int) -> str | None:
        """The submission the worker of `slot` was grading when it stopped, if any."""
        start = slot * SLOT_BYTES
        length = self.memory[start]
        if length == 0 or length > MAX_ID:
            return None
        return self.memory[start + 1 : start + 1 + length].decode("ascii", errors="replace")

    def clear(self, slot: int) -> None:
        self.memory[slot * SLOT_BYTES] = 0

    def close(self) -> None:
        self.memory.close()
        os.close(self.fd)


class Slot:
    """A worker's side: its own slot of the supervisor's memory."""

    def __init__(self, fd: int, slot: int) -> None:
        self.memory = mmap.mmap(fd, 0)  # all of it: an offset would have to be a whole page
        os.close(fd)
        self.start = slot * SLOT_BYTES
        if self.start + SLOT_BYTES > len(self.memory):
            raise ValueError(f"no slot {slot} in the supervisor's memory")

    @contextlib.contextmanager
    def grading(self, submission_id: str) -> Iterator[None]:
        """Mark `submission_id` as being graded here until the block ends (however it ends)."""
        data = submission_id.encode("ascii", errors="replace")[:MAX_ID]
        self.memory[self.start + 1 : self.start + 1 + len(data)] = data
        self.memory[self.start] = len(data)  # the length last: the id is whole once it is set
        try:
            yield
        finally:
            self.memory[self.start] = 0
