"""Add to counters keyed by a table's primary key: INSERT ... ON CONFLICT DO UPDATE, on PostgreSQL
and SQLite. Adding is commutative, so concurrent transactions of one course never lose an update
(each waits for the row's lock and adds to its newest value).

Each statement is built and compiled once per shape (tables, columns, how each is changed), and
the rows go as its parameters: a statement with the rows inlined as VALUES would be compiled again
for every result stored, which costs more than the database's work. On PostgreSQL the upserts of
one stored result go as one statement (data-modifying CTEs, the rows as JSON arrays): one
execution on each side, where a statement per table and a row per execution cost the worker and
the server more than the rows' own work."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection, Insert, String, Table, bindparam, case, cast, column, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.dialects.postgresql import JSONB

from service.storage.tables import Base


def table_of(model: type[Base]) -> Table:
    return Base.metadata.tables[model.__tablename__]


def _keys(table: Table) -> list[str]:
    return [column.name for column in table.primary_key.columns]


@dataclass(frozen=True)
class Shape:
    """How an upsert changes a row of a table found by its key: `counts` are added to,
    `replace` set, the later of the old and new value of `latest` kept; `given` are only inserted."""

    model: type[Base]
    counts: tuple[str, ...]
    replace: tuple[str, ...] = ()
    latest: tuple[str, ...] = ()
    given: tuple[str, ...] = ()

    def columns(self) -> list[str]:
        named = [*self.counts, *self.replace, *self.latest, *self.given]
        return [*_keys(table_of(self.model)), *named]


@dataclass(frozen=True)
class Upsert:
    """Rows to upsert in one shape: each has the shape's columns."""

    shape: Shape
    rows: Sequence[Mapping[str, Any]]


@lru_cache(maxsize=64)
def _upsert(dialect: str, shape: Shape) -> Insert:
    """The shape's upsert of rows given as the statement's parameters."""
    return _on_conflict(
        (postgresql if dialect == "postgresql" else sqlite).insert(table_of(shape.model)), shape
    )


def _on_conflict(statement: Any, shape: Shape) -> Insert:
    """`statement` (a dialect's INSERT into the shape's table) changing the row of a key taken."""
    table = table_of(shape.model)
    new = statement.excluded
    values: dict[str, Any] = {name: table.c[name] + new[name] for name in shape.counts}
    values.update({name: new[name] for name in shape.replace})
    for name in shape.latest:
        old = table.c[name]
        values[name] = case((old.is_(None) | (old < new[name]), new[name]), else_=old)
    upsert: Insert = statement.on_conflict_do_update(index_elements=_keys(table), set_=values)
    return upsert


def _in_key_order(upsert: Upsert) -> list[Mapping[str, Any]]:
    """Rows in key order, so two transactions lock shared rows in the same order (no deadlock)."""
    keys = _keys(table_of(upsert.shape.model))
    return sorted(upsert.rows, key=lambda row: tuple(row[k] for k in keys))


def add(connection: Connection, upsert: Upsert) -> None:
    """Insert each row, or change the row of the same key as its shape says."""
    if not upsert.rows:
        return
    statement = _upsert(connection.dialect.name, upsert.shape)
    ordered = _in_key_order(upsert)
    connection.execute(statement, ordered[0] if len(ordered) == 1 else ordered)


def add_all(connection: Connection, upserts: Sequence[Upsert]) -> None:
    """Every upsert, in the order given (tables) and key order (rows): on PostgreSQL in one
    statement, elsewhere one statement per table."""
    if connection.dialect.name != "postgresql":
        for upsert in upserts:
            add(connection, upsert)
        return
    statement = _together(tuple(upsert.shape for upsert in upserts))
    rows = {f"rows_{i}": json.dumps(u.rows, default=_iso) for i, u in enumerate(upserts)}
    connection.execute(statement, rows)


def _iso(value: object) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} in an aggregate row")


@lru_cache(maxsize=16)
def _together(shapes: tuple[Shape, ...]) -> Insert:
    """One statement upserting each shape's rows, given as `rows_<i>` (a JSON array): the last
    shape's upsert with the others as its data-modifying CTEs, which PostgreSQL runs in a fixed
    order, the same in every transaction; each puts its rows in key order."""
    *first, last = [_from_json(shape, f"rows_{i}") for i, shape in enumerate(shapes)]
    return last.add_cte(*(upsert.cte(f"upsert_{i}") for i, upsert in enumerate(first)))


def _from_json(shape: Shape, parameter: str) -> Insert:
    """The shape's upsert of the rows of a JSON array, in key order."""
    table = table_of(shape.model)
    columns = shape.columns()
    rows = (
        func.jsonb_to_recordset(cast(bindparam(parameter, type_=String()), JSONB))
        .table_valued(*(column(name, table.c[name].type) for name in columns))
        .render_derived(name="given_rows", with_types=True)
    )
    ordered = select(*(rows.c[name] for name in columns)).order_by(*(rows.c[k] for k in _keys(table)))
    return _on_conflict(postgresql.insert(table).from_select(columns, ordered), shape)
