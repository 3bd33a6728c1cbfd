"""What is running on this host that belongs to the sandbox: seen from outside, trusted side only."""

from __future__ import annotations

import os
from dataclasses import dataclass

import psutil  # type: ignore[import-untyped]

from grader.sandbox.uids import FIRST_UID, SLOTS


@dataclass(frozen=True)
class Proc:
    pid: int
    ppid: int
    uid: int
    state: str  # psutil's status: "running", "sleeping", "zombie", ...
    cmdline: str


def processes() -> list[Proc]:
    found = []
    for process in psutil.process_iter(["pid", "ppid", "uids", "status", "cmdline"]):
        info = process.info
        if info["uids"] is None:
            continue  # it ended while we looked
        found.append(
            Proc(
                info["pid"], info["ppid"], info["uids"].real, info["status"], " ".join(info["cmdline"] or [])
            )
        )
    return found


def zygotes() -> list[Proc]:
    me = os.getpid()
    return [p for p in processes() if p.ppid == me and "grader.sandbox.inside.zygote" in p.cmdline]


def sandboxed() -> list[Proc]:
    """Every process running as one of our zygotes' uids, or a child of one of our zygotes.

    Other test runs on this host have zygotes of their own, with other uids: they are not ours.
    """
    ours = zygotes()
    parents = {z.pid for z in ours}
    uids = {int(z.cmdline.split()[-2]) for z in ours}
    assert all(FIRST_UID <= uid < FIRST_UID + SLOTS for uid in uids)
    return [p for p in processes() if p.uid in uids or p.ppid in parents]
