"""What a worker process keeps: one Grader (and its sandbox), created in the worker, never in the API."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import threading
from collections.abc import Iterator

from grader.challenge import load_challenges
from grader.grade import Grader
from grader.sandbox import default_sandbox
from service.core.settings import Settings
from service.storage import db
from service.storage.tables import WorkerBeat, now
from service.worker.in_flight import Slot

log = logging.getLogger(__name__)
BEAT_SECONDS = 10.0

_lock = threading.Lock()
_grader: Grader | None = None
_beat: threading.Timer | None = None
_slot: Slot | None = None  # under a supervisor: where it reads what this process is grading
_sender = False  # the webhook sender process: it never grades, so it has no grader
_settings: Settings | None = None  # given by the worker's boot (`autograder worker`)


def configure(settings: Settings) -> None:
    """The worker's Settings, read once by its boot: the grader and the tasks take theirs here."""
    global _settings
    _settings = settings


def settings() -> Settings:
    if _settings is None:
        raise RuntimeError("the worker's settings were never given: its boot calls configure()")
    return _settings


def send_webhooks_only() -> None:
    global _sender
    _sender = True


def grades() -> bool:
    return not _sender


def take_slot(slots_fd: int, slot: int) -> None:
    """A supervised worker process: say in the supervisor's memory what it grades (`grading`)."""
    global _slot
    _slot = Slot(slots_fd, slot)


@contextlib.contextmanager
def grading(submission_id: str) -> Iterator[None]:
    """While the block runs, a supervisor that sees this process die sends `submission_id` again."""
    if _slot is None:
        yield
        return
    with _slot.grading(submission_id):
        yield


def grader() -> Grader:
    """This process's Grader, created on first use (every challenge prepared and warmed)."""
    global _grader
    with _lock:
        if _grader is None:
            given = settings()
            sandbox = default_sandbox(
                allow_missing_layers=given.sandbox_allow_missing_layers,
                slots=1,  # a worker process grades one submission at a time
                hardware_env=given.hardware_env,
            )
            _grader = Grader(load_challenges(given.challenges_dir), sandbox)
            _grader.warm()
            _start_beat()
        return _grader


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _start_beat() -> None:
    global _beat
    assert _grader is not None  # noqa: S101 the beat starts after the grader: narrows for mypy
    try:
        layers = json.dumps([vars(layer) for layer in _grader.sandbox.layers()])
        with db.transaction() as session:
            session.merge(WorkerBeat(name=worker_name(), layers=layers, started_at=now(), seen_at=now()))
    except Exception as error:  # noqa: BLE001 the beat is for /healthz; grading goes on without it
        log.warning("worker heartbeat failed: %s", error)
    _beat = threading.Timer(BEAT_SECONDS, _start_beat)
    _beat.daemon = True
    _beat.start()


def shutdown() -> None:
    global _grader
    with _lock:
        if _beat is not None:
            _beat.cancel()
        if _grader is not None:
            _grader.sandbox.close()
            _grader = None
        try:
            with db.transaction() as session:
                beat = session.get(WorkerBeat, worker_name())
                if beat is not None:
                    session.delete(beat)
        except Exception as error:  # noqa: BLE001 leaving at shutdown whatever happens: the beat goes stale
            log.warning("could not remove the worker heartbeat: %s", error)
