"""The student's challenge page: what it shows, and the headers that let a platform frame it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup

from grader.challenge import Challenge
from grader.text import Lang
from service.students import labels
from service.students.grants import PageGrant
from service.students.statement import statement_html

templates = Jinja2Templates(
    env=Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"), autoescape=True)
)


@dataclass(frozen=True)
class PageView:
    lang: Lang
    title: str
    statement: Markup
    signatures: tuple[str, ...]
    starter: str
    token: str
    draft_key: str
    gradebook: bool  # launched from an LMS: the attempts say what reached its gradebook
    frame_origin: str  # the platform that may frame the page ("" for none): told the page's height


def page_view(challenge: Challenge, grant: PageGrant, token: str) -> PageView:
    return PageView(
        lang=grant.lang,
        title=challenge.title(grant.lang),
        statement=statement_html(challenge, grant.lang),
        signatures=tuple(f.signature for f in challenge.functions),
        starter=challenge.starter,
        token=token,
        draft_key=grant.draft_key,
        gradebook=grant.lti_link_id is not None,
        frame_origin=grant.frame_origin or "",
    )


def headers(frame_origins: tuple[str, ...], style_nonce: str = "") -> dict[str, str]:
    """No script or stylesheet but the app's own, framed only by this site and the platforms named.
    The editor writes its base styles into a style element (admitted by this response's nonce) and
    positions its cursor and gutters with style attributes."""
    ancestors = " ".join(("'self'", *frame_origins))
    nonce = f" 'nonce-{style_nonce}'" if style_nonce else ""
    policy = (
        f"default-src 'none'; script-src 'self'; style-src 'self'{nonce}; style-src-attr 'unsafe-inline'; "
        "img-src 'self' data:; "
        f"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors {ancestors}"
    )
    return {
        "Content-Security-Policy": policy,
        "Referrer-Policy": "no-referrer",  # the URL carries the page's token
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
    }


__all__ = ["PageView", "headers", "labels", "page_view", "templates"]
