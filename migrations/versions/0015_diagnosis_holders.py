"""who still has each diagnosis: the students whose current attempt (their latest graded
submission of the challenge) has it, counted per course, challenge and diagnosis beside those who
ever had it; each student's row keeps its current attempt's diagnoses. Filled from the existing
rows by the newest revision that changes the aggregates.

Revision ID: 0015_diagnosis_holders
Revises: 0014_due_dates
Create Date: 2026-12-02 02:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015_diagnosis_holders"
down_revision: str | None = "0014_due_dates"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("agg_diagnoses", schema=None) as batch_op:
        batch_op.add_column(sa.Column("holders", sa.Integer(), server_default="0", nullable=False))
    with op.batch_alter_table("agg_student_challenges", schema=None) as batch_op:
        batch_op.add_column(sa.Column("current_diagnoses", sa.Text(), server_default="", nullable=False))
    # No rebuild here: the rebuild writes the aggregates as the code defines them today.


def downgrade() -> None:
    with op.batch_alter_table("agg_student_challenges", schema=None) as batch_op:
        batch_op.drop_column("current_diagnoses")
    with op.batch_alter_table("agg_diagnoses", schema=None) as batch_op:
        batch_op.drop_column("holders")
