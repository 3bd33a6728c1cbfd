"""`lti urls` and `lti invite` never print, unsaid, an address no LMS can reach: without a public
address they use the running serve's port, warn about a loopback one, and invite refuses it."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

from service.cli.startup import data_folder_held, served_address
from tests.conftest import ROOT
from tests.dashboard.site import autograder


def _run(data: Path, *args: str, public_url: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env["AUTOGRADER_DATA_DIR"] = str(data)
    if public_url is not None:
        env["AUTOGRADER_PUBLIC_URL"] = public_url
    return subprocess.run(autograder(*args), env=env, cwd=ROOT, capture_output=True, text=True)


@contextlib.contextmanager
def _serving(data: Path, address: str) -> Iterator[None]:
    """The data folder as a running `serve` of `address` holds it."""
    data.mkdir(mode=0o700, exist_ok=True)
    with data_folder_held(data, address):
        yield


def test_a_running_serve_says_its_address_and_a_stopped_one_does_not(tmp_path: Path) -> None:
    with _serving(tmp_path, "http://127.0.0.1:8101"):
        assert served_address(tmp_path) == "http://127.0.0.1:8101"
    assert served_address(tmp_path) is None


def test_urls_use_the_serving_port_and_warn_that_loopback_reaches_no_lms(tmp_path: Path) -> None:
    with _serving(tmp_path, "http://127.0.0.1:8101"):
        shown = _run(tmp_path, "lti", "urls")
    assert shown.returncode == 0, shown.stderr
    assert "Initiate login URL: http://127.0.0.1:8101/lti/login" in shown.stdout
    assert "8000" not in shown.stdout
    assert shown.stderr.startswith("warning: the tool's address would be (no AUTOGRADER_PUBLIC_URL) ")
    assert "no LMS on another machine reaches it; set AUTOGRADER_PUBLIC_URL" in shown.stderr


def test_invite_refuses_a_derived_loopback_address_and_spends_no_invitation(tmp_path: Path) -> None:
    with _serving(tmp_path, "http://127.0.0.1:8101"):
        refused = _run(tmp_path, "lti", "invite", "--name", "moodle")
    assert refused.returncode == 2
    assert refused.stdout == ""
    assert "set AUTOGRADER_PUBLIC_URL (or pass --tool-url)" in refused.stderr
    assert "an LMS on this machine: --tool-url http://127.0.0.1:8101" in refused.stderr
    made = _run(tmp_path, "lti", "invite", "--name", "moodle", public_url="https://grader.example.org")
    assert made.returncode == 0, made.stderr
    assert made.stderr == ""
    assert made.stdout.splitlines()[-1].startswith("https://grader.example.org/lti/register?invite=")


def test_an_address_the_operator_chose_is_used_as_given(tmp_path: Path) -> None:
    public = _run(tmp_path, "lti", "urls", public_url="https://grader.example.org/")
    assert (public.returncode, public.stderr) == (0, "")
    assert "Public keyset URL (JWKS): https://grader.example.org/lti/jwks" in public.stdout
    local = _run(tmp_path, "lti", "invite", "--name", "moodle", "--tool-url", "http://localhost:8101")
    assert local.returncode == 0, local.stderr
    assert local.stdout.splitlines()[-1].startswith("http://localhost:8101/lti/register?invite=")
    assert "warning: the tool's address is http://localhost:8101, this machine's loopback" in local.stderr


def test_a_serve_on_every_interface_or_on_a_routable_address(tmp_path: Path) -> None:
    with _serving(tmp_path, "http://0.0.0.0:8101"):
        everywhere = _run(tmp_path, "lti", "invite", "--name", "moodle")
    assert everywhere.returncode == 2
    assert "which is no address an LMS can reach" in everywhere.stderr
    with _serving(tmp_path, "http://192.0.2.7:8101"):
        routable = _run(tmp_path, "lti", "urls")
    assert (routable.returncode, routable.stderr) == (0, "")
    assert "Tool URL / redirect URI / deep linking URL: http://192.0.2.7:8101/lti/launch" in routable.stdout
