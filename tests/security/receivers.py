"""Webhook receivers on 127.0.0.1: one that records what it gets, one that answers a byte at a time."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Received:
    calls: list[tuple[bytes, dict[str, str]]] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)


@contextmanager
def receiver(trickle_seconds: float | None = None) -> Iterator[tuple[Received, int]]:
    """A receiver on 127.0.0.1: answers 204, or with `trickle_seconds` one byte that often, forever."""
    state = Received()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            state.calls.append((body, dict(self.headers.items())))
            if trickle_seconds is None:
                self.send_response(204)
                self.end_headers()
                return
            self.wfile.write(b"HTTP/1.1 200 OK\r\n")
            while not state.stop.wait(trickle_seconds):  # headers that never end
                try:
                    self.wfile.write(b"X")
                    self.wfile.flush()
                except OSError:
                    return

        def log_message(self, *_: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state, server.server_address[1]
    finally:
        state.stop.set()
        server.shutdown()
        server.server_close()
