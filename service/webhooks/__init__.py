"""Webhooks, their one home: a graded Submission POSTed to its callback_url, signed, dated,
capped per receiver and recorded per attempt (the Celery task is a thin wrapper in the worker)."""
