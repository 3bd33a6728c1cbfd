"""erasures: a record of each erasure of a student's data (on request) or of old code (the
retention period), with counts and no erased data

Revision ID: 0021_erasures
Revises: 0020_regrade_previews
Create Date: 2026-12-04 21:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021_erasures"
down_revision: str | None = "0020_regrade_previews"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "erasures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("platform_id", sa.Integer(), nullable=True),
        sa.Column("course_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("asked_by", sa.String(length=100), nullable=False),
        sa.Column("submissions", sa.Integer(), nullable=False),
        sa.Column("refused_attempts", sa.Integer(), nullable=False),
        sa.Column("roster_rows", sa.Integer(), nullable=False),
        sa.Column("lti_identities", sa.Integer(), nullable=False),
        sa.Column("erased_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["course_id"], ["courses.id"], name=op.f("fk_erasures_course_id_courses"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["platform_id"],
            ["platforms.id"],
            name=op.f("fk_erasures_platform_id_platforms"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_erasures")),
    )


def downgrade() -> None:
    op.drop_table("erasures")
