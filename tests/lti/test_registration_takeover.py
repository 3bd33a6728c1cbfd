"""An invited LMS cannot take over another LMS's registration: it answers dynamic registration with
the victim's issuer and client id (both in every id_token a student's browser posts), and the
tool refuses, keeps the victim's row as it was, and goes on verifying the victim's launches with
the victim's keys. Registering never updates a row; re-registering is the operator's `--replace`.

Before, `registrations.add` found the victim's row by (issuer, client id) and pointed its key set,
login and token URLs and frame origin at the attacker, who then signed launches as any instructor
or student of the victim's courses."""

from __future__ import annotations

import subprocess

import httpx
import pytest

from tests.conftest import ROOT
from tests.dashboard.site import Site, autograder
from tests.lti.hostile import HostileLms, invitation, stored_registration
from tests.lti.platform import Link, Platform

pytestmark = pytest.mark.slow


def _claim(hostile: HostileLms, victim: Platform) -> None:
    hostile.claimed = {"issuer": victim.issuer}
    hostile.dynamic_client_id = victim.client_id


def _forged_instructor_launch(tool: Site, hostile: HostileLms, victim: Platform) -> httpx.Response:
    """The attacker's own key signs a launch as an instructor of the victim's course."""
    hostile.issuer, hostile.client_id, hostile.deployment = victim.issuer, victim.client_id, victim.deployment
    hostile.place(Link("link-x", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {}))
    launch = hostile.launch_over_http("mallory", "link-x", role="instructor")
    return httpx.post(
        f"{tool.base}/lti/launch", data=launch.fields, headers={"Cookie": launch.cookie}, timeout=30
    )


def _victim_launches(tool: Site, victim: Platform) -> None:
    victim.place(Link("link-v", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {}))
    launch = victim.launch_over_http("vera", "link-v")
    landed = httpx.post(
        f"{tool.base}/lti/launch", data=launch.fields, headers={"Cookie": launch.cookie}, timeout=30
    )
    assert landed.status_code == 303, landed.text
    assert "/students/challenge?t=" in landed.headers["location"]


def test_dynamic_registration_with_a_registered_lms_s_identity_is_refused(
    tool: Site, lms: Platform, hostile: HostileLms
) -> None:
    before = stored_registration(tool, lms.issuer, lms.client_id)
    assert before is not None
    _claim(hostile, lms)
    answer = hostile.register_with(tool, invitation(tool, "evil-uni"))
    assert answer.status_code == 409, answer.text
    assert 'data-reason="registration_taken"' in answer.text
    assert stored_registration(tool, lms.issuer, lms.client_id) == before  # nothing of it changed
    assert "evil-uni" not in tool.run("lti", "platforms")
    forged = _forged_instructor_launch(tool, hostile, lms)
    assert forged.status_code == 401, forged.text
    assert 'data-reason="signature"' in forged.text
    _victim_launches(tool, lms)


def test_an_lms_cannot_claim_an_issuer_on_another_host(tool: Site, lms: Platform) -> None:
    """LTI Dynamic Registration: the configuration comes from its issuer's host."""
    elsewhere = HostileLms("127.0.0.1")
    elsewhere.tool = tool.base
    elsewhere.start()
    try:
        _claim(elsewhere, lms)
        elsewhere.dynamic_client_id = "a-fresh-client-id"
        answer = elsewhere.register_with(tool, invitation(tool, "evil-uni"))
    finally:
        elsewhere.stop()
    assert answer.status_code == 401, answer.text
    assert 'data-reason="registration_failed"' in answer.text
    assert stored_registration(tool, lms.issuer, "a-fresh-client-id") is None


def test_the_same_client_at_the_same_token_endpoint_is_refused_under_another_issuer(
    tool: Site, lms: Platform, hostile: HostileLms
) -> None:
    """Its own issuer, but the victim's OAuth client: the tool's signed assertion would get the
    victim LMS's access token, sent then to the attacker's line items."""
    hostile.claimed = {"token_endpoint": f"{lms.origin}/token"}
    hostile.dynamic_client_id = lms.client_id
    answer = hostile.register_with(tool, invitation(tool, "evil-uni"))
    assert answer.status_code == 409, answer.text
    assert stored_registration(tool, hostile.issuer, lms.client_id) is None


def _cli(tool: Site, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        autograder(*args), env=tool.env, cwd=ROOT, capture_output=True, text=True, check=False
    )


def _add_platform(lms: Platform, name: str, login: str = "/authorize") -> list[str]:
    args = lms.add_platform_args()
    args[args.index("--name") + 1] = name
    args[args.index("--login-url") + 1] = f"{lms.origin}{login}"
    return args


def test_the_operator_re_registers_a_platform_only_explicitly_and_only_its_own(tool: Site) -> None:
    other = HostileLms("localhost")  # not started: only its URLs are registered
    other.client_id = "client-of-uni-c"
    assert _cli(tool, *_add_platform(other, "uni-c")).returncode == 0
    registered = stored_registration(tool, other.issuer, other.client_id)
    assert registered is not None

    again = _cli(tool, *_add_platform(other, "uni-c", "/elsewhere"))
    assert again.returncode == 2
    assert "already registered" in again.stderr
    assert "--replace" in again.stderr
    stolen = _cli(tool, *_add_platform(other, "uni-d", "/elsewhere"), "--replace")
    assert stolen.returncode == 2
    assert "registered to platform 'uni-c'" in stolen.stderr
    assert stored_registration(tool, other.issuer, other.client_id) == registered

    replaced = _cli(tool, *_add_platform(other, "uni-c", "/elsewhere"), "--replace")
    assert replaced.returncode == 0, replaced.stderr
    assert "re-registered: uni-c" in replaced.stdout
    assert "re-registered by the operator" in replaced.stderr  # the log says so
    after = stored_registration(tool, other.issuer, other.client_id)
    assert after == {**registered, "login_url": f"{other.origin}/elsewhere"}
