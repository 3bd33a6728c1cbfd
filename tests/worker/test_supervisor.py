"""The solo workers' supervisor, with small real processes in the place of Celery workers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import psutil  # type: ignore[import-untyped]
import pytest

from service.worker import supervisor
from service.worker.in_flight import Slot, Slots
from service.worker.supervisor import Supervisor
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]

# argv: slot, descriptor of the slots, a folder, then what the process does:
#   die-grading: say "sub-<slot>" is being graded, then be killed (kill -9) the first time it
#                runs; the next time, stop the supervisor (SIGTERM) and exit 0 when asked;
#   exit-3:      exit with status 3 at once;
#   wait:        wait for SIGTERM, then exit 0;
#   exit-3-on-go: exit with status 3 once the folder holds a file "go";
#   stop-then-die: say "sub-<slot>" is being graded, stop the supervisor (SIGTERM), and be
#                killed (kill -9) when the supervisor passes the SIGTERM on;
#   stop-unready: stop the supervisor (SIGTERM) before handling SIGTERM itself, as a Celery
#                worker still starting does: the SIGTERM passed on ends it by default.
PROCESS = f"""
import os, signal, sys, time
sys.path.insert(0, {str(ROOT)!r})
from pathlib import Path
from service.worker.in_flight import Slot
slot, fd, folder, act = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]
mine = Slot(fd, slot)
if act == "stop-unready":
    os.kill(os.getppid(), signal.SIGTERM)
    time.sleep(30)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
runs = folder / f"runs-{{slot}}"
runs.write_text(runs.read_text() + "x" if runs.exists() else "x")
if act == "exit-3":
    sys.exit(3)
while act == "exit-3-on-go" and not (folder / "go").exists():
    time.sleep(0.01)
if act == "exit-3-on-go":
    sys.exit(3)
if act == "stop-then-die":
    signal.signal(signal.SIGTERM, lambda *_: os.kill(os.getpid(), signal.SIGKILL))
    held = mine.grading(f"sub-{{slot}}")
    held.__enter__()
    os.kill(os.getppid(), signal.SIGTERM)
if act == "die-grading" and runs.read_text() == "x":
    held = mine.grading(f"sub-{{slot}}")  # kept: a context manager collected would clear the slot
    held.__enter__()
    os.kill(os.getpid(), signal.SIGKILL)
if act == "die-grading":
    os.kill(os.getppid(), signal.SIGTERM)
while True:
    time.sleep(0.05)
"""


def _command(folder: Path, acts: list[str]) -> supervisor.Command:
    return lambda slot, fd: [sys.executable, "-c", PROCESS, str(slot), str(fd), str(folder), acts[slot]]


@pytest.fixture(autouse=True)
def _no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(supervisor, "RESTART_PAUSE", 0.0)


def test_a_process_killed_mid_grading_is_replaced_and_its_submission_sent_again(tmp_path: Path) -> None:
    sent: list[str] = []
    status = Supervisor(2, _command(tmp_path, ["wait", "die-grading"]), sent.append).run()
    assert status == 0  # the SIGTERM from the replacement stopped both, warmly
    assert sent == ["sub-1"]
    assert (tmp_path / "runs-1").read_text() == "xx"  # killed once, replaced once
    assert (tmp_path / "runs-0").read_text() == "x"  # the other was left alone


def test_a_process_that_exits_by_itself_stops_the_others_with_its_status(tmp_path: Path) -> None:
    sent: list[str] = []
    status = Supervisor(2, _command(tmp_path, ["exit-3", "wait"]), sent.append).run()
    assert status == 3
    assert sent == []
    assert (tmp_path / "runs-0").read_text() == "x"  # not restarted


def test_a_failed_resend_is_logged_and_the_process_replaced(tmp_path: Path) -> None:
    def broker_down(submission_id: str) -> None:
        raise OSError("connection refused")

    assert Supervisor(1, _command(tmp_path, ["die-grading"]), broker_down).run() == 0
    assert (tmp_path / "runs-0").read_text() == "xx"


def test_a_process_killed_while_stopping_has_its_submission_sent_again(tmp_path: Path) -> None:
    sent: list[str] = []
    assert Supervisor(1, _command(tmp_path, ["stop-then-die"]), sent.append).run() == 1
    assert sent == ["sub-0"]
    assert (tmp_path / "runs-0").read_text() == "x"  # not replaced while stopping


def test_a_process_ended_by_the_signal_passed_on_has_stopped_as_asked(tmp_path: Path) -> None:
    assert Supervisor(2, _command(tmp_path, ["wait", "stop-unready"]), print).run() == 0


def test_slots_hold_an_id_only_while_it_is_graded() -> None:
    slots = Slots(3)
    try:
        worker = Slot(os.dup(slots.fd), 2)
        assert slots.grading(2) is None
        with worker.grading("0123456789abcdef0123456789abcdef"):
            assert slots.grading(2) == "0123456789abcdef0123456789abcdef"
            assert slots.grading(1) is None
        assert slots.grading(2) is None
        with pytest.raises(ValueError, match="no slot 3"):
            Slot(os.dup(slots.fd), 3)
    finally:
        slots.close()


SUPERVISING = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from service.worker.supervisor import Supervisor
process, folder = sys.argv[1], sys.argv[2]
command = lambda slot, fd: [sys.executable, "-c", process, str(slot), str(fd), folder, "exit-3-on-go"]
print(Supervisor(2, command, print).run())
"""


def _state(pid: int) -> str:
    return str(psutil.Process(pid).status())


def test_processes_that_end_together_are_all_reaped(tmp_path: Path) -> None:
    """Both ended before the supervisor looked: stopping the second must not reap it out of
    sight (Popen.send_signal polls), or the supervisor waits for a child it no longer has."""
    supervising = subprocess.Popen(
        [sys.executable, "-c", SUPERVISING, PROCESS, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    supervisor = psutil.Process(supervising.pid)
    wait_until(lambda: len(supervisor.children()) == 2 and (tmp_path / "runs-1").exists(), 20)
    pids = [child.pid for child in supervisor.children()]
    os.kill(supervising.pid, signal.SIGSTOP)
    try:
        (tmp_path / "go").touch()
        wait_until(lambda: all(_state(pid) == psutil.STATUS_ZOMBIE for pid in pids), 20)
    finally:
        os.kill(supervising.pid, signal.SIGCONT)
    printed, _ = supervising.communicate(timeout=20)
    assert supervising.returncode == 0
    assert printed.split() == ["3"]
