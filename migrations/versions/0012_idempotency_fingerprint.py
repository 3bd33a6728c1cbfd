"""idempotency fingerprint: the digest of the request that first used a submission's
Idempotency-Key, so that the key sent again with another body is refused instead of answered

Revision ID: 0012_idempotency_fingerprint
Revises: 0011_submissions_course_created
Create Date: 2026-12-01 18:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012_idempotency_fingerprint"
down_revision: str | None = "0011_submissions_course_created"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Submissions stored before have none: their key answers any body, as it did.
    with op.batch_alter_table("submissions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("idempotency_fingerprint", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("submissions", schema=None) as batch_op:
        batch_op.drop_column("idempotency_fingerprint")
