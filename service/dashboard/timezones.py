"""Times in the instructor's time zone: one they chose in the settings, else their browser's.

Stored times are UTC (SQLite returns them without a zone). The zone lives in a cookie:
`browser:<zone>` written by the page's script from `Intl` (so the next page is rendered in it),
or `chosen:<zone>` from the settings page, which the script leaves alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from starlette.requests import Request

COOKIE = "dashboard_tz"
QUERY = "tz"
BROWSER: Literal["auto"] = "auto"  # the settings' value for "follow the browser"
Source = Literal["chosen", "browser", "default"]


@dataclass(frozen=True)
class Zone:
    name: str
    info: ZoneInfo
    source: Source

    def local(self, moment: datetime) -> datetime:
        aware = utc(moment)
        assert aware is not None  # noqa: S101 narrows for mypy
        return aware.astimezone(self.info)

    def stamp(self, moment: datetime, seconds: bool = False) -> str:
        """`2026-12-01 14:05 CET`: the zone's abbreviation beside every time shown."""
        local = self.local(moment)
        return local.strftime("%Y-%m-%d %H:%M:%S %Z" if seconds else "%Y-%m-%d %H:%M %Z")


DEFAULT = Zone("UTC", ZoneInfo("UTC"), "default")


def utc(moment: datetime | None) -> datetime | None:
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


@cache
def names() -> tuple[str, ...]:
    """The IANA zones this machine knows, for the settings' list."""
    return tuple(sorted(available_timezones()))


def known(name: str) -> ZoneInfo | None:
    if name not in names():  # never a path or anything else ZoneInfo might try to open
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def parse(cookie: str) -> Zone | None:
    source, _, name = cookie.partition(":")
    info = known(name)
    if info is None or source not in ("chosen", "browser"):
        return None
    return Zone(name, info, "chosen" if source == "chosen" else "browser")


def chosen(request: Request) -> Zone | Literal["auto"] | None:
    """A zone picked in the settings in this request (`?tz=`): a zone, "auto", or None."""
    asked = request.query_params.get(QUERY)
    if asked == BROWSER:
        return BROWSER
    info = known(asked) if asked else None
    return Zone(asked, info, "chosen") if asked and info is not None else None


def zone_of(request: Request) -> Zone:
    picked = chosen(request)
    if isinstance(picked, Zone):
        return picked
    if picked == BROWSER:
        return DEFAULT
    return parse(request.cookies.get(COOKIE, "")) or DEFAULT


def cookie_value(zone: Zone) -> str:
    return f"{zone.source}:{zone.name}"
