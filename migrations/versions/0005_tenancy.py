"""tenancy: an instructor's course and a regrade batch name their platform; keys expire and say when used

Until now the dashboard matched courses by name across platforms, so a platform posting to another
one's course name reached its instructors. Each existing grant goes to the platform the data shows:
the only one that has a course of that name (or a key limited to it), or the only platform there
is. A grant no data decides is dropped with a warning naming it (the operator grants it again with
`autograder instructors create --platform`): guessing could hand a course to the wrong platform.

Revision ID: 0005_tenancy
Revises: 0004_result_document
Create Date: 2026-12-01 00:05:00
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_tenancy"
down_revision: str | None = "0004_result_document"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

log = logging.getLogger("alembic.runtime.migration")
_OWNERS = sa.text(
    "SELECT platform_id FROM courses WHERE slug = :course"
    " UNION SELECT k.platform_id FROM api_keys k JOIN key_scopes s ON s.key_id = k.id WHERE s.course = :course"
)


def _platform_of(connection: sa.Connection, course: str) -> int | None:
    owners = {row[0] for row in connection.execute(_OWNERS, {"course": course})}
    if not owners:
        owners = {row[0] for row in connection.execute(sa.text("SELECT id FROM platforms"))}
    return owners.pop() if len(owners) == 1 else None


def _give_platforms(table: str, key: Sequence[str]) -> None:
    """Fill `table.platform_id` from its course's name; delete (and name) the rows no data decides."""
    connection = op.get_bind()
    where = " AND ".join(f"{column} = :{column}" for column in key)
    # Table and column names are this migration's own constants; values go as parameters.
    select_rows = sa.text(f"SELECT {', '.join(key)} FROM {table}")  # noqa: S608
    delete_row = sa.text(f"DELETE FROM {table} WHERE {where}")  # noqa: S608
    update_row = sa.text(f"UPDATE {table} SET platform_id = :platform WHERE {where}")  # noqa: S608
    for row in connection.execute(select_rows).mappings().all():
        platform = _platform_of(connection, row["course"])
        if platform is None:
            log.warning("tenancy: %s %s matches no single platform; dropped", table, dict(row))
            connection.execute(delete_row, dict(row))
        else:
            connection.execute(update_row, {**row, "platform": platform})


def upgrade() -> None:
    with op.batch_alter_table("api_keys") as batch:
        batch.add_column(sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True))
    for table in ("instructor_courses", "regrades"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("platform_id", sa.Integer(), nullable=True))
    _give_platforms("instructor_courses", ("instructor_id", "course"))
    _give_platforms("regrades", ("id", "course"))
    with op.batch_alter_table("instructor_courses", recreate="always") as batch:
        batch.alter_column("platform_id", existing_type=sa.Integer(), nullable=False)
        batch.drop_constraint("pk_instructor_courses", type_="primary")
        batch.create_primary_key("pk_instructor_courses", ["instructor_id", "platform_id", "course"])
        batch.create_foreign_key(
            "fk_instructor_courses_platform_id_platforms",
            "platforms",
            ["platform_id"],
            ["id"],
            ondelete="CASCADE",
        )
    with op.batch_alter_table("regrades") as batch:
        batch.alter_column("platform_id", existing_type=sa.Integer(), nullable=False)
        batch.create_foreign_key(
            "fk_regrades_platform_id_platforms", "platforms", ["platform_id"], ["id"], ondelete="CASCADE"
        )


def downgrade() -> None:
    with op.batch_alter_table("regrades") as batch:
        batch.drop_constraint("fk_regrades_platform_id_platforms", type_="foreignkey")
        batch.drop_column("platform_id")
    op.execute(
        "DELETE FROM instructor_courses WHERE EXISTS (SELECT 1 FROM instructor_courses o"
        " WHERE o.instructor_id = instructor_courses.instructor_id AND o.course = instructor_courses.course"
        " AND o.platform_id < instructor_courses.platform_id)"
    )
    with op.batch_alter_table("instructor_courses", recreate="always") as batch:
        batch.drop_constraint("fk_instructor_courses_platform_id_platforms", type_="foreignkey")
        batch.drop_constraint("pk_instructor_courses", type_="primary")
        batch.create_primary_key("pk_instructor_courses", ["instructor_id", "course"])
        batch.drop_column("platform_id")
    with op.batch_alter_table("api_keys") as batch:
        batch.drop_column("expires_at")
        batch.drop_column("last_used_at")
