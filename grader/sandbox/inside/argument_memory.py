"""The memory a child's arguments live in: the parent fills it, the child's calls work on it,
and the parent reads it back once the child is gone, to see which arguments changed.

A memfd sealed at its size (the child can neither grow nor shrink it), which the child maps
shared: whatever a call does to an argument is in the parent's copy too, and nothing the child
says about it is needed (`grader.effects`).
"""

from __future__ import annotations

import fcntl
import os

_SEALS = fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_SEAL


def create(image: bytes) -> int:
    """A sealed memfd holding `image` (close-on-exec)."""
    fd = os.memfd_create("arguments", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
    try:
        view = memoryview(image)
        while view:
            view = view[os.pwrite(fd, view, len(image) - len(view)) :]
        fcntl.fcntl(fd, fcntl.F_ADD_SEALS, _SEALS)
    except OSError:
        os.close(fd)
        raise
    return fd


def read(fd: int, size: int) -> bytes:
    """The memory as it is now: read it only once the child can no longer write to it."""
    chunks = []
    got = 0
    while got < size:
        chunk = os.pread(fd, size - got, got)
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)
