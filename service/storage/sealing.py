"""Secrets sealed at rest (webhook secrets, LTI registration tokens): the database holds them encrypted, the key lives outside it.

A webhook secret signs every delivery, so it cannot be stored as a hash the way API keys are.
It is encrypted with Fernet (AES-128-CBC + HMAC-SHA256) under a key kept apart from the
database: `AUTOGRADER_WEBHOOK_KEYS` (comma-separated Fernet keys, the first seals and all open,
so a key can be rotated), else `webhook.key` in the data folder, created private on first use.
A copy of the database alone (a backup, a dump, a stolen file) no longer signs anybody's webhooks.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from service.core.settings import Settings

KEY_FILE = "webhook.key"


class UnreadableSecret(Exception):
    """Sealed under a key this deployment no longer has."""


class Sealer:
    def __init__(self, keys: list[bytes]) -> None:
        self._fernet = MultiFernet([Fernet(key) for key in keys])

    @classmethod
    def with_new_key(cls) -> Sealer:
        """Under a key of its own, kept nowhere: for what no other process will open."""
        return cls([Fernet.generate_key()])

    def seal(self, secret: str) -> str:
        return self._fernet.encrypt(secret.encode()).decode()

    def unseal(self, sealed: str) -> str:
        try:
            return self._fernet.decrypt(sealed.encode()).decode()
        except InvalidToken as error:
            raise UnreadableSecret("sealed under another key (AUTOGRADER_WEBHOOK_KEYS)") from error


def sealer_for(settings: Settings) -> Sealer:
    return _loaded(settings.webhook_keys, settings.data_dir)


@lru_cache(maxsize=4)
def _loaded(configured: str, data_dir: Path) -> Sealer:
    keys = [key.strip().encode() for key in configured.split(",") if key.strip()]
    return Sealer(keys or [_key_file(data_dir)])


def _key_file(data_dir: Path) -> bytes:
    path = data_dir / KEY_FILE
    if not path.exists():
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        # Written whole under a name of its own, then linked: of two processes starting at once,
        # one key wins, and neither can read a file that is created but not yet written.
        draft = data_dir / f".{KEY_FILE}.{os.getpid()}"
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as file:
            file.write(Fernet.generate_key())
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_bytes().strip()
