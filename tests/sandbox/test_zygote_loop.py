"""The zygote's loop when its grader goes away: it ends quietly and leaves no child behind."""

from __future__ import annotations

import os
import socket
import time

import pytest

from grader.sandbox.inside import zygote


class _SleepingChild(zygote.Zygote):
    """A zygote whose "child" is a plain sleeping process: only the loop around it is tested."""

    pid = 0

    def fork(self) -> zygote.Waiting:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:
            time.sleep(30)
            os._exit(0)
        theirs.close()
        self.pid = pid
        return zygote.Waiting(pid, os.pidfd_open(pid), ours)


def test_a_grader_gone_before_ready_ends_the_loop_and_the_waiting_child() -> None:
    grader_side, zygote_side = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    grader_side.close()  # the grader is gone before the zygote says READY
    looping = _SleepingChild(zygote_side, None, None, {})  # type: ignore[arg-type]
    try:
        assert zygote._serve_one(looping) is False  # no traceback: the zygote just ends
    finally:
        zygote_side.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(looping.pid, os.WNOHANG)  # killed and reaped
