"""Instructor passwords: hashed with Argon2id (argon2-cffi), never stored in clear."""

from __future__ import annotations

import secrets
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()
MIN_LENGTH = 12


@cache
def _dummy_hash() -> str:
    """Verifying against this when the email is unknown keeps the answer's timing the same.
    Made on the first log-in, not at import: a hash costs a third of a second of CPU, which every
    command importing the accounts paid."""
    return _hasher.hash(secrets.token_urlsafe(16))


def generate() -> str:
    return secrets.token_urlsafe(18)


def hash_password(password: str) -> str:
    if len(password) < MIN_LENGTH:
        raise ValueError(f"a password needs at least {MIN_LENGTH} characters")
    return _hasher.hash(password)


def verify(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher.verify(password_hash or _dummy_hash(), password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False
