"""Wake-ups when a submission is graded: Redis pub/sub where there is Redis, else nothing to send.

The worker publishes on `autograder:graded:<id>` after the result is committed. Waiting
requests (see `service.api.waiting`) listen on the pattern; without Redis they poll the database.
"""

from __future__ import annotations

import logging
from functools import lru_cache

import redis

from service.core.settings import get_settings

CHANNEL_PREFIX = "autograder:graded:"
log = logging.getLogger(__name__)


def channel(submission_id: str) -> str:
    return CHANNEL_PREFIX + submission_id


@lru_cache(maxsize=1)
def _client() -> redis.Redis | None:
    url = get_settings().events
    return redis.Redis.from_url(url, socket_timeout=2) if url else None


def publish_graded(submission_id: str, message: str) -> None:
    """Tell waiting requests the result is stored: the message is the graded Submission's JSON
    (or just its status); a lost message only delays them (they recheck the database)."""
    client = _client()
    if client is None:
        return
    try:
        client.publish(channel(submission_id), message)
    except redis.RedisError as error:
        log.warning("could not publish the grading of %s: %s", submission_id, error)


def reset_after_fork() -> None:
    _client.cache_clear()
