"""What `serve` checks before it starts anything: the data folder is its alone, the port is free.

Both are checked first and said in one line, so a second `serve` on the same folder, or a port
another program holds, stops at once instead of leaving a broker and workers without an API.
The port is bound here and handed to uvicorn, so nothing can take it between the check and the
serving.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import socket
from collections.abc import Iterator
from pathlib import Path

LOCK_NAME = "serve.lock"


class CannotStart(Exception):
    """`serve` cannot start; the message says why and what to do, in one line."""


@contextlib.contextmanager
def data_folder_held(folder: Path, address: str) -> Iterator[None]:
    """An exclusive lock on the data folder for as long as `serve` runs (the kernel frees it if
    the process dies, however). The lock file says the holder's pid, for the message, and the
    address it serves, for the commands that print the tool's URLs (`served_address`)."""
    path = folder / LOCK_NAME
    with path.open("a+") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.seek(0)
            holder = next(iter(lock.read().split()), "unknown")
            raise CannotStart(
                f"another autograder serve (pid {holder}) is using the data folder {folder}; "
                "stop it, or set AUTOGRADER_DATA_DIR to another folder"
            ) from None
        lock.seek(0)
        lock.truncate()
        lock.write(f"{os.getpid()}\n{address}\n")
        lock.flush()
        yield


def served_address(folder: Path) -> str | None:
    """The address (`http://host:port`) a running `serve` of this data folder listens on, if any."""
    try:
        lock = (folder / LOCK_NAME).open()
    except OSError:
        return None
    with lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:  # held: a serve runs, and wrote its address
            lines = lock.read().split()
            return lines[1] if len(lines) > 1 else None
        fcntl.flock(lock, fcntl.LOCK_UN)  # not held: what it says is a stopped serve's
        return None


@contextlib.contextmanager
def listening(host: str, port: int) -> Iterator[socket.socket]:
    """A socket bound to `host`:`port` and listening, or CannotStart saying why not."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn: restarts at once
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as error:
        sock.close()
        raise CannotStart(_why_not(host, port, error)) from None
    try:
        yield sock
    finally:
        sock.close()


def _why_not(host: str, port: int, error: OSError) -> str:
    where = f"{host}:{port}"
    if error.errno == errno.EADDRINUSE:
        return f"{where} is already in use by another program; stop it, or choose another port with --port"
    if error.errno == errno.EACCES:
        return (
            f"not allowed to listen on {where} (ports below 1024 need privileges); choose another with --port"
        )
    if error.errno == errno.EADDRNOTAVAIL:
        return f"{host} is not an address of this machine; choose another with --host"
    return f"cannot listen on {where}: {error.strerror}"
