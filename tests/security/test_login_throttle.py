"""Password guessing is throttled per address and overall, atomically, and cannot lock the real user out.

Each test speaks from its own addresses of 127.0.0.0/8 (a client may bind any of them), so the
counts of one test are not another's.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import pytest

from service.dashboard import passwords
from tests.dashboard.site import Site
from tests.loops import run_apart
from tests.security.live_site import INSTRUCTOR, PASSWORD, attempt_log_in, client_from, login_form

pytestmark = pytest.mark.slow
WRONG = "not-the-password-at-all"
T = TypeVar("T")


def test_many_emails_from_one_address_are_throttled(live_site: Site) -> None:
    with client_from(live_site, "127.0.1.1") as client:
        statuses = [attempt_log_in(client, f"guess{n}@example.org", WRONG).status_code for n in range(30)]
    assert set(statuses) == {401, 429}, statuses
    assert statuses[-1] == 429


def test_parallel_wrong_passwords_are_counted_before_they_are_checked(live_site: Site) -> None:
    with client_from(live_site, "127.0.2.1") as client:
        form = login_form(client)
        fields = {**form, "email": INSTRUCTOR, "password": WRONG}
        with ThreadPoolExecutor(30) as pool:
            statuses = list(
                pool.map(lambda _: client.post("/dashboard/login", data=fields).status_code, range(30))
            )
    assert statuses.count(401) <= 5, statuses
    assert statuses.count(429) >= 25, statuses


def test_a_forwarded_for_header_from_a_client_that_is_no_proxy_is_ignored(live_site: Site) -> None:
    with client_from(live_site, "127.0.0.1") as client:  # uvicorn believed any local client's header
        for _ in range(6):
            last = attempt_log_in(client, "xff@example.org", WRONG)
        assert last.status_code == 429
        for n in range(5):
            client.headers["X-Forwarded-For"] = f"203.0.113.{n + 1}"
            assert attempt_log_in(client, "xff@example.org", WRONG).status_code == 429


def test_a_flood_from_many_addresses_is_throttled_overall_but_not_the_real_user(live_site: Site) -> None:
    """Over the overall budget, an address that already failed is refused; a fresh one may still try."""
    refused_second_try = False
    for n in range(1, 120):  # the overall budget (30 a minute here) runs out well before
        with client_from(live_site, f"127.0.4.{n}") as client:
            assert attempt_log_in(client, INSTRUCTOR, WRONG).status_code in (401, 429)
            if attempt_log_in(client, INSTRUCTOR, WRONG).status_code == 429:
                refused_second_try = True
                break
    assert refused_second_try
    with client_from(live_site, "127.0.5.1") as real_user:
        assert attempt_log_in(real_user, INSTRUCTOR, PASSWORD).status_code == 303


def test_password_checks_run_a_few_at_a_time_off_the_request_threads() -> None:
    """Argon2 takes a core for tens of milliseconds: a flood of log-ins must not take every core."""
    from service.dashboard.password_checks import PasswordChecks

    checks = PasswordChecks(concurrent=1, waiting=100)
    stored = passwords.hash_password(PASSWORD)
    active, most = 0, 0
    lock = threading.Lock()

    def check() -> bool:
        nonlocal active, most
        with lock:
            active += 1
            most = max(most, active)
        try:
            return passwords.verify(stored, WRONG)
        finally:
            with lock:
                active -= 1

    async def flood() -> list[bool]:
        return await asyncio.gather(*(checks.run(check) for _ in range(20)))

    assert run_apart(flood) == [False] * 20
    assert most == 1


def test_password_checks_refuse_beyond_their_queue() -> None:
    from service.dashboard.password_checks import PasswordChecks
    from service.dashboard.throttle import TooManyAttempts

    checks = PasswordChecks(concurrent=1, waiting=2)
    release = threading.Event()

    async def flood() -> list[object]:
        tasks = [asyncio.ensure_future(checks.run(release.wait, 30)) for _ in range(5)]
        await asyncio.sleep(0)  # let every task take its place in the queue (or be refused)
        release.set()
        return await asyncio.gather(*tasks, return_exceptions=True)

    outcomes = run_apart(flood)
    assert sum(isinstance(o, TooManyAttempts) for o in outcomes) == 2
    assert outcomes.count(True) == 3
