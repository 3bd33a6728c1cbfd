"""A course's policies on the dashboard: each challenge's limits on attempts, read and set."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError

from service.dashboard import csrf, links
from service.dashboard.deps import Challenges, CurrentAccount, VisibleCourse, render
from service.dashboard.forms import form_fields
from service.dashboard.grants import GrantedCourse
from service.policies import admin
from service.policies.schemas import PolicyIn
from service.policies.tables import EVERY_CHALLENGE
from service.storage.db import reading, transaction

router = APIRouter()
Form = Annotated[dict[str, str], Depends(form_fields)]
MINUTE = 60


@dataclass(frozen=True)
class Row:
    """One policy's form: the course-wide one or a challenge's, its fields as the form shows them."""

    challenge: str
    max_attempts: str
    cooldown_minutes: str
    window_attempts: str
    window_minutes: str


def _minutes(seconds: int | None) -> str:
    if seconds is None:
        return ""
    return str(seconds // MINUTE) if seconds % MINUTE == 0 else f"{seconds / MINUTE:.2f}"


def _rows(course: GrantedCourse, known: Challenges) -> list[Row]:
    with reading() as session:
        stored = {
            p.challenge: p for p in admin.course_policies(session, course.platform_id, course.slug).policies
        }
    rows = []
    for challenge in [EVERY_CHALLENGE, *sorted(known)]:
        policy = stored.get(challenge)
        rows.append(
            Row(
                challenge=challenge,
                max_attempts=str(policy.max_attempts or "") if policy else "",
                cooldown_minutes=_minutes(policy.cooldown_seconds) if policy else "",
                window_attempts=str(policy.window_attempts or "") if policy else "",
                window_minutes=_minutes(policy.window_seconds) if policy else "",
            )
        )
    return rows


def _page(
    request: Request, account: CurrentAccount, course: GrantedCourse, known: Challenges, **extra: object
) -> HTMLResponse:
    context = {
        "account": account,
        "course": course,
        "page": "policies",
        "rows": _rows(course, known),
        **extra,
    }
    return render(request, "policies.html", context, status_code=422 if extra.get("error") else 200)


@router.get("/courses/{course}/policies", response_class=HTMLResponse, name="policies")
def policies(
    request: Request, account: CurrentAccount, course: VisibleCourse, known: Challenges, saved: str = ""
) -> HTMLResponse:
    return _page(request, account, course, known, saved=saved)


class Unreadable(ValueError):
    """A field that is not a number: told on the page, nothing stored."""


def _number(fields: dict[str, str], name: str, scale: int = 1) -> int | None:
    text = fields.get(name, "").strip().replace(",", ".")
    if not text:
        return None
    try:
        return round(float(text) * scale)
    except ValueError:
        raise Unreadable(name) from None


def _policy(fields: dict[str, str]) -> PolicyIn:
    return PolicyIn(
        max_attempts=_number(fields, "max_attempts"),
        cooldown_seconds=_number(fields, "cooldown_minutes", MINUTE),
        window_attempts=_number(fields, "window_attempts"),
        window_seconds=_number(fields, "window_minutes", MINUTE),
    )


@router.post("/courses/{course}/policies", name="policies_save", response_model=None)
def save(
    request: Request, account: CurrentAccount, course: VisibleCourse, known: Challenges, fields: Form
) -> Response:
    csrf.check(request, fields)
    challenge = fields.get("challenge", "")
    if challenge != EVERY_CHALLENGE and challenge not in known:
        return _page(request, account, course, known, error="unknown")
    try:
        policy = _policy(fields)
    except (Unreadable, ValidationError):
        return _page(request, account, course, known, error="invalid", failed=challenge)
    with transaction() as session:
        admin.set_policy(session, course.platform_id, course.slug, challenge, policy)
    saved = links.url(request, "policies", course=course.slug).include_query_params(saved=challenge)
    return RedirectResponse(str(saved), status_code=303)
