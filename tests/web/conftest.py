"""What every HTTP app shares: the page language, waiting for a result on real servers
(`tests/backend.py`)."""

from __future__ import annotations

from tests.backend import backend, clean, settings

__all__ = ["backend", "clean", "settings"]
