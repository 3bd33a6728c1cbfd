"""API keys of course platforms: created once, stored hashed, checked in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.core.errors import Forbidden, Invalid, Unauthorized
from service.storage.sealing import Sealer
from service.storage.tables import ApiKey, KeyScope, Platform, now
from service.submissions import ids

KEY_PREFIX = "ag_"
LAST_USED_PRECISION = timedelta(minutes=1)


@dataclass(frozen=True)
class Caller:
    """Who is calling: a platform through one of its keys, limited to some courses or to none."""

    platform_id: int
    key_id: int
    courses: frozenset[str] | None  # None: every course of the platform

    def may_use(self, course: str) -> bool:
        return self.courses is None or course in self.courses


def course_of(caller: Caller, course: str) -> str:
    """The course id a route's path names, valid and within the caller's key's scope."""
    try:
        slug = ids.valid_course(course)
    except ValueError as invalid:
        raise Invalid(f"course id {invalid}") from None
    if not caller.may_use(slug):
        raise Forbidden(f"this API key may not use course {course!r}")
    return slug


@dataclass(frozen=True)
class CreatedKey:
    key: str
    webhook_secret: str
    platform: str
    key_id: int

    @property
    def secret(self) -> str:
        """The key's part after its prefix (never stored, never logged)."""
        return key_parts(self.key)[1]


def key_parts(key: str) -> tuple[str, str]:
    """(prefix, secret) of `ag_<prefix>_<secret>`; the secret is URL-safe base64 and may hold "_"."""
    prefix, _, secret = key.removeprefix(KEY_PREFIX).partition("_")
    return prefix, secret


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def create_key(session: Session, name: str, courses: list[str], sealer: Sealer) -> CreatedKey:
    """A new key (and webhook secret) for the platform `name`, created if new. Shown only here.

    Raises ValueError for a course that is no valid course id (`ids.valid_course`)."""
    courses = [ids.valid_course(c) for c in courses]
    platform = session.scalar(select(Platform).where(Platform.name == name))
    if platform is None:
        platform = Platform(name=name)
        session.add(platform)
        session.flush()
    prefix = secrets.token_hex(6)
    key = f"{KEY_PREFIX}{prefix}_{secrets.token_urlsafe(32)}"
    webhook_secret = f"whsec_{secrets.token_urlsafe(32)}"
    row = ApiKey(
        platform_id=platform.id,
        prefix=prefix,
        key_hash=_hash(key),
        webhook_secret_sealed=sealer.seal(webhook_secret),
        scopes=[KeyScope(course=c) for c in sorted(set(courses))],
    )
    session.add(row)
    session.flush()
    return CreatedKey(key=key, webhook_secret=webhook_secret, platform=name, key_id=row.id)


def _prefix(key: str) -> str | None:
    if not key.startswith(KEY_PREFIX):
        return None
    prefix, secret = key_parts(key)
    return prefix if len(prefix) == 12 and secret else None


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)  # SQLite keeps no zone


def _active(row: ApiKey, moment: datetime) -> bool:
    """Not revoked, and not past the end of a rotated key's grace period."""
    return row.revoked_at is None and (row.expires_at is None or _aware(row.expires_at) > moment)


def alive(session: Session, key_id: int) -> bool:
    """Whether the key still works, as `authenticate` would find it: what it made (a student's
    link) works as long as it does, and no longer."""
    row = session.get(ApiKey, key_id)
    return row is not None and _active(row, now())


def _mark_used(row: ApiKey) -> None:
    """Record when the key was last used, to the minute: the API checks a key at most every few
    seconds per process (it caches the caller), so this writes rarely."""
    moment = now()
    if row.last_used_at is None or moment - _aware(row.last_used_at) > LAST_USED_PRECISION:
        row.last_used_at = moment


def authenticate(session: Session, key: str | None) -> Caller:
    if not key:
        raise Unauthorized("missing API key: send Authorization: Bearer <key>")
    prefix = _prefix(key)
    row = session.scalar(select(ApiKey).where(ApiKey.prefix == prefix)) if prefix else None
    # Compare a hash even when no row matched, so timing does not tell which prefixes exist.
    expected = row.key_hash if row is not None else _hash("")
    if not hmac.compare_digest(_hash(key), expected) or row is None:
        raise Unauthorized("invalid API key")
    # Only the key's holder gets this far: saying it was revoked or rotated away tells them what
    # to do (and tells nobody else anything).
    if row.revoked_at is not None:
        raise Unauthorized("revoked API key: ask the service's operator for a new one")
    if not _active(row, now()):
        raise Unauthorized("expired API key: it was rotated; use the key that replaced it")
    _mark_used(row)
    courses = frozenset(s.course for s in row.scopes) or None
    return Caller(platform_id=row.platform_id, key_id=row.id, courses=courses)
