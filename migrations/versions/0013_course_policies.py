"""course policies: a course's limits on attempts (a maximum, a cool-down, N per window), course-wide
or per challenge, and the attempts they refused (kept, never graded)

Revision ID: 0013_course_policies
Revises: 0012_idempotency_fingerprint
Create Date: 2026-12-01 21:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013_course_policies"
down_revision: str | None = "0012_idempotency_fingerprint"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "course_policies",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("challenge", sa.String(length=100), nullable=False),
        sa.Column("max_attempts", sa.Integer(), nullable=True),
        sa.Column("cooldown_seconds", sa.Integer(), nullable=True),
        sa.Column("window_attempts", sa.Integer(), nullable=True),
        sa.Column("window_seconds", sa.Integer(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["course_id"],
            ["courses.id"],
            name=op.f("fk_course_policies_course_id_courses"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_course_policies")),
        sa.UniqueConstraint("course_id", "challenge", name=op.f("uq_course_policies_course_id")),
    )
    op.create_table(
        "refused_attempts",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("challenge", sa.String(length=100), nullable=False),
        sa.Column("lang", sa.String(length=2), nullable=False),
        sa.Column("code", sa.Text(), nullable=False),
        sa.Column("reason", sa.String(length=20), nullable=False),
        sa.Column("retry_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["course_id"],
            ["courses.id"],
            name=op.f("fk_refused_attempts_course_id_courses"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["student_id"],
            ["students.id"],
            name=op.f("fk_refused_attempts_student_id_students"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_refused_attempts")),
    )
    op.create_index(
        "ix_refused_attempts_student_challenge",
        "refused_attempts",
        ["student_id", "challenge", "created_at"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_refused_attempts_student_challenge", table_name="refused_attempts")
    op.drop_table("refused_attempts")
    op.drop_table("course_policies")
