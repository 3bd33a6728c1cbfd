"""The session cookie is marked `Secure` whenever the request came over HTTPS.

Starlette's SessionMiddleware sets `https_only` once for every request, while the dashboard is
served over plain HTTP on the embedded default (localhost) and over HTTPS behind a TLS proxy
(which says so with `X-Forwarded-Proto`, trusted by uvicorn from the proxy's address). A cookie
handed out over HTTPS must never travel back over plain HTTP.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class SecureCookieOverHttps:
    def __init__(self, app: ASGIApp, cookie: str) -> None:
        self.app = app
        self.prefix = cookie.encode() + b"="

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("scheme") != "https":
            await self.app(scope, receive, send)
            return

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [self._secured(k, v) for k, v in message["headers"]]}
            await send(message)

        await self.app(scope, receive, send_secured)

    def _secured(self, name: bytes, value: bytes) -> tuple[bytes, bytes]:
        if name.lower() != b"set-cookie" or not value.startswith(self.prefix):
            return name, value
        attributes = {part.strip().lower() for part in value.split(b";")[1:]}
        return name, value if b"secure" in attributes else value + b"; secure"
