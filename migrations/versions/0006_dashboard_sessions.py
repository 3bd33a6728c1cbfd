"""dashboard sessions kept on the server, so that logging out ends them

Revision ID: 0006_dashboard_sessions
Revises: 0005_tenancy
Create Date: 2026-12-01 00:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_dashboard_sessions"
down_revision: str | None = "0005_tenancy"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "dashboard_sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("instructor_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["instructor_id"], ["instructors.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    op.create_index("ix_dashboard_sessions_instructor_id", "dashboard_sessions", ["instructor_id"])


def downgrade() -> None:
    op.drop_index("ix_dashboard_sessions_instructor_id", table_name="dashboard_sessions")
    op.drop_table("dashboard_sessions")
