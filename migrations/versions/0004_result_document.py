"""result document: each result also kept whole as the API's JSON, so reading it is one row

Revision ID: 0004_result_document
Revises: 0003_sweeper
Create Date: 2026-11-29 16:35:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_result_document"
down_revision: str | None = "0003_sweeper"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("document", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_column("document")
