"""A course platform (LMS) for the tests: LTI 1.3 as the `lti1p3platform` library implements it,
served over HTTP on `localhost` (another site than the tool's 127.0.0.1), in a thread.

It launches users into the tool from a course page (an iframe), takes the tool's deep-linking answer,
issues AGS access tokens and records the scores the tool posts. `spoil` makes its next launch bad in
one way (expired, issued in the future, wrong audience, unknown deployment, tampered signature) or
issued by a clock a little ahead (skewed), `replay` posts the last
launch again.

Its launches name the course's roster (NRPS 2.0): `members` served a page of `page_size` at a
time, each next page named by a `Link: <…>; rel="next"` header whose cursor is case-sensitive;
`spoil_roster` makes its roster answers bad in one way until it is set back (a next link to a
page already read, another context's members, a next link to an address that is not the LMS's,
endless pages that come slowly or big, a page nested too deeply or not JSON); `roster_held`, while
clear, holds every roster page until it is set."""

from __future__ import annotations

import asyncio
import base64
import html
import json
import re
import secrets
import threading
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

import httpx
import jwt
import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from jwcrypto.jwk import JWK
from lti1p3platform.ltiplatform import LTI1P3PlatformConfAbstract
from lti1p3platform.message_launch import LTIAdvantageMessageLaunchAbstract
from lti1p3platform.oidc_login import OIDCLoginAbstract
from lti1p3platform.registration import Registration

from tests.http_server import free_port
from tests.waiting import wait_until

LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
LINEITEM_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem"
NRPS_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"
MEMBERSHIPS = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json"
CLIENT_ID = "autograder-tool"
DEPLOYMENT = "deployment-1"
DYNAMIC_CLIENT_ID = "registered-dynamically"
DYNAMIC_DEPLOYMENT = "deployment-dyn"
CONTEXT = "course-42"
CLOCK_AHEAD = {"skewed": 30, "future": 600}  # seconds: within the tool's leeway, and far beyond it
ENDLESS = ("loop", "elsewhere", "slow", "big")  # roster spoils whose every page names a next one
UNPARSED = {"nested": "[" * 100_000 + "]" * 100_000, "malformed": '{"members": [{"user_id": '}
# lti.frameResize as Canvas takes it: a JSON string (or an object) from the tool's frame, its height in px.
FRAME_RESIZE = """addEventListener('message', (e) => {
  const frame = document.querySelector('iframe');
  if (e.source !== frame.contentWindow) return;
  const message = typeof e.data === 'string' ? JSON.parse(e.data) : e.data;
  if (message.subject === 'lti.frameResize') frame.style.height = message.height + 'px';
});"""
VIEWPORT = (
    "<meta name='viewport' content='width=device-width, initial-scale=1'>"  # as Moodle's and Canvas's pages
)


@dataclass
class Link:
    """A resource link placed in the course (by deep linking) with its line item."""

    id: str
    title: str
    custom: dict[str, str]
    line_item: dict[str, Any]
    scores: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Pending:
    user: str
    roles: list[str]
    link: str | None  # None: a deep-linking request
    target: str  # where the LMS shows the tool: "iframe" or "window"


@dataclass(frozen=True)
class HttpLaunch:
    """A launch as the LMS posts it to the tool (id_token, state), and the cookie the tool's login set."""

    fields: dict[str, str]
    set_cookie: str  # the login's Set-Cookie header, attributes included

    @property
    def cookie(self) -> str:
        return self.set_cookie.split(";")[0]


