"""Every URL an LMS hands the tool is fetched under the service's one outgoing policy (public
addresses, or the deployment's allowed networks; resolved once and pinned; a total deadline and a
size cap), and an LMS's access token goes only to the origins its registration names.

A hostile LMS aims each of its URLs at a service on the deployment's loopback (127.0.0.2, outside
the allowed network): the openid configuration and the registration endpoint of dynamic
registration (the POST carried the Bearer value the LMS chose), its key set (fetched at each
launch), its token URL (the worker POSTed the tool's signed assertion there), its line items and
the `Link: rel="next"` of its line item pages. Before, each of them reached that service."""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.conftest import ROOT
from tests.dashboard.site import Site
from tests.lti.hostile import HostileLms, Reached, execute, internal_service, invitation, stored_registration
from tests.lti.platform import Link
from tests.waiting import wait_for, wait_until

pytestmark = pytest.mark.slow
REFERENCE = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()
PASSBACK_SECONDS = 120  # grading, then the sender's try: a bound, not a speed check


@pytest.fixture
def internal() -> Iterator[tuple[Reached, str]]:
    with internal_service() as found:
        yield found


@pytest.fixture
def registered(tool: Site, hostile: HostileLms) -> HostileLms:
    """The hostile LMS registered by the operator with its own URLs (it changes them later)."""
    hostile.client_id = f"hostile-{hostile.port}"
    args = hostile.add_platform_args()
    args[args.index("--name") + 1] = f"hostile-{hostile.port}"
    tool.run(*args)
    return hostile


# -- dynamic registration --------------------------------------------------------------------------
def test_an_openid_configuration_url_inside_the_deployment_is_not_fetched(
    tool: Site, internal: tuple[Reached, str]
) -> None:
    reached, base = internal
    url = f"{invitation(tool, 'evil-uni')}&openid_configuration={base}/.well-known/openid-configuration"
    answer = httpx.get(url, timeout=60)
    assert answer.status_code == 401, answer.text
    assert 'data-reason="registration_failed"' in answer.text
    assert reached.requests == []


@pytest.mark.parametrize(
    "field", ["registration_endpoint", "jwks_uri", "token_endpoint", "authorization_endpoint"]
)
def test_a_configuration_naming_an_internal_endpoint_registers_nothing(
    tool: Site, hostile: HostileLms, internal: tuple[Reached, str], field: str
) -> None:
    reached, base = internal
    hostile.claimed = {field: f"{base}/{field}"}
    hostile.dynamic_client_id = f"client-{field}"
    answer = hostile.register_with(tool, invitation(tool, "evil-uni"))
    assert answer.status_code == 401, answer.text
    assert 'data-reason="registration_failed"' in answer.text
    assert reached.requests == []  # the registration token in particular went nowhere
    assert stored_registration(tool, hostile.issuer, f"client-{field}") is None


def _stored_unchecked(tool: Site, lms: HostileLms, column: str, url: str) -> None:
    """A URL of the registration stored before it was checked (or a name resolving there now)."""
    statement = f"UPDATE lti_registrations SET {column} = :url WHERE client_id = :client"  # noqa: S608 a column of this test's
    execute(tool, statement, url=url, client=lms.client_id)


# -- a launch ----------------------------------------------------------------------------------------
def _launch(tool: Site, lms: HostileLms, student: str, link: str) -> httpx.Response:
    launch = lms.launch_over_http(student, link)
    return httpx.post(
        f"{tool.base}/lti/launch", data=launch.fields, headers={"Cookie": launch.cookie}, timeout=30
    )


def test_a_key_set_url_inside_the_deployment_is_not_fetched_at_launch(
    tool: Site, registered: HostileLms, internal: tuple[Reached, str]
) -> None:
    """Stored before it was checked (or a name that resolves there now): refused when used."""
    reached, base = internal
    _stored_unchecked(tool, registered, "jwks_url", f"{base}/jwks")
    registered.place(Link("link-k", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {}))
    answer = _launch(tool, registered, "kim", "link-k")
    assert answer.status_code == 401, answer.text
    assert 'data-reason="keyset"' in answer.text
    assert reached.requests == []


