"""Callback_url may not reach this machine or a private network (SSRF), unless the deployment allows it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from service.core.settings import Settings
from service.dashboard.aggregates.students import list_student
from service.storage.db import Database
from service.storage.tables import Submission
from service.submissions.keys import CreatedKey
from service.webhooks.delivery import Attempt
from tests.backend import auth
from tests.security.receivers import receiver
from tests.security.webhooks import deliveries

pytestmark = pytest.mark.slow
REFUSED = [
    "http://127.0.0.1:8000/v1/submissions",  # the API itself
    "http://127.1/hook",
    "http://2130706433/hook",
    "http://0x7f000001/hook",
    "http://0177.0.0.1/hook",
    "http://[::1]/hook",
    "http://localhost/hook",
    "http://LOCALHOST./hook",
    "http://api.localhost/hook",
    "http://0.0.0.0/hook",
    "http://0/hook",
    "http://10.1.2.3/hook",
    "http://172.16.0.1/hook",
    "http://192.168.1.1/hook",
    "http://100.64.0.1/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fe80::1]/hook",
    "http://[fd00::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[::ffff:7f00:1]/hook",
    "http://[64:ff9b::7f00:1]/hook",
    "http://[::127.0.0.1]/hook",  # IPv4-compatible IPv6
    "http://[::ffff:0:127.0.0.1]/hook",  # IPv4-translated IPv6
    "http://[64:ff9b:1::7f00:1]/hook",  # a site's own NAT64
    "http://①②⑦.0.0.1/hook",  # circled digits: IDNA maps them to 127.0.0.1
    "http://１２７.０.０.１/hook",  # fullwidth digits
    "http://127。0。0。1/hook",  # ideographic full stops
    "http://ⓛocalhost/hook",
    "http://exa mple.com/hook",
    "http://evil.example\\.internal/hook",
    "https://user:secret@example.com/hook",
    "https://example.com@127.0.0.1/hook",
    "http:///hook",
]


@pytest.fixture
def default_destinations(settings: Settings) -> Settings:
    """The service as deployed by default: no receiver network allowed beyond the public Internet."""
    return settings.model_copy(update={"webhook_allowed_networks": ""})


@pytest.fixture
def default_client(default_destinations: Settings) -> Iterator[TestClient]:
    from service.api.app import create_app

    with TestClient(create_app(default_destinations)) as client:
        yield client


@pytest.mark.parametrize("url", REFUSED)
def test_non_public_callback_urls_are_refused_when_submitted(
    default_client: TestClient, key: CreatedKey, url: str
) -> None:
    payload = {
        "challenge": "layer_norm",
        "code": "x = 1\n",
        "student": "s",
        "course": "c",
        "callback_url": url,
    }
    answer = default_client.post("/v1/submissions", json=payload, headers=auth(key))
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"][0]["loc"] == ["body", "callback_url"]


def test_a_public_callback_url_is_accepted(db: Database) -> None:
    from service.outbound.destinations import Destinations
    from service.submissions.intake import Intake
    from service.submissions.schemas import SubmissionIn

    # no network allowed beyond the public Internet
    intake = Intake(db, {}, lambda _: None, Destinations(()), list_student)

    fields = {"challenge": "layer_norm", "code": "", "student": "s", "course": "c"}
    for url in ["https://93.184.215.14/hook", "https://bücher.example/hoök"]:
        body = SubmissionIn.model_validate({**fields, "callback_url": url})
        intake.check_callback(body)
        assert body.callback_url == url


def test_the_url_checked_is_the_url_sent() -> None:
    """One parse decides and connects: the host in the ASCII IDNA gives, the path percent-encoded."""
    from service.outbound.destinations import parse

    target = parse("https://Bücher.Example./hoök?q=ä b#fragment")
    assert target.url == "https://xn--bcher-kva.example/ho%C3%B6k?q=%C3%A4%20b"
    assert parse("http://0x7f.1:8080/").netloc == "127.0.0.1:8080"
    assert parse("http://[::1]:443/").netloc == "[::1]:443"


def _in_a_thread(deliver: Callable[..., Attempt], *args: object) -> Attempt:
    """As in the sender's threads: the test process's main thread may have Playwright's event loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(deliver, *args).result()


def _stored_with_callback(db: Database, client: TestClient, key: CreatedKey, url: str) -> str:
    """A graded submission whose callback_url was stored unchecked (before this check, or before a
    name was made to resolve elsewhere)."""
    payload = {"challenge": "layer_norm", "code": "x = 1\n", "student": "s", "course": "c"}
    graded = client.post("/v1/submissions?wait=20", json=payload, headers=auth(key))
    assert graded.status_code == 200, graded.text
    submission_id: str = graded.json()["id"]
    with db.transaction() as session:
        session.execute(update(Submission).where(Submission.id == submission_id).values(callback_url=url))
    return submission_id


def test_delivery_checks_the_address_it_connects_to(
    default_destinations: Settings, client: TestClient, key: CreatedKey, db: Database
) -> None:
    """A name that resolves to loopback at delivery time (DNS rebinding) gets nothing and is not retried."""
    from service.webhooks.delivery import DeliveryPolicy, deliver

    with receiver() as (received, port):
        submission_id = _stored_with_callback(db, client, key, f"http://localhost:{port}/hook")
        outcome = _in_a_thread(
            deliver, db, submission_id, 1, DeliveryPolicy.from_settings(default_destinations)
        )
    assert received.calls == []
    assert not outcome.delivered
    assert not outcome.retry
    [row] = deliveries(db, submission_id, 1)
    assert "not a public address" in (row.error or "")


@pytest.mark.parametrize("host", ["①②⑦.0.0.1", "[::127.0.0.1]", "ⓛocalhost"])
def test_a_stored_loopback_spelling_is_refused_and_recorded_at_delivery(
    default_destinations: Settings, client: TestClient, key: CreatedKey, host: str, db: Database
) -> None:
    """Stored before the check knew these spellings: the delivery refuses it and records why
    (the circled digits crashed the sender with a TypeError, and no record was left)."""
    from service.webhooks.delivery import DeliveryPolicy, deliver

    with receiver() as (received, port):
        submission_id = _stored_with_callback(db, client, key, f"http://{host}:{port}/hook")
        outcome = _in_a_thread(
            deliver, db, submission_id, 1, DeliveryPolicy.from_settings(default_destinations)
        )
    assert received.calls == []
    assert (outcome.delivered, outcome.retry) == (False, False)
    [row] = deliveries(db, submission_id, 1)
    assert "not a public address" in (row.error or "")
    assert not row.delivered


def test_deliveries_per_receiver_are_capped(
    client: TestClient, key: CreatedKey, db: Database, settings: Settings
) -> None:
    from service.webhooks.delivery import DeliveryPolicy, deliver

    policy = DeliveryPolicy.from_settings(settings)
    policy = policy.with_cap(3)
    with receiver() as (received, port):
        url = f"http://127.0.0.1:{port}/hook"
        # Fixed one-minute windows: a window that ends mid-test lets 3 more through, never more.
        outcomes = [
            _in_a_thread(deliver, db, _stored_with_callback(db, client, key, url), 1, policy)
            for _ in range(7)
        ]
    delivered = [o.delivered for o in outcomes]
    capped = [o for o in outcomes if not o.delivered]
    assert capped, outcomes
    assert all("cap of 3" in (o.error or "") and o.retry for o in capped), outcomes
    assert delivered[:3] == [True, True, True]
    assert len(received.calls) == delivered.count(True) <= 6
