"""The database: its tables and migrations on a test's own files, its pool on the real
PostgreSQL (`tests/backend.py`'s `backend` and its `db`)."""

from __future__ import annotations

from tests.backend import backend, clean, db

__all__ = ["backend", "clean", "db"]
