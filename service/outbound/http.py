"""One outgoing request: a total deadline, and a connection only to an address the destination check allowed.

httpx's timeouts are per read: a receiver that sends a byte every few seconds keeps one request
open for ever. Here the whole exchange (resolving, connecting, TLS, sending, reading the status
and as much of the answer as is wanted) runs under one deadline. The URL is the `Target` the
destination check parsed, sent as it is; its host is resolved once, every address is checked, and
the connection goes to a checked address (TLS still verifies the name): a name that resolves to a
public address for a check and to a private one for the connection (DNS rebinding) has no second
resolution to exploit.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass

import anyio.to_thread
import httpcore

from service.outbound.destinations import Address, Destinations, Target

ANSWER_BYTES = 500  # of a failed answer's body, kept for the delivery's record
NETWORK_ERRORS = (
    httpcore.NetworkError,
    httpcore.ProtocolError,
    httpcore.TimeoutException,
    ssl.SSLError,
    OSError,
)


@dataclass(frozen=True)
class Answer:
    status_code: int | None
    error: str | None  # why it was not delivered; None when the receiver answered 2xx

    @property
    def delivered(self) -> bool:
        return self.error is None


@dataclass(frozen=True)
class Reply:
    """A whole answer, read within the deadline and the size cap."""

    status: int
    headers: list[tuple[str, str]]
    content: bytes


class Unanswered(Exception):
    """No complete answer: the deadline passed, the answer was over its cap, or the network failed."""


class TooLarge(Unanswered):
    """The answer was longer than the cap it was read under."""


class _PinnedBackend(httpcore.AnyIOBackend):
    """Connects to the addresses checked for the target, whatever host the URL is then read as."""

    def __init__(self, addresses: list[Address]) -> None:
        self.addresses = addresses

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        failure: Exception | None = None
        for address in self.addresses:
            try:
                return await super().connect_tcp(str(address), port, timeout, local_address, socket_options)
            except httpcore.ConnectError as error:
                failure = error
        raise failure or httpcore.ConnectError(f"{host} has no address")


@asynccontextmanager
async def _opened(
    method: str, target: Target, headers: Mapping[str, str], body: bytes, destinations: Destinations
) -> AsyncIterator[httpcore.Response]:
    """The answer's status and headers, its body still to read; raises Refused for a destination
    the policy refuses (resolved here, once)."""
    addresses = await anyio.to_thread.run_sync(destinations.resolved, target)
    sent = [("Host", target.netloc), ("Connection", "close")]
    if body or method not in ("GET", "HEAD"):
        sent.append(("Content-Length", str(len(body))))
    sent += [(k, v) for k, v in headers.items() if k.lower() not in ("host", "connection", "content-length")]
    async with (
        httpcore.AsyncConnectionPool(
            network_backend=_PinnedBackend(addresses), retries=0, max_connections=1
        ) as pool,
        pool.stream(method, target.url, headers=sent, content=body) as response,
    ):
        yield response


async def post(
    url: str, body: bytes, headers: dict[str, str], destinations: Destinations, deadline: float
) -> Answer:
    """POST `body` to `url` (a webhook); refused destinations raise Refused (never worth retrying)."""
    target = destinations.target(url)
    try:
        async with asyncio.timeout(deadline):
            return await _delivered(target, body, headers, destinations)
    except TimeoutError:
        return Answer(None, f"no complete answer within the {deadline:g} s deadline")
    except NETWORK_ERRORS as error:
        return Answer(None, f"{type(error).__name__}: {error}"[:ANSWER_BYTES])


async def _delivered(
    target: Target, body: bytes, headers: dict[str, str], destinations: Destinations
) -> Answer:
    async with _opened("POST", target, headers, body, destinations) as response:
        if 200 <= response.status < 300:
            return Answer(response.status, None)
        kept = await _read(response, ANSWER_BYTES)
        return Answer(
            response.status, kept[:ANSWER_BYTES].decode("utf-8", "replace") or f"HTTP {response.status}"
        )


async def fetch(
    method: str,
    target: Target,
    headers: Mapping[str, str],
    body: bytes,
    destinations: Destinations,
    deadline: float,
    max_bytes: int,
) -> Reply:
    """The whole answer to one request; Refused for a refused destination, Unanswered when no
    complete answer of at most `max_bytes` came within `deadline` seconds."""
    try:
        async with asyncio.timeout(deadline):
            async with _opened(method, target, headers, body, destinations) as response:
                content = await _read(response, max_bytes + 1)
                if len(content) > max_bytes:
                    raise TooLarge(f"{target.origin} answered more than {max_bytes} bytes")
                listed = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in response.headers]
                return Reply(response.status, listed, content)
    except TimeoutError:
        raise Unanswered(f"{target.origin}: no complete answer within the {deadline:g} s deadline") from None
    except NETWORK_ERRORS as error:
        raise Unanswered(f"{target.origin}: {type(error).__name__}: {error}"[:ANSWER_BYTES]) from None


async def _read(response: httpcore.Response, limit: int) -> bytes:
    """At most about `limit` bytes of the body (the chunk that passes it is kept whole, then cut)."""
    kept = b""
    async for chunk in response.aiter_stream():
        kept += chunk
        if len(kept) >= limit:
            break
    return kept[:limit]
