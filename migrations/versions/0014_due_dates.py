"""due dates: a course's or a challenge's due date and late policy (best on-time score kept, or a
penalty per day), a student's extension, and the due date an LMS's line item gives

Revision ID: 0014_due_dates
Revises: 0013_course_policies
Create Date: 2026-12-01 21:10:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014_due_dates"
down_revision: str | None = "0013_course_policies"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("course_policies", schema=None) as batch_op:
        batch_op.add_column(sa.Column("due_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("late_policy", sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column("late_penalty_percent", sa.Float(), nullable=True))
    for table, student in (("due_extensions", True), ("lms_due_dates", False)):
        columns = [
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("course_id", sa.Integer(), nullable=False),
            *([sa.Column("student", sa.String(length=200), nullable=False)] if student else []),
            sa.Column("challenge", sa.String(length=100), nullable=False),
            sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
            sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        ]
        unique = ["course_id", "student", "challenge"] if student else ["course_id", "challenge"]
        op.create_table(
            table,
            *columns,
            sa.ForeignKeyConstraint(
                ["course_id"], ["courses.id"], name=op.f(f"fk_{table}_course_id_courses"), ondelete="CASCADE"
            ),
            sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{table}")),
            sa.UniqueConstraint(*unique, name=op.f(f"uq_{table}_course_id")),
        )


def downgrade() -> None:
    op.drop_table("lms_due_dates")
    op.drop_table("due_extensions")
    with op.batch_alter_table("course_policies", schema=None) as batch_op:
        batch_op.drop_column("late_penalty_percent")
        batch_op.drop_column("late_policy")
        batch_op.drop_column("due_at")
