"""Webhooks: POST the graded Submission to its callback_url, signed, and record each attempt."""

from __future__ import annotations

import hashlib
import hmac
import time
from dataclasses import dataclass

import httpx

from service.storage.db import transaction
from service.storage.tables import ApiKey, Submission, WebhookDelivery
from service.submissions.records import view

SIGNATURE_HEADER = "X-Autograder-Signature"


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Attempt:
    delivered: bool
    status_code: int | None
    error: str | None


def deliver(submission_id: str, attempt: int, timeout: float) -> Attempt:
    """One delivery attempt; the caller retries with backoff when it is not delivered."""
    with transaction() as session:
        submission = session.get_one(Submission, submission_id)
        url = submission.callback_url
        secret = session.get_one(ApiKey, submission.api_key_id).webhook_secret
        body = view(session, submission).model_dump_json().encode()
    if url is None:
        return Attempt(True, None, None)
    started = time.perf_counter()
    outcome = _post(url, body, secret, timeout)
    with transaction() as session:
        session.add(
            WebhookDelivery(
                submission_id=submission_id,
                url=url,
                attempt=attempt,
                status_code=outcome.status_code,
                error=outcome.error,
                delivered=outcome.delivered,
                duration_ms=round((time.perf_counter() - started) * 1000, 2),
            )
        )
    return outcome


def _post(url: str, body: bytes, secret: str, timeout: float) -> Attempt:
    headers = {"Content-Type": "application/json", SIGNATURE_HEADER: sign(secret, body)}
    try:
        response = httpx.post(url, content=body, headers=headers, timeout=timeout)
    except httpx.HTTPError as error:
        return Attempt(False, None, f"{type(error).__name__}: {error}"[:500])
    return Attempt(
        response.is_success, response.status_code, None if response.is_success else response.text[:500]
    )
