"""Registered platforms: adding one (a tenancy platform, its API key for the page's submissions,
its deployments) and finding one by what a launch names."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.lti.tables import LtiDeployment, LtiRegistration
from service.outbound import destinations
from service.storage.sealing import Sealer
from service.storage.tables import ApiKey
from service.submissions.keys import create_key

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PlatformEndpoints:
    issuer: str
    client_id: str
    login_url: str  # OIDC authorization endpoint
    token_url: str
    jwks_url: str
    token_audience: str | None = None


def origin(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"{url!r} is not an http(s) URL")
    return f"{parts.scheme}://{parts.netloc}"


class Taken(ValueError):
    """The LMS (issuer and client id) is registered already: registering never changes a row."""


def add(
    session: Session,
    name: str,
    endpoints: PlatformEndpoints,
    deployments: list[str],
    sealer: Sealer,
    frame_origin: str | None = None,
) -> LtiRegistration:
    """Register the LMS as platform `name`'s; Taken when its issuer and client id (or its client id
    at the same token endpoint: the same OAuth client) are registered already, to any platform.

    Nothing a registration names may change another row: an LMS that answered with a registered
    LMS's issuer and client id would otherwise take over its launches and its courses."""
    _check_urls(endpoints)
    _refuse_taken(session, name, endpoints)
    created = create_key(session, name, [], sealer)
    key = session.get_one(ApiKey, created.key_id)
    row = LtiRegistration(
        platform_id=key.platform_id,
        api_key_id=key.id,
        issuer=endpoints.issuer,
        client_id=endpoints.client_id,
    )
    session.add(row)
    _set_endpoints(row, endpoints, frame_origin)
    add_deployments(row, deployments)
    session.flush()
    return row


def replace(
    session: Session,
    name: str,
    endpoints: PlatformEndpoints,
    deployments: list[str],
    frame_origin: str | None = None,
) -> LtiRegistration:
    """The operator's re-registration of platform `name`'s LMS: its endpoints as given now (its
    deployments added). LookupError unless that LMS is registered, and registered to `name`."""
    _check_urls(endpoints)
    row = find(session, endpoints.issuer, endpoints.client_id)
    if row is None:
        raise LookupError(f"{_named(endpoints)} is not registered: add it without --replace")
    if row.platform.name != name:
        raise Taken(f"{_named(endpoints)} is registered to platform {row.platform.name!r}, not {name!r}")
    before = (row.login_url, row.token_url, row.jwks_url, row.token_audience, row.frame_origin)
    _set_endpoints(row, endpoints, frame_origin)
    add_deployments(row, deployments)
    session.flush()
    after = (row.login_url, row.token_url, row.jwks_url, row.token_audience, row.frame_origin)
    log.warning(
        "LTI registration of %s re-registered by the operator for platform %r: %s -> %s",
        *(_named(endpoints), name, before, after),
    )
    return row


def _check_urls(endpoints: PlatformEndpoints) -> None:
    for url in (endpoints.login_url, endpoints.token_url, endpoints.jwks_url):
        origin(url)


def _refuse_taken(session: Session, name: str, endpoints: PlatformEndpoints) -> None:
    row = find(session, endpoints.issuer, endpoints.client_id)
    if row is not None:
        mine = row.platform.name == name
        hint = "re-register it with `autograder lti add-platform --replace`" if mine else "ask the operator"
        raise Taken(f"{_named(endpoints)} is already registered with this tool; {hint}")
    same_client = select(LtiRegistration).where(LtiRegistration.client_id == endpoints.client_id)
    for other in session.scalars(same_client):
        if _endpoint(other.token_url) == _endpoint(endpoints.token_url):
            raise Taken(
                f"client id {endpoints.client_id!r} at token endpoint {endpoints.token_url} is already "
                "registered with this tool (under another issuer); ask the operator"
            )


def _endpoint(url: str) -> str:
    """A token URL as its server reads it (the host as the sender would connect to it), no query."""
    try:
        target = destinations.parse(url)
    except destinations.Refused:
        return url
    return target.origin + target.path.partition("?")[0]


def _named(endpoints: PlatformEndpoints) -> str:
    return f"the LMS with issuer {endpoints.issuer!r} and client id {endpoints.client_id!r}"


def _set_endpoints(row: LtiRegistration, endpoints: PlatformEndpoints, frame_origin: str | None) -> None:
    row.login_url = endpoints.login_url
    row.token_url = endpoints.token_url
    row.jwks_url = endpoints.jwks_url
    row.token_audience = endpoints.token_audience
    row.frame_origin = frame_origin or origin(endpoints.login_url)


def add_deployments(row: LtiRegistration, deployments: list[str]) -> None:
    known = {d.deployment_id for d in row.deployments}
    row.deployments.extend(
        LtiDeployment(deployment_id=d) for d in dict.fromkeys(deployments) if d not in known
    )


def find(session: Session, issuer: str, client_id: str | None) -> LtiRegistration | None:
    """The registration of (issuer, client id); without a client id, the issuer's only one."""
    query = select(LtiRegistration).where(LtiRegistration.issuer == issuer)
    if client_id is not None:
        return session.scalar(query.where(LtiRegistration.client_id == client_id))
    rows = list(session.scalars(query.limit(2)))
    return rows[0] if len(rows) == 1 else None


def follow_rotation(session: Session, old_key_id: int, new_key_id: int) -> int:
    """The LMSs whose launches made links with a rotated key make them with its successor (the
    links made before work until the old key's grace ends). How many followed."""
    rows = list(session.scalars(select(LtiRegistration).where(LtiRegistration.api_key_id == old_key_id)))
    for row in rows:
        row.api_key_id = new_key_id
    return len(rows)


def frame_origins(session: Session) -> tuple[str, ...]:
    return tuple(sorted(set(session.scalars(select(LtiRegistration.frame_origin)))))


def listing(session: Session) -> list[LtiRegistration]:
    return list(session.scalars(select(LtiRegistration).order_by(LtiRegistration.id)))
