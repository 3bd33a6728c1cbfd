"""The key that signs dashboard sessions: the configured one, or one kept in the data folder."""

from __future__ import annotations

import os
import secrets
from functools import lru_cache

from service.core.settings import get_settings

SECRET_FILE = "dashboard.secret"  # noqa: S105 a file name, not a secret


@lru_cache(maxsize=1)
def session_secret() -> str:
    settings = get_settings()
    if settings.dashboard_secret:
        return settings.dashboard_secret
    path = settings.data_dir / SECRET_FILE
    if not path.exists():
        settings.data_folder()
        # O_EXCL: of two processes starting at once, one writes and both read the same key.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as file:
                file.write(secrets.token_urlsafe(48))
    return path.read_text().strip()
