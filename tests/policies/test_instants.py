"""A due date is the instant it was given as, through the API and the Policies page, on the
embedded default (SQLite, where the offset used to be dropped): an offset of -10:00 or +14:00 reads
back as the same instant; a time typed on the page in the instructor's zone is that zone's instant,
shown back as typed, and the student page shows it at that instant in the student's zone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import ROOT
from tests.dashboard.conftest import DESKTOP, log_in, served
from tests.dashboard.site import Site
from tests.students.conftest import student_link

pytestmark = pytest.mark.slow

CORRECT = (ROOT / "tests/corpora/layer_norm/solutions/class_based.py").read_text()


@pytest.fixture(scope="module")
def embedded_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    yield from served(tmp_path_factory.mktemp("instants"), [], embedded=True)


def _headers(site: Site) -> dict[str, str]:
    return {"Authorization": f"Bearer {site.key}"}


def _policies(site: Site) -> dict[str, dict[str, object]]:
    answer = httpx.get(f"{site.base}/v1/courses/c1/policies", headers=_headers(site))
    assert answer.status_code == 200, answer.text
    return {p["challenge"]: p for p in answer.json()["policies"]}


def _extensions(site: Site) -> dict[str, object]:
    answer = httpx.get(f"{site.base}/v1/courses/c1/extensions", headers=_headers(site))
    assert answer.status_code == 200, answer.text
    return {e["student"]: e["due_at"] for e in answer.json()["extensions"]}


def _instant(value: object) -> datetime:
    assert isinstance(value, str)
    return datetime.fromisoformat(value)


def test_an_offset_given_to_the_api_reads_back_as_the_same_instant(embedded_site: Site) -> None:
    assert embedded_site.database_url.startswith("sqlite")
    site, headers = embedded_site, _headers(embedded_site)
    honolulu = "2030-01-01T00:00:00-10:00"
    put = httpx.put(
        f"{site.base}/v1/courses/c1/policies/layer_norm", json={"due_at": honolulu}, headers=headers
    )
    assert put.status_code == 200, put.text
    assert _instant(_policies(site)["layer_norm"]["due_at"]) == _instant(honolulu)  # 10:00Z, not 00:00Z
    kiritimati = "2030-01-01T00:00:00+14:00"
    body = {"student": "kai", "challenge": "*", "due_at": kiritimati}
    assert httpx.put(f"{site.base}/v1/courses/c1/extensions", json=body, headers=headers).status_code == 200
    assert _instant(_extensions(site)["kai"]) == _instant(kiritimati)  # 2029-12-31 10:00Z


@pytest.fixture
def madrid(browser: Browser, embedded_site: Site) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB", timezone_id="Europe/Madrid")
    page = context.new_page()
    log_in(page, embedded_site, "ana.prof@example.org")
    page.goto(f"{embedded_site.base}/dashboard/courses/c1/policies?lang=en")  # rendered in the browser's zone
    expect(page.locator(".zone")).to_contain_text("Times in Europe/Madrid")
    yield page
    context.close()


def test_a_due_date_typed_in_the_instructor_s_zone_is_that_zone_s_instant(
    madrid: Page, embedded_site: Site, browser: Browser
) -> None:
    block = madrid.get_by_role("group", name="Build the whole block")
    block.get_by_label("Due date").fill("2026-12-20T18:48")  # CET, UTC+1
    block.get_by_role("button").click()
    expect(madrid.get_by_role("status")).to_contain_text("Saved")
    assert _policies(embedded_site)["bloque"]["due_at"] == "2026-12-20T17:48:00Z"
    expect(madrid.get_by_role("group", name="Build the whole block").get_by_label("Due date")).to_have_value(
        "2026-12-20T18:48"
    )
    causal = madrid.get_by_role("group", name="The causal mask and the decoder's two attentions")
    causal.get_by_label("Due date").fill("2026-07-01T12:00")  # CEST, UTC+2
    causal.get_by_role("button").click()
    expect(madrid.get_by_role("status")).to_contain_text("Saved")
    assert _policies(embedded_site)["atencion_causal"]["due_at"] == "2026-07-01T10:00:00Z"

    context = browser.new_context(viewport=DESKTOP, locale="en-GB", timezone_id="Europe/Madrid")
    student = context.new_page()
    student.goto(student_link(embedded_site, challenge="bloque", student="lia").json()["url"])
    # the instant typed, in the same zone (a 12- or a 24-hour clock)
    expect(student.locator("#due")).to_contain_text(re.compile(r"18:48|06:48\s*PM"))
    context.close()


def test_an_extension_typed_in_the_instructor_s_zone_is_listed_as_typed(
    madrid: Page, embedded_site: Site
) -> None:
    extension = madrid.get_by_role("group", name="Give a student their own due date", exact=False)
    extension.get_by_label("Student").fill("eva")
    extension.get_by_label("Challenge").select_option("layer_norm")
    extension.get_by_label("Due date").fill("2026-12-05T18:08")
    extension.get_by_role("button").click()
    # nobody called eva has submitted yet: the page asks before saving a possible typo
    madrid.get_by_role("button", name="Save the extension of eva anyway").click()
    expect(madrid.get_by_role("status")).to_contain_text("the extension of eva")
    expect(madrid.get_by_role("table")).to_contain_text("2026-12-05 18:08 CET")
    assert _extensions(embedded_site)["eva"] == "2026-12-05T17:08:00Z"


def test_a_time_the_clocks_skip_is_refused_with_its_reason(madrid: Page, embedded_site: Site) -> None:
    norm = madrid.get_by_role("group", name="Row-wise layer norm")
    norm.get_by_label("Due date").fill("2026-03-29T02:30")  # Madrid goes from 02:00 to 03:00
    norm.get_by_role("button").click()
    expect(madrid.get_by_role("alert")).to_contain_text("2026-03-29 02:30 does not exist in Europe/Madrid")


def test_a_late_attempt_is_counted_by_its_true_instant_on_the_embedded_default(embedded_site: Site) -> None:
    """Given at -10:00, the due date is 30 hours ago, not 20: two started days late, not one."""
    site, headers = embedded_site, _headers(embedded_site)
    due = (datetime.now(UTC) - timedelta(hours=30)).astimezone(timezone(timedelta(hours=-10)))
    policy = {"due_at": due.isoformat(), "late_policy": "penalty", "late_penalty_percent": 20}
    assert (
        httpx.put(f"{site.base}/v1/courses/c2/policies/layer_norm", json=policy, headers=headers).status_code
        == 200
    )
    body = {"challenge": "layer_norm", "code": CORRECT, "student": "ona", "course": "c2", "lang": "en"}
    with httpx.Client(base_url=site.base, headers=headers, timeout=40) as client:
        queued = client.post("/v1/submissions", json=body).json()
        assert (queued["late"], queued["days_late"], queued["counted_score"]) == (True, 2, None)
        graded = client.get(f"/v1/submissions/{queued['id']}", params={"wait": 20}).json()
        waited = client.post("/v1/submissions", params={"wait": 20}, json=body).json()
    assert graded["result"]["score"] == 100
    assert (graded["late"], graded["days_late"], graded["counted_score"]) == (True, 2, 60.0)
    assert (waited["late"], waited["days_late"], waited["counted_score"]) == (True, 2, 60.0)
