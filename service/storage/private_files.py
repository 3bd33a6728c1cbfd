"""The data folder is its owner's alone: the SQLite database (webhook secrets, student code), its
WAL and the embedded broker's append-only file were created 0644, readable by every local user.

`autograder` sets the umask 077 when it starts, so every file it and its children (the broker,
the workers) create is 0600 and every folder 0700; SQLite gives its WAL the database's mode.
`serve` also tightens a data folder an earlier version left readable.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

PRIVATE_UMASK = 0o077


def create_privately() -> None:
    os.umask(PRIVATE_UMASK)


def make_private(folder: Path) -> None:
    """`folder` 0700 and everything under it 0700 (folders) or 0600 (files), created if missing."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    for path in [folder, *folder.rglob("*")]:
        mode = path.lstat().st_mode
        if stat.S_ISLNK(mode) or stat.S_ISSOCK(mode):
            continue
        private = 0o700 if stat.S_ISDIR(mode) else stat.S_IMODE(mode) & 0o700
        if stat.S_IMODE(mode) != private:
            path.chmod(private)
