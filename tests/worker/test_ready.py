"""A grading process at its boot: the grader is up before the first task, and what it keeps for its
life is out of the cyclic collector's work (a full collection would walk it again and again)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from grader.grade import Grader
from service.messaging.enqueue import TaskQueue
from service.worker.process import YOUNG_COLLECTION_THRESHOLD, WorkerProcess
from tests.backend import Backend


@pytest.fixture
def unfrozen() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()  # the rest of the suite collects as before
    gc.set_threshold(*threshold)


@pytest.mark.usefixtures("unfrozen")
def test_ready_freezes_the_warmed_grader_out_of_the_collector(backend: Backend, grader: Grader) -> None:
    process = WorkerProcess(backend.settings, backend.db, TaskQueue.of(backend.settings), grader=grader)
    kept = grader.prepared("layer_norm")
    assert any(one is kept for one in gc.get_objects())
    process.ready()
    assert process.grader() is grader
    assert gc.get_freeze_count() > 0
    assert not any(one is kept for one in gc.get_objects())  # frozen objects are in no generation
    assert gc.get_threshold()[0] == YOUNG_COLLECTION_THRESHOLD  # a grading's temporaries die uncollected


@pytest.mark.usefixtures("unfrozen")
def test_a_sender_process_freezes_its_boot_too_without_a_grader(backend: Backend) -> None:
    process = WorkerProcess(backend.settings, backend.db, TaskQueue.of(backend.settings), sends_only=True)
    process.ready()
    assert gc.get_freeze_count() > 0
    assert process._grader is None  # a sender never grades: no sandbox started for it
