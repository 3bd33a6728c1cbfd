"""The few Linux calls Python 3.11 does not wrap (unshare, mount, prctl, close_range), and a bare fork."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import platform

CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWNET = 0x40000000

MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_NOEXEC = 0x8
MS_REC = 0x4000
MS_PRIVATE = 1 << 18

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_SECCOMP = 22
PR_SET_NO_NEW_PRIVS = 38
SECCOMP_MODE_FILTER = 2

_CLOSE_RANGE = {"x86_64": 436, "aarch64": 436}.get(platform.machine())

_LIBC = ctypes.util.find_library("c") or "libc.so.6"  # runs ldconfig: look it up once
_libc = ctypes.CDLL(_LIBC, use_errno=True)
_libc.syscall.restype = ctypes.c_long
_libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
_libc.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_char_p]
# A PyDLL call keeps the GIL: a child forked through it starts holding the GIL, as after os.fork.
_libc_holding_gil = ctypes.PyDLL(_LIBC, use_errno=True)


def _check(result: int) -> int:
    if result < 0:
        number = ctypes.get_errno()
        raise OSError(number, os.strerror(number))
    return result


def unshare(flags: int) -> None:
    _check(_libc.unshare(flags))


def mount(source: str, target: str, fstype: str, flags: int, data: str = "") -> None:
    _check(_libc.mount(source.encode(), target.encode(), fstype.encode(), flags, data.encode() or None))


def prctl(option: int, arg: int = 0) -> None:
    _check(_libc.prctl(option, arg, 0, 0, 0))


def prctl_pointer(option: int, arg: int, pointer: int) -> None:
    _check(_libc.prctl(option, arg, pointer, 0, 0))


def fork_bare() -> int:
    """fork(2) without Python's at-fork bookkeeping: 0 in the child, the child's pid in the parent.

    os.fork runs the at-fork handlers modules registered (threading rebuilds its thread table,
    random reseeds) and resets the interpreter's thread state. In a single-threaded process
    that state is already right in the child (same thread, same thread id, no lock held by
    another thread), and the handlers' Python code, run in every child, writes to some 200 pages
    it shares with its parent: about a millisecond of copy-on-write faults per fork here.
    Only for a caller that has checked it is single-threaded and whose child never returns to
    code that relies on those handlers (the zygote; its children end with os._exit).
    """
    return _check(_libc_holding_gil.fork())


def close_from(lowest: int) -> None:
    """Close every descriptor numbered `lowest` or more, in one system call where possible."""
    if _CLOSE_RANGE is not None and _libc.syscall(_CLOSE_RANGE, lowest, 0xFFFFFFFF, 0) == 0:
        return
    os.closerange(lowest, os.sysconf("SC_OPEN_MAX"))
