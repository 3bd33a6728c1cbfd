"""A course's policies on the dashboard: each challenge's limits on attempts, read and set."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError

from grader.challenge import in_course_order
from service.dashboard import csrf, links, timezones
from service.dashboard.deps import Challenges, CurrentAccount, VisibleCourse, render
from service.dashboard.forms import form_fields
from service.dashboard.grants import GrantedCourse
from service.policies import admin
from service.policies.schemas import ExtensionIn, PolicyIn
from service.policies.tables import EVERY_CHALLENGE
from service.roster import store as roster_store
from service.storage.db import Database
from service.submissions import ids
from service.web.deps import Db

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
    due: str  # `datetime-local` in the instructor's zone
    late_policy: str
    late_penalty_percent: str


def _minutes(seconds: int | None) -> str:
    if seconds is None:
        return ""
    return str(seconds // MINUTE) if seconds % MINUTE == 0 else f"{seconds / MINUTE:.2f}"


def _local(moment: datetime | None, zone: timezones.Zone) -> str:
    return zone.local(moment).strftime("%Y-%m-%dT%H:%M") if moment is not None else ""


def _rows(db: Database, course: GrantedCourse, known: Challenges, zone: timezones.Zone) -> list[Row]:
    with db.reading() as session:
        stored = {
            p.challenge: p for p in admin.course_policies(session, course.platform_id, course.slug).policies
        }
    rows = []
    for challenge in [EVERY_CHALLENGE, *in_course_order(known, known)]:
        policy = stored.get(challenge)
        rows.append(
            Row(
                challenge=challenge,
                max_attempts=str(policy.max_attempts or "") if policy else "",
                cooldown_minutes=_minutes(policy.cooldown_seconds) if policy else "",
                window_attempts=str(policy.window_attempts or "") if policy else "",
                window_minutes=_minutes(policy.window_seconds) if policy else "",
                due=_local(policy.due_at, zone) if policy else "",
                late_policy=(policy.late_policy or "") if policy else "",
                late_penalty_percent=_percent(policy.late_penalty_percent) if policy else "",
            )
        )
    return rows


def _percent(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def _page(
    request: Request,
    db: Database,
    account: CurrentAccount,
    course: GrantedCourse,
    known: Challenges,
    **extra: object,
) -> HTMLResponse:
    zone = timezones.zone_of(request)
    with db.reading() as session:
        extended = admin.course_extensions(session, course.platform_id, course.slug).extensions
    context = {
        "account": account,
        "course": course,
        "page": "policies",
        "rows": _rows(db, course, known, zone),
        "extensions": [(e.student, e.challenge, zone.stamp(e.due_at)) for e in extended],
        "challenges": in_course_order(known, known),
        **extra,
    }
    return render(request, "policies.html", context, status_code=422 if extra.get("error") else 200)


@router.get("/courses/{course}/policies", response_class=HTMLResponse, name="policies")
def policies(
    request: Request,
    account: CurrentAccount,
    course: VisibleCourse,
    known: Challenges,
    db: Db,
    saved: str = "",
    extended: str = "",
) -> HTMLResponse:
    return _page(request, db, account, course, known, saved=saved, extended=extended)


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


class Skipped(ValueError):
    """A local time the zone's clocks skip (a spring-forward gap): no instant has it."""


def _moment(fields: dict[str, str], name: str, zone: timezones.Zone) -> datetime | None:
    """A `datetime-local` field, read as the instant it names in the instructor's zone."""
    text = fields.get(name, "").strip()
    if not text:
        return None
    try:
        typed = datetime.fromisoformat(text)
    except ValueError:
        raise Unreadable(name) from None
    if typed.tzinfo is not None:
        raise Unreadable(name)
    moment = typed.replace(tzinfo=zone.info).astimezone(UTC)
    if zone.local(moment).replace(tzinfo=None) != typed:  # the way back lands an hour on
        raise Skipped(text)
    return moment