class Platform:
    def __init__(self) -> None:
        self.port = free_port()
        self.origin = f"http://localhost:{self.port}"
        self.issuer = self.origin
        key = JWK.generate(kty="RSA", size=2048)
        self.private_pem = key.export_to_pem(private_key=True, password=None).decode()
        self.public_pem = key.export_to_pem().decode()
        self.tool: str = ""  # the tool's base URL
        self.printed = ""  # what `autograder lti add-platform` printed
        self.links: dict[str, Link] = {}
        self.pending: dict[str, Pending] = {}
        self.spoil: str | None = None
        self.last_launch: dict[str, str] = {}
        self.tokens_issued = 0
        self.unavailable: dict[str, int] = {}  # per link, how many score posts to answer 503 (down a moment)
        self.registration_token = ""
        self.tool_registrations: list[dict[str, Any]] = []
        self.client_id = CLIENT_ID
        self.deployment = DEPLOYMENT
        self.dynamic_client_id = DYNAMIC_CLIENT_ID  # what its registration endpoint answers
        self.context_id, self.context_label = CONTEXT, "TRF-42"  # the course its launches come from
        self.members: list[dict[str, Any]] = []  # the course's roster, as NRPS lists it
        self.page_size = 2
        self.roster_pages: list[str] = []  # each roster page asked for, by its URL
        self.spoil_roster: str | None = None
        self.roster_held = threading.Event()
        self.roster_held.set()
        self.server = uvicorn.Server(
            uvicorn.Config(self.app(), host="127.0.0.1", port=self.port, log_level="warning")
        )
        self.thread = threading.Thread(target=self.server.run, name="lms", daemon=True)

    # -- the library's registration, as the platform stores the tool's -----------------------
    def registration(self) -> Registration:
        return (
            Registration()
            .set_iss(self.issuer)
            .set_client_id(self.client_id)
            .set_deployment_id(self.deployment)
            .set_oidc_login_url(f"{self.tool}/lti/login")
            .set_launch_url(f"{self.tool}/lti/launch")
            .set_deeplink_launch_url(f"{self.tool}/lti/launch")
            .set_tool_key_set_url(f"{self.tool}/lti/jwks")
            .set_platform_public_key(self.public_pem)
            .set_platform_private_key(self.private_pem)
        )

    def config(self) -> LTI1P3PlatformConfAbstract:
        return _Config(registration=self.registration())

    def add_platform_args(self) -> list[str]:
        return [
            "lti", "add-platform", "--name", "lms", "--issuer", self.issuer, "--client-id", self.client_id,
            "--login-url", f"{self.origin}/authorize", "--token-url", f"{self.origin}/token",
            "--jwks-url", f"{self.origin}/jwks", "--deployment", self.deployment,
        ]  # fmt: skip

    def start(self) -> None:
        self.thread.start()

        def started() -> bool:
            assert self.thread.is_alive(), "the LMS stopped before it started"
            return bool(self.server.started)

        wait_until(started, 60, lambda: "the LMS did not start")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)

    def course_url(self, user: str, role: str, link: str | None = None) -> str:
        """The course page where `user` opens `link` (None: adds an activity, by deep linking)."""
        return f"{self.origin}/course?" + urlencode({"user": user, "role": role, "link": link or ""})

    def window_url(self, user: str, role: str, link: str) -> str:
        """The launch of `link` as an LMS opens it in a window of its own (document_target window)."""
        return f"{self.origin}/start?" + urlencode(
            {"user": user, "role": role, "link": link, "target": "window"}
        )

    def place(self, link: Link) -> None:
        self.links[link.id] = link

    def launch_over_http(self, user: str, link: str, role: str = "learner") -> HttpLaunch:
        """The login and the LMS's answer as a browser would follow them, without one: the launch is
        left for the caller to post."""
        start = httpx.get(self.window_url(user, role, link), timeout=30)
        action = html.unescape(re.findall(r"action='([^']*)'", start.text)[0])
        initiation = {
            html.unescape(k): html.unescape(v)
            for k, v in re.findall(r"name='([^']*)' value='([^']*)'", start.text)
        }
        login = httpx.post(action, data=initiation, timeout=30)
        assert login.status_code == 302, login.text
        form = httpx.get(self.authorization(login.headers["location"]), timeout=30).text
        fields = dict(re.findall(r"name='(id_token|state)' value='([^']*)'", form))
        return HttpLaunch({k: html.unescape(v) for k, v in fields.items()}, login.headers["set-cookie"])

    def authorization(self, location: str) -> str:
        """Where the browser goes with the tool's answer to the login: the registered login URL."""
        return location

    # -- the HTTP side ---------------------------------------------------------------------------
    def app(self) -> FastAPI:
        app = FastAPI()
        app.get("/course")(self._course)
        app.get("/start")(self._start)
        app.get("/authorize")(self._authorize)
        app.get("/replay")(self._replay)
        app.get("/replayed")(self._replayed)
        app.get("/jwks")(self._jwks)
        app.post("/token")(self._token)
        app.post("/deep-link-return")(self._deep_link_return)
        app.post("/lineitems/{link_id}/scores")(self._score)
        app.get("/lineitems/{link_id}")(self._line_item)
        app.get("/contexts/{context_id}/memberships")(self._memberships)
        app.get("/.well-known/openid-configuration")(self._openid_configuration)
        app.post("/registrations")(self._registrations)
        app.get("/tools/add")(self._add_tool)
        return app

    # -- LTI Dynamic Registration, the platform's side -------------------------------------------
    def _openid_configuration(self) -> JSONResponse:
        return JSONResponse(self.openid_configuration())

    def openid_configuration(self) -> dict[str, Any]:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": f"{self.origin}/authorize",
            "token_endpoint": f"{self.origin}/token",
            "jwks_uri": f"{self.origin}/jwks",
            "registration_endpoint": f"{self.origin}/registrations",
            "token_endpoint_auth_methods_supported": ["private_key_jwt"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "scopes_supported": ["openid", SCORE_SCOPE, LINEITEM_SCOPE, NRPS_SCOPE],
            "https://purl.imsglobal.org/spec/lti-platform-configuration": {
                "product_family_code": "lti1p3platform-tests",
                "version": "0.1.8",
                "messages_supported": [
                    {"type": "LtiResourceLinkRequest"},
                    {"type": "LtiDeepLinkingRequest"},
                ],
            },
        }

    async def _registrations(self, request: Request) -> JSONResponse:
        if request.headers.get("authorization") != f"Bearer {self.registration_token}":
            return JSONResponse({"error": "invalid registration token"}, status_code=401)
        body = json.loads(await request.body())
        self.tool_registrations.append(body)
        answer = {
            **body,
            "client_id": self.dynamic_client_id,
            "https://purl.imsglobal.org/spec/lti-tool-configuration": {
                **body["https://purl.imsglobal.org/spec/lti-tool-configuration"],
                "deployment_id": DYNAMIC_DEPLOYMENT,
            },
        }
        return JSONResponse(answer, status_code=201)

    def _add_tool(self, url: str) -> HTMLResponse:
        """The administrator's page: the tool's registration URL in a frame, with our configuration."""
        self.registration_token = secrets.token_urlsafe(12)
        query = urlencode(
            {
                "openid_configuration": f"{self.origin}/.well-known/openid-configuration",
                "registration_token": self.registration_token,
            }
        )
        src = f"{url}&{query}" if "?" in url else f"{url}?{query}"
        return HTMLResponse(
            "<!doctype html><title>Add a tool</title><p id='status'>registering</p>"
            f"<iframe title='tool' src='{html.escape(src)}' style='width:100%;height:600px'></iframe>"
            "<script>addEventListener('message', (e) => { if (e.data && e.data.subject === "
            "'org.imsglobal.lti.close') document.getElementById('status').textContent = 'closed'; });</script>"
        )

    def _course(self, user: str, role: str, link: str = "") -> HTMLResponse:
        start = "/start?" + urlencode({"user": user, "role": role, "link": link})
        added = "".join(
            f"<li data-link='{html.escape(k)}'>{html.escape(v.title)}</li>" for k, v in self.links.items()
        )
        body = (
            f"<!doctype html><title>LMS course</title>{VIEWPORT}<h1>Course 42</h1><ul id='activities'>{added}</ul>"
            f"<iframe title='tool' src='{html.escape(start)}' style='width:100%;height:1300px;border:0'></iframe>"
            f"<script>{FRAME_RESIZE}</script>"
        )
        return HTMLResponse(body)

    def _start(
        self, request: Request, user: str, role: str, link: str = "", target: str = "iframe"
    ) -> Response:
        """Login initiation as Moodle sends it: a form posted to the tool's login URL."""
        hint = secrets.token_urlsafe(8)
        roles = [INSTRUCTOR if role == "instructor" else LEARNER]
        self.pending[hint] = Pending(user, roles, link or None, target)
        login = _Login(request, self.config())
        login.set_lti_message_hint(hint=hint)
        action, _, query = login.prepare_preflight_url(user).partition("?")
        fields = "".join(
            f"<input type='hidden' name='{html.escape(k)}' value='{html.escape(v)}'>"
            for k, v in parse_qsl(query)
        )
        return HTMLResponse(
            f"<!doctype html><form id='login' method='post' action='{html.escape(action)}'>{fields}</form>"
            "<script>document.getElementById('login').submit()</script>"
        )

    def _authorize(self, request: Request) -> Response:
        params = dict(request.query_params)
        if params.get("redirect_uri") != f"{self.tool}/lti/launch":
            return HTMLResponse("redirect_uri not registered", status_code=400)
        pending = self.pending.get(params.get("lti_message_hint", ""))  # a hint may be used again
        if pending is None or params.get("login_hint") != pending.user:
            return HTMLResponse("unknown launch", status_code=400)
        launch = _Launch(request, self.config())
        launch.set_user_data(pending.user, pending.roles, full_name=pending.user.title())
        launch.set_launch_context_claim(
            self.context_id, context_title="Transformers 2026", context_label=self.context_label
        )
        launch.set_launch_presentation_claim(document_target=pending.target)
        if pending.link is None:
            launch.set_dl(f"{self.origin}/deep-link-return", title="Add an activity")
        else:
            placed = self.links[pending.link]
            launch.set_resource_link_claim(placed.id, title=placed.title)
            launch.set_custom_parameters_claim(placed.custom)
            launch.set_ags(*self.ags_urls(placed))
        launch.set_nrps(f"{self.origin}/contexts/{self.context_id}/memberships")
        return self._form(self._spoiled(launch))

    def ags_urls(self, placed: Link) -> tuple[str, str | None]:
        """The line items' URL and this link's line item URL, as the launch names them."""
        elsewhere = self.spoil == "lineitem"  # an address the tool may not post to
        base = "http://10.255.255.1" if elsewhere else self.origin
        return f"{base}/lineitems", f"{base}/lineitems/{placed.id}"

    def _spoiled(self, launch: _Launch) -> dict[str, str]:
        spoil, self.spoil = self.spoil, None
        if spoil == "expired":
            launch.set_id_token_expiration(-600)
        if spoil == "audience":
            launch.set_extra_claims({"aud": [self.client_id, "another-tool"], "azp": "another-tool"})
        if spoil == "deployment":
            launch.set_extra_claims(
                {"https://purl.imsglobal.org/spec/lti/claim/deployment_id": "dep-unknown"}
            )
        launch._registration = launch._platform_config.get_registration()
        launch.validate_preflight_response(launch.get_preflight_response())
        data = dict(launch.generate_launch_request())
        if spoil == "signature":
            header, payload, signature = data["id_token"].split(".")
            claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
            claims["sub"] = "someone-else"
            forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
            data["id_token"] = f"{header}.{forged}.{signature}"
        if spoil in CLOCK_AHEAD:  # the LMS's clock runs ahead of the tool's
            data["id_token"] = self._signed_ahead(data["id_token"], CLOCK_AHEAD[spoil])
        data["launch_url"] = f"{self.tool}/lti/launch"
        self.last_launch = data
        return data

    def _signed_ahead(self, id_token: str, seconds: int) -> str:
        """The same id_token issued `seconds` later, signed again with the LMS's key."""
        claims = jwt.decode(id_token, options={"verify_signature": False})
        claims["iat"] += seconds
        claims["exp"] += seconds
        kid = jwt.get_unverified_header(id_token)["kid"]
        return jwt.encode(claims, self.private_pem, algorithm="RS256", headers={"kid": kid})

    def _form(self, data: dict[str, str]) -> HTMLResponse:
        fields = "".join(
            f"<input type='hidden' name='{name}' value='{html.escape(data[name])}'>"
            for name in ("id_token", "state")
        )
        return HTMLResponse(
            f"<!doctype html><form id='launch' method='post' action='{html.escape(data['launch_url'])}'>{fields}"
            "<button>Launch</button></form><script>document.getElementById('launch').submit()</script>"
        )

    def _replayed(self) -> HTMLResponse:
        """The last launch posted again from inside the course page, where the tool's cookies are."""
        return HTMLResponse("<!doctype html><title>LMS</title><iframe title='tool' src='/replay'></iframe>")

    def _replay(self) -> HTMLResponse:
        return self._form(self.last_launch)

    def _jwks(self) -> JSONResponse:
        return JSONResponse({"keys": self.registration().get_jwks()})

    async def _token(self, request: Request) -> JSONResponse:
        form = dict(parse_qsl((await request.body()).decode()))
        config = self.config()
        try:
            answer = config.get_access_token(form)
        except Exception as error:  # noqa: BLE001 the test LMS refuses whatever the library refuses
            return JSONResponse({"error": "invalid_client", "error_description": str(error)}, status_code=401)
        self.tokens_issued += 1
        return JSONResponse(dict(answer))

    async def _deep_link_return(self, request: Request) -> HTMLResponse:
        form = dict(parse_qsl((await request.body()).decode()))
        items = self.config().validate_deeplinking_resp(form)
        for item in items:
            link_id = f"link-{len(self.links) + 1}"
            self.place(
                Link(link_id, item["title"], dict(item.get("custom", {})), dict(item.get("lineItem", {})))
            )
        titles = "".join(f"<li>{html.escape(i['title'])}</li>" for i in items)
        return HTMLResponse(f"<!doctype html><h1>Activity added</h1><ul id='added'>{titles}</ul>")

    async def _score(self, request: Request, link_id: str) -> Response:
        token = request.headers.get("authorization", "").removeprefix("Bearer ")
        try:
            allowed = self.config().validate_token(token, allowed_scopes=[SCORE_SCOPE])
        except Exception:  # noqa: BLE001 the test LMS refuses whatever the library refuses
            allowed = False
        if not allowed:
            return JSONResponse({"error": "unauthorized"}, status_code=401)
        if self.unavailable.get(link_id, 0) > 0:
            self.unavailable[link_id] -= 1
            return JSONResponse({"error": "try again later"}, status_code=503)
        if request.headers.get("content-type") != "application/vnd.ims.lis.v1.score+json":
            return JSONResponse({"error": "wrong content type"}, status_code=415)
        self.links[link_id].scores.append(json.loads(await request.body()))
        return Response(status_code=204)

    async def _line_item(self, request: Request, link_id: str) -> Response:
        """The link's line item as AGS reads it (with its `endDateTime`, where one was set)."""
        token = request.headers.get("authorization", "").removeprefix("Bearer ")
        try:
            allowed = self.config().validate_token(token, allowed_scopes=[LINEITEM_SCOPE])
        except Exception:  # noqa: BLE001 the test LMS refuses whatever the library refuses
            allowed = False
        if not allowed:
            return JSONResponse({"error": "unauthorized"}, status_code=401)
        item = {"id": f"{self.origin}/lineitems/{link_id}", **self.links[link_id].line_item}
        return JSONResponse(item, media_type="application/vnd.ims.lis.v2.lineitem+json")

    # -- NRPS: the course's roster, a page at a time -------------------------------------------
    async def _memberships(self, request: Request, context_id: str, cursor: str = "") -> Response:
        token = request.headers.get("authorization", "").removeprefix("Bearer ")
        try:
            allowed = self.config().validate_token(token, allowed_scopes=[NRPS_SCOPE])
        except Exception:  # noqa: BLE001 the test LMS refuses whatever the library refuses
            allowed = False
        if not allowed:
            return JSONResponse({"error": "unauthorized"}, status_code=401)
        if MEMBERSHIPS not in request.headers.get("accept", ""):
            return JSONResponse({"error": "not acceptable"}, status_code=406)
        self.roster_pages.append(str(request.url))
        await asyncio.to_thread(self.roster_held.wait, 60)
        if cursor and not re.fullmatch(r"Page-[0-9]+", cursor):  # a cursor is opaque: its case too
            return JSONResponse({"error": f"unknown cursor {cursor}"}, status_code=400)
        page = int(cursor.removeprefix("Page-")) if cursor else 0
        spoil = self.spoil_roster  # until the test sets it back
        if spoil in UNPARSED:
            return Response(UNPARSED[spoil], media_type=MEMBERSHIPS)
        if spoil == "slow":
            await asyncio.sleep(1)
        first = page * self.page_size
        body = {
            "id": str(request.url),
            "context": {
                "id": "another-course" if spoil == "context" else context_id,
                "title": "Transformers 2026",
            },
            "members": self.members[first : first + self.page_size],
        }
        if spoil == "big":
            body["padding"] = "x" * 600_000  # under a page's cap, and every page has a next one
        base = "http://10.255.255.1" if spoil == "elsewhere" else self.origin
        following = (
            f"{base}/contexts/{context_id}/memberships?cursor=Page-{0 if spoil == 'loop' else page + 1}"
        )
        more = first + self.page_size < len(self.members) or spoil in ENDLESS
        headers = {"Link": f'<{following}>; rel="next"'} if more else {}
        return JSONResponse(body, headers=headers, media_type=MEMBERSHIPS)


class _Config(LTI1P3PlatformConfAbstract):
    def init_platform_config(self, **kwargs: Any) -> None:
        self._registration = kwargs["registration"]

    def get_registration_by_params(self, **kwargs: Any) -> Registration:
        assert self._registration is not None
        return self._registration


class _Login(OIDCLoginAbstract):
    def set_lti_message_hint(self, **kwargs: Any) -> None:
        self._lti_message_hint = kwargs["hint"]

    def get_redirect(self, url: str) -> RedirectResponse:
        return RedirectResponse(url)


class _Launch(LTIAdvantageMessageLaunchAbstract):
    def get_preflight_response(self) -> dict[str, Any]:
        assert isinstance(self._request, Request)
        return dict(self._request.query_params)

    def render_launch_form(self, launch_data: dict[str, Any], **kwargs: Any) -> Any:
        raise NotImplementedError  # _form renders it
