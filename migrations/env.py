"""Alembic environment: the URL comes from the service's settings (or the caller's config)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from service.core.settings import Settings
from service.storage import registry
from service.storage.db import make_engine

config = context.config


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=registry.metadata(),
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    url = config.get_main_option("sqlalchemy.url") or Settings().database
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            _run(connection)
    finally:
        engine.dispose()


run_migrations_online()
