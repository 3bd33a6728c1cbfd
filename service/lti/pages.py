"""The tool's own pages and their headers: framed only by registered platforms, no inline script."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader

from grader.text import Lang
from service.lti import labels, registration_help
from service.lti.adapter import Refused
from service.web.i18n import accepted

HERE = Path(__file__).parent
STATIC = HERE / "static"
templates = Jinja2Templates(env=Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True))


def headers(frame_origins: tuple[str, ...], form_targets: tuple[str, ...] = ()) -> dict[str, str]:
    ancestors = " ".join(("'self'", *frame_origins))
    targets = " ".join(("'self'", *form_targets))
    policy = (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"form-action {targets}; base-uri 'none'; frame-ancestors {ancestors}"
    )
    return {
        "Content-Security-Policy": policy,
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
    }


def page_lang(request: Request) -> Lang:
    return accepted(request)


def render(
    request: Request,
    name: str,
    context: dict[str, Any],
    status_code: int = 200,
    frame_origins: tuple[str, ...] = (),
    form_targets: tuple[str, ...] = (),
) -> HTMLResponse:
    full = {"labels": labels, **context}
    response: HTMLResponse = templates.TemplateResponse(
        request, name, full, status_code=status_code, headers=headers(frame_origins, form_targets)
    )
    return response


_UNAUTHORIZED = {"registration", "state", "signature", "expired", "audience", "deployment", "nonce"}


def refused(
    request: Request,
    reason: str,
    lang: Lang,
    frame_origins: tuple[str, ...],
    registering: Refused | None = None,
) -> HTMLResponse:
    """The refusal page: a student's launch reads what to do; a registration (`registering`, opened
    by the LMS administrator) also what failed and what to check, when the tool knows it."""
    status = (
        403
        if reason in ("role",)
        else 409
        if reason == "registration_taken"
        else 400
        if reason in ("login", "format", "message", "context", "challenge")
        else 401
    )
    context = {
        "reason": reason,
        "lang": lang,
        "admin": registering is not None,
        "failure": registering.failure if registering is not None else None,
        "advice": registration_help,
    }
    return render(request, "refused.html", context, status, frame_origins)
