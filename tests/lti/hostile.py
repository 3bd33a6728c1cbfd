"""A hostile LMS: the test LMS (platform.py) run by someone who was invited to register, or who
runs a Moodle of their own, and answers the tool with whatever serves them. And a stand-in for an
internal service on loopback, where the tool must never send a request.

The tool under test allows the network its honest LMS lives on (127.0.0.1, `localhost`) and no
other: the internal service listens on 127.0.0.2, as a database or a cloud's metadata service
would listen somewhere the deployment can reach and the Internet cannot."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

import httpx
from sqlalchemy import create_engine, text

from tests.dashboard.site import Site
from tests.lti.platform import Link, Platform

ALLOWED_NETWORKS = "127.0.0.1/32,::1/128"  # the honest LMS's address, and nothing else on loopback
INTERNAL_HOST = "127.0.0.2"


class HostileLms(Platform):
    """The test LMS, with what it says about itself in the attacker's hands."""

    def __init__(self, host: str = "localhost") -> None:
        super().__init__()
        self.origin = f"http://{host}:{self.port}"
        self.issuer = self.origin
        self.claimed: dict[str, Any] = {}  # fields of its openid configuration it lies about
        self.named_ags: tuple[str, str | None] | None = None  # the line item URLs its launches name
        self.next_page: str | None = None  # its line item list's `Link: <...>; rel="next"`
        self.registration_token = "registration-token-of-the-lms"

    def openid_configuration(self) -> dict[str, Any]:
        return {**super().openid_configuration(), **self.claimed}

    def ags_urls(self, placed: Link) -> tuple[str, str | None]:
        return self.named_ags or super().ags_urls(placed)

    def authorization(self, location: str) -> str:
        """The tool sends the browser to the LMS registered under the issuer it claims: the attacker
        answers in its place, with the state and nonce the tool gave."""
        parts = urlsplit(location)
        return urlunsplit(urlsplit(self.origin)[:2] + parts[2:])

    def app(self) -> Any:
        app = super().app()
        app.get("/lineitems")(self._lineitems)
        return app

    def _lineitems(self) -> Any:
        from fastapi.responses import JSONResponse

        headers = {"Link": f'<{self.next_page}>; rel="next"'} if self.next_page else {}
        return JSONResponse(
            [], headers=headers, media_type="application/vnd.ims.lis.v2.lineitemcontainer+json"
        )

    def register_with(self, tool: Site, invitation: str) -> httpx.Response:
        """What the LMS's administrator's browser does with the invitation: the tool then reads this
        LMS's configuration and registers itself at its registration endpoint."""
        query = {
            "openid_configuration": f"{self.origin}/.well-known/openid-configuration",
            "registration_token": self.registration_token,
        }
        return httpx.get(f"{invitation}&{urlencode(query)}", timeout=60)


def invitation(tool: Site, name: str) -> str:
    return tool.run("lti", "invite", "--name", name, "--tool-url", tool.base).splitlines()[-1]


def stored_registration(tool: Site, issuer: str, client_id: str) -> dict[str, Any] | None:
    """The registration's row as the tool stored it, with its platform's name."""
    engine = create_engine(tool.database_url)
    try:
        with engine.connect() as connection:
            row = connection.execute(
                text(
                    "SELECT r.issuer, r.client_id, r.login_url, r.token_url, r.jwks_url, r.token_audience,"
                    " r.frame_origin, r.api_key_id, p.name AS platform FROM lti_registrations r"
                    " JOIN platforms p ON p.id = r.platform_id WHERE r.issuer = :i AND r.client_id = :c"
                ),
                {"i": issuer, "c": client_id},
            ).first()
    finally:
        engine.dispose()
    return dict(row._mapping) if row is not None else None


def execute(tool: Site, statement: str, **values: object) -> None:
    """A change made straight in the tool's database (a row stored before a check existed)."""
    engine = create_engine(tool.database_url)
    try:
        with engine.begin() as connection:
            connection.execute(text(statement), values)
    finally:
        engine.dispose()


@dataclass
class Reached:
    """What the internal service was sent: (method, path, headers, body) per request."""

    requests: list[tuple[str, str, dict[str, str], bytes]] = field(default_factory=list)


@contextmanager
def internal_service(host: str = INTERNAL_HOST) -> Iterator[tuple[Reached, str]]:
    """A service only the deployment can reach (127.0.0.2), recording every request; its base URL."""
    reached = Reached()

    class Handler(BaseHTTPRequestHandler):
        def _any(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            reached.requests.append((self.command, self.path, dict(self.headers.items()), body))
            payload = b'{"keys": [], "access_token": "internal", "issuer": "internal"}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = _any

        def log_message(self, *_: object) -> None:
            pass

    server = ThreadingHTTPServer((host, 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield reached, f"http://{host}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