def _late(fields: dict[str, str]) -> Literal["best_on_time", "penalty"] | None:
    chosen = fields.get("late_policy", "")
    if chosen == "best_on_time":
        return "best_on_time"
    if chosen == "penalty":
        return "penalty"
    if chosen:
        raise Unreadable("late_policy")
    return None


def _penalty(fields: dict[str, str]) -> float | None:
    text = fields.get("late_penalty_percent", "").strip().replace(",", ".")
    try:
        return float(text) if text else None
    except ValueError:
        raise Unreadable("late_penalty_percent") from None


def _policy(fields: dict[str, str], zone: timezones.Zone) -> PolicyIn:
    return PolicyIn(
        max_attempts=_number(fields, "max_attempts"),
        cooldown_seconds=_number(fields, "cooldown_minutes", MINUTE),
        window_attempts=_number(fields, "window_attempts"),
        window_seconds=_number(fields, "window_minutes", MINUTE),
        due_at=_moment(fields, "due", zone),
        late_policy=_late(fields),
        late_penalty_percent=_penalty(fields),
    )


@router.post("/courses/{course}/policies", name="policies_save", response_model=None)
def save(
    request: Request,
    account: CurrentAccount,
    course: VisibleCourse,
    known: Challenges,
    fields: Form,
    db: Db,
) -> Response:
    csrf.check(request, fields)
    challenge = fields.get("challenge", "")
    if challenge != EVERY_CHALLENGE and challenge not in known:
        return _page(request, db, account, course, known, error="unknown")
    try:
        policy = _policy(fields, timezones.zone_of(request))
    except Skipped as skipped:
        return _page(request, db, account, course, known, error="skipped", skipped=str(skipped))
    except (Unreadable, ValidationError):
        return _page(request, db, account, course, known, error="invalid", failed=challenge)
    with db.transaction() as session:
        admin.set_policy(session, course.platform_id, course.slug, challenge, policy)
    saved = links.url(request, "policies", course=course.slug).include_query_params(saved=challenge)
    return RedirectResponse(str(saved), status_code=303)


CONFIRM_UNKNOWN = "unknown_student"  # the form's `confirm`: save it though the course knows no such student


@dataclass(frozen=True)
class Typed:
    """An extension as typed, shown again to confirm it (or to correct the student's id)."""

    student: str
    challenge: str
    due: str


def _known(db: Database, course: GrantedCourse, student: str) -> bool:
    with db.reading() as session:
        return roster_store.knows(session, course.platform_id, course.slug, student)


@router.post("/courses/{course}/extensions", name="extension_save", response_model=None)
def save_extension(
    request: Request,
    account: CurrentAccount,
    course: VisibleCourse,
    known: Challenges,
    fields: Form,
    db: Db,
) -> Response:
    """A student's own due date (`due` empty: removed). For a student the course does not know
    (no submission, not on the roster: a typo?) it is saved once the instructor confirms."""
    csrf.check(request, fields)
    challenge = fields.get("challenge", "")
    try:
        student = ids.valid_id(fields.get("student", ""))
        due_at = _moment(fields, "due", timezones.zone_of(request))
        if challenge != EVERY_CHALLENGE and challenge not in known:
            raise Unreadable("challenge")
        extension = ExtensionIn(student=student, challenge=challenge, due_at=due_at)
    except Skipped as skipped:
        return _page(request, db, account, course, known, error="skipped", skipped=str(skipped))
    except (Unreadable, ValueError):
        return _page(request, db, account, course, known, error="extension")
    if due_at is not None and fields.get("confirm") != CONFIRM_UNKNOWN and not _known(db, course, student):
        typed = Typed(student, challenge, fields.get("due", "").strip())
        return _page(request, db, account, course, known, unknown=typed, confirm=CONFIRM_UNKNOWN)
    with db.transaction() as session:
        admin.extend(session, course.platform_id, course.slug, extension)
    saved = links.url(request, "policies", course=course.slug).include_query_params(extended=student)
    return RedirectResponse(str(saved), status_code=303)
