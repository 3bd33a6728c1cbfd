"""`autograder backup` while `serve` takes submissions, `autograder restore` elsewhere: the
restored service serves the same results, dashboards, sessions and LTI keys."""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import psycopg
import pytest

from tests.conftest import ROOT
from tests.dashboard.site import Site, autograder, close_site, open_site
from tests.servers import ADMIN, POSTGRES

pytestmark = pytest.mark.slow
PASSWORD = "a-long-instructor-password"
REFERENCE = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()
WRONG = (ROOT / "tests" / "corpora" / "layer_norm" / "catalogue" / "batch_norm.py").read_text()


@pytest.fixture(params=["embedded", "postgres"])
def origin(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Site]:
    site = open_site(tmp_path / "origin", embedded=request.param == "embedded")
    if request.param == "postgres" and site.schema is None:
        close_site(site)
        pytest.skip("PostgreSQL and Redis are not reachable")
    site.run(
        "instructors",
        "create",
        "--email",
        "ana@example.org",
        "--course",
        "c1",
        "--password-stdin",
        stdin=PASSWORD,
    )
    try:
        site.start()
        yield site
    finally:
        close_site(site)


@contextmanager
def _elsewhere(origin: Site, folder: Path) -> Iterator[Site]:
    """A site of its own for the restore: another data folder and, on PostgreSQL, another
    database. Its sweeper leaves the copied queued submissions alone while the test compares."""
    shutil.copytree(origin.challenges, folder / "challenges")
    env = {**origin.env, "AUTOGRADER_DATA_DIR": str(folder / "data")}
    env["AUTOGRADER_CHALLENGES_DIR"] = str(folder / "challenges")
    env["AUTOGRADER_SWEEP_STALE_SECONDS"] = "3600"
    database = None
    if origin.schema is not None:
        database = f"ag_restore_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(ADMIN, autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {database}")
        url = POSTGRES.rsplit("/", 1)[0] + f"/{database}?options=-csearch_path%3D{origin.schema}"
        env["AUTOGRADER_DATABASE_URL"] = url
        env["AUTOGRADER_QUEUE"] = f"autograder-restored-{uuid.uuid4().hex[:8]}"
    site = Site(folder, env, None, key=origin.key)
    try:
        yield site
    finally:
        site.stop()
        if database is not None:
            with psycopg.connect(ADMIN, autocommit=True) as connection:
                connection.execute(f"DROP DATABASE {database} WITH (FORCE)")


def _logged_in(site: Site) -> httpx.Client:
    client = httpx.Client(base_url=site.base, timeout=30)
    page = client.get("/dashboard/login").text
    field, token = re.search(r'name="([^"]+)" value="([^"]+)"', page).groups()  # type: ignore[union-attr]
    answer = client.post(
        "/dashboard/login", data={"email": "ana@example.org", "password": PASSWORD, field: token}
    )
    assert answer.status_code == 303, answer.text
    return client


def _dashboard(client: httpx.Client) -> list[str]:
    pages = ("courses/c1/gradebook.csv", "courses/c1/attempts.csv", "courses/c1/students")
    answers = [client.get(f"/dashboard/{path}") for path in pages]
    assert all(answer.status_code == 200 for answer in answers), [a.status_code for a in answers]
    pages_only = (answer.text.replace(str(client.base_url).rstrip("/"), "") for answer in answers)
    return [re.sub(r'name="csrf[^"]*" value="[^"]*"', "", page) for page in pages_only]


def _load(site: Site, posted: list[str], stop: threading.Event) -> None:
    """Submissions to course c2, one after another, without waiting for their grading."""
    headers = {"Authorization": f"Bearer {site.key}"}
    with httpx.Client(base_url=site.base, headers=headers, timeout=30) as client:
        while not stop.is_set():
            body = {"challenge": "layer_norm", "code": WRONG, "student": f"s{len(posted)}", "course": "c2"}
            answer = client.post("/v1/submissions", json=body)
            assert answer.status_code in (200, 202), answer.text
            posted.append(answer.json()["id"])


def _every_submission(site: Site) -> dict[str, dict[str, object]]:
    headers = {"Authorization": f"Bearer {site.key}"}
    found: dict[str, dict[str, object]] = {}
    with httpx.Client(base_url=site.base, headers=headers, timeout=30) as client:
        cursor: str | None = None
        while True:
            page = client.get(
                "/v1/submissions", params={"limit": 100, **({"cursor": cursor} if cursor else {})}
            )
            assert page.status_code == 200, page.text
            found |= {item["id"]: item for item in page.json()["items"]}
            cursor = page.json().get("next_cursor")
            if not cursor:
                return found


def _wait_for(posted: list[str], at_least: int) -> None:
    for _ in range(600):
        if len(posted) >= at_least:
            return
        threading.Event().wait(0.05)
    raise AssertionError(f"the load posted only {len(posted)} submissions")


def test_a_backup_under_load_restores_into_a_service_that_serves_the_same(
    origin: Site, tmp_path: Path
) -> None:
    graded = [
        origin.submit("c1", f"student{i}", "layer_norm", REFERENCE if i % 2 else WRONG) for i in range(4)
    ]
    keys = httpx.get(f"{origin.base}/lti/jwks").json()
    instructor = _logged_in(origin)
    dashboard = _dashboard(instructor)

    posted: list[str] = []
    stop = threading.Event()
    load = threading.Thread(target=_load, args=(origin, posted, stop))
    load.start()
    try:
        _wait_for(posted, 5)
        printed = origin.run("backup", str(tmp_path / "backup"))
        during = len(posted)
        _wait_for(posted, during + 5)
    finally:
        stop.set()
        load.join()
    assert "backed up" in printed
    before = _every_submission(origin)
    origin.stop()

    with _elsewhere(origin, tmp_path / "restored") as restored:
        printed = restored.run("restore", str(tmp_path / "backup"))
        assert "restored the backup" in printed
        refused = subprocess.run(
            autograder("restore", str(tmp_path / "backup")),
            env=restored.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        assert refused.returncode == 1
        assert "is not empty" in refused.stderr
        restored.start()
        after = _every_submission(restored)
        assert {g["id"] for g in graded} <= set(after)
        kept = set(after) & set(posted)
        assert kept, "the backup holds the load's first submissions"
        assert set(posted) - kept, "and not those posted after it"
        done = [id_ for id_, item in after.items() if item["status"] == "done"]
        assert len(done) >= len(graded)
        assert [after[id_] for id_ in done] == [before[id_] for id_ in done]
        assert httpx.get(f"{restored.base}/lti/jwks").json() == keys
        instructor.base_url = httpx.URL(restored.base)  # the same session cookie, on the copy
        assert _dashboard(instructor) == dashboard
        for secret in ("webhook.key", "dashboard.secret"):
            assert (restored.folder / "data" / secret).read_bytes() == (
                origin.folder / "data" / secret
            ).read_bytes()
    instructor.close()
