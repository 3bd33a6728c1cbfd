"""Upgrade a database to the latest schema with Alembic, from code."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from service.core.settings import Settings
from service.storage.sealing import Sealer


def alembic_config(settings: Settings, url: str | None = None, sealer: Sealer | None = None) -> Config:
    """alembic.ini's options, built here: an installed copy has no alembic.ini beside its code.
    `url` defaults to the settings' database; `sealer` seals the webhook secrets stored before
    0009 (default: the settings' key, made only if there is a secret to seal)."""
    config = Config()
    config.attributes["settings"] = settings
    config.attributes["webhook_secrets"] = sealer
    config.set_main_option("script_location", str(settings.migrations_dir))
    config.set_main_option("path_separator", "os")
    config.set_main_option("sqlalchemy.url", (url or settings.database).replace("%", "%%"))
    return config


def upgrade(settings: Settings, url: str | None = None) -> None:
    if url is None and settings.database_url is None:
        settings.data_folder()
    command.upgrade(alembic_config(settings, url), "head")
