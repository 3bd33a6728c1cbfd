"""LTI Dynamic Registration: the LMS opens the tool's registration URL with its OpenID configuration;
the tool reads it, registers itself at the LMS's registration endpoint and stores what comes back.

Only by invitation: the URL the administrator pastes carries a single-use token that
`autograder lti invite --name NAME` made, naming the tenancy platform the LMS's courses belong to.
Without it anyone could register an "LMS" of their own and submit through it."""

from __future__ import annotations

import hashlib
import logging
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import httpx
import requests

from grader.text import text
from service.lti import registration_help as advice
from service.lti import registrations, values
from service.lti.adapter import Refused
from service.lti.registrations import PlatformEndpoints
from service.lti.urls import ToolUrls
from service.outbound.destinations import Refused as Unreachable
from service.outbound.session import Outbound
from service.storage.db import Database
from service.storage.sealing import Sealer

log = logging.getLogger(__name__)
INVITE_SECONDS = 7 * 24 * 3600
MAX_DOCUMENT_BYTES = 256 * 1024
TOOL_CONFIGURATION = "https://purl.imsglobal.org/spec/lti-tool-configuration"
SCOPES = (
    "https://purl.imsglobal.org/spec/lti-ags/scope/score",
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
    "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",  # the roster
)


@dataclass(frozen=True)
class Registered:
    platform: str
    issuer: str
    client_id: str
    deployment_id: str | None


def _key(token: str) -> str:
    return "invite-" + hashlib.sha256(token.encode()).hexdigest()


def invite(db: Database, name: str) -> str:
    token = secrets.token_urlsafe(24)
    values.put(db, _key(token), {"name": name}, INVITE_SECONDS)
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


def register(
    db: Database,
    params: dict[str, str],
    urls: ToolUrls,
    tool_name: str,
    sealer: Sealer,
    outbound: Outbound,
) -> Registered:
    """Every URL the LMS gives (its configuration's, its registration endpoint, its key set and
    token URLs) is the LMS's to choose: fetched, and stored, only under the outgoing policy."""
    token = params.get("invite", "")
    invited = values.get(db, _key(token)) if token else None
    if not invited:
        raise Refused("invite", "no valid invitation in the registration URL")
    config_url = params.get("openid_configuration", "")
    try:
        registrations.origin(config_url)
    except ValueError as error:
        raise Refused("registration_failed", "no openid_configuration URL", advice.NO_CONFIG_URL) from error
    outgoing = outbound.session()
    reading = _http(outgoing, "GET", config_url, {}, None, "openid configuration")
    config = _json(reading, "openid configuration", config_url)
    endpoints = _endpoints(config)
    _served_by_issuer(endpoints.issuer, config_url)
    _reachable(outbound, config)
    token_header = params.get("registration_token")
    headers = {"Authorization": f"Bearer {token_header}"} if token_header else {}
    request = registration_request(urls, tool_name)
    registering = _http(outgoing, "POST", config["registration_endpoint"], headers, request, "registration")
    answer = _json(registering, "registration", config["registration_endpoint"])
    client_id = answer.get("client_id")
    if not isinstance(client_id, str) or not client_id:
        no_client = advice.malformed("registration", text("no trae client_id", "it has no client_id"))
        raise Refused("registration_failed", "the LMS's answer has no client_id", no_client)
    tool_configuration = answer.get(TOOL_CONFIGURATION)
    deployment = tool_configuration.get("deployment_id") if isinstance(tool_configuration, dict) else None
    if values.take(db, _key(token)) is None:
        raise Refused("invite", "the invitation was used meanwhile")
    name = str(invited["name"])  # the invitation's platform, and only it, gets this LMS
    try:
        with db.transaction() as session:
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
    except registrations.Taken as taken:  # another LMS's identity: its row stays as it is
        log.warning("dynamic registration for platform %r refused: %s", name, taken)
        raise Refused("registration_taken", str(taken)) from taken
    return Registered(name, endpoints.issuer, client_id, deployment if isinstance(deployment, str) else None)


def _http(
    outgoing: requests.Session,
    method: str,
    url: str,
    headers: dict[str, str],
    body: dict[str, Any] | None,
    what: str,
) -> requests.Response:
    try:
        return outgoing.request(method, url, headers=headers, json=body)
    except requests.RequestException as error:
        raise Refused(
            "registration_failed", f"{method} {url}: {error}", advice.unreadable(what, url, error)
        ) from error


def _reachable(outbound: Outbound, config: dict[str, Any]) -> None:
    """The endpoints the tool will use, refused now when they name an address it may never reach
    (names are resolved and checked again at each use)."""
    for field in ("authorization_endpoint", "token_endpoint", "jwks_uri", "registration_endpoint"):
        try:
            outbound.destinations.target(config[field])
        except Unreachable as refused:
            not_allowed = advice.not_allowed(field, config[field])
            raise Refused("registration_failed", f"{field} {config[field]}: {refused}", not_allowed) from None


def _json(response: requests.Response, what: str, url: str) -> dict[str, Any]:
    if response.status_code not in (200, 201):
        failure = advice.answered(what, url, response.status_code)
        raise Refused("registration_failed", f"{what}: HTTP {response.status_code}", failure)
    if len(response.content) > MAX_DOCUMENT_BYTES:
        too_long = advice.malformed(what, text("es demasiado larga", "it is too long"))
        raise Refused("registration_failed", f"{what}: too long", too_long)
    try:
        document = response.json()
    except ValueError as error:
        not_json = advice.malformed(what, text("no es JSON", "it is not JSON"))
        raise Refused("registration_failed", f"{what}: not JSON", not_json) from error
    if not isinstance(document, dict):
        not_object = advice.malformed(what, text("no es un objeto JSON", "it is not a JSON object"))
        raise Refused("registration_failed", f"{what}: not a JSON object", not_object)
    return document


def _served_by_issuer(issuer: str, config_url: str) -> None:
    """An LMS names only itself: its configuration comes from its issuer's host (as LTI Dynamic
    Registration requires), so no LMS can claim another one's issuer without serving from it."""
    issuer_host, config_host = urlsplit(issuer).hostname, urlsplit(config_url).hostname
    if not issuer_host or issuer_host != config_host:
        raise Refused(
            "registration_failed",
            f"the issuer {issuer!r} is not on the host the openid configuration came from ({config_host})",
            advice.other_host(issuer, config_host),
        )


def _endpoints(config: dict[str, Any]) -> PlatformEndpoints:
    fields = ("issuer", "authorization_endpoint", "token_endpoint", "jwks_uri", "registration_endpoint")
    missing = [f for f in fields if not isinstance(config.get(f), str) or not config[f]]
    if missing:
        named = ", ".join(missing)
        lacking = advice.malformed("openid configuration", text(f"le falta {named}", f"it lacks {named}"))
        raise Refused("registration_failed", f"openid configuration without {named}", lacking)
    try:
        for field in fields[1:]:
            registrations.origin(config[field])
    except ValueError as error:
        bad_url = advice.malformed("openid configuration", text(str(error), str(error)))
        raise Refused("registration_failed", str(error), bad_url) from error
    audience = config.get("authorization_server")
    return PlatformEndpoints(
        issuer=config["issuer"],
        client_id="",
        login_url=config["authorization_endpoint"],
        token_url=config["token_endpoint"],
        jwks_url=config["jwks_uri"],
        token_audience=audience if isinstance(audience, str) and audience else None,
    )
