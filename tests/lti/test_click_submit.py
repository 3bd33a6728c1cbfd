"""The helper that clicks Submit fails, and says why, when the page does not take the click."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.student_page import click_submit

PAGE = """<!doctype html><p id="status" role="status"></p><button id="submit" type="button">Submit</button>
<script>{script}</script>"""
TAKES_IT = "document.getElementById('submit').onclick = () => { document.getElementById('status').textContent = 'grading'; };"


def test_a_click_the_page_takes_passes(desktop: Page) -> None:
    desktop.set_content(PAGE.format(script=TAKES_IT))
    click_submit(desktop.main_frame, "Submit")
    assert desktop.locator("#status").text_content() == "grading"


def test_a_click_the_page_ignores_fails_with_the_page_state(
    desktop: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tests.student_page.SUBMIT_SEEN", 500)
    desktop.set_content(PAGE.format(script=""))
    with pytest.raises(AssertionError, match=r"did not take the click on Submit.*'status': ''"):
        click_submit(desktop.main_frame, "Submit")
