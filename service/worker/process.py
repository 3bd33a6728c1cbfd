"""What one worker process keeps, built once by its boot (`autograder worker`) from its Settings:
its task queue, its Grader (and sandbox) if it grades, and what its outgoing requests obey.
Created in the worker, never in the API."""

from __future__ import annotations

import contextlib
import gc
import json
import logging
import os
import socket
import threading
from collections.abc import Iterator
from functools import cached_property

from grader.challenge import load_challenges
from grader.grade import Grader
from grader.sandbox import default_sandbox
from service.core.settings import Settings
from service.dashboard.aggregates.keep import keep
from service.lti.connector import TokenCache
from service.messaging import graded_pubsub
from service.messaging.enqueue import TaskQueue
from service.outbound.gates import Gates
from service.outbound.session import Outbound
from service.storage.db import Database
from service.storage.results import OnStored
from service.storage.tables import WorkerBeat, now
from service.webhooks.delivery import DeliveryPolicy
from service.worker.in_flight import Slot

log = logging.getLogger(__name__)
BEAT_SECONDS = 10.0
# Container objects allocated, less those freed, before the youngest generation is collected
# (Python's default: 700). A grading makes and frees thousands of them by reference counting; at
# the default the collector ran several times per grading to find no garbage, and moved what was
# alive at that instant to the older generations, which full collections walk again.
YOUNG_COLLECTION_THRESHOLD = 10_000


class WorkerProcess:
    """One grading process (`slot`: where a supervisor reads what it grades), or the webhook
    sender (`sends_only`: it never grades, so it has no grader)."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        queue: TaskQueue,
        *,
        slot: Slot | None = None,
        sends_only: bool = False,
        grader: Grader | None = None,  # made on first use unless given
    ) -> None:
        self.settings = settings
        self.db = db
        self.queue = queue
        self.slot = slot
        self.sends_only = sends_only
        self._grader = grader
        # What storing a result keeps up to date besides: the dashboard's aggregates.
        self.on_stored: OnStored = keep
        # The sender's threads shared out by kind and destination: one slow LMS holds a few.
        self.gates = Gates.for_senders(settings.webhook_senders)
        self.lti_tokens = TokenCache()  # the LMSs' access tokens, kept across this process's tasks
        self._lock = threading.Lock()
        self._beat: threading.Timer | None = None

    @contextlib.contextmanager
    def grading(self, submission_id: str) -> Iterator[None]:
        """While the block runs, a supervisor that sees this process die sends `submission_id` again."""
        if self.slot is None:
            yield
            return
        with self.slot.grading(submission_id):
            yield

    def grader(self) -> Grader:
        """This process's Grader, created on first use: every challenge prepared, its error
        model warmed in a thread (its runs read from the cache folder, or computed and written
        there) while the process already grades (`Grader.warm_apart`)."""
        with self._lock:
            if self._grader is None:
                sandbox = default_sandbox(
                    allow_missing_layers=self.settings.sandbox_allow_missing_layers,
                    slots=1,  # a worker process grades one submission at a time
                    hardware_env=self.settings.hardware_env,
                )
                challenges = load_challenges(*self.settings.challenge_roots)
                self._grader = Grader(challenges, sandbox, kept_in=self.settings.cache_dir)
                self._grader.warm_apart(then=self._warmed)
                self._start_beat()
            return self._grader

    def ready(self) -> None:
        """At the worker's boot, before its first task: the sandbox up (not during a grading), then
        everything built so far kept out of the cyclic collector's sight. A warmed grader keeps its
        challenges' prepared runs for the process's life, with Celery's and SQLAlchemy's objects
        hundreds of thousands: each full collection the gradings set off would walk them all
        again. Frozen, a collection walks only what came after."""
        if not self.sends_only:
            self.grader()
        _keep_out_of_the_collectors_sight()
        gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *gc.get_threshold()[1:])

    def warming(self) -> frozenset[str]:
        """The challenges this process grades without the error model's search for now."""
        return self._grader.warming() if self._grader is not None else frozenset()

    @cached_property
    def publisher(self) -> graded_pubsub.Publisher:
        return graded_pubsub.Publisher(self.settings.events)

    @cached_property
    def delivery_policy(self) -> DeliveryPolicy:
        return DeliveryPolicy.from_settings(self.settings)

    @cached_property
    def outbound(self) -> Outbound:
        return Outbound.from_settings(self.settings)

    def _warmed(self) -> None:
        _keep_out_of_the_collectors_sight()
        self._write_beat()  # /healthz knows at once, not at the next beat
        log.info("the error models are warm: every challenge is graded with its search")

    def _write_beat(self) -> None:
        grader = self._grader
        if grader is None:
            return
        try:
            layers = json.dumps([vars(layer) for layer in grader.sandbox.layers()])
            warming = ",".join(sorted(grader.warming()))
            beat = WorkerBeat(
                name=worker_name(), layers=layers, started_at=now(), seen_at=now(), warming=warming
            )
            with self.db.transaction() as session:
                session.merge(beat)
        except Exception as error:  # noqa: BLE001 the beat is for /healthz; grading goes on without it
            log.warning("worker heartbeat failed: %s", error)

    def _start_beat(self) -> None:
        self._write_beat()
        self._beat = threading.Timer(BEAT_SECONDS, self._start_beat)
        self._beat.daemon = True
        self._beat.start()

    def shutdown(self) -> None:
        with self._lock:
            if self._beat is not None:
                self._beat.cancel()
            if self._grader is not None:
                self._grader.sandbox.close()
                self._grader = None
            try:
                with self.db.transaction() as session:
                    beat = session.get(WorkerBeat, worker_name())
                    if beat is not None:
                        session.delete(beat)
            except Exception as error:  # noqa: BLE001 leaving at shutdown whatever happens: the beat goes stale
                log.warning("could not remove the worker heartbeat: %s", error)


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _keep_out_of_the_collectors_sight() -> None:
    """At the boot, and again once the error models are warm (what they keep lives as long)."""
    gc.collect()  # garbage made so far is freed, not kept for ever
    gc.freeze()
