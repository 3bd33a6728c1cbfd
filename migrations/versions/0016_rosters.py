"""rosters: a course's enrolled learners as its LMS tells them (LTI NRPS), when the list was last
read, and each LMS context's memberships URL from its launches

Revision ID: 0016_rosters
Revises: 0015_diagnosis_holders
Create Date: 2026-12-02 02:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016_rosters"
down_revision: str | None = "0015_diagnosis_holders"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _course_key(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["course_id"], ["courses.id"], name=op.f(f"fk_{table}_course_id_courses"), ondelete="CASCADE"
    )


def upgrade() -> None:
    with op.batch_alter_table("lti_contexts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("memberships_url", sa.String(length=2000), nullable=True))
    op.create_table(
        "roster_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("student", sa.String(length=200), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        _course_key("roster_members"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_roster_members")),
        sa.UniqueConstraint("course_id", "student", name=op.f("uq_roster_members_course_id")),
    )
    op.create_table(
        "roster_syncs",
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("synced_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("members", sa.Integer(), nullable=False),
        sa.Column("skipped", sa.Integer(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        _course_key("roster_syncs"),
        sa.PrimaryKeyConstraint("course_id", name=op.f("pk_roster_syncs")),
    )


def downgrade() -> None:
    op.drop_table("roster_syncs")
    op.drop_table("roster_members")
    with op.batch_alter_table("lti_contexts", schema=None) as batch_op:
        batch_op.drop_column("memberships_url")
