"""which messages work: each result keeps the lesson step its localisation names; per course,
challenge and message (a diagnosis or a step), the students told it, those who tried again, those
whose next attempt no longer has it and those in whom it is gone, with a histogram of the attempts
and the time it took; each student's row keeps what became of each message told. Filled from the
existing rows (the steps of results stored before have no name: none is counted).

Revision ID: 0018_feedback_effect
Revises: 0017_roster_reads
Create Date: 2026-12-03 02:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from service.dashboard.aggregates.rebuild import rebuild

revision: str = "0018_feedback_effect"
down_revision: str | None = "0017_roster_reads"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _message(table: str, *columns: sa.Column[int], key: tuple[str, ...] = ()) -> None:
    op.create_table(
        table,
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("challenge", sa.String(length=100), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("message_id", sa.String(length=100), nullable=False),
        *columns,
        sa.ForeignKeyConstraint(
            ["course_id"], ["courses.id"], name=op.f(f"fk_{table}_course_id_courses"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint(
            "course_id", "challenge", "kind", "message_id", *key, name=op.f(f"pk_{table}")
        ),
    )


def _count(name: str) -> sa.Column[int]:
    return sa.Column(name, sa.Integer(), nullable=False)


def upgrade() -> None:
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("localised_step", sa.String(length=100), nullable=True))
    with op.batch_alter_table("agg_student_challenges", schema=None) as batch_op:
        batch_op.add_column(sa.Column("effects", sa.Text(), server_default="", nullable=False))
    _message("agg_feedback_effects", *(_count(n) for n in ("told", "answered", "gone_next", "gone")))
    _message(
        "agg_feedback_gone",
        sa.Column("attempts", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("time_bucket", sa.Integer(), autoincrement=False, nullable=False),
        _count("students"),
        key=("attempts", "time_bucket"),
    )
    rebuild(op.get_bind())


def downgrade() -> None:
    op.drop_table("agg_feedback_gone")
    op.drop_table("agg_feedback_effects")
    with op.batch_alter_table("agg_student_challenges", schema=None) as batch_op:
        batch_op.drop_column("effects")
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_column("localised_step")
