"""Which student and course ids are valid: one spelling per id, nothing invisible, a URL path segment.

Platforms choose the ids; people read them in the dashboard and in exports. Two ids that look the
same must be the same id, so an id is stored in Unicode NFC ("é" composed, however it was typed)
and characters that do not show or that move text around are refused (a zero-width space, a bidi
override, a line break, a tab). Anything else a platform uses stays valid: `/`, `?`, `#`, `%` in a
student id are percent-encoded in the dashboard's links. A course id is also one path segment of
those links, so it may not contain `/`; `.` and `..` are no id at all (a browser resolves them).
"""

from __future__ import annotations

import unicodedata

MAX_LENGTH = 200
_REFUSED = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "a lone surrogate",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}


def _refused(char: str) -> str | None:
    category = unicodedata.category(char)
    if category in _REFUSED:
        return _REFUSED[category]
    if category == "Zs" and char != " ":
        return "a space other than the plain space"
    return None


def normal(value: str) -> str:
    """The id in NFC, for lookups (a filter spelled another way finds the same id)."""
    return unicodedata.normalize("NFC", value)


def valid_id(value: str) -> str:
    """The id in NFC, or ValueError saying what is wrong with it."""
    if value.isascii() and value.isprintable():  # most ids: nothing to compose or refuse, no loop
        return _shaped(value)
    value = normal(value)
    for position, char in enumerate(value, start=1):
        kind = _refused(char)
        if kind is not None:
            raise ValueError(
                f"contains {kind} (U+{ord(char):04X}) at character {position}; ids are visible text"
            )
    return _shaped(value)


def _shaped(value: str) -> str:
    """The checks on the id as a whole: its ends, dot segments, its length once composed."""
    if value != value.strip():
        raise ValueError("starts or ends with a space")
    if value in (".", ".."):
        raise ValueError(f"{value!r} is not an id: a browser reads it as a folder of a link")
    if len(value) > MAX_LENGTH:
        raise ValueError(f"is longer than {MAX_LENGTH} characters once composed (NFC)")
    return value


def valid_course(value: str) -> str:
    """A valid id that also fits in one segment of a URL's path (no `/`)."""
    value = valid_id(value)
    if "/" in value:
        raise ValueError("contains '/': a course id is one segment of the dashboard's links")
    return value
