"""Alembic environment: the URL comes from the service's settings (or the caller's config)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

import service.dashboard.tables
import service.lti.tables
import service.policies.tables
import service.storage.aggregate_tables
import service.storage.roster_tables  # noqa: F401  (the dashboard's, the LTI tool's, the policies', the aggregates' and the rosters' tables join Base.metadata)
from service.core.settings import Settings
from service.storage.db import make_engine
from service.storage.tables import Base

config = context.config


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
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
