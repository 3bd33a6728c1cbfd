"""The body limit counts bytes as they arrive, so a chunked body (no Content-Length) is cut at 1 MiB."""

from __future__ import annotations

import select
import socket

import pytest

from tests.dashboard.site import Site

pytestmark = pytest.mark.slow
LIMIT = 1024 * 1024
CHUNK = b"x" * 65536
SENT_AT_MOST = 64 * LIMIT  # what a client would send if nobody stopped it


def _chunked_post(site: Site, path: str, content_type: str) -> tuple[bytes, int]:
    """POST a chunked body until the server answers; its answer and how many body bytes went out."""
    with socket.create_connection(("127.0.0.1", site.port), timeout=60) as connection:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
            "Transfer-Encoding: chunked\r\n\r\n"
        )
        connection.sendall(head.encode())
        sent = 0
        while sent < SENT_AT_MOST:
            readable, _, _ = select.select([connection], [], [], 0)
            if readable:
                break
            try:
                connection.sendall(b"%x\r\n%s\r\n" % (len(CHUNK), CHUNK))
            except (BrokenPipeError, ConnectionResetError, TimeoutError):
                break
            sent += len(CHUNK)
        else:
            connection.sendall(b"0\r\n\r\n")  # the whole body went: end it, for the server's answer
        return connection.recv(65536), sent


@pytest.mark.parametrize(
    ("path", "content_type"),
    [("/v1/submissions", "application/json"), ("/dashboard/login", "application/x-www-form-urlencoded")],
)
def test_a_chunked_body_is_refused_once_it_passes_the_limit(
    live_site: Site, path: str, content_type: str
) -> None:
    answer, sent = _chunked_post(live_site, path, content_type)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    # Socket buffers hold a few MiB between the client and the server's reading; nothing more.
    assert sent < 16 * LIMIT, f"{sent} bytes read before the refusal"
