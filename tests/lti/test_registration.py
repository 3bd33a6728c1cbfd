"""LTI Dynamic Registration against the LMS: one URL, made by `autograder lti invite`, pasted by the
LMS's administrator; then launches of the new client id work. Without an invitation, nothing is
registered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.dashboard.site import Site
from tests.lti.conftest import tool_frame
from tests.lti.platform import DYNAMIC_CLIENT_ID, DYNAMIC_DEPLOYMENT, Link, Platform


@pytest.fixture
def dynamic_client(lms: Platform) -> Iterator[None]:
    """The LMS launches with the client id the registration gave the tool, then as before."""
    saved = lms.client_id, lms.deployment
    yield
    lms.client_id, lms.deployment = saved


def test_dynamic_registration_with_one_url_then_a_launch(
    tool: Site, lms: Platform, desktop: Page, dynamic_client: None
) -> None:
    url = tool.run("lti", "invite", "--name", "lms-dynamic", "--tool-url", tool.base).splitlines()[-1]
    assert url.startswith(f"{tool.base}/lti/register?invite=")
    desktop.goto(f"{lms.origin}/tools/add?url={url.replace('&', '%26').replace('?', '%3F')}")
    expect(tool_frame(desktop).locator("#registered")).to_contain_text(DYNAMIC_CLIENT_ID)
    expect(desktop.locator("#status")).to_have_text("closed")  # the tool told the LMS to close it
    [sent] = lms.tool_registrations[-1:]
    assert sent["initiate_login_uri"] == f"{tool.base}/lti/login"
    assert sent["redirect_uris"] == [f"{tool.base}/lti/launch"]
    assert sent["jwks_uri"] == f"{tool.base}/lti/jwks"
    assert "https://purl.imsglobal.org/spec/lti-ags/scope/score" in sent["scope"].split()
    listed = tool.run("lti", "platforms")
    assert "lms-dynamic" in listed
    assert DYNAMIC_CLIENT_ID in listed
    assert DYNAMIC_DEPLOYMENT in listed

    lms.client_id, lms.deployment = DYNAMIC_CLIENT_ID, DYNAMIC_DEPLOYMENT
    lms.place(
        Link("link-dyn", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {"scoreMaximum": 100})
    )
    desktop.goto(lms.course_url("leo", "learner", "link-dyn"))
    tool_frame(desktop).wait_for_selector(".cm-editor")

    desktop.goto(f"{lms.origin}/tools/add?url={url.replace('&', '%26').replace('?', '%3F')}")
    expect(tool_frame(desktop).locator("[data-reason]")).to_have_attribute("data-reason", "invite")


def test_registration_without_an_invitation_registers_nothing(
    tool: Site, lms: Platform, desktop: Page
) -> None:
    before = len(lms.tool_registrations)
    desktop.goto(f"{lms.origin}/tools/add?url={tool.base}/lti/register")
    expect(tool_frame(desktop).locator("[data-reason]")).to_have_attribute("data-reason", "invite")
    assert len(lms.tool_registrations) == before
