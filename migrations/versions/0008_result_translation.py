"""result translation: each result also kept in the other language, for the dashboard's switch

Revision ID: 0008_result_translation
Revises: 0007_lti
Create Date: 2026-12-01 04:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_result_translation"
down_revision: str | None = "0007_lti"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("translation", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_column("translation")
