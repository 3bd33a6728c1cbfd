"""What the API answers, as its OpenAPI document says: the error body, the headers, the status codes.

The route decorators take their `responses=` from here, so that a client generated from the
document parses every answer, errors included, into a model.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from service.core.errors import RETRY_AFTER_SECONDS
from service.submissions import schemas


class ValidationIssue(BaseModel):
    """One invalid part of a request (as FastAPI reports it, without echoing the input)."""

    type: str = Field(description="what is wrong, e.g. `missing`, `string_too_short`, `extra_forbidden`")
    loc: list[str | int] = Field(description="where: `body`, `query` or `header`, then the field's path")
    msg: str = Field(description="the problem in words")


class Error(BaseModel):
    """The body of every error answer: 401, 403, 404, 413, 422, 429 and 503."""

    detail: str | list[ValidationIssue] = Field(
        description="what went wrong, in words; on a 422 of an invalid request, the list of its invalid parts"
    )


_ERRORS: dict[int, str] = {
    401: "No API key, or not a valid one (`Authorization: Bearer <key>`)",
    403: "This API key may not use that course",
    404: "No such id for this API key (or one of a course this key may not read)",
    409: "This Idempotency-Key was already used for a submission to another course",
    413: "The code is over 64 KiB, or the request body over 1 MiB",
    422: (
        "Invalid request: a list of the invalid fields, or a sentence (unknown challenge, invalid"
        " cursor, an Idempotency-Key already used with another body)"
    ),
    429: (
        "Too many submissions from this API key or this student, an attempt the course's policy"
        " refuses (its limit or cool-down; the detail says so in the student's language), or too"
        " many roster readings asked for a course this hour: try again after `Retry-After` seconds"
    ),
    503: "The database or the grading queue is unavailable: try again after `Retry-After` seconds",
}


def _header(description: str, example: int) -> dict[str, Any]:
    return {"description": description, "required": True, "schema": {"type": "integer"}, "example": example}


RETRY_AFTER = {"Retry-After": _header("seconds to wait before trying again", RETRY_AFTER_SECONDS)}
WWW_AUTHENTICATE = {
    "WWW-Authenticate": {"description": "`Bearer`", "required": True, "schema": {"type": "string"}}
}
RATE_LIMITS = {
    "RateLimit-Limit": _header(
        "requests allowed in the window (a minute; an hour for roster readings) by the closest limit", 30
    ),
    "RateLimit-Remaining": _header("requests left in this window under that limit", 29),
    "RateLimit-Reset": _header("seconds until the window ends and the counts start again", 42),
}
_HEADERS: dict[int, dict[str, Any]] = {
    401: WWW_AUTHENTICATE,
    429: {**RETRY_AFTER, **RATE_LIMITS},
    503: RETRY_AFTER,
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The `responses=` entries of these error codes: each with the Error body and its headers."""
    return {
        code: {
            "model": Error,
            "description": _ERRORS[code],
            **({"headers": _HEADERS[code]} if code in _HEADERS else {}),
        }
        for code in codes
    }


def submission_answers(*, rate_limited: bool) -> dict[int | str, dict[str, Any]]:
    """200 (graded) and 202 (queued or running): both carry the Submission (their examples are
    added by openapi_document: FastAPI would drop the examples' null fields)."""
    headers = {"headers": RATE_LIMITS} if rate_limited else {}
    return {
        200: {
            "model": schemas.Submission,
            "description": "Graded: `status` is `done` or `error`, and `result` holds the Result",
            **headers,
        },
        202: {
            "model": schemas.Submission,
            "description": "Queued or running: `result` is null; read it again (with `wait`) for the result",
            **headers,
        },
    }
