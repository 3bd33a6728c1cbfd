"""How many grading tasks wait in the broker's queue (Redis or AMQP alike)."""

from __future__ import annotations

from kombu.exceptions import ChannelError, OperationalError

from service.core.errors import NotReady
from service.messaging.celery_app import celery


def queue_depth() -> int:
    """Messages waiting in the grading queue (not those a worker holds); NotReady when the broker is down."""
    try:
        app = celery()
        with app.connection_for_write() as connection:
            connection.ensure_connection(max_retries=1, timeout=2)
            queue = app.conf.task_default_queue
            declared = connection.default_channel.queue_declare(queue=queue, passive=True)
            return int(declared.message_count)
    except ChannelError:
        return 0  # the queue was never declared: nothing waits in it
    except (OperationalError, OSError) as error:
        raise NotReady("the grading queue is unavailable") from error
