"""The one policy for every request the service sends, and a `requests` session that applies it, for
the libraries that take one (PyLTI1p3's key sets, access tokens and line items) and for dynamic
registration.

Each request of the session is sent by `http.fetch`: its URL parsed once and checked (public
addresses, or the deployment's allowed networks), its host resolved once with every address
checked and the connection pinned to one of them, one total deadline, a cap on the answer. No
redirect is followed, and no proxy or `.netrc` of the environment is used. A session made for one
LMS registration also refuses every origin that registration does not name: its access token
and the tool's signed assertion go to that LMS's own URLs only, whatever a launch or an answer
names.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import requests
from requests.adapters import BaseAdapter
from requests.structures import CaseInsensitiveDict
from requests.utils import get_encoding_from_headers

from service.core.settings import Settings
from service.outbound import http
from service.outbound.budget import Budget, OverBudget
from service.outbound.destinations import Destinations, Refused, allowed_networks, own_addresses

DEADLINE_SECONDS = 10.0  # one request, from resolving the host to the answer's last byte
MAX_ANSWER_BYTES = 1024 * 1024  # an LMS's key set, token or page of line items is far smaller
T = TypeVar("T")


class RefusedRequest(requests.exceptions.ConnectionError):
    """A request the policy does not send (its destination, or a redirect): not worth retrying."""


@dataclass(frozen=True)
class Outbound:
    destinations: Destinations
    deadline_seconds: float = DEADLINE_SECONDS
    max_answer_bytes: int = MAX_ANSWER_BYTES
    budget: Budget | None = None  # shared by every request of one reading (a roster's pages)

    @classmethod
    def from_settings(cls, settings: Settings) -> Outbound:
        allowed = allowed_networks(settings.webhook_allowed_networks)
        return cls(Destinations(allowed, own_addresses(settings.host)))

    def session(self, origins: Collection[str] | None = None) -> PolicySession:
        """A session under this policy; `origins` (as `Target.origin` writes them): the only ones."""
        return PolicySession(self, origins)


class PolicySession(requests.Session):
    def __init__(self, policy: Outbound, origins: Collection[str] | None = None) -> None:
        super().__init__()
        self.trust_env = False  # no proxy, no .netrc: the policy decides where requests go
        adapter = _PolicyAdapter(policy, frozenset(origins) if origins is not None else None)
        self.mount("http://", adapter)
        self.mount("https://", adapter)


class _PolicyAdapter(BaseAdapter):
    def __init__(self, policy: Outbound, origins: frozenset[str] | None) -> None:
        super().__init__()
        self.policy = policy
        self.origins = origins

    def send(
        self,
        request: requests.PreparedRequest,
        stream: bool = False,
        timeout: Any = None,
        verify: Any = True,
        cert: Any = None,
        proxies: Any = None,
    ) -> requests.Response:
        url = request.url or ""
        try:
            target = self.policy.destinations.target(url)
        except Refused as refused:
            raise RefusedRequest(f"{url}: {refused}", request=request) from None
        if self.origins is not None and target.origin not in self.origins:
            raise RefusedRequest(
                f"{target.origin} is not an address of this LMS's registration", request=request
            )
        body = request.body.encode() if isinstance(request.body, str) else bytes(request.body or b"")
        headers = {**request.headers, "Accept-Encoding": "identity"}  # the answer's bytes, read as they are
        budget = self.policy.budget
        deadline, max_bytes = self.policy.deadline_seconds, self.policy.max_answer_bytes
        if budget is not None:
            deadline, max_bytes = budget.left(deadline, max_bytes)
        exchange = http.fetch(
            request.method or "GET", target, headers, body, self.policy.destinations, deadline, max_bytes
        )
        try:
            reply = _run(exchange)
        except Refused as refused:
            raise RefusedRequest(f"{url}: {refused}", request=request) from None
        except http.Unanswered as unanswered:
            why = self._budget_spent(unanswered, deadline, max_bytes)
            error = requests.exceptions.ConnectionError if why is None else OverBudget
            raise error(why or str(unanswered), request=request) from None
        if budget is not None:
            budget.spend(len(reply.content))
        if 300 <= reply.status < 400:
            raise RefusedRequest(
                f"{target.origin} answered a redirect: redirects are not followed", request=request
            )
        return _response(request, reply)

    def _budget_spent(self, unanswered: http.Unanswered, deadline: float, max_bytes: int) -> str | None:
        """Why the reading's budget ended this request (it was tighter than the request's own
        limits, and is spent); None when it did not."""
        budget = self.policy.budget
        if budget is None:
            return None
        if isinstance(unanswered, http.TooLarge):
            return budget.over_bytes() if max_bytes < self.policy.max_answer_bytes else None
        spent = deadline < self.policy.deadline_seconds and budget.out_of_time()
        return budget.over_time() if spent else None

    def close(self) -> None:
        pass  # one connection per request, closed with it


def _response(request: requests.PreparedRequest, reply: http.Reply) -> requests.Response:
    response = requests.Response()
    response.status_code = reply.status
    headers: CaseInsensitiveDict[str] = CaseInsensitiveDict()
    for name, value in reply.headers:  # repeated headers joined, as requests' own transport does
        headers[name] = f"{headers[name]}, {value}" if name in headers else value
    response.headers = headers
    response._content = reply.content  # how requests holds an answer read already
    response.encoding = get_encoding_from_headers(response.headers)
    response.url = request.url or ""
    response.request = request
    return response


def _run(exchange: Coroutine[Any, Any, T]) -> T:
    """The exchange to its end, from a thread with no event loop (the usual case: a worker thread)
    or, in a thread running one, on a thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(exchange)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, exchange).result()
