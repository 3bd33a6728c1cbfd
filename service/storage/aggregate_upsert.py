"""Add to counters keyed by a table's primary key: INSERT ... ON CONFLICT DO UPDATE, on PostgreSQL
and SQLite. Adding is commutative, so concurrent transactions of one course never lose an update
(each waits for the row's lock and adds to its newest value).

Each statement is built and compiled once per table, dialect and set of columns, and the rows go
as its parameters: a statement with the rows inlined as VALUES would be compiled again for every
result stored, which costs more than the database's work."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection, Table, case
from sqlalchemy.dialects import postgresql, sqlite

from service.storage.tables import Base


def table_of(model: type[Base]) -> Table:
    return Base.metadata.tables[model.__tablename__]


def _keys(table: Table) -> list[str]:
    return [column.name for column in table.primary_key.columns]


@lru_cache(maxsize=64)
def _upsert(
    dialect: str,
    model: type[Base],
    counts: tuple[str, ...],
    replace: tuple[str, ...],
    latest: tuple[str, ...],
) -> Any:
    table = table_of(model)
    statement = (postgresql if dialect == "postgresql" else sqlite).insert(table)
    new = statement.excluded
    values: dict[str, Any] = {name: table.c[name] + new[name] for name in counts}
    values.update({name: new[name] for name in replace})
    for name in latest:
        old = table.c[name]
        values[name] = case((old.is_(None) | (old < new[name]), new[name]), else_=old)
    return statement.on_conflict_do_update(index_elements=_keys(table), set_=values)


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
    statement = _upsert(connection.dialect.name, model, tuple(counts), tuple(replace), tuple(latest))
    keys = _keys(table_of(model))
    ordered = sorted(rows, key=lambda row: tuple(row[k] for k in keys))
    connection.execute(statement, ordered[0] if len(ordered) == 1 else ordered)
