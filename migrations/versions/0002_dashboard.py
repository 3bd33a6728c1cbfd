"""dashboard: instructors, their courses, regrade batches

Revision ID: 0002_dashboard
Revises: 0001
Create Date: 2026-11-29 16:25:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_dashboard"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "instructors",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_instructors")),
        sa.UniqueConstraint("email", name=op.f("uq_instructors_email")),
    )
    op.create_table(
        "instructor_courses",
        sa.Column("instructor_id", sa.Integer(), nullable=False),
        sa.Column("course", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["instructor_id"],
            ["instructors.id"],
            name=op.f("fk_instructor_courses_instructor_id_instructors"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("instructor_id", "course", name=op.f("pk_instructor_courses")),
    )
    op.create_table(
        "regrades",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("course", sa.String(length=200), nullable=False),
        sa.Column("challenge", sa.String(length=100), nullable=True),
        sa.Column("instructor_id", sa.Integer(), nullable=True),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["instructor_id"],
            ["instructors.id"],
            name=op.f("fk_regrades_instructor_id_instructors"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_regrades")),
    )
    op.create_index(op.f("ix_regrades_course"), "regrades", ["course"], unique=False)
    op.create_table(
        "regrade_items",
        sa.Column("regrade_id", sa.Integer(), nullable=False),
        sa.Column("submission_id", sa.String(length=32), nullable=False),
        sa.Column("challenge_version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["regrade_id"],
            ["regrades.id"],
            name=op.f("fk_regrade_items_regrade_id_regrades"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["submission_id"],
            ["submissions.id"],
            name=op.f("fk_regrade_items_submission_id_submissions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("regrade_id", "submission_id", name=op.f("pk_regrade_items")),
    )


def downgrade() -> None:
    op.drop_table("regrade_items")
    op.drop_index(op.f("ix_regrades_course"), table_name="regrades")
    op.drop_table("regrades")
    op.drop_table("instructor_courses")
    op.drop_table("instructors")
