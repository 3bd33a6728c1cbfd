"""The database a command works on, from the Settings the command reads once."""

from __future__ import annotations

from service.core.settings import Settings
from service.storage import migrations
from service.storage.db import Database


def open_database() -> tuple[Settings, Database]:
    """The command's Settings and its database; the embedded default is brought to the latest
    schema first, as `serve` does (a configured database is upgraded by `migrate`)."""
    settings = Settings()
    if settings.database_url is None:
        migrations.upgrade(settings)
    return settings, Database.of(settings)
