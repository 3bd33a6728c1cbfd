"""Registered platforms: adding one (a tenancy platform, its API key for the page's submissions,
its deployments) and finding one by what a launch names."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.lti.tables import LtiDeployment, LtiRegistration
from service.storage.sealing import Sealer
from service.storage.tables import ApiKey
from service.submissions.keys import create_key


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


def add(
    session: Session,
    name: str,
    endpoints: PlatformEndpoints,
    deployments: list[str],
    sealer: Sealer,
    frame_origin: str | None = None,
) -> LtiRegistration:
    """Register (or update) the platform `name`'s LMS; its deployments are added to those known."""
    for url in (endpoints.login_url, endpoints.token_url, endpoints.jwks_url):
        origin(url)
    row = find(session, endpoints.issuer, endpoints.client_id)
    if row is None:
        created = create_key(session, name, [], sealer)
        key = session.scalar(select(ApiKey).where(ApiKey.prefix == created.key.split("_")[1]))
        assert key is not None  # noqa: S101 narrows for mypy
        row = LtiRegistration(
            platform_id=key.platform_id,
            api_key_id=key.id,
            issuer=endpoints.issuer,
            client_id=endpoints.client_id,
        )
        session.add(row)
    row.login_url = endpoints.login_url
    row.token_url = endpoints.token_url
    row.jwks_url = endpoints.jwks_url
    row.token_audience = endpoints.token_audience
    row.frame_origin = frame_origin or origin(endpoints.login_url)
    add_deployments(row, deployments)
    session.flush()
    return row


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


def frame_origins(session: Session) -> tuple[str, ...]:
    return tuple(sorted(set(session.scalars(select(LtiRegistration.frame_origin)))))


def listing(session: Session) -> list[LtiRegistration]:
    return list(session.scalars(select(LtiRegistration).order_by(LtiRegistration.id)))
