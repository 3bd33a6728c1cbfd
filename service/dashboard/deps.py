"""What dashboard handlers depend on: the logged-in instructor, the course they may see, templates."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader

from grader.challenge import Challenge
from grader.text import Lang
from service.core.errors import NotFound
from service.dashboard import accounts, csrf, i18n, links, sessions, timezones
from service.dashboard.accounts import Account
from service.dashboard.grants import GrantedCourse
from service.web.deps import database_of
from service.web.i18n import asked, lang_of, percent

PATH = "/dashboard"  # where the dashboard is mounted: its cookies go nowhere else
YEAR = 365 * 24 * 3600
# The server-side session's token (`sessions`); logging out ends it.
SESSION_TOKEN = "session"  # noqa: S105 a cookie name
_environment = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"), autoescape=True)
_environment.globals["url_for"] = links.url_for  # ids percent-encoded (Starlette's keeps the default)
_environment.globals["percent"] = percent
templates = Jinja2Templates(env=_environment)


class LoginRequired(Exception):
    """No instructor is logged in: the handler answers with a redirect to the login page."""


def current_account(request: Request) -> Account:
    token = request.session.get(SESSION_TOKEN)
    account = None
    if isinstance(token, str):
        with database_of(request).reading() as session:
            instructor_id = sessions.instructor_of(session, token)
            account = accounts.load(session, instructor_id) if instructor_id is not None else None
    if account is None:
        raise LoginRequired()
    return account


def optional_account(request: Request) -> Account | None:
    try:
        return current_account(request)
    except LoginRequired:
        return None


CurrentAccount = Annotated[Account, Depends(current_account)]


def visible_course(course: str, account: CurrentAccount) -> GrantedCourse:
    """The instructor's course of the name in the path; any other is as unknown as a missing one."""
    granted = account.course(course)
    if granted is None:
        raise NotFound(f"no course {course!r} among yours")
    return granted


VisibleCourse = Annotated[GrantedCourse, Depends(visible_course)]


def challenges(request: Request) -> dict[str, Challenge]:
    loaded: dict[str, Challenge] = request.app.state.challenges
    return loaded


Challenges = Annotated[dict[str, Challenge], Depends(challenges)]


def render(request: Request, name: str, context: dict[str, Any], status_code: int = 200) -> HTMLResponse:
    lang, zone = lang_of(request, i18n.COOKIE), timezones.zone_of(request)
    context = {
        "csrf_token": csrf.token(request),
        "csrf_field": csrf.FIELD,
        "lang": lang,
        "t": i18n.PHRASES.translator(lang),
        "zone": zone,
        "titles": _titles(request, lang),
        **context,
    }
    response: HTMLResponse = templates.TemplateResponse(request, name, context, status_code=status_code)
    _remember(request, response)
    return response


def _titles(request: Request, lang: Lang) -> dict[str, str]:
    """Each known challenge's title in the page's language, by id (a column, an option, a legend)."""
    loaded: dict[str, Challenge] = getattr(request.app.state, "challenges", {})
    return {challenge_id: challenge.title(lang) for challenge_id, challenge in loaded.items()}


def _remember(request: Request, response: HTMLResponse) -> None:
    """A language or a time zone picked in this request stays for the next pages."""
    if (lang := asked(request)) is not None:
        _keep(response, i18n.COOKIE, lang)
    picked = timezones.chosen(request)
    if isinstance(picked, timezones.Zone):
        _keep(response, timezones.COOKIE, timezones.cookie_value(picked))
    elif picked == timezones.BROWSER:
        response.delete_cookie(timezones.COOKIE, path=PATH)


def _keep(response: HTMLResponse, name: str, value: str) -> None:
    # readable by the page's script (it writes the browser's zone); nothing secret in either
    response.set_cookie(name, value, max_age=YEAR, path=PATH, samesite="lax")
