"""Grading off the request path: the Celery app, every task, worker processes and their supervisor."""
