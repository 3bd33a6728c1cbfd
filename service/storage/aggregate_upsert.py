"""Add to counters keyed by a table's primary key: INSERT ... ON CONFLICT DO UPDATE, on PostgreSQL
and SQLite, every row of a table in one statement. Adding is commutative, so concurrent transactions of one course never lose an update
(each waits for the row's lock and adds to its newest value)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, Table, case
from sqlalchemy.dialects import postgresql, sqlite

from service.storage.tables import Base


def table_of(model: type[Base]) -> Table:
    return Base.metadata.tables[model.__tablename__]


def _insert(connection: Connection, table: Table) -> Any:
    module = postgresql if connection.dialect.name == "postgresql" else sqlite
    return module.insert(table)


def add(
    connection: Connection,
    model: type[Base],
    rows: Sequence[Mapping[str, Any]],
    counts: Sequence[str],
    replace: Sequence[str] = (),
    latest: Sequence[str] = (),
) -> None:
    """Insert each row, or add its `counts` to the row of the same key, set its `replace` columns
    and keep the later of the old and new value of its `latest` columns. Rows go in key order, so
    two transactions lock shared rows in the same order (no deadlock)."""
    if not rows:
        return
    table = table_of(model)
    keys = [column.name for column in table.primary_key.columns]
    statement = _insert(connection, table)
    new = statement.excluded
    values: dict[str, Any] = {name: table.c[name] + new[name] for name in counts}
    values.update({name: new[name] for name in replace})
    for name in latest:
        old = table.c[name]
        values[name] = case((old.is_(None) | (old < new[name]), new[name]), else_=old)
    ordered = sorted(rows, key=lambda row: tuple(row[k] for k in keys))
    connection.execute(statement.values(ordered).on_conflict_do_update(index_elements=keys, set_=values))
