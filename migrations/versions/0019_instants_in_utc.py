"""instants in UTC: every stored moment written as its UTC instant, on SQLite as on PostgreSQL

From this revision every moment is converted to UTC before it is stored and a moment without a
zone is refused (`service/storage/instants.py`). This migration mends the values stored before,
as far as they can be mended.

What it recovers:
- PostgreSQL: nothing to recover. Its columns are `timestamptz`, which always kept the instant a
  value was given in, whatever its offset; no row is touched.
- SQLite, a value stored as text with its offset or a `Z` (written by a tool other than the
  service, e.g. Python's `sqlite3` adapter: `2026-12-05 18:08:00+01:00`): rewritten as the UTC
  instant it names, in the service's own form (`2026-12-05 17:08:00.000000`), so that it sorts
  and compares with the others.

What it cannot recover:
- SQLite, a value stored without any offset. The service used to store the wall clock it was
  given and drop the offset, so a due date sent as `2030-01-01T00:00:00-10:00`, or typed on the
  Policies page in Europe/Madrid, is stored exactly like a UTC one: nothing in the row tells them
  apart. Such values are kept as they are and read as UTC, as before. The moments the service
  stamps itself (submissions, results, sessions...) were always UTC and are right; the moments
  people and LMSs give (course and challenge due dates, students' extensions, line items' ends)
  may be off by the offset they were given in: look them over on the Policies page, or send
  them again through the API or the LMS (a passback reads the line item's end again).
- A value without its offset in any other form (`2026-12-05T18:08`) is read as UTC, for the
  same reason, and only rewritten in the service's form.

Revision ID: 0019_instants_in_utc
Revises: 0018_feedback_effect
Create Date: 2026-12-06 02:00:00
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0019_instants_in_utc"
down_revision: str | None = "0018_feedback_effect"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The text SQLAlchemy writes for a DATETIME on SQLite; any other is rewritten.
STORED_FORM = "%Y-%m-%d %H:%M:%S.%f"
STORED_GLOB = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9][0-9][0-9][0-9]"


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        return  # timestamptz kept every instant
    inspector = sa.inspect(bind)
    for table in inspector.get_table_names():
        for column in inspector.get_columns(table):
            if isinstance(column["type"], sa.DateTime):
                _rewrite(bind, table, column["name"])


def _rewrite(bind: sa.Connection, table: str, column: str) -> None:
    quoted_table, quoted = (
        bind.dialect.identifier_preparer.quote(table),
        bind.dialect.identifier_preparer.quote(column),
    )
    found = bind.execute(
        sa.text(
            f"SELECT DISTINCT {quoted} FROM {quoted_table}"  # noqa: S608 names reflected from the schema
            f" WHERE {quoted} IS NOT NULL AND {quoted} NOT GLOB :stored"
        ),
        {"stored": STORED_GLOB},
    ).scalars()
    for old in list(found):
        new = _in_utc(str(old))
        if new is not None and new != old:
            bind.execute(
                sa.text(f"UPDATE {quoted_table} SET {quoted} = :new WHERE {quoted} = :old"),  # noqa: S608 as above
                {"new": new, "old": old},
            )


def _in_utc(stored: str) -> str | None:
    """The value in the stored form, as its UTC instant where it names its offset; None: not a
    moment at all (left for a person to see)."""
    try:
        moment = datetime.fromisoformat(stored)
    except ValueError:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime(STORED_FORM)


def downgrade() -> None:
    pass  # the values rewritten are the same instants in the older service's form too
