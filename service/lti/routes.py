"""`/lti/…`: the tool's browser routes (login initiation, launch, deep-linking answer) and its key set.

Browser routes, not part of the JSON API: left out of the OpenAPI document (docs/lti.md tells them).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import requests
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from kombu.exceptions import OperationalError
from starlette.concurrency import run_in_threadpool

from service.core.settings import Settings
from service.dashboard.forms import form_fields
from service.lti import adapter, claims, deep_links, dynamic_registration, landing, registrations, tool_keys
from service.lti.adapter import Refused
from service.lti.pages import page_lang, refused, render
from service.lti.urls import ToolUrls, tool_urls
from service.messaging.enqueue import TaskQueue
from service.outbound.session import Outbound
from service.storage.db import Database
from service.storage.sealing import sealer_for
from service.students import grants
from service.web.deps import Challenges, Db, database_of

log = logging.getLogger(__name__)
router = APIRouter(prefix="/lti", include_in_schema=False)
LOOPBACK = ("localhost", "127.0.0.1", "[::1]", "::1")
TOOL_NAME = "Autograder (Transformers)"
NEW_WINDOW = "lti1p3_new_window"  # the login again, in a tab of its own (PyLTI1p3's parameter)
PROBE_COOKIE = f"{adapter.COOKIE_PREFIX}-probe"


def _outbound(request: Request) -> Outbound:
    """The service's policy for the requests it sends (here: to the LMS), the app's."""
    outbound: Outbound = request.app.state.outbound
    return outbound


def _urls(request: Request) -> ToolUrls:
    """The tool's URLs at its configured public address, else as this request reached it."""
    settings: Settings = request.app.state.settings
    return tool_urls(settings.public_url or str(request.base_url))


def _secure(request: Request) -> bool:
    """Cookies can be `Secure` (so `SameSite=None`, so sent inside a platform's iframe) over
    HTTPS, and on a loopback address, which browsers count as secure."""
    return request.url.scheme == "https" or (request.url.hostname or "") in LOOPBACK


async def _params(request: Request) -> dict[str, str]:
    params = dict(request.query_params)
    if request.method == "POST":
        params.update(await form_fields(request))
    return params


def _set_cookies(response: Response, jar: adapter.Cookies, secure: bool) -> None:
    for name, value, seconds in jar.outgoing:
        response.set_cookie(
            name,
            value,
            max_age=seconds,
            path="/lti/",
            secure=secure,
            httponly=name != PROBE_COOKIE,  # the probe is read by the page's script
            samesite="none" if secure else "lax",
        )
        if secure:  # CHIPS: a browser blocking third-party cookies keeps this one, per top-level site
            header, cookie = response.raw_headers[-1]
            response.raw_headers[-1] = (header, cookie + b"; Partitioned")


def _frame_origins(db: Database) -> tuple[str, ...]:
    with db.transaction() as session:
        return registrations.frame_origins(session)


async def _refused(request: Request, error: Refused, registering: bool = False) -> HTMLResponse:
    log.info("LTI refused (%s): %s", error.reason, error.detail)
    origins = await run_in_threadpool(_frame_origins, database_of(request))
    return refused(request, error.reason, page_lang(request), origins, error if registering else None)


@router.api_route("/login", methods=["GET", "POST"], name="lti_login")
async def login(request: Request, db: Db) -> Response:
    """OIDC login initiation: the platform names itself and the user; we answer with a redirect to
    its authorization endpoint, carrying a state (also in a cookie: the browser's) and a nonce."""
    params, secure = await _params(request), _secure(request)
    launch_url = _urls(request).launch
    try:
        location, jar = await run_in_threadpool(_login, db, params, request.cookies, secure, launch_url)
    except Refused as error:
        return await _refused(request, error)
    framed = request.headers.get("sec-fetch-dest") == "iframe" and not params.get(NEW_WINDOW)
    if framed:  # a browser may refuse the cookie inside the LMS's frame: the page checks first
        jar.set_cookie("probe", "1", 300)
        again = str(request.url_for("lti_login").include_query_params(**params, **{NEW_WINDOW: "1"}))
        context = {"lang": page_lang(request), "location": location, "new_window": again}
        origins = await run_in_threadpool(_frame_origins, db)
        response: Response = render(request, "login.html", context, frame_origins=origins)
    else:
        response = RedirectResponse(location, status_code=302)
    _set_cookies(response, jar, secure)
    return response


