"""What a forked child does to itself, first while it waits for a job, then to run it.

Runs only in the child. While waiting (off the critical path): close every inherited descriptor
but the socket the grader will send the job's descriptors on, enter the scratch folder, switch
to the slot's unprivileged uid, arm the parent-death signal (a uid change clears it), set the
rlimits that do not depend on the job, become non-dumpable, install the system-call filter, and
warm up. Once the job's descriptors arrive: put them in place and close the rest, and set the
job's rlimits (soft = hard; the filter allows lowering one's own limits, which is all the
student could do with it too). Then the harness runs.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import resource
import signal
import socket
from collections.abc import Mapping
from typing import NoReturn

from grader.sandbox.inside import channel, harness, linux, warmup
from grader.sandbox.inside.syscalls import Filter

JOB_FD = 3
REPORT_FD = 4
CONTROL_FD = 5  # while waiting; then the argument memory's
ARGUMENTS_FD = 5
DESK_FD = 6
NO_DESK = -1
OPEN_FILES = 10  # the descriptors above and a few the student may dup
SETUP_FAILED = 121


def serve(
    control: socket.socket,
    identity: tuple[int, int] | None,
    scratch: str,
    rules: Filter,
    setups: Mapping[str, harness.Setup],
    warm: warmup.Plan,
) -> NoReturn:
    """Become a sandboxed child, wait for one job, run it and exit. Never returns.

    `setups`: challenges' setups the zygote decoded before forking, for reference jobs;
    `warm`: whether and on what to warm up while waiting (see `warmup`).
    """
    try:
        ctl = _waiting(control, identity, scratch, rules, warm)
        data, fds = channel.receive(ctl, (channel.START.size,))
        ctl.detach()  # closed below with every other descriptor
        start = channel.unpack_start(data)
        desk = _descriptors(*fds)
        _limits(_job_limits(start))
    except BaseException as error:  # noqa: BLE001 any failure to set up is reported and ends the child
        _say(f"sandbox setup failed: {type(error).__name__}: {error}")
        os._exit(SETUP_FAILED)
    try:
        harness.main(JOB_FD, REPORT_FD, ARGUMENTS_FD, desk, setups)
    finally:
        os._exit(1)


def _waiting(
    control: socket.socket,
    identity: tuple[int, int] | None,
    scratch: str,
    rules: Filter,
    warm: warmup.Plan,
) -> socket.socket:
    fd = control.detach()
    if fd != CONTROL_FD:
        os.dup2(fd, CONTROL_FD)
    os.closerange(0, CONTROL_FD)
    linux.close_from(CONTROL_FD + 1)
    os.chdir(scratch)
    if identity is not None:
        _become(*identity)
    parent = os.getppid()
    linux.prctl(linux.PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(SETUP_FAILED)  # the zygote died before the signal was armed
    _limits(FIXED_LIMITS)
    linux.prctl(linux.PR_SET_DUMPABLE, 0)
    ctl = socket.socket(fileno=CONTROL_FD)  # asks the kernel what socket it is: before the filter
    rules.install()  # what is left to do (take the job's descriptors, lower limits) it allows
    warmup.run(warm)
    return ctl


def _descriptors(job: int, report: int, stdout: int, arguments: int, *desk: int) -> int:
    """Job on 3, report memory on 4, argument memory on 5, the helpers' socket (if any) on 6,
    stdout and stderr on 1 and 2; every other descriptor closed. Returns the socket's, or -1."""
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 16) for fd in (job, report, stdout, arguments, *desk[:1])]
    os.dup2(high[2], 1)
    os.dup2(high[2], 2)
    places = (JOB_FD, REPORT_FD, ARGUMENTS_FD, DESK_FD)[: len(high) - 1]
    for fd, place in zip((high[0], high[1], *high[3:]), places, strict=True):
        os.dup2(fd, place)
    with contextlib.suppress(OSError):
        os.close(0)  # where a received descriptor may have landed: no stdin
    last = DESK_FD if desk else ARGUMENTS_FD
    linux.close_from(last + 1)
    return DESK_FD if desk else NO_DESK


FIXED_LIMITS = {  # set while waiting: they do not depend on the job
    resource.RLIMIT_FSIZE: 0,
    resource.RLIMIT_NPROC: 0,
    resource.RLIMIT_CORE: 0,
    resource.RLIMIT_MEMLOCK: 0,
    resource.RLIMIT_MSGQUEUE: 0,
}


def _job_limits(start: channel.Start) -> dict[int, int]:
    return {
        resource.RLIMIT_CPU: start.cpu_seconds,
        resource.RLIMIT_AS: start.memory_bytes,
        resource.RLIMIT_NOFILE: OPEN_FILES,  # once the job's descriptors are in place
    }


def _limits(pairs: dict[int, int]) -> None:
    """Soft = hard: the child cannot raise them back."""
    for kind, value in pairs.items():
        resource.setrlimit(kind, (value, value))


def _become(uid: int, gid: int) -> None:
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)


def _say(message: str) -> None:
    with contextlib.suppress(OSError):
        os.write(2, message.encode(errors="replace")[:500])
