"""The session every LTI request goes through (PyLTI1p3's and dynamic registration's) holds the
policy webhooks hold: one total deadline, a cap on the answer, no redirect, no destination the
policy refuses, and for a registration's session no origin it does not name.

Before, these requests were plain `requests`/`httpx` calls: a 10-second timeout per read (a server
sending a byte every few seconds held them for ever), the whole answer read whatever its size,
redirects followed, and any address reached."""

from __future__ import annotations

import ipaddress
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import requests

from service.outbound.destinations import Destinations
from service.outbound.session import Outbound, RefusedRequest

LOOPBACK = Destinations((ipaddress.ip_network("127.0.0.1/32"),))  # as a deployment allowing its LMS's network
POLICY = Outbound(LOOPBACK, deadline_seconds=1.0, max_answer_bytes=64 * 1024)


@contextmanager
def lms_answering(kind: str) -> Iterator[str]:
    """An LMS on 127.0.0.1 answering every request in one way: `ok`, `trickle`, `huge`, `redirect`."""
    stop = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if kind == "redirect":
                self.send_response(302)
                self.send_header("Location", "http://127.0.0.2/metadata")
                self.end_headers()
                return
            body = b'{"keys": []}' if kind != "huge" else b"[" + b"0," * (200 * 1024) + b"0]"
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body) if kind != "trickle" else 1000))
            self.end_headers()
            if kind != "trickle":
                self.wfile.write(body)
                return
            while not stop.wait(0.3):  # a byte now and then: no read ever times out
                try:
                    self.wfile.write(b" ")
                    self.wfile.flush()
                except OSError:
                    return

        def log_message(self, *_: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        stop.set()
        server.shutdown()
        server.server_close()


def test_an_answer_within_the_policy_is_read() -> None:
    with lms_answering("ok") as lms:
        answer = POLICY.session().get(f"{lms}/jwks")
    assert answer.status_code == 200
    assert answer.json() == {"keys": []}


def test_a_trickling_answer_ends_at_the_deadline() -> None:
    with lms_answering("trickle") as lms, pytest.raises(requests.ConnectionError, match="deadline"):
        POLICY.session().get(f"{lms}/jwks")


def test_an_answer_over_the_cap_is_not_read() -> None:
    with lms_answering("huge") as lms, pytest.raises(requests.ConnectionError, match="more than 65536 bytes"):
        POLICY.session().get(f"{lms}/jwks")


def test_a_redirect_is_not_followed() -> None:
    with lms_answering("redirect") as lms, pytest.raises(RefusedRequest, match="redirects are not followed"):
        POLICY.session().get(f"{lms}/jwks")


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.2/jwks", "http://localhost./jwks", "http://2130706434/", "http://[::ffff:10.0.0.1]/"],
)
def test_a_destination_the_policy_refuses_is_not_reached(url: str) -> None:
    with pytest.raises(RefusedRequest, match="not a public address"):
        Outbound(Destinations()).session().get(url)


def test_a_registration_s_session_reaches_its_origins_only() -> None:
    with lms_answering("ok") as lms, lms_answering("ok") as elsewhere:
        session = POLICY.session(origins={lms})
        assert session.get(f"{lms}/lineitems").status_code == 200
        with pytest.raises(RefusedRequest, match="not an address of this LMS's registration"):
            session.post(f"{elsewhere}/lineitems/1/scores", headers={"Authorization": "Bearer the-lms-token"})
