"""Namespaces the zygote enters once at start; every child it forks shares them.

As root: new mount, IPC, UTS and network namespaces (the network one has only a loopback that is
down), mounts made private, a fresh tmpfs over /tmp with the children's scratch folder in it.
Without root, the same inside a new user namespace where the kernel allows one; otherwise none,
and the layers say so.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass

from grader.sandbox.inside import linux
from grader.wire import Layer

SHARED = linux.CLONE_NEWNS | linux.CLONE_NEWIPC | linux.CLONE_NEWUTS | linux.CLONE_NEWNET
SCRATCH = "/tmp/scratch"  # noqa: S108 the path inside the child's own mount namespace


@dataclass(frozen=True)
class Prepared:
    layers: list[Layer]
    identity: tuple[int, int] | None  # uid and gid for the children, when we can switch to them
    scratch: str


CAP_SETGID, CAP_SETUID, CAP_SYS_ADMIN = 6, 7, 21


def prepare(uid: int, gid: int) -> Prepared:
    capabilities = _effective_capabilities()
    identity = (uid, gid) if {CAP_SETUID, CAP_SETGID} <= capabilities else None
    if CAP_SYS_ADMIN in capabilities:
        entered = _enter(SHARED, user=False)
    else:
        entered = _enter(SHARED | linux.CLONE_NEWUSER, user=True)
    scratch = _scratch(identity) if entered is None else tempfile.mkdtemp(prefix="autograder-scratch-")
    return Prepared(_layers(entered, identity is None), identity, scratch)


def _effective_capabilities() -> set[int]:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("CapEff:"):
                mask = int(line.split()[1], 16)
                return {bit for bit in range(64) if mask >> bit & 1}
    return set()


def _enter(flags: int, user: bool) -> str | None:
    """Enter the namespaces and private mounts; the reason if it failed."""
    real_uid, real_gid = os.getuid(), os.getgid()
    try:
        linux.unshare(flags)
        if user:
            _map_user(real_uid, real_gid)
        linux.mount("none", "/", "", linux.MS_REC | linux.MS_PRIVATE)
        flags_tmp = linux.MS_NOSUID | linux.MS_NODEV | linux.MS_NOEXEC
        linux.mount("tmpfs", "/tmp", "tmpfs", flags_tmp, "size=1m,mode=0711")  # noqa: S108 own tmpfs
    except OSError as error:
        return f"{error.strerror} ({'user namespace' if user else 'with CAP_SYS_ADMIN'})"
    return None


def _map_user(uid: int, gid: int) -> None:
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
        with open(f"/proc/self/{name}", "w") as file:
            file.write(text)


def _scratch(identity: tuple[int, int] | None) -> str:
    os.mkdir(SCRATCH, 0o700)
    if identity is not None:
        os.chown(SCRATCH, *identity)
    return SCRATCH


def _layers(failure: str | None, in_user_namespace: bool) -> list[Layer]:
    if failure is not None:
        return [
            Layer("namespaces", False, f"unavailable: {failure}"),
            Layer("network", True, "host network namespace; socket() kills the process"),
            Layer("filesystem", True, "scratch cwd in host /tmp; open/stat/write answer EACCES, file size 0"),
        ]
    user = " inside a user namespace" if in_user_namespace else ""
    return [
        Layer("namespaces", True, f"mount, ipc, uts, net{user}; entered once by the zygote"),
        Layer("network", True, "empty network namespace, loopback down; socket() kills the process"),
        Layer("filesystem", True, "private tmpfs /tmp with scratch cwd; open/stat/write answer EACCES"),
    ]
