"""A course's roster over the API, on real servers with a real worker (`tests/backend.py`)."""

from __future__ import annotations

from tests.backend import backend, clean, client, db, key, new_key, settings

__all__ = ["backend", "clean", "client", "db", "key", "new_key", "settings"]
