"""worker warming: a worker's heartbeat says which challenges' error models it still warms (it
grades them meanwhile without their search), for /healthz

Revision ID: 0023_worker_warming
Revises: 0022_submission_fingerprints
Create Date: 2026-12-04 21:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023_worker_warming"
down_revision: str | None = "0022_submission_fingerprints"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("workers", schema=None) as batch_op:
        batch_op.add_column(sa.Column("warming", sa.Text(), server_default="", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("workers", schema=None) as batch_op:
        batch_op.drop_column("warming")
