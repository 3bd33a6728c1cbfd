"""Upgrade a database to the latest schema with Alembic, from code."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from service.core.settings import PROJECT_ROOT, get_settings


def alembic_config(url: str | None = None) -> Config:
    config = Config(str(PROJECT_ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(PROJECT_ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", (url or get_settings().database).replace("%", "%%"))
    return config


def upgrade(url: str | None = None) -> None:
    settings = get_settings()
    if url is None and settings.database_url is None:
        settings.data_folder()
    command.upgrade(alembic_config(url), "head")
