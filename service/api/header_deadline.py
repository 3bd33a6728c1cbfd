"""uvicorn's HTTP protocol, with a deadline for a request's headers.

uvicorn times out an idle kept-alive connection, but not a request whose headers never end: a
client that sends half a request line and waits holds its connection (and a file descriptor)
for ever, and a few thousand such clients hold them all. Here a connection must deliver each
request's headers within `seconds` of its first byte (or of the connection), or it is closed.
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any, cast

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class HeaderDeadlineProtocol(HttpToolsProtocol):
    _deadline: asyncio.TimerHandle | None = None

    def __init__(self, *args: Any, header_seconds: float, **kwargs: Any) -> None:
        self.seconds = header_seconds
        super().__init__(*args, **kwargs)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:  # a further request on a kept-alive connection
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._deadline = self.loop.call_later(self.seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def with_header_deadline(seconds: float) -> type[asyncio.Protocol]:
    """The protocol for uvicorn's `http` setting. A partial of a module-level class, not a class
    made here: uvicorn pickles its configuration into each of its `--workers` processes."""
    protocol = functools.partial(HeaderDeadlineProtocol, header_seconds=seconds)
    return cast("type[asyncio.Protocol]", protocol)  # uvicorn only calls it, as it would a class