def _login(
    db: Database, params: Mapping[str, str], cookies: Mapping[str, str], secure: bool, launch_url: str
) -> tuple[str, adapter.Cookies]:
    lti_request, config, sessions, jar = adapter.services(db, params, cookies, secure)
    login = adapter.ToolLogin(lti_request, config, sessions, jar, sessions.storage)
    if not params.get("iss") or not params.get("login_hint"):
        raise Refused("login", "iss or login_hint missing")
    try:
        location = login.get_redirect_object(launch_url).get_redirect_url()
    except Exception as error:  # the library's OIDCException: no registration for this issuer
        raise Refused("registration", str(error)) from error
    return location, jar


@router.post("/launch", name="lti_launch")
async def launch(request: Request, known: Challenges, db: Db) -> Response:
    params, secure = await _params(request), _secure(request)
    try:
        outgoing = _outbound(request).session()
        launched, launch_id = await run_in_threadpool(
            _validate, db, params, request.cookies, secure, outgoing
        )
        landed = await run_in_threadpool(landing.land, db, launched, launch_id, known)
    except Refused as error:
        return await _refused(request, error)
    if not isinstance(landed, landing.Picker) and landed.roster_of is not None:
        await run_in_threadpool(_ask_roster, request.app.state.queue, landed.roster_of)
    # The state cookie stays its five minutes: a replay in this browser meets the spent nonce.
    return _landed(request, db, landed, known)


def _ask_roster(queue: TaskQueue, course_id: int) -> None:
    """The course's roster read again in the background: a launch never waits for the LMS."""
    try:
        queue.roster(course_id)
    except (OperationalError, OSError) as error:  # the next launch asks again
        log.warning("broker unavailable, the roster of course %s is not refreshed: %s", course_id, error)


def _validate(
    db: Database,
    params: Mapping[str, str],
    cookies: Mapping[str, str],
    secure: bool,
    outgoing: requests.Session,
) -> tuple[claims.Launch, str]:
    message = adapter.new_launch(db, params, cookies, secure, outgoing)
    message.validate()
    return claims.read(message.get_launch_data()), message.get_launch_id()


def _landed(request: Request, db: Database, landed: landing.Landing, known: Challenges) -> Response:
    if isinstance(landed, landing.StudentPage):
        token = grants.sign(request.app.state.session_secret, landed.grant)
        return RedirectResponse(str(request.url_for("student_page").include_query_params(t=token)), 303)
    if isinstance(landed, landing.Dashboard):
        url = str(request.url_for("lti_enter").include_query_params(ticket=landed.ticket))
        if not landed.framed:
            return RedirectResponse(url, 303)
        context: dict[str, Any] = {"lang": landed.lang, "course": landed.course, "entry_url": url}
        return render(request, "dashboard.html", context, frame_origins=_frame_origins(db))
    context = {"lang": landed.lang, "launch_id": landed.launch_id, "challenges": list(known.values())}
    return render(request, "picker.html", context, frame_origins=(landed.frame_origin,))


@router.post("/deep-link", name="lti_deep_link")
async def deep_link(request: Request, known: Challenges, db: Db) -> Response:
    """The instructor's choice, sent back to the platform as a signed LtiDeepLinkingResponse."""
    params = await _params(request)
    try:
        launch_url, outgoing = str(request.url_for("lti_launch")), _outbound(request).session()
        answer = await run_in_threadpool(deep_links.answer, db, params, known, launch_url, outgoing)
    except Refused as error:
        return await _refused(request, error)
    context = {"lang": answer.lang, "return_url": answer.return_url, "jwt": answer.jwt}
    target = registrations.origin(answer.return_url)
    return render(
        request, "return.html", context, frame_origins=(answer.frame_origin,), form_targets=(target,)
    )


@router.get("/jwks", name="lti_jwks")
def jwks(db: Db) -> JSONResponse:
    """The tool's public keys (the newest signs; the previous one stays during a rotation)."""
    with db.transaction() as session:
        keys = tool_keys.jwks(session)
    return JSONResponse(keys, headers={"Cache-Control": "max-age=300"})


@router.get("/register", name="lti_register")
async def register(request: Request, db: Db) -> Response:
    """LTI Dynamic Registration, opened by the LMS with its OpenID configuration (and an invitation)."""
    params = dict(request.query_params)
    try:
        done = await run_in_threadpool(
            dynamic_registration.register,
            db,
            params,
            _urls(request),
            TOOL_NAME,
            sealer_for(request.app.state.settings),
            _outbound(request),
        )
    except Refused as error:
        return await _refused(request, error, registering=True)
    origin = registrations.origin(params["openid_configuration"])
    context = {"lang": page_lang(request), "registered": done}
    return render(request, "registered.html", context, frame_origins=(origin,))
