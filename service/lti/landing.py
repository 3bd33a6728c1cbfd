"""Where a validated launch lands: a learner on the challenge page, an instructor on the course's
dashboard, a deep-linking request on the challenge picker."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy.orm import Session

from grader.challenge import Challenge
from grader.text import Lang
from service.lti import claims, contexts, entry, registrations, roster
from service.lti.adapter import Refused
from service.lti.tables import LtiRegistration
from service.storage.db import Database
from service.students import grants
from service.submissions import keys

PAGE_SECONDS = 4 * 3600


@dataclass(frozen=True)
class StudentPage:
    grant: grants.PageGrant
    roster_of: int | None = None  # a course whose roster the launch asks the LMS for


@dataclass(frozen=True)
class Dashboard:
    ticket: str
    course: str
    framed: bool
    lang: Lang
    roster_of: int | None = None


@dataclass(frozen=True)
class Picker:
    launch_id: str
    lang: Lang
    frame_origin: str


Landing = StudentPage | Dashboard | Picker


def land(db: Database, launch: claims.Launch, launch_id: str, known: Mapping[str, Challenge]) -> Landing:
    if launch.context_id is None:
        raise Refused("context", "no context claim")
    if launch.message_type == claims.DEEP_LINK_LAUNCH:
        if not launch.teaches:
            raise Refused("role", "a deep-linking request from someone who does not teach")
        with db.transaction() as session:
            registration = _registration(session, launch)
            return Picker(launch_id, launch.lang, registration.frame_origin)
    if launch.teaches:
        return _dashboard(db, launch)
    if launch.learns:
        return _student(db, launch, known)
    raise Refused("role", f"roles {launch.roles}")


def _registration(session: Session, launch: claims.Launch) -> LtiRegistration:
    row = registrations.find(session, launch.issuer, launch.client_id)
    if row is None:  # it was there a moment ago, when the launch was checked
        raise Refused("registration", "registration removed during the launch")
    return row


def _dashboard(db: Database, launch: claims.Launch) -> Dashboard:
    assert launch.context_id is not None  # noqa: S101 narrows for mypy
    if not launch.sub:
        raise Refused("message", "an anonymous instructor launch: no account to open")
    with db.transaction() as session:
        registration = _registration(session, launch)
        context = contexts.course(session, registration, launch.context_id, launch.context_label)
        instructor_id = entry.instructor(session, registration, context, launch.sub)
        course = context.course
        roster_of = roster.remember_url(session, context, launch.memberships_url, registration.platform_id)
    ticket = entry.ticket(db, entry.Entry(instructor_id, course))
    return Dashboard(ticket, course, launch.document_target != "window", launch.lang, roster_of)


def _student(db: Database, launch: claims.Launch, known: Mapping[str, Challenge]) -> StudentPage:
    assert launch.context_id is not None  # noqa: S101 narrows for mypy
    challenge = launch.custom.get("challenge", "")
    if challenge not in known:
        raise Refused("challenge", f"custom challenge {challenge!r}")
    if launch.resource_link_id is None or not launch.sub:
        raise Refused("message", "a resource launch without a resource link or a user")
    with db.transaction() as session:
        registration = _registration(session, launch)
        if not keys.alive(session, registration.api_key_id):  # its page could not submit
            raise Refused("key_revoked", "the platform's API key for this LMS was revoked")
        context = contexts.course(session, registration, launch.context_id, launch.context_label)
        placed = (challenge, launch.lang)
        link = contexts.link(
            session, context, launch.resource_link_id, launch.deployment_id, placed, launch.ags
        )
        grant = grants.PageGrant(
            platform_id=registration.platform_id,
            key_id=registration.api_key_id,
            course=context.course,
            student=contexts.learner(session, context, launch.sub),
            challenge=challenge,
            lang=launch.lang,
            expires_at=grants.expiry(PAGE_SECONDS),
            frame_origin=registration.frame_origin,
            lti_link_id=link.id,
        )
        roster_of = roster.remember_url(session, context, launch.memberships_url, registration.platform_id)
    return StudentPage(grant, roster_of)
