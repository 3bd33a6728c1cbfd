"""The tool's connector to one LMS's services (AGS, NRPS): PyLTI1p3's, its requests sent to that
LMS's own origins only (the service's outgoing policy), and its access tokens (client
credentials, signed with the tool's key) kept in a `TokenCache` per platform and scope set until
shortly before they expire. A cache is an object its process holds (the worker's
`WorkerProcess.lti_tokens`), never a module's global: tests and processes each have their own.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import requests
from pylti1p3.service_connector import ServiceConnector

from service.lti import tool_keys
from service.lti.adapter import ToolRegistration
from service.lti.tables import LtiRegistration
from service.outbound import destinations
from service.outbound.session import Outbound, PolicySession

TOKEN_MARGIN_SECONDS = 30
DEFAULT_TOKEN_SECONDS = 3600
Key = tuple[int, tuple[str, ...]]  # the registration's id, the scopes sorted


class TokenCache:
    """Access tokens by registration and scopes, each until its expiry (a monotonic instant)."""

    def __init__(self) -> None:
        self._tokens: dict[Key, tuple[str, float]] = {}
        self._lock = threading.Lock()

    def get(self, key: Key) -> str | None:
        with self._lock:
            cached = self._tokens.get(key)
        return cached[0] if cached is not None and cached[1] > time.monotonic() else None

    def put(self, key: Key, token: str, lifetime: float) -> None:
        """Keep `token` until shortly before its `lifetime` (seconds) ends."""
        with self._lock:
            self._tokens[key] = (token, time.monotonic() + lifetime - TOKEN_MARGIN_SECONDS)

    def forget(self, registration_id: int) -> None:
        """Every token of the registration (the LMS refused one: the next send asks anew)."""
        with self._lock:
            for key in [k for k in self._tokens if k[0] == registration_id]:
                del self._tokens[key]


def registration_origins(row: LtiRegistration) -> frozenset[str]:
    """The origins an LMS's registration names (its issuer, its endpoints, the origin framing the
    tool: where its courses, and so its line items, live): the only ones its token goes to."""
    found = set()
    for url in (row.issuer, row.login_url, row.token_url, row.jwks_url, row.frame_origin):
        try:
            found.add(destinations.parse(url).origin)
        except destinations.Refused:
            continue  # an issuer need not be a URL
    return frozenset(found)


class _TokenSession(PolicySession):
    """Remembers the lifetime the token endpoint gave its last token (the library keeps only the token)."""

    expires_in: float = DEFAULT_TOKEN_SECONDS

    def post(self, url: str | bytes, *args: Any, **kwargs: Any) -> requests.Response:
        response = super().post(url, *args, **kwargs)
        if response.ok and isinstance(kwargs.get("data"), dict) and "client_assertion" in kwargs["data"]:
            lifetime = response.json().get("expires_in")
            self.expires_in = float(lifetime) if isinstance(lifetime, int | float) else DEFAULT_TOKEN_SECONDS
        return response


class CachedTokens(ServiceConnector):
    """PyLTI1p3's connector, with its access tokens kept in `tokens` across tasks."""

    def __init__(
        self, registration: ToolRegistration, registration_id: int, session: _TokenSession, tokens: TokenCache
    ) -> None:
        self.session = session
        super().__init__(registration, requests_session=session)
        self.registration_id = registration_id
        self.tokens = tokens

    def get_access_token(self, scopes: Any) -> str:
        key = (self.registration_id, tuple(sorted(scopes)))
        cached = self.tokens.get(key)
        if cached is not None:
            return cached
        token = super().get_access_token(scopes)
        self.tokens.put(key, token, self.session.expires_in)
        return token

    def forget(self) -> None:
        self.tokens.forget(self.registration_id)


def lms_connector(
    registration: LtiRegistration, key: tool_keys.SigningKey, outbound: Outbound, tokens: TokenCache
) -> CachedTokens:
    """The tool's connector to one LMS's services (AGS, NRPS): its tokens kept in `tokens`, its
    requests to that LMS's own origins only."""
    session = _TokenSession(outbound, registration_origins(registration))
    return CachedTokens(ToolRegistration(registration, key), registration.id, session, tokens)
