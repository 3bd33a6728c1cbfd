"""Wake-ups when a submission is graded: Redis pub/sub where there is Redis, else nothing to send.

The worker publishes on `autograder:graded:<id>` after the result is committed. Waiting
requests (see `service.web.waiting`) listen on the pattern; without Redis they poll the database.
"""

from __future__ import annotations

import logging

import redis

CHANNEL_PREFIX = "autograder:graded:"
COURSE_PREFIX = "autograder:course:"  # a result of the course was stored: live dashboards refresh
log = logging.getLogger(__name__)


def channel(submission_id: str) -> str:
    return CHANNEL_PREFIX + submission_id


class Publisher:
    """The worker's side: one per worker process, on the events Redis of its Settings (None: no
    Redis, nothing is published and the waiting side polls)."""

    def __init__(self, events_url: str | None) -> None:
        self._client = redis.Redis.from_url(events_url, socket_timeout=2) if events_url else None

    def graded(self, submission_id: str, message: str, course_id: int | None = None) -> None:
        """Tell waiting requests the result is stored: the message is the graded Submission's JSON
        (or just its status); and the course's live dashboards, when `course_id` is given (both in
        one round trip). A lost message only delays them (they recheck the database)."""
        if self._client is None:
            return
        try:
            with self._client.pipeline(transaction=False) as pipe:
                pipe.publish(channel(submission_id), message)
                if course_id is not None:
                    pipe.publish(f"{COURSE_PREFIX}{course_id}", b"")
                pipe.execute()
        except redis.RedisError as error:
            log.warning("could not publish the grading of %s: %s", submission_id, error)
