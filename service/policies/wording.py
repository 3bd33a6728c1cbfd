"""A refused attempt told to the student, in their language: how many used, and from when."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

from grader.text import Lang, Text, text
from service.policies.rules import Standing

USED = text("{used} de {allowed} intentos usados", "{used} of {allowed} attempts used")
USED_ONLY = text("{used} intentos usados", "{used} attempts used")
USED_ONE = text("1 intento usado", "1 attempt used")
USED_OF_ONE = text("1 de 1 intento usado", "1 of 1 attempt used")
NONE_LEFT = text("no quedan más intentos", "no attempts left")
NEXT_TODAY = text("el próximo desde las {time}", "next one from {time}")
NEXT_LATER = text("el próximo desde el {time}", "next one from {time}")


def refusal(standing: Standing, lang: Lang, at: datetime, zone: tzinfo = UTC) -> str:
    """`3 de 5 intentos usados; el próximo desde las 14:32 UTC`."""
    used = used_words(standing)
    if standing.next_at is None:
        return f"{used(lang)}; {NONE_LEFT(lang)}"
    return f"{used(lang)}; {_next(standing.next_at, at, zone)(lang)}"


def used_words(standing: Standing) -> Text:
    """How many attempts were used (of how many), singular or plural as the numbers ask."""
    if standing.allowed is None:
        return USED_ONE if standing.used == 1 else USED_ONLY.format(used=standing.used)
    if standing.allowed == 1:
        return USED_OF_ONE
    return USED.format(used=standing.used, allowed=standing.allowed)


def _next(next_at: datetime, at: datetime, zone: tzinfo) -> Text:
    local, today = next_at.astimezone(zone), at.astimezone(zone)
    if local.date() == today.date():
        return NEXT_TODAY.format(time=local.strftime("%H:%M %Z"))
    return NEXT_LATER.format(time=local.strftime("%Y-%m-%d %H:%M %Z"))
