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
COURSE_PREFIX = "autograder:course:"  # a result of the course was stored: live dashboards refresh
log = logging.getLogger(__name__)


def channel(submission_id: str) -> str:
    return CHANNEL_PREFIX + submission_id


@lru_cache(maxsize=1)
def _client() -> redis.Redis | None:
    url = get_settings().events
    return redis.Redis.from_url(url, socket_timeout=2) if url else None


def publish_graded(submission_id: str, message: str, course_id: int | None = None) -> None:
    """Tell waiting requests the result is stored: the message is the graded Submission's JSON
    (or just its status); and the course's live dashboards, when `course_id` is given (both in
    one round trip). A lost message only delays them (they recheck the database)."""
    client = _client()
    if client is None:
        return
    try:
        with client.pipeline(transaction=False) as pipe:
            pipe.publish(channel(submission_id), message)
            if course_id is not None:
                pipe.publish(f"{COURSE_PREFIX}{course_id}", b"")
            pipe.execute()
    except redis.RedisError as error:
        log.warning("could not publish the grading of %s: %s", submission_id, error)


def reset_after_fork() -> None:
    _client.cache_clear()
