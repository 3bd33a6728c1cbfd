"""The child's system-call filter: built once in the zygote, installed in each child in one call.

Default: kill the whole process (SIGSYS), which the parent reports as `forbidden`. What NumPy and
the interpreter merely probe (files, terminals) is answered with an errno instead, so a student
who opens a file gets a PermissionError, not a dead process. `clone3` answers ENOSYS because
its flags cannot be inspected; plain `clone` (threads, processes) is then killed.
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
from dataclasses import dataclass

from grader.sandbox.inside import linux

ALLOWED = (
    "read", "write", "readv", "writev", "pread64", "pwrite64", "close", "lseek", "fstat",
    "mmap", "munmap", "mremap", "mprotect", "madvise", "brk",
    "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "sigaltstack", "restart_syscall",
    "futex", "set_robust_list", "rseq", "exit", "exit_group",
    "getpid", "gettid", "getppid", "getuid", "geteuid", "getgid", "getegid", "getresuid", "getresgid",
    "getpgrp", "getpgid", "getsid", "getgroups",
    "clock_gettime", "clock_getres", "gettimeofday", "time", "nanosleep", "clock_nanosleep",
    "sched_yield", "sched_getaffinity", "getrandom", "uname", "getcwd",
    "getrlimit", "getrusage", "times", "sysinfo", "getpriority",
    "dup", "dup2", "dup3", "fcntl", "poll", "ppoll", "select", "pselect6",
    "recvmsg", "close_range",  # a waiting child takes its job's descriptors under the filter
)  # fmt: skip
DENIED_FILES = (
    "open", "openat", "openat2", "creat", "stat", "lstat", "newfstatat", "statx", "access",
    "faccessat", "faccessat2", "readlink", "readlinkat", "getdents", "getdents64", "chdir", "fchdir",
    "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename", "renameat", "renameat2",
    "link", "linkat", "symlink", "symlinkat", "chmod", "fchmod", "fchmodat", "chown", "fchown",
    "lchown", "fchownat", "truncate", "ftruncate", "utimensat", "statfs", "fstatfs", "memfd_create",
    "pipe", "pipe2", "kill", "tkill", "tgkill", "mlock", "mlockall", "setrlimit",
)  # fmt: skip
NOT_A_TERMINAL = ("ioctl",)
NOT_IMPLEMENTED = ("clone3",)


@dataclass(frozen=True)
class Filter:
    """A compiled BPF program, ready for prctl(PR_SET_SECCOMP) in a freshly forked child."""

    program: bytes
    rules: int

    def install(self) -> None:
        """Load the filter into this process. Irreversible; needs no privilege."""
        linux.prctl(linux.PR_SET_NO_NEW_PRIVS, 1)
        linux.prctl_pointer(linux.PR_SET_SECCOMP, linux.SECCOMP_MODE_FILTER, self.fprog_address)

    @functools.cached_property
    def fprog_address(self) -> int:
        """The program as the kernel takes it; built once in the zygote, read by each child."""
        buffer = ctypes.create_string_buffer(self.program, len(self.program))
        fprog = _SockFprog(len(self.program) // 8, ctypes.addressof(buffer))
        self.__dict__["_keep_alive"] = (buffer, fprog)
        return ctypes.addressof(fprog)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def build() -> Filter:
    """Compile the filter with libseccomp (about 2 ms), once per zygote."""
    import pyseccomp

    rules = pyseccomp.SyscallFilter(defaction=pyseccomp.KILL_PROCESS)
    # System calls of another ABI (int 0x80, x32) would dodge the rules: kill those too.
    rules.set_attr(pyseccomp.Attr.ACT_BADARCH, pyseccomp.KILL_PROCESS)
    count = 0
    groups = (
        (pyseccomp.ALLOW, ALLOWED),
        (pyseccomp.ERRNO(errno.EACCES), DENIED_FILES),
        (pyseccomp.ERRNO(errno.ENOTTY), NOT_A_TERMINAL),
        (pyseccomp.ERRNO(errno.ENOSYS), NOT_IMPLEMENTED),
    )
    for action, names in groups:
        for name in names:
            if _exists(pyseccomp, name):
                rules.add_rule(action, name)
                count += 1
    # prlimit64 on itself only (pid 0): on another process of the same uid it could lower limits.
    rules.add_rule(pyseccomp.ALLOW, "prlimit64", pyseccomp.Arg(0, pyseccomp.EQ, 0))
    rules.add_rule(pyseccomp.ERRNO(errno.EPERM), "prlimit64", pyseccomp.Arg(0, pyseccomp.NE, 0))
    return Filter(_export(rules), count + 2)


def _exists(pyseccomp: object, name: str) -> bool:
    try:
        return int(pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, name)) >= 0  # type: ignore[attr-defined]
    except (OSError, ValueError):
        return False


def _export(rules: object) -> bytes:
    read_end, write_end = os.pipe()
    try:
        with os.fdopen(write_end, "wb", closefd=True) as sink:
            rules.export_bpf(sink)  # type: ignore[attr-defined]
        chunks = []
        while chunk := os.read(read_end, 65536):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(read_end)