# -- the score's passback ---------------------------------------------------------------------------
def _scored_attempt(tool: Site, lms: HostileLms, student: str, link: Link) -> None:
    lms.place(link)
    landed = _launch(tool, lms, student, link.id)
    assert landed.status_code == 303, landed.text
    token = parse_qs(urlsplit(landed.headers["location"]).query)["t"][0]
    attempt = httpx.post(
        f"{tool.base}/students/api/submissions",
        params={"wait": 10},
        json={"code": REFERENCE},
        headers={"Authorization": f"Bearer {token}"},
        timeout=60,
    )
    assert attempt.status_code == 200, attempt.text


def _failed_passback(tool: Site, student: str) -> dict[str, object]:
    def tried() -> dict[str, object] | None:
        rows = json.loads(tool.run("lti", "scores", "--json"))
        return next((dict(r) for r in rows if r["student"] == student and r["state"] != "waiting"), None)

    row = wait_for(tried, PASSBACK_SECONDS, lambda: f"{student}'s score was not tried", every=0.5)
    assert row["state"] == "failed", row
    assert row["score_sent"] is None
    return row


def _link(name: str) -> Link:
    return Link(name, "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {"scoreMaximum": 100})


def test_a_token_url_inside_the_deployment_gets_no_signed_assertion(
    tool: Site, registered: HostileLms, internal: tuple[Reached, str]
) -> None:
    reached, base = internal
    _stored_unchecked(tool, registered, "token_url", f"{base}/token")
    _scored_attempt(tool, registered, "tomas", _link("link-t"))
    assert "refused" in str(_failed_passback(tool, "tomas")["error"])
    assert reached.requests == []


def test_line_items_inside_the_deployment_get_no_post(
    tool: Site, registered: HostileLms, internal: tuple[Reached, str]
) -> None:
    reached, base = internal
    registered.named_ags = (f"{base}/lineitems", f"{base}/lineitems/link-l")
    _scored_attempt(tool, registered, "lina", _link("link-l"))
    assert "refused" in str(_failed_passback(tool, "lina")["error"])
    assert reached.requests == []


def test_the_lms_s_token_goes_to_its_own_origins_only(tool: Site, registered: HostileLms) -> None:
    """A line item on an allowed network, but not the LMS's: the tool's own API, say."""
    with internal_service("127.0.0.1") as (reached, elsewhere):
        registered.named_ags = (f"{elsewhere}/lineitems", f"{elsewhere}/lineitems/link-o")
        _scored_attempt(tool, registered, "otto", _link("link-o"))
        error = str(_failed_passback(tool, "otto")["error"])
    assert "is not an address of this LMS's registration" in error
    assert reached.requests == []
    assert registered.tokens_issued >= 1  # the token was asked of the LMS itself, and kept there


@pytest.mark.parametrize("where", ["internal", "another origin"])
def test_a_next_page_elsewhere_is_not_followed(
    tool: Site, registered: HostileLms, internal: tuple[Reached, str], where: str
) -> None:
    """No line item named: the tool looks for its own in the LMS's list, page by page."""
    with internal_service("127.0.0.1") as (elsewhere_reached, elsewhere):
        reached, base = internal if where == "internal" else (elsewhere_reached, elsewhere)
        registered.named_ags = (f"{registered.origin}/lineitems", None)
        registered.next_page = f"{base}/lineitems?page=2"
        student = f"nora-{where.replace(' ', '-')}"
        _scored_attempt(tool, registered, student, _link(f"link-n-{where.replace(' ', '-')}"))
        assert "refused" in str(_failed_passback(tool, student)["error"])
    assert reached.requests == []


def test_an_lms_s_own_line_items_still_get_the_score(tool: Site, registered: HostileLms) -> None:
    """What held keeps holding: the registration's own origin gets the token and the score."""
    link = _link("link-ok")
    _scored_attempt(tool, registered, "olga", link)
    wait_until(lambda: bool(link.scores), PASSBACK_SECONDS, every=0.2)
    assert [s["scoreGiven"] for s in link.scores] == [100]
