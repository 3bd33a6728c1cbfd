"""Fixtures of the security tests: the service tests' backend (real worker and database) and a live site."""

from __future__ import annotations

from tests.security.live_site import live_site
from tests.service.conftest import backend, clean, client, key

__all__ = ["backend", "clean", "client", "key", "live_site"]
