"""Every field of the Result (`diagnoses[].explains`, `causes[]`, `localisation`,
`tests[].explained_by`) reaches the platform whole: in the POST's answer, in
GET /v1/submissions/{id} and in the webhook, on the embedded default and on PostgreSQL + Redis."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from grader.grade import Grader
from tests.conftest import catalogue
from tests.dashboard.site import Site, close_site, open_site
from tests.security.receivers import Received, receiver
from tests.waiting import wait_for

pytestmark = pytest.mark.slow

# One wrong submission for each new field: a diagnosis that explains failed tests, a cause told
# once, and the localisation when no known misconception reproduces the code.
CASES = {
    "explains": catalogue("layer_norm") / "batch_norm.py",
    "causes": catalogue("atencion_causal") / "matmul_wrong_operands.py",
    "localisation": catalogue("layer_norm") / "l2_norm.py",
}


@pytest.fixture(scope="module", params=["embedded", "postgres"])
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    site = open_site(tmp_path_factory.mktemp(request.param), embedded=request.param == "embedded")
    if request.param == "postgres" and site.schema is None:
        close_site(site)
        pytest.skip("no PostgreSQL and Redis here (CI=true requires them)")
    site.env["AUTOGRADER_WEBHOOK_ALLOWED_NETWORKS"] = "127.0.0.0/8"  # the receiver listens there
    try:
        site.start()
        yield site
    finally:
        close_site(site)


def _comparable(result: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in result.items() if name != "grading_ms"}


def _webhook(received: Received, submission_id: str) -> dict[str, Any]:
    def sent() -> dict[str, Any] | None:
        payloads: list[dict[str, Any]] = [json.loads(body) for body, _ in list(received.calls)]
        return next((p for p in payloads if p["id"] == submission_id), None)

    return wait_for(sent, 120, lambda: f"no webhook for {submission_id}", every=0.1)


@pytest.mark.parametrize("field", list(CASES))
def test_the_result_reaches_the_platform_whole(site: Site, grader: Grader, field: str) -> None:
    path: Path = CASES[field]
    expected = grader.grade(path.parent.parent.name, path.read_text(), lang="en").model_dump(mode="json")
    assert expected[field] if field != "explains" else any(d["explains"] for d in expected["diagnoses"])
    with receiver() as (received, port):
        body = {
            "challenge": path.parent.parent.name,
            "code": path.read_text(),
            "student": f"s-{field}",
            "course": "c1",
            "lang": "en",
            "callback_url": f"http://127.0.0.1:{port}/hook",
        }
        headers = {"Authorization": f"Bearer {site.key}"}
        with httpx.Client(base_url=site.base, headers=headers, timeout=60) as client:
            posted = client.post("/v1/submissions", params={"wait": 30}, json=body)
            assert posted.status_code in (200, 202), posted.text
            read = client.get(f"/v1/submissions/{posted.json()['id']}", params={"wait": 30})
        assert read.status_code == 200, read.text
        webhook = _webhook(received, read.json()["id"])
    assert _comparable(read.json()["result"]) == _comparable(expected)
    assert _comparable(webhook["result"]) == _comparable(expected)
    if posted.status_code == 200:
        assert _comparable(posted.json()["result"]) == _comparable(expected)
