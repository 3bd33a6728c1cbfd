"""Instructor passwords: hashed with Argon2id (argon2-cffi), never stored in clear."""

from __future__ import annotations

import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()
MIN_LENGTH = 12
# Verifying against this when the email is unknown keeps the answer's timing the same.
_DUMMY_HASH = _hasher.hash(secrets.token_urlsafe(16))


def generate() -> str:
    return secrets.token_urlsafe(18)


def hash_password(password: str) -> str:
    if len(password) < MIN_LENGTH:
        raise ValueError(f"a password needs at least {MIN_LENGTH} characters")
    return _hasher.hash(password)


def verify(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False
