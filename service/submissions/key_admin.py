"""Administering API keys: list them (never their secrets), revoke one, rotate one with a grace period."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.storage.sealing import Sealer
from service.storage.tables import ApiKey, Platform, now
from service.submissions.keys import KEY_PREFIX, CreatedKey, create_key, key_parts


class UnknownKey(LookupError):
    """No key has this prefix."""


@dataclass(frozen=True)
class KeyInfo:
    platform: str
    prefix: str
    courses: tuple[str, ...]  # empty: every course of the platform
    created_at: datetime
    last_used_at: datetime | None
    expires_at: datetime | None
    revoked_at: datetime | None


@dataclass(frozen=True)
class Rotated:
    created: CreatedKey
    courses: tuple[str, ...]
    old_prefix: str
    old_expires_at: datetime
    old_key_id: int


def prefix_of(key_or_prefix: str) -> str:
    """A key's prefix, whether given the prefix itself or the whole key."""
    if key_or_prefix.startswith(KEY_PREFIX):
        return key_parts(key_or_prefix)[0]
    return key_or_prefix


def _info(row: ApiKey) -> KeyInfo:
    return KeyInfo(
        platform=row.platform.name,
        prefix=row.prefix,
        courses=tuple(sorted(s.course for s in row.scopes)),
        created_at=row.created_at,
        last_used_at=row.last_used_at,
        expires_at=row.expires_at,
        revoked_at=row.revoked_at,
    )


def listing(session: Session) -> list[KeyInfo]:
    query = select(ApiKey).join(Platform).order_by(Platform.name, ApiKey.created_at, ApiKey.prefix)
    return [_info(row) for row in session.scalars(query)]


def _find(session: Session, key_or_prefix: str) -> ApiKey:
    prefix = prefix_of(key_or_prefix)
    row = session.scalar(select(ApiKey).where(ApiKey.prefix == prefix))
    if row is None:
        raise UnknownKey(f"no API key with prefix {prefix!r} (autograder keys list shows them)")
    return row


def revoke(session: Session, key_or_prefix: str) -> KeyInfo:
    """The key stops working (within the API's caller cache, 10 s); revoking twice keeps the first time."""
    row = _find(session, key_or_prefix)
    if row.revoked_at is None:
        row.revoked_at = now()
    session.flush()
    return _info(row)


def rotate(session: Session, key_or_prefix: str, grace: timedelta, sealer: Sealer) -> Rotated:
    """A new key (and webhook secret) for the same platform and courses; the old key keeps working
    for `grace` and then expires (at once with no grace)."""
    old = _find(session, key_or_prefix)
    if old.revoked_at is not None:
        raise UnknownKey(f"the key {old.prefix!r} is revoked: create a new one with autograder keys create")
    courses = tuple(sorted(s.course for s in old.scopes))
    created = create_key(session, old.platform.name, list(courses), sealer)
    ends = now() + grace
    old.expires_at = ends if old.expires_at is None else min(old.expires_at, ends)
    if grace <= timedelta(0):
        old.revoked_at = now()
    session.flush()
    return Rotated(
        created=created,
        courses=courses,
        old_prefix=old.prefix,
        old_expires_at=old.expires_at,
        old_key_id=old.id,
    )
