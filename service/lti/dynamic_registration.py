"""LTI Dynamic Registration: the LMS opens the tool's registration URL with its OpenID configuration;
the tool reads it, registers itself at the LMS's registration endpoint and stores what comes back.

Only by invitation: the URL the administrator pastes carries a single-use token that
`autograder lti invite --name NAME` made, naming the tenancy platform the LMS's courses belong to.
Without it anyone could register an "LMS" of their own and submit through it."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

import httpx

from service.lti import registrations, values
from service.lti.adapter import HTTP_TIMEOUT_SECONDS, Refused
from service.lti.registrations import PlatformEndpoints
from service.lti.urls import ToolUrls
from service.storage.db import transaction
from service.storage.sealing import Sealer

INVITE_SECONDS = 7 * 24 * 3600
MAX_DOCUMENT_BYTES = 256 * 1024
TOOL_CONFIGURATION = "https://purl.imsglobal.org/spec/lti-tool-configuration"
SCOPES = (
    "https://purl.imsglobal.org/spec/lti-ags/scope/score",
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
)


@dataclass(frozen=True)
class Registered:
    platform: str
    issuer: str
    client_id: str
    deployment_id: str | None


def _key(token: str) -> str:
    return "invite-" + hashlib.sha256(token.encode()).hexdigest()


def invite(name: str) -> str:
    token = secrets.token_urlsafe(24)
    values.put(_key(token), {"name": name}, INVITE_SECONDS)
    return token


def registration_request(urls: ToolUrls, tool_name: str) -> dict[str, Any]:
    """The tool's registration as the LMS receives it (OpenID Connect client registration + LTI)."""
    return {
        "application_type": "web",
        "response_types": ["id_token"],
        "grant_types": ["implicit", "client_credentials"],
        "initiate_login_uri": urls.login,
        "redirect_uris": [urls.launch],
        "client_name": tool_name,
        "jwks_uri": urls.jwks,
        "token_endpoint_auth_method": "private_key_jwt",
        "scope": " ".join(SCOPES),
        TOOL_CONFIGURATION: {
            "domain": httpx.URL(urls.launch).host,
            "target_link_uri": urls.launch,
            "claims": ["iss", "sub", "name"],
            "messages": [
                {"type": "LtiDeepLinkingRequest", "target_link_uri": urls.launch, "label": tool_name}
            ],
            "description": "NumPy challenges of the Transformers course, graded with feedback",
        },
    }


def register(params: dict[str, str], urls: ToolUrls, tool_name: str, sealer: Sealer) -> Registered:
    token = params.get("invite", "")
    invited = values.get(_key(token)) if token else None
    if not invited:
        raise Refused("invite", "no valid invitation in the registration URL")
    config_url = params.get("openid_configuration", "")
    try:
        registrations.origin(config_url)
    except ValueError as error:
        raise Refused("registration_failed", "no openid_configuration URL") from error
    config = _json(_http("GET", config_url, {}, None), "openid configuration")
    endpoints = _endpoints(config)
    token_header = params.get("registration_token")
    headers = {"Authorization": f"Bearer {token_header}"} if token_header else {}
    request = registration_request(urls, tool_name)
    answer = _json(_http("POST", config["registration_endpoint"], headers, request), "registration")
    client_id = answer.get("client_id")
    if not isinstance(client_id, str) or not client_id:
        raise Refused("registration_failed", "the LMS's answer has no client_id")
    tool_configuration = answer.get(TOOL_CONFIGURATION)
    deployment = tool_configuration.get("deployment_id") if isinstance(tool_configuration, dict) else None
    if values.take(_key(token)) is None:
        raise Refused("invite", "the invitation was used meanwhile")
    name = str(invited["name"])
    with transaction() as session:
        registrations.add(
            session,
            name,
            PlatformEndpoints(
                endpoints.issuer,
                client_id,
                endpoints.login_url,
                endpoints.token_url,
                endpoints.jwks_url,
                endpoints.token_audience,
            ),
            [deployment] if isinstance(deployment, str) and deployment else [],
            sealer,
            registrations.origin(config_url),
        )
    return Registered(name, endpoints.issuer, client_id, deployment if isinstance(deployment, str) else None)


def _http(method: str, url: str, headers: dict[str, str], body: dict[str, Any] | None) -> httpx.Response:
    try:
        return httpx.request(method, url, headers=headers, json=body, timeout=HTTP_TIMEOUT_SECONDS)
    except httpx.HTTPError as error:
        raise Refused("registration_failed", f"{method} {url}: {type(error).__name__}") from error


def _json(response: httpx.Response, what: str) -> dict[str, Any]:
    if response.status_code not in (200, 201) or len(response.content) > MAX_DOCUMENT_BYTES:
        raise Refused("registration_failed", f"{what}: HTTP {response.status_code}")
    try:
        document = response.json()
    except ValueError as error:
        raise Refused("registration_failed", f"{what}: not JSON") from error
    if not isinstance(document, dict):
        raise Refused("registration_failed", f"{what}: not a JSON object")
    return document


def _endpoints(config: dict[str, Any]) -> PlatformEndpoints:
    fields = ("issuer", "authorization_endpoint", "token_endpoint", "jwks_uri", "registration_endpoint")
    missing = [f for f in fields if not isinstance(config.get(f), str) or not config[f]]
    if missing:
        raise Refused("registration_failed", f"openid configuration without {', '.join(missing)}")
    try:
        for field in fields[1:]:
            registrations.origin(config[field])
    except ValueError as error:
        raise Refused("registration_failed", str(error)) from error
    audience = config.get("authorization_server")
    return PlatformEndpoints(
        issuer=config["issuer"],
        client_id="",
        login_url=config["authorization_endpoint"],
        token_url=config["token_endpoint"],
        jwks_url=config["jwks_uri"],
        token_audience=audience if isinstance(audience, str) and audience else None,
    )
