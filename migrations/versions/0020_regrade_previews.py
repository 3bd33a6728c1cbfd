"""regrade previews: a regrade batch is previewed before it is confirmed; each item keeps the
result the preview computed (its score and Result documents), stored as a result on confirming

Batches made before previews existed ran at once: they are marked confirmed when they were made,
and their items take the score of the result their regrade stored (none, where that result is
gone). Their documents are not copied: a confirmed batch is never stored again.

Revision ID: 0020_regrade_previews
Revises: 0019_instants_in_utc
Create Date: 2026-12-04 03:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020_regrade_previews"
down_revision: str | None = "0019_instants_in_utc"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("regrades", schema=None) as batch_op:
        batch_op.add_column(sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("regrade_items", schema=None) as batch_op:
        batch_op.add_column(sa.Column("score", sa.Float(), nullable=True))
        batch_op.add_column(sa.Column("document", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("translation", sa.Text(), nullable=True))
    op.execute("UPDATE regrades SET confirmed_at = created_at")
    op.execute(
        "UPDATE regrade_items SET score = (SELECT results.score FROM results"
        " WHERE results.submission_id = regrade_items.submission_id"
        " AND results.challenge_version = regrade_items.challenge_version)"
    )


def downgrade() -> None:
    with op.batch_alter_table("regrade_items", schema=None) as batch_op:
        batch_op.drop_column("translation")
        batch_op.drop_column("document")
        batch_op.drop_column("score")
    with op.batch_alter_table("regrades", schema=None) as batch_op:
        batch_op.drop_column("confirmed_at")
