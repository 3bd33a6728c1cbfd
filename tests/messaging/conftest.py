"""The broker's side: the message built, the Redis transport, on real servers (`tests/backend.py`)."""

from __future__ import annotations

from tests.backend import backend, clean, settings

__all__ = ["backend", "clean", "settings"]
