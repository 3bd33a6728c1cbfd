"""An LMS course never becomes one of its platform's existing courses by its label: a teacher who
labels an LMS course `c1` (the name of the platform's API course, with its students' code output
and CSV) and launches the tool gets a course of its own; linking the two is the operator's act.

Before, `contexts.course()` avoided only the names other LTI contexts had taken, and the teacher
was granted the platform's API course `c1`."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import closing

import httpx
import pytest

from tests.conftest import ROOT
from tests.dashboard.site import Site, autograder
from tests.lti.hostile import HostileLms
from tests.lti.platform import Link

pytestmark = pytest.mark.slow
CODE = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"


@pytest.fixture
def teachers_lms(tool: Site) -> Iterator[HostileLms]:
    """An LMS registered to the platform that holds the site's API key (courses c1 and c2)."""
    lms = HostileLms("localhost")
    lms.client_id, lms.tool = "squatter-client", tool.base
    args = lms.add_platform_args()
    args[args.index("--name") + 1] = "platform"
    tool.run(*args)
    lms.place(Link("link-s", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {}))
    lms.start()
    yield lms
    lms.stop()


def _dashboard_of(tool: Site, lms: HostileLms, teacher: str) -> tuple[str, httpx.Client]:
    """The course a teacher's launch opens, and a browser logged in to it."""
    launch = lms.launch_over_http(teacher, "link-s", role="instructor")
    browser = httpx.Client(base_url=tool.base, timeout=30)
    landed = browser.post("/lti/launch", data=launch.fields, headers={"Cookie": launch.cookie})
    assert landed.status_code == 303, landed.text
    entered = browser.get(landed.headers["location"])
    assert entered.status_code == 303, entered.text
    course = entered.headers["location"].rsplit("/courses/", 1)[1]
    return course, browser


@pytest.mark.parametrize(
    ("label", "why"), [("c1", "an API course with submissions"), ("c2", "a course a key is limited to")]
)
def test_a_context_labelled_as_an_existing_course_gets_a_course_of_its_own(
    tool: Site, teachers_lms: HostileLms, label: str, why: str
) -> None:
    tool.submit("c1", "ana", "layer_norm", CODE)
    teachers_lms.context_id, teachers_lms.context_label = f"ctx-{label}", label
    course, browser = _dashboard_of(tool, teachers_lms, "teacher")
    with closing(browser):
        assert course == f"{label}-2", why
        for page in (f"/dashboard/courses/{label}", f"/dashboard/courses/{label}/attempts.csv"):
            assert browser.get(page).status_code == 404, page
        own = browser.get(f"/dashboard/courses/{course}/students")
        assert own.status_code == 200
        assert "ana" not in own.text


def test_the_operator_links_a_context_to_an_existing_course(tool: Site, teachers_lms: HostileLms) -> None:
    tool.submit("c1", "bruno", "layer_norm", CODE)
    teachers_lms.context_id, teachers_lms.context_label = "ctx-linked", "finals"
    linked = subprocess.run(
        autograder(
            "lti", "link-course", "--issuer", teachers_lms.issuer, "--client-id", "squatter-client",
            "--context", "ctx-linked", "--course", "c1",
        ),
        env=tool.env, cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert linked.returncode == 0, linked.stderr
    assert "linked to course 'c1'" in linked.stderr  # logged
    course, browser = _dashboard_of(tool, teachers_lms, "teacher-2")
    with closing(browser):
        assert course == "c1"
        assert "bruno" in browser.get("/dashboard/courses/c1/students").text
