"""The memory a child writes its report into, shared with the parent through a memfd.

The child maps it and writes records with no system call (`grader.sandbox.inside.harness`); the parent reads
it with pread once the child is done or dead. Sealed at its size first: the child can neither
grow nor shrink it, so what the parent reads is bounded and never faults.
"""

from __future__ import annotations

import fcntl
import os

from grader.wire import REPORT_COUNT

_SEALS = fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_SEAL


def create(capacity: int) -> int:
    """A sealed memfd with room for `capacity` bytes of records (close-on-exec)."""
    fd = os.memfd_create("report", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
    try:
        os.ftruncate(fd, REPORT_COUNT.size + capacity)
        fcntl.fcntl(fd, fcntl.F_ADD_SEALS, _SEALS)
    except OSError:
        os.close(fd)
        raise
    return fd


def read(fd: int, capacity: int) -> bytes:
    """The records written so far, never more than `capacity` bytes whatever the count says."""
    (count,) = REPORT_COUNT.unpack(os.pread(fd, REPORT_COUNT.size, 0))
    wanted = min(count, capacity)
    chunks = []
    got = 0
    while got < wanted:
        chunk = os.pread(fd, wanted - got, REPORT_COUNT.size + got)
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)
