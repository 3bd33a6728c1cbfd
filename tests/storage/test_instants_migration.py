"""Migration 0019 rewrites, on SQLite, the stored moments that carry their offset as the UTC
instants they name, so that SQL sorts and compares them by instant; a moment stored without an
offset cannot be told apart from a UTC one and is left as it is. PostgreSQL kept the instants."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, select, text
from sqlalchemy.orm import Session

from service.core.settings import Settings
from service.policies.tables import DueExtension
from service.storage.migrations import alembic_config

BEFORE = "0018_feedback_effect"
STORED = {
    "honolulu": "2030-01-01 00:00:00-10:00",  # 10:00Z, written with its offset by another tool
    "utc": "2030-01-01 05:00:00.000000",  # as the service wrote it: no offset, read as UTC
    "zulu": "2030-01-01T12:00:00Z",
}


def test_moments_stored_with_their_offset_become_their_utc_instant(database_url: str, tmp_path: Path) -> None:
    config = alembic_config(Settings(data_dir=tmp_path), database_url)
    command.upgrade(config, BEFORE)
    engine = create_engine(database_url)
    try:
        with engine.begin() as connection:
            now = datetime(2026, 12, 1, tzinfo=UTC)
            connection.execute(
                text("INSERT INTO platforms (id, name, created_at) VALUES (1, 'moodle', :now)"), {"now": now}
            )
            connection.execute(
                text("INSERT INTO courses (id, platform_id, slug, created_at) VALUES (1, 1, 'c1', :now)"),
                {"now": now},
            )
            for student, stored in STORED.items():
                connection.execute(
                    text(
                        "INSERT INTO due_extensions (course_id, student, challenge, due_at, updated_at)"
                        " VALUES (1, :student, '*', :due, :now)"
                    ),
                    {"student": student, "due": stored, "now": now},
                )
        command.upgrade(config, "head")
        with Session(engine) as session:
            ordered = session.execute(
                select(DueExtension.student, DueExtension.due_at).order_by(DueExtension.due_at)
            )
            assert [(student, due.isoformat()) for student, due in ordered] == [
                ("utc", "2030-01-01T05:00:00+00:00"),
                ("honolulu", "2030-01-01T10:00:00+00:00"),
                ("zulu", "2030-01-01T12:00:00+00:00"),
            ]
            later = select(DueExtension.student).where(
                DueExtension.due_at > datetime(2030, 1, 1, 6, tzinfo=UTC)
            )
            assert sorted(session.scalars(later)) == ["honolulu", "zulu"]
        if engine.dialect.name == "sqlite":
            with engine.connect() as connection:
                raw = {
                    s: d for s, d in connection.execute(text("SELECT student, due_at FROM due_extensions"))
                }
            assert raw == {
                "honolulu": "2030-01-01 10:00:00.000000",
                "utc": "2030-01-01 05:00:00.000000",  # untouched: nothing says it was not UTC
                "zulu": "2030-01-01 12:00:00.000000",
            }
    finally:
        engine.dispose()
