"""A course's roster from its LMS: LTI Names and Role Provisioning Services 2.0, read with the
tool's service token from the memberships URL its launches name, page by page (`Link: <…>;
rel="next"`), and stored whole (`service.roster.store`) in place of the last list.

What the LMS sends is believed no more than a launch: each page is capped (the outgoing policy's
answer size and deadline), and the whole reading too (a `Budget` of time and bytes across every
page and context), so are the pages and the members; an entry that is not a member as the spec
writes one is left out and counted; a page that is not JSON or is nested too deeply to parse, a
page of another context, a next link already followed or a spent budget ends the reading with
nothing stored and the reason kept for the dashboard. Requests go to the registration's own origins only (the policy
session), so a memberships URL or a next link elsewhere is refused and the token never leaves.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import requests
from pylti1p3.exception import LtiException, LtiServiceException
from requests.utils import parse_header_links
from sqlalchemy import select
from sqlalchemy.orm import Session

from service.lti import claims, contexts, tool_keys
from service.lti.connector import CachedTokens, TokenCache, lms_connector
from service.lti.tables import LtiContext, LtiRegistration
from service.outbound.budget import Budget, OverBudget
from service.outbound.session import Outbound, RefusedRequest
from service.policies import store
from service.roster import store as roster_store
from service.roster.store import Listing, Member, Refreshed
from service.storage.db import Database
from service.storage.tables import Course

log = logging.getLogger(__name__)
NRPS_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"
CONTAINER = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json"
MAX_PAGES = 200
MAX_MEMBERS = 20_000  # a MOOC's course; a list longer than this is refused, not cut
MAX_ROLES = 50
MAX_USER_ID = 255  # the spec's `sub`: at most 255 ASCII characters
MAX_NAME = 200
ASK_AGAIN_SECONDS = 600  # launches ask for the roster at most this often (every launch could)
STATUSES = {"Active": "active", "Inactive": "inactive"}  # "Deleted" (a difference) is not a member


class Unreadable(Exception):
    """The LMS's answer is not a roster of this context: nothing of it is stored."""


