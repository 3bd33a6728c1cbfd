"""the submissions of a course in time order: the long CSV reads them by this index, so its first
lines leave before the whole course is read (no sort of every row first)

Revision ID: 0011_submissions_course_created
Revises: 0010_dashboard_aggregates
Create Date: 2026-12-01 05:45:00
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0011_submissions_course_created"
down_revision: str | None = "0010_dashboard_aggregates"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_submissions_course_created", "submissions", ["course_id", "created_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_submissions_course_created", table_name="submissions")
