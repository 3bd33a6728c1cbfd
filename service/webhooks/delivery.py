"""Webhooks: POST the graded Submission to its callback_url, signed and dated, and record each attempt.

Runs in the worker's sender process (queue `<queue>.webhooks`), never in a grading one.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import time
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from sqlalchemy import select

from service.core.counting import Counts, counts_for
from service.core.settings import Settings
from service.outbound import http as outbound_http
from service.outbound.destinations import Destinations, Refused
from service.outbound.session import Outbound
from service.storage.db import Database
from service.storage.sealing import Sealer, UnreadableSecret, sealer_for
from service.storage.tables import ApiKey, Submission, WebhookDelivery, now
from service.submissions.records import view
from service.submissions.schemas import WebhookPayload

SIGNATURE_HEADER = "X-Autograder-Signature"
TIMESTAMP_HEADER = "X-Autograder-Timestamp"


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class DeliveryPolicy:
    destinations: Destinations
    deadline_seconds: float  # one attempt, from resolving the host to reading the status
    per_receiver_per_minute: int
    scope: str  # deployments sharing a Redis count apart
    counts: Counts
    secrets: Sealer

    @classmethod
    def from_settings(cls, settings: Settings) -> DeliveryPolicy:
        return cls(
            Outbound.from_settings(settings).destinations,  # the one policy of every outgoing request
            settings.webhook_timeout_seconds,
            settings.webhook_per_receiver_per_minute,
            settings.queue,
            counts_for(settings),  # built once: the worker keeps its policy
            sealer_for(settings),
        )

    def with_cap(self, per_minute: int) -> DeliveryPolicy:
        return replace(self, per_receiver_per_minute=per_minute)


@dataclass(frozen=True)
class Attempt:
    delivered: bool
    status_code: int | None
    error: str | None
    retry: bool = False  # worth another attempt later (a refused destination never is)


@dataclass(frozen=True)
class _Stored:
    url: str
    sealed_secret: str
    payload: dict[str, object]


def deliver(db: Database, submission_id: str, attempt: int, policy: DeliveryPolicy) -> Attempt:
    """One delivery attempt, recorded; the caller retries later when `retry` says so."""
    stored = _load(db, submission_id)
    if stored is None:
        return Attempt(True, None, None)
    started = time.perf_counter()
    outcome = Attempt(False, None, "the sender failed during the attempt (its log tells why)")
    try:
        outcome = _attempt(stored, policy.secrets.unseal(stored.sealed_secret), policy)
    except UnreadableSecret as error:  # nothing to sign with: no attempt will ever do better
        outcome = Attempt(False, None, f"webhook secret {error}")
    finally:  # every attempt leaves its record, even one that broke
        _record(db, submission_id, stored.url, attempt, outcome, time.perf_counter() - started)
    return outcome


def destination(db: Database, submission_id: str) -> str | None:
    """Where the submission's webhook goes, as the sender's gates count it: its origin."""
    with db.reading() as session:
        url = session.scalar(select(Submission.callback_url).where(Submission.id == submission_id))
    if not url:
        return None
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _record(
    db: Database, submission_id: str, url: str, attempt: int, outcome: Attempt, seconds: float
) -> None:
    with db.transaction() as session:
        session.add(
            WebhookDelivery(
                submission_id=submission_id,
                url=url,
                attempt=attempt,
                status_code=outcome.status_code,
                error=outcome.error,
                delivered=outcome.delivered,
                duration_ms=round(seconds * 1000, 2),
            )
        )


def _load(db: Database, submission_id: str) -> _Stored | None:
    with db.transaction() as session:
        submission = session.get_one(Submission, submission_id)
        if submission.callback_url is None:
            return None
        sealed = session.get_one(ApiKey, submission.api_key_id).webhook_secret_sealed
        return _Stored(submission.callback_url, sealed, view(session, submission).model_dump())


def _attempt(stored: _Stored, secret: str, policy: DeliveryPolicy) -> Attempt:
    try:
        target = policy.destinations.target(stored.url)
    except Refused as refused:
        return Attempt(False, None, f"refused: {refused}")
    if _over_cap(f"{target.host}:{target.port}", policy):
        cap = f"over the receiver's cap of {policy.per_receiver_per_minute} deliveries a minute"
        return Attempt(False, None, cap, retry=True)
    sent_at = now()
    body = WebhookPayload.model_validate({**stored.payload, "sent_at": sent_at}).model_dump_json().encode()
    headers = {
        "Content-Type": "application/json",
        SIGNATURE_HEADER: sign(secret, body),
        TIMESTAMP_HEADER: str(int(sent_at.timestamp())),
    }
    try:
        answer = asyncio.run(
            outbound_http.post(stored.url, body, headers, policy.destinations, policy.deadline_seconds)
        )
    except Refused as refused:
        return Attempt(False, None, f"refused: {refused}")
    return Attempt(answer.delivered, answer.status_code, answer.error, retry=not answer.delivered)


def _over_cap(receiver_address: str, policy: DeliveryPolicy) -> bool:
    window = int(time.time() // 60)
    receiver = hashlib.sha256(receiver_address.lower().encode()).hexdigest()[:24]
    [count] = policy.counts.add([(f"autograder:webhook:{policy.scope}:{receiver}:{window}", 1)], 120)
    return count > policy.per_receiver_per_minute
