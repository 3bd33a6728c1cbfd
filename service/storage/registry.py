"""Every table of the service in one metadata, found rather than listed.

A feature defines its tables beside its code, on storage's `Base`, in a module called `tables`
or ending in `_tables` (`service/lti/tables.py`, `service/dashboard/aggregates/tables.py`).
`metadata()` imports every such module of `service/` and answers `Base.metadata` with all of
them: what Alembic compares the database with (migrations/env.py), what a test empties. A new
table module is found by its name, so no list can forget it; `tests/storage/test_registry.py`
fails if a table is defined anywhere else.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from sqlalchemy import MetaData

from service.storage.tables import Base

SERVICE = Path(__file__).resolve().parents[1]
TABLE_MODULE = re.compile(r"(\w+_)?tables\.py")


def table_modules() -> list[str]:
    """The dotted names of the modules of `service/` that define tables, sorted."""
    found = (
        path.relative_to(SERVICE.parent)
        for path in SERVICE.rglob("*.py")
        if TABLE_MODULE.fullmatch(path.name)
    )
    return sorted(".".join(path.with_suffix("").parts) for path in found)


def metadata() -> MetaData:
    """`Base.metadata`, every table module imported."""
    for name in table_modules():
        importlib.import_module(name)
    return Base.metadata
