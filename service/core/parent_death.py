"""Child processes of `autograder serve`: they never outlive it."""

from __future__ import annotations

import contextlib
import ctypes
import signal

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Run in the child before exec: the kernel sends it SIGTERM if the parent dies."""
    with contextlib.suppress(OSError, AttributeError):  # not Linux: serve still stops them on exit
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
