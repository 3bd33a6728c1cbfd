"""Refuse a request body with 413 as soon as more than `limit` bytes of it have arrived.

A Content-Length over the limit is refused before anything is read. A chunked body says no
length: its bytes are counted as the application reads them, and the 413 goes out the moment
the count passes the limit (the application then sees the client gone). Nothing buffers more
than the limit, for the API's JSON as for the dashboard's forms.
"""

from __future__ import annotations

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.limit:
            await _too_large(self.limit, scope, receive, send)
            return
        await _Counted(self, scope, receive, send).run()


async def _too_large(limit: int, scope: Scope, receive: Receive, send: Send) -> None:
    response = JSONResponse(
        {"detail": f"request body over {limit} bytes"},
        status_code=413,
        headers={"Connection": "close"},  # the rest of the body is never read
    )
    await response(scope, receive, send)


class _Counted:
    """One request: its body counted as it is read, its answer replaced by the 413 once over."""

    def __init__(self, limit: BodyLimit, scope: Scope, receive: Receive, send: Send) -> None:
        self.limit = limit
        self.scope = scope
        self.upstream_receive = receive
        self.upstream_send = send
        self.received = 0
        self.started = False  # the application began its answer: too late for a 413
        self.refused = False

    async def run(self) -> None:
        await self.limit.app(self.scope, self.receive, self.send)

    async def receive(self) -> Message:
        if self.refused:
            return {"type": "http.disconnect"}
        message = await self.upstream_receive()
        if message["type"] == "http.request":
            self.received += len(message.get("body", b""))
            if self.received > self.limit.limit:
                self.refused = True
                if not self.started:
                    await _too_large(self.limit.limit, self.scope, self.upstream_receive, self.upstream_send)
                return {"type": "http.disconnect"}
        return message

    async def send(self, message: Message) -> None:
        if self.refused:
            return  # the 413 has answered; whatever the application says after it goes nowhere
        if message["type"] == "http.response.start":
            self.started = True
        await self.upstream_send(message)
