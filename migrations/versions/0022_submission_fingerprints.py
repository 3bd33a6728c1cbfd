"""submission fingerprints: each graded submission's print for the similar-submissions views,
made by the worker as it stores the result

Submissions graded before this revision get theirs lazily: a view that finds programs without
a print (or of another scheme) makes a few within its budget, stores them and says how many are
left for the next views. A migration cannot make them: the tokenizer is the service's.

Revision ID: 0022_submission_fingerprints
Revises: 0021_erasures
Create Date: 2026-12-04 21:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022_submission_fingerprints"
down_revision: str | None = "0021_erasures"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "submission_fingerprints",
        sa.Column("submission_id", sa.String(length=32), nullable=False),
        sa.Column("scheme", sa.Integer(), nullable=False),
        sa.Column("hashes", sa.LargeBinary(), nullable=False),
        sa.Column("spans", sa.LargeBinary(), nullable=False),
        sa.Column("features", sa.Text(), nullable=False),
        sa.Column("cut", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["submission_id"],
            ["submissions.id"],
            name=op.f("fk_submission_fingerprints_submission_id_submissions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("submission_id", name=op.f("pk_submission_fingerprints")),
    )


def downgrade() -> None:
    op.drop_table("submission_fingerprints")
