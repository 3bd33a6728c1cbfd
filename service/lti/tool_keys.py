"""The tool's own signing keys, kept in the database: the newest signs (deep-link answers, AGS token
requests), every key not retired is published at the tool's JWKS URL, so a platform that cached the
previous set still verifies during a rotation. The private key never leaves this module's
`SigningKey`, whose repr hides it."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from jwcrypto.jwk import JWK
from sqlalchemy import select
from sqlalchemy.orm import Session

from service.lti.tables import LtiToolKey
from service.storage.tables import now

KEY_BITS = 2048
ALGORITHM = "RS256"


@dataclass(frozen=True)
class SigningKey:
    kid: str
    private_pem: str = field(repr=False)


def _new_key() -> LtiToolKey:
    kid = secrets.token_urlsafe(12)
    key = JWK.generate(kty="RSA", size=KEY_BITS, kid=kid)
    public: dict[str, Any] = json.loads(key.export_public())
    public.update(alg=ALGORITHM, use="sig", kid=kid)
    private_pem = key.export_to_pem(private_key=True, password=None).decode()
    return LtiToolKey(kid=kid, private_pem=private_pem, public_jwk=json.dumps(public, sort_keys=True))


def _live(session: Session) -> list[LtiToolKey]:
    query = select(LtiToolKey).where(LtiToolKey.retired_at.is_(None)).order_by(LtiToolKey.id.desc())
    return list(session.scalars(query))


def signing_key(session: Session) -> SigningKey:
    """The newest live key, made on first use."""
    live = _live(session)
    if not live:
        session.add(row := _new_key())
        session.flush()
        return SigningKey(row.kid, row.private_pem)
    return SigningKey(live[0].kid, live[0].private_pem)


def rotate(session: Session, keep: int = 2) -> str:
    """A new signing key; keys beyond the newest `keep` are retired (no longer published).

    Keeping the previous key published lets platforms that cached the old set verify what it
    signed until they fetch the set again. Returns the new key's id."""
    session.add(row := _new_key())
    session.flush()
    for old in _live(session)[keep:]:
        old.retired_at = now()
    return row.kid


def jwks(session: Session) -> dict[str, list[dict[str, Any]]]:
    keys = _live(session)
    if not keys:
        signing_key(session)
        keys = _live(session)
    return {"keys": [json.loads(k.public_jwk) for k in keys]}
