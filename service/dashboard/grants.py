"""Which platform's course an instructor is granted: the one named, or the only one the data allows.

Course names are unique per platform, not globally (design.md, Tenancy): two universities may both
have an `intro`. A grant therefore names a platform and a course. `instructors create` may leave
the platform out while only one platform can mean that course: the one that has it (it received a
submission for it, or one of its usable keys is limited to it: a revoked or expired key claims
nothing), or, when none has it yet, the only platform there is.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import or_, select, union
from sqlalchemy.orm import Session

from service.storage.tables import ApiKey, Course, KeyScope, Platform, now


class GrantError(ValueError):
    """The course cannot be granted as asked; the message says what to do instead."""


@dataclass(frozen=True, order=True)
class GrantedCourse:
    """A course an instructor may see: its name (in the dashboard's links) and its platform."""

    slug: str
    platform: str
    platform_id: int

    def __str__(self) -> str:  # what pages show and link: the course's name
        return self.slug


def _named(session: Session, name: str) -> Platform:
    platform = session.scalar(select(Platform).where(Platform.name == name))
    if platform is None:
        raise GrantError(
            f"no platform named {name!r}: its first key creates it (autograder keys create --name {name})"
        )
    return platform


def _having(session: Session, course: str) -> list[Platform]:
    owners = union(
        select(Course.platform_id).where(Course.slug == course),
        select(ApiKey.platform_id)
        .join(KeyScope)
        .where(
            KeyScope.course == course,
            ApiKey.revoked_at.is_(None),
            or_(ApiKey.expires_at.is_(None), ApiKey.expires_at > now()),
        ),
    )
    return list(session.scalars(select(Platform).where(Platform.id.in_(owners)).order_by(Platform.name)))


def platform_of(session: Session, course: str, named: str | None) -> Platform:
    """The platform whose `course` is meant: `named`, or the only candidate."""
    if named is not None:
        return _named(session, named)
    having = _having(session, course)
    if len(having) == 1:
        return having[0]
    if having:
        names = ", ".join(p.name for p in having)
        raise GrantError(
            f"course {course!r} is a course of several platforms ({names}): choose one with --platform"
        )
    every = list(session.scalars(select(Platform).order_by(Platform.name)))
    if len(every) == 1:
        return every[0]  # its course-to-be: granted before its first submission
    if not every:
        raise GrantError("no platform yet: create its key first (autograder keys create --name NAME)")
    names = ", ".join(p.name for p in every)
    raise GrantError(
        f"no such course {course!r}: no platform has a submission for it or a key limited to it; "
        f"check its spelling, or name its platform ({names}) with --platform to grant it before its first submission"
    )
