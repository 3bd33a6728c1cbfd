"""Errors that carry their own HTTP status; the API turns them into `{"detail": ...}`."""

from __future__ import annotations

RETRY_AFTER_SECONDS = 5  # a 503 says when to try again: the broker or database is usually back by then


class ServiceError(Exception):
    status_code = 400
    headers: dict[str, str] | None = None

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class Unauthorized(ServiceError):
    status_code = 401
    headers = {"WWW-Authenticate": "Bearer"}  # noqa: RUF012


class Forbidden(ServiceError):
    status_code = 403


class NotFound(ServiceError):
    status_code = 404


class Conflict(ServiceError):
    status_code = 409


class TooLarge(ServiceError):
    status_code = 413


class Invalid(ServiceError):
    status_code = 422


class InvalidField(Invalid):
    """A 422 about one field of a request, answered in the shape of FastAPI's own validation
    errors (`{"detail": [{"type", "loc", "msg"}]}`): a client reads every refused field alike."""

    def __init__(self, loc: tuple[str, ...], detail: str) -> None:
        super().__init__(detail)
        self.loc = loc


class NotReady(ServiceError):
    status_code = 503
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}  # noqa: RUF012
