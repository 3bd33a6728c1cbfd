"""the dashboard's aggregates, kept as results are stored (filled from the existing rows by 0015)

Revision ID: 0010_dashboard_aggregates
Revises: 0009_sealed_webhook_secrets
Create Date: 2026-12-01 04:10:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_dashboard_aggregates"
down_revision: str | None = "0009_sealed_webhook_secrets"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _course() -> sa.Column[int]:
    return sa.Column(
        "course_id", sa.Integer(), sa.ForeignKey("courses.id", ondelete="CASCADE"), nullable=False
    )


def _student() -> sa.Column[int]:
    return sa.Column(
        "student_id", sa.Integer(), sa.ForeignKey("students.id", ondelete="CASCADE"), nullable=False
    )


def _challenge() -> sa.Column[str]:
    return sa.Column("challenge", sa.String(length=100), nullable=False)


def _count(name: str) -> sa.Column[int]:
    return sa.Column(name, sa.Integer(), nullable=False)


def _keyed(name: str, *columns: sa.Column[object], key: Sequence[str]) -> None:
    op.create_table(name, *columns, sa.PrimaryKeyConstraint(*key, name=f"pk_{name}"))


def upgrade() -> None:
    _keyed(
        "agg_challenges",
        _course(),
        _challenge(),
        *(_count(n) for n in ("tried", "reached_100", "attempts", "errored")),
        key=("course_id", "challenge"),
    )
    _keyed(
        "agg_buckets",
        _course(),
        _challenge(),
        _count("bucket"),
        _count("students"),
        key=("course_id", "challenge", "bucket"),
    )
    _keyed(
        "agg_tests",
        _course(),
        _challenge(),
        sa.Column("test_id", sa.String(length=100), nullable=False),
        sa.Column("category", sa.String(length=60), nullable=False),
        *(_count(n) for n in ("position", "ran", "failed", "errored")),
        key=("course_id", "challenge", "test_id"),
    )
    _keyed(
        "agg_errors",
        _course(),
        _challenge(),
        sa.Column("kind", sa.String(length=40), nullable=False),
        _count("attempts"),
        key=("course_id", "challenge", "kind"),
    )
    _keyed(
        "agg_diagnoses",
        _course(),
        _challenge(),
        sa.Column("diagnosis_id", sa.String(length=100), nullable=False),
        _count("students"),
        key=("course_id", "challenge", "diagnosis_id"),
    )
    _keyed(
        "agg_versions",
        _course(),
        _challenge(),
        _count("version"),
        _count("submissions"),
        key=("course_id", "challenge", "version"),
    )
    _keyed(
        "agg_student_challenges",
        _course(),
        _challenge(),
        _student(),
        sa.Column("external_id", sa.String(length=200), nullable=False),
        _count("attempts"),
        sa.Column("best", sa.Float(), nullable=False),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("diagnoses", sa.Text(), nullable=False),
        key=("course_id", "challenge", "student_id"),
    )
    op.create_index(
        "ix_agg_student_challenges_best",
        "agg_student_challenges",
        ["course_id", "challenge", "best", "external_id"],
    )
    _keyed(
        "agg_students",
        _course(),
        _student(),
        sa.Column("external_id", sa.String(length=200), nullable=False),
        _count("attempts"),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=True),
        key=("course_id", "student_id"),
    )
    op.create_index("ix_agg_students_external_id", "agg_students", ["course_id", "external_id"])
    op.create_index("ix_agg_students_attempts", "agg_students", ["course_id", "attempts", "external_id"])
    op.create_index("ix_agg_students_last_at", "agg_students", ["course_id", "last_at", "external_id"])
    # No rebuild here: the rebuild writes the aggregates as the code defines them today, with
    # columns later revisions add; the newest revision that changes them fills them.


def downgrade() -> None:
    for name in (
        "agg_students",
        "agg_student_challenges",
        "agg_versions",
        "agg_diagnoses",
        "agg_errors",
        "agg_tests",
        "agg_buckets",
        "agg_challenges",
    ):
        op.drop_table(name)
