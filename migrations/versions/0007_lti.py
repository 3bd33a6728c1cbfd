"""the LTI 1.3 tool: registered platforms and deployments, the tool's keys, launch values,
LMS courses and links, learners' LMS ids, and the scores sent back to gradebooks

Revision ID: 0007_lti
Revises: 0006_dashboard_sessions
Create Date: 2026-12-01 04:05:17.556645
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_lti"
down_revision: str | None = "0006_dashboard_sessions"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "lti_tool_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kid", sa.String(length=100), nullable=False),
        sa.Column("private_pem", sa.Text(), nullable=False),
        sa.Column("public_jwk", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("retired_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lti_tool_keys")),
        sa.UniqueConstraint("kid", name=op.f("uq_lti_tool_keys_kid")),
    )
    op.create_table(
        "lti_values",
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_lti_values")),
    )
    with op.batch_alter_table("lti_values", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_lti_values_expires_at"), ["expires_at"], unique=False)

    op.create_table(
        "lti_registrations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("platform_id", sa.Integer(), nullable=False),
        sa.Column("api_key_id", sa.Integer(), nullable=False),
        sa.Column("issuer", sa.String(length=500), nullable=False),
        sa.Column("client_id", sa.String(length=500), nullable=False),
        sa.Column("login_url", sa.String(length=2000), nullable=False),
        sa.Column("token_url", sa.String(length=2000), nullable=False),
        sa.Column("jwks_url", sa.String(length=2000), nullable=False),
        sa.Column("token_audience", sa.String(length=2000), nullable=True),
        sa.Column("frame_origin", sa.String(length=300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["api_key_id"],
            ["api_keys.id"],
            name=op.f("fk_lti_registrations_api_key_id_api_keys"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["platform_id"],
            ["platforms.id"],
            name=op.f("fk_lti_registrations_platform_id_platforms"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lti_registrations")),
        sa.UniqueConstraint("issuer", "client_id", name=op.f("uq_lti_registrations_issuer")),
    )
    with op.batch_alter_table("lti_registrations", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_lti_registrations_platform_id"), ["platform_id"], unique=False)

    op.create_table(
        "lti_contexts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("context_id", sa.String(length=255), nullable=False),
        sa.Column("course", sa.String(length=200), nullable=False),
        sa.Column("score_mode", sa.String(length=10), nullable=False),
        sa.ForeignKeyConstraint(
            ["registration_id"],
            ["lti_registrations.id"],
            name=op.f("fk_lti_contexts_registration_id_lti_registrations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lti_contexts")),
        sa.UniqueConstraint("registration_id", "context_id", name=op.f("uq_lti_contexts_registration_id")),
    )
    op.create_table(
        "lti_deployments",
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("deployment_id", sa.String(length=255), nullable=False),
        sa.ForeignKeyConstraint(
            ["registration_id"],
            ["lti_registrations.id"],
            name=op.f("fk_lti_deployments_registration_id_lti_registrations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("registration_id", "deployment_id", name=op.f("pk_lti_deployments")),
    )
    op.create_table(
        "lti_learners",
        sa.Column("context_id", sa.Integer(), nullable=False),
        sa.Column("student", sa.String(length=200), nullable=False),
        sa.Column("sub", sa.String(length=255), nullable=False),
        sa.ForeignKeyConstraint(
            ["context_id"],
            ["lti_contexts.id"],
            name=op.f("fk_lti_learners_context_id_lti_contexts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("context_id", "student", name=op.f("pk_lti_learners")),
    )
    op.create_table(
        "lti_links",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("context_id", sa.Integer(), nullable=False),
        sa.Column("resource_link_id", sa.String(length=255), nullable=False),
        sa.Column("deployment_id", sa.String(length=255), nullable=False),
        sa.Column("challenge", sa.String(length=100), nullable=False),
        sa.Column("lang", sa.String(length=2), nullable=False),
        sa.Column("lineitem_url", sa.String(length=2000), nullable=True),
        sa.Column("lineitems_url", sa.String(length=2000), nullable=True),
        sa.Column("scopes", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["context_id"],
            ["lti_contexts.id"],
            name=op.f("fk_lti_links_context_id_lti_contexts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lti_links")),
        sa.UniqueConstraint("context_id", "resource_link_id", name=op.f("uq_lti_links_context_id")),
    )
    op.create_table(
        "lti_scores",
        sa.Column("submission_id", sa.String(length=32), nullable=False),
        sa.Column("link_id", sa.Integer(), nullable=False),
        sa.Column("student", sa.String(length=200), nullable=False),
        sa.Column("state", sa.String(length=10), nullable=False),
        sa.Column("score_sent", sa.Float(), nullable=True),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("tried_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["link_id"], ["lti_links.id"], name=op.f("fk_lti_scores_link_id_lti_links"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["submission_id"],
            ["submissions.id"],
            name=op.f("fk_lti_scores_submission_id_submissions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("submission_id", name=op.f("pk_lti_scores")),
    )
    with op.batch_alter_table("lti_scores", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_lti_scores_link_id"), ["link_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("lti_scores", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_lti_scores_link_id"))

    op.drop_table("lti_scores")
    op.drop_table("lti_links")
    op.drop_table("lti_learners")
    op.drop_table("lti_deployments")
    op.drop_table("lti_contexts")
    with op.batch_alter_table("lti_registrations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_lti_registrations_platform_id"))

    op.drop_table("lti_registrations")
    with op.batch_alter_table("lti_values", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_lti_values_expires_at"))

    op.drop_table("lti_values")
    op.drop_table("lti_tool_keys")
