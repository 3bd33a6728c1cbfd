"""A page grant: who may use the student page, for what, until when; carried as a signed token.

The token travels in the page's URL and then in the page's `Authorization` header, never in a
cookie, so the page works inside a platform's iframe whatever its third-party cookie policy.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import asdict, dataclass
from typing import Any, Literal

from itsdangerous import BadSignature, URLSafeSerializer

from grader.text import Lang
from service.core.errors import Unauthorized

SALT = "autograder.student-page"
DEFAULT_SECONDS = 4 * 3600
MAX_SECONDS = 24 * 3600


@dataclass(frozen=True)
class PageGrant:
    platform_id: int
    key_id: int  # the API key the page's submissions are made with
    course: str
    student: str
    challenge: str
    lang: Lang
    expires_at: int  # Unix seconds
    frame_origin: str | None = None  # who may show the page in an iframe, besides this site
    lti_link_id: int | None = None  # the LTI resource link whose line item receives the score

    @property
    def draft_key(self) -> str:
        """Where the browser keeps the draft: one per (platform, course, student, challenge)."""
        identity = f"{self.platform_id}\x00{self.course}\x00{self.student}\x00{self.challenge}"
        return "ag-draft-" + hashlib.sha256(identity.encode()).hexdigest()[:24]


Problem = Literal["missing", "invalid", "expired"]


class GrantRefused(Unauthorized):
    def __init__(self, problem: Problem) -> None:
        super().__init__(f"student page link {problem}: open the challenge again from your course")
        self.problem = problem


def sign(secret: str, grant: PageGrant) -> str:
    return str(URLSafeSerializer(secret, salt=SALT).dumps(asdict(grant)))


def verify(secret: str, token: str | None, now: float | None = None) -> PageGrant:
    if not token:
        raise GrantRefused("missing")
    try:
        fields: Any = URLSafeSerializer(secret, salt=SALT).loads(token)
        grant = PageGrant(**fields)
    except (BadSignature, TypeError):
        raise GrantRefused("invalid") from None
    if grant.expires_at <= (time.time() if now is None else now):
        raise GrantRefused("expired")
    return grant


def expiry(seconds: int, now: float | None = None) -> int:
    return int(time.time() if now is None else now) + seconds
