"""What is running on this host that belongs to the sandbox: read from /proc, trusted side only."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from grader.sandbox.uids import FIRST_UID, SLOTS


@dataclass(frozen=True)
class Proc:
    pid: int
    ppid: int
    uid: int
    state: str
    cmdline: str


def processes() -> list[Proc]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                found.append(_read(entry))
            except (OSError, ValueError, IndexError):
                continue  # it ended while we looked
    return found


def _read(entry: Path) -> Proc:
    fields = dict(line.split(":", 1) for line in (entry / "status").read_text().splitlines() if ":" in line)
    cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    return Proc(
        pid=int(entry.name),
        ppid=int(fields["PPid"].strip()),
        uid=int(fields["Uid"].split()[0]),
        state=fields["State"].strip()[:1],
        cmdline=cmdline,
    )


def zygotes() -> list[Proc]:
    me = os.getpid()
    return [p for p in processes() if p.ppid == me and "grader.sandbox.fork_server" in p.cmdline]


def sandboxed() -> list[Proc]:
    """Every process running as one of our zygotes' uids, or a child of one of our zygotes.

    Other test runs on this host have zygotes of their own, with other uids: they are not ours.
    """
    ours = zygotes()
    parents = {z.pid for z in ours}
    uids = {int(z.cmdline.split()[-2]) for z in ours}
    assert all(FIRST_UID <= uid < FIRST_UID + SLOTS for uid in uids)
    return [p for p in processes() if p.uid in uids or p.ppid in parents]