# -- reading what the LMS says -------------------------------------------------------------------
def _name(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    printable = "".join(c for c in value if unicodedata.category(c)[0] != "C")  # no controls, no bidi tricks
    cleaned = re.sub(r"\s+", " ", printable).strip()[:MAX_NAME]
    return cleaned or None


def member(entry: Any) -> Member | bool | None:
    """A learner of the list as NRPS writes one; False: an entry the spec does not allow; None: a
    member who does not learn (an instructor), or one the LMS says is deleted."""
    if not isinstance(entry, Mapping):
        return False
    sub, roles, status = entry.get("user_id"), entry.get("roles"), entry.get("status", "Active")
    if not isinstance(sub, str) or not 0 < len(sub) <= MAX_USER_ID or not sub.isprintable():
        return False
    if not isinstance(roles, list) or len(roles) > MAX_ROLES or not isinstance(status, str):
        return False
    if status not in STATUSES or not any(isinstance(r, str) and claims.learning(r) for r in roles):
        return None
    return Member(contexts.student_id(sub), _name(entry.get("name")), STATUSES[status])


def page_members(body: Any, context_id: str) -> tuple[list[Member], int]:
    """A page's learners and how many of its entries were refused; Unreadable if it is not a
    membership container of this context."""
    if not isinstance(body, Mapping) or not isinstance(body.get("members"), list):
        raise Unreadable("the answer is not a membership container")
    context = body.get("context")
    if isinstance(context, Mapping) and context.get("id") not in (None, context_id):
        raise Unreadable("the answer lists another context's members")
    read = [member(entry) for entry in body["members"]]
    return [m for m in read if isinstance(m, Member)], sum(1 for m in read if m is False)


def next_page(headers: Mapping[str, str]) -> str | None:
    """The `rel="next"` target of the answer's Link header, as written (its case kept: a cursor
    in a URL is case-sensitive, and PyLTI1p3's own reading lowercases it)."""
    link = next((v for k, v in headers.items() if k.lower() == "link"), "")
    for found in parse_header_links(link.replace("\n", " ")):
        if "next" in found.get("rel", "").split():
            return found.get("url") or None
    return None


def fetch(connector: CachedTokens, url: str, context_id: str) -> Listing:
    """Every page of the context's roster, in full, or Unreadable (or the request's error)."""
    members: dict[str, Member] = {}
    followed: set[str] = set()
    skipped, next_url = 0, url
    for _ in range(MAX_PAGES):
        if next_url in followed:
            raise Unreadable("a next link leads back to a page already read")
        followed.add(next_url)
        answer = _page(connector, next_url, len(followed))
        found, left_out = page_members(answer["body"], context_id)
        members.update((m.student, m) for m in found)
        skipped += left_out
        if len(members) > MAX_MEMBERS:
            raise Unreadable(f"more than {MAX_MEMBERS} members")
        following = next_page(answer["headers"])
        if following is None:
            return Listing(members, skipped)
        next_url = following
    raise Unreadable(f"more than {MAX_PAGES} pages")


def _page(connector: CachedTokens, url: str, number: int) -> Any:
    """One page's answer; Unreadable when its body cannot be parsed, OverBudget (saying how far
    the reading got) when the reading's budget is spent."""
    try:
        return connector.make_service_request([NRPS_SCOPE], url, accept=CONTAINER)
    except OverBudget as spent:
        raise OverBudget(f"{spent} ({number - 1} pages read)") from None
    except RecursionError:  # json's parser recurses once per level of nesting
        raise Unreadable(f"page {number} is nested too deeply to be a membership container") from None
    except ValueError as error:  # requests' JSONDecodeError is one
        raise Unreadable(f"page {number} is not JSON ({error})"[:300]) from None


# -- where it comes from ---------------------------------------------------------------------------
def remember_url(session: Session, context: LtiContext, url: str | None, platform_id: int) -> int | None:
    """A launch's memberships URL kept on its context; the course's id when its roster is to be
    asked for now (never asked, or not for `ASK_AGAIN_SECONDS`), which is then marked asked."""
    if url is None:
        return None
    context.memberships_url = url
    course_id = store.course_id(session, platform_id, context.course)
    return course_id if roster_store.ask(session, course_id, ASK_AGAIN_SECONDS) else None


def destination(db: Database, course_id: int) -> str | None:
    """The LMS a course's roster is read from, as the sender's gates count it (the first, when
    several contexts open the course)."""
    with db.reading() as session:
        found = sorted(registration.id for _, registration in _sources(session, course_id))
    return f"lms:{found[0]}" if found else None


def _sources(session: Session, course_id: int) -> list[tuple[LtiContext, LtiRegistration]]:
    """The LMS contexts that open this course and name a memberships URL."""
    course = session.get(Course, course_id)
    if course is None:
        return []
    query = (
        select(LtiContext, LtiRegistration)
        .join(LtiRegistration, LtiRegistration.id == LtiContext.registration_id)
        .where(
            LtiRegistration.platform_id == course.platform_id,
            LtiContext.course == course.slug,
            LtiContext.memberships_url.is_not(None),
        )
    )
    return [(context, registration) for context, registration in session.execute(query)]


def refresh(
    db: Database, course_id: int, outbound: Outbound, budget: Budget, tokens: TokenCache
) -> Refreshed:
    """The course's roster read again from each LMS context that opens it (the worker's task),
    every request under one `budget`; on any failure the stored roster stays as it was and the
    error is kept for the dashboard."""
    with db.transaction() as session:
        sources = [(c.context_id, c.memberships_url or "", r) for c, r in _sources(session, course_id)]
        key = tool_keys.signing_key(session)
    if not sources:
        return roster_store.record(db, course_id, None, "no LMS context of this course offers its roster")
    members: dict[str, Member] = {}
    skipped = 0
    budgeted = replace(outbound, budget=budget)
    try:
        for context_id, url, registration in sources:
            listing = fetch(lms_connector(registration, key, budgeted, tokens), url, context_id)
            members.update(listing.members)
            skipped += listing.skipped
    except (
        Unreadable,
        LtiException,
        LtiServiceException,
        RefusedRequest,
        requests.RequestException,
    ) as error:
        log.warning("roster of course %s not read: %s", course_id, _told(error))
        return roster_store.record(db, course_id, None, _told(error))
    return roster_store.record(db, course_id, Listing(members, skipped), None)


def _told(error: Exception) -> str:
    if isinstance(error, LtiServiceException) and error.response is not None:
        return f"the LMS answered HTTP {error.response.status_code}"
    if isinstance(error, OverBudget):
        return str(error)
    return f"{type(error).__name__}: {error}"[:500]
