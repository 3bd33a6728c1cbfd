"""One webhook POST: a total deadline, and a connection only to an address the destination check allowed.

httpx's timeouts are per read: a receiver that sends a byte every few seconds keeps one POST
open for ever. Here the whole exchange (resolving, connecting, TLS, sending, reading the status
and a little of the answer) runs under one deadline. Names are resolved here, every address is
checked, and the connection goes to a checked address (TLS still verifies the name): a name
that resolves to a public address for a check and to a private one for the connection
(DNS rebinding) has no second resolution to exploit.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Iterable
from dataclasses import dataclass

import anyio.to_thread
import httpcore

from service.outbound.destinations import Destinations, Target

ANSWER_BYTES = 500  # of a failed answer's body, kept for the delivery's record


@dataclass(frozen=True)
class Answer:
    status_code: int | None
    error: str | None  # why it was not delivered; None when the receiver answered 2xx

    @property
    def delivered(self) -> bool:
        return self.error is None


class _CheckedBackend(httpcore.AnyIOBackend):
    """Resolves the host itself, refuses it unless every address is allowed, connects to one of them."""

    def __init__(self, destinations: Destinations, target: Target) -> None:
        self.destinations = destinations
        self.target = target

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        target = Target(self.target.scheme, host.strip("[]"), port, self.target.netloc)
        addresses = await anyio.to_thread.run_sync(self.destinations.resolved, target)
        failure: Exception | None = None
        for address in addresses:
            try:
                return await super().connect_tcp(str(address), port, timeout, local_address, socket_options)
            except httpcore.ConnectError as error:
                failure = error
        raise failure or httpcore.ConnectError(f"{host} has no address")


async def post(
    url: str, body: bytes, headers: dict[str, str], destinations: Destinations, deadline: float
) -> Answer:
    """POST `body` to `url`; refused destinations raise Refused (never worth retrying)."""
    target = destinations.target(url)
    request_headers = [("Host", target.netloc), ("Content-Length", str(len(body))), ("Connection", "close")]
    request_headers += list(headers.items())
    try:
        async with asyncio.timeout(deadline):
            return await _exchange(url, body, request_headers, destinations, target)
    except TimeoutError:
        return Answer(None, f"no complete answer within the {deadline:g} s deadline")
    except (
        httpcore.NetworkError,
        httpcore.ProtocolError,
        httpcore.TimeoutException,
        ssl.SSLError,
        OSError,
    ) as error:
        return Answer(None, f"{type(error).__name__}: {error}"[:ANSWER_BYTES])


async def _exchange(
    url: str, body: bytes, headers: list[tuple[str, str]], destinations: Destinations, target: Target
) -> Answer:
    backend = _CheckedBackend(destinations, target)
    async with (
        httpcore.AsyncConnectionPool(network_backend=backend, retries=0, max_connections=1) as pool,
        pool.stream("POST", url, headers=headers, content=body) as response,
    ):
        if 200 <= response.status < 300:
            return Answer(response.status, None)
        kept = b""
        async for chunk in response.aiter_stream():
            kept += chunk
            if len(kept) >= ANSWER_BYTES:
                break
        return Answer(
            response.status, kept[:ANSWER_BYTES].decode("utf-8", "replace") or f"HTTP {response.status}"
        )
