"""Messages between the service's processes: the Celery app both sides share, the tasks sent
to the workers, the queue's depth, and the graded wake-ups (Redis pub/sub)."""
