"""Upgrade a database to the latest schema with Alembic, from code."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from service.core.settings import get_settings
from service.submissions.webhook_secrets import WebhookSecrets


def alembic_config(url: str | None = None, sealer: WebhookSecrets | None = None) -> Config:
    """alembic.ini's options, built here: an installed copy has no alembic.ini beside its code.
    `sealer` seals existing webhook secrets (0009); default: the deployment's key."""
    settings = get_settings()
    config = Config()
    config.attributes["webhook_secrets"] = sealer
    config.set_main_option("script_location", str(settings.migrations_dir))
    config.set_main_option("path_separator", "os")
    config.set_main_option("sqlalchemy.url", (url or settings.database).replace("%", "%%"))
    return config


def upgrade(url: str | None = None) -> None:
    settings = get_settings()
    if url is None and settings.database_url is None:
        settings.data_folder()
    command.upgrade(alembic_config(url), "head")
