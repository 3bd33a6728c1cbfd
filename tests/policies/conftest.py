"""The service on real servers (PostgreSQL and Redis in CI), with a real worker: tests/service's fixtures."""

from __future__ import annotations

from tests.service.conftest import backend, clean, client, key

__all__ = ["backend", "clean", "client", "key"]
