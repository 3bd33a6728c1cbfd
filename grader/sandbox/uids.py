"""One unprivileged uid per concurrent child on this host, claimed with flock'd lock files.

RLIMIT_NPROC counts every process of a uid on the host, and two children sharing a uid could
signal or inspect each other, so each zygote claims its own uid for as long as it lives. Several
grader processes on one host share the lock folder; a lock dies with the process holding it.
"""

from __future__ import annotations

import fcntl
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

FIRST_UID = 1_500_000_000
SLOTS = 4096


class NoFreeUid(RuntimeError):
    """Every uid of the range is held by a running zygote."""


@dataclass
class UidClaim:
    uid: int
    lock_fd: int

    def release(self) -> None:
        if self.lock_fd >= 0:
            os.close(self.lock_fd)
            self.lock_fd = -1


def default_lock_dir() -> Path:
    run = Path("/run")
    if os.geteuid() == 0 and run.is_dir():
        return run / "autograder-sandbox"
    return Path(tempfile.gettempdir()) / f"autograder-sandbox-{os.geteuid()}"


def claim(lock_dir: Path, first_uid: int = FIRST_UID, slots: int = SLOTS) -> UidClaim:
    _own_dir(lock_dir)
    for offset in range(slots):
        uid = first_uid + offset
        fd = os.open(lock_dir / f"{uid}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return UidClaim(uid, fd)
    raise NoFreeUid(f"all {slots} uids from {first_uid} are in use")


def _own_dir(path: Path) -> None:
    """The lock folder must be ours and private, or someone else could hold our locks."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = path.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid() or info.st_mode & 0o022:
        raise PermissionError(f"{path} is not a private folder of uid {os.geteuid()}")
