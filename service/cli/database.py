"""The database a command works on, from the Settings the command reads once."""

from __future__ import annotations

from service.core.settings import Settings
from service.storage import db, migrations


def open_database() -> Settings:
    """The command's Settings, its database bound to them; the embedded default is brought to the
    latest schema first, as `serve` does (a configured database is upgraded by `migrate`)."""
    settings = Settings()
    db.use(settings)
    if settings.database_url is None:
        migrations.upgrade(settings)
    return settings
