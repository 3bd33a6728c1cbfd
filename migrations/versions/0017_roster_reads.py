"""roster reads: when a course's last roster reading ended, whether or not it succeeded (an ask
while one is on its way joins it)

Revision ID: 0017_roster_reads
Revises: 0016_rosters
Create Date: 2026-12-10 02:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017_roster_reads"
down_revision: str | None = "0016_rosters"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("roster_syncs", schema=None) as batch_op:
        batch_op.add_column(sa.Column("read_at", sa.DateTime(timezone=True), nullable=True))
    # Asks made before this revision are taken as read: none is left holding the next ask.
    op.execute("UPDATE roster_syncs SET read_at = requested_at")


def downgrade() -> None:
    with op.batch_alter_table("roster_syncs", schema=None) as batch_op:
        batch_op.drop_column("read_at")
