"""PostgreSQL's one-statement storing names every column of the three tables it fills: it is
built from their metadata, so a column added to a table is stored by it too."""

from __future__ import annotations

import re

from sqlalchemy import Table
from sqlalchemy.dialects import postgresql

from service.storage.results_postgres import STORE_AND_FINISH
from service.storage.tables import DiagnosisRow, GradingResult, TestOutcome


def _inserted_columns(sql: str, table: str) -> list[str]:
    found = re.search(rf"INSERT INTO {table} \(([^)]*)\)", sql)
    assert found is not None, f"no INSERT INTO {table}"
    return [name.strip() for name in found.group(1).split(",")]


def test_every_column_but_the_key_is_inserted() -> None:
    sql = str(STORE_AND_FINISH.compile(dialect=postgresql.dialect()))  # type: ignore[no-untyped-call]
    tables: list[Table] = [GradingResult.__table__, TestOutcome.__table__, DiagnosisRow.__table__]  # type: ignore[list-item]
    for table in tables:
        wanted = {c.name for c in table.c if not c.primary_key}
        assert set(_inserted_columns(sql, table.name)) == wanted, table.name
