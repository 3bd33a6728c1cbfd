"""The address the tool's URLs are built from, for the commands that print them for an LMS.

An LMS on another machine cannot reach this machine's loopback address, nor "every interface"
(0.0.0.0): URLs built from either fail far from their cause, in the LMS. Without a public address
(`--tool-url` or AUTOGRADER_PUBLIC_URL) the address is the running `serve`'s (its port, not the
default one), and a loopback or unspecified one is said, or refused where it would be spent.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

from service.cli.startup import served_address
from service.core.settings import Settings

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}
HOW = (
    "set AUTOGRADER_PUBLIC_URL (or pass --tool-url) to the address the LMS reaches this service at, "
    "e.g. https://grader.example.org"
)


@dataclass(frozen=True)
class ToolAddress:
    base: str
    chosen: bool  # given by the operator (--tool-url, AUTOGRADER_PUBLIC_URL), not derived
    problem: str | None  # why an LMS elsewhere cannot reach `base`, when it cannot


def tool_address(settings: Settings, tool_url: str | None) -> ToolAddress:
    chosen = tool_url or settings.public_url
    base = chosen or served_address(settings.data_dir) or settings.public_base
    return ToolAddress(base, chosen is not None, _unreachable(base, chosen is not None))


def _unreachable(base: str, chosen: bool) -> str | None:
    host = (urlsplit(base).hostname or "").lower()
    if host in LOOPBACK_NAMES or _is(host, "is_loopback"):
        where = "is" if chosen else "would be (no AUTOGRADER_PUBLIC_URL)"
        return f"the tool's address {where} {base}, this machine's loopback: no LMS on another machine reaches it"
    if _is(host, "is_unspecified"):
        return f"the tool's address would be {base}, which is no address an LMS can reach"
    return None


def _is(host: str, quality: str) -> bool:
    try:
        return bool(getattr(ipaddress.ip_address(host), quality))
    except ValueError:
        return False
