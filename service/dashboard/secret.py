"""The key that signs dashboard sessions: the configured one, or one kept in the data folder."""

from __future__ import annotations

import os
import secrets

from service.core.settings import Settings

SECRET_FILE = "dashboard.secret"  # noqa: S105 a file name, not a secret


def session_secret(settings: Settings) -> str:
    """Read when an app is built (`create_app` keeps it in its state for the handlers)."""
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
