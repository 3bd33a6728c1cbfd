"""A minimal keep-alive HTTP/1.1 client for the burst: what a platform's client costs on its own
machine should not count against the service's 2 CPUs here. One request at a time per
connection, the body as JSON, the answer read by its Content-Length (uvicorn always sends one).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import urlsplit


class RawConnection:
    def __init__(self, base: str, key: str) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.head = (
            f"Host: {parts.netloc}\r\nAuthorization: Bearer {key}\r\nContent-Type: application/json\r\n"
        )
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        content = json.dumps(body).encode()
        request = f"POST {path} HTTP/1.1\r\n{self.head}Content-Length: {len(content)}\r\n\r\n"
        self.writer.write(request.encode() + content)
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        length = next(
            int(v) for k, _, v in (line.partition(":") for line in lines[1:]) if k.lower() == "content-length"
        )
        return status, await self.reader.readexactly(length)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            await self.writer.wait_closed()
