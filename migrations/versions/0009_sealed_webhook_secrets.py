"""webhook secrets sealed at rest (service/storage/sealing.py)

Revision ID: 0009_sealed_webhook_secrets
Revises: 0008_result_translation
Create Date: 2026-12-01 05:00:00

Existing secrets are sealed with the deployment's key (AUTOGRADER_WEBHOOK_KEYS, else the data
folder's webhook.key, created here if it is the first use): run `autograder migrate` where the
service's settings are, as the deployment does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op

from service.core.settings import Settings
from service.storage.sealing import Sealer, sealer_for

revision: str = "0009_sealed_webhook_secrets"
down_revision: str | None = "0008_result_translation"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("api_keys") as batch:
        batch.alter_column(
            "webhook_secret",
            new_column_name="webhook_secret_sealed",
            existing_type=sa.String(length=100),
            type_=sa.String(length=255),
            existing_nullable=False,
        )
    _rewrite("webhook_secret_sealed", lambda sealer, value: sealer.seal(value))


def downgrade() -> None:
    _rewrite("webhook_secret_sealed", lambda sealer, value: sealer.unseal(value))
    with op.batch_alter_table("api_keys") as batch:
        batch.alter_column(
            "webhook_secret_sealed",
            new_column_name="webhook_secret",
            existing_type=sa.String(length=255),
            type_=sa.String(length=100),
            existing_nullable=False,
        )


def _rewrite(column: str, change: Callable[[Sealer, str], str]) -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.text(f"SELECT id, {column} FROM api_keys")).all()  # noqa: S608
    if not rows:
        return  # no key needed (nor made) for an empty table
    given = op.get_context().config.attributes
    sealer = given.get("webhook_secrets") or sealer_for(given.get("settings") or Settings())
    update = sa.text(f"UPDATE api_keys SET {column} = :value WHERE id = :id")  # noqa: S608
    for key_id, value in rows:
        connection.execute(update, {"id": key_id, "value": change(sealer, value)})
