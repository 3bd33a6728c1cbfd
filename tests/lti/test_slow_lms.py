"""One slow LMS cannot starve the others: its backlog of grades holds at most its share of the
sender's threads, and another LMS's grade passes back while the slow one is still answering.

The tool runs 4 sender threads; the slow LMS answers each score after 9.5 s. Before the gates,
its six scores took all four threads and the other LMS's grade waited until one of them was
answered; now the slow LMS holds one thread and the other's grade arrives before any of its."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from fastapi import Request, Response

from tests.conftest import ROOT
from tests.dashboard.site import Site
from tests.lti.conftest import serve_tool
from tests.lti.platform import Link, Platform
from tests.waiting import wait_for, wait_until

pytestmark = pytest.mark.slow
ANSWERS_AFTER = 9.5  # s: just within the 10 s one request may take (it is answered, late)
SLOW_ATTEMPTS = 6
ARRIVES = 120  # s: a bound on the passback, not a speed check
REFERENCE = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()


class SlowLms(Platform):
    """The test LMS, answering each score only after ANSWERS_AFTER seconds."""

    def __init__(self) -> None:
        super().__init__()
        self.scores_begun = 0

    async def _score(self, request: Request, link_id: str) -> Response:
        self.scores_begun += 1
        await asyncio.sleep(ANSWERS_AFTER)
        return await super()._score(request, link_id)


@pytest.fixture(scope="module")
def two_lmss(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Site, Platform, SlowLms]]:
    quick, slow = Platform(), SlowLms()
    served = serve_tool(tmp_path_factory.mktemp("slow-lms"), quick, AUTOGRADER_WEBHOOK_SENDERS="4")
    tool = next(served)
    args = slow.add_platform_args()
    args[args.index("--name") + 1] = "slow-lms"
    tool.run(*args, "--tool-url", tool.base)
    slow.tool = tool.base
    slow.start()
    try:
        yield tool, quick, slow
    finally:
        slow.stop()
        for _ in served:  # the generator's end stops the tool and the quick LMS
            pass


def _attempt(tool: Site, lms: Platform, link: Link, student: str) -> None:
    """A student's launch from the LMS and a graded attempt through the challenge page."""
    launch = lms.launch_over_http(student, link.id)
    landed = httpx.post(
        f"{tool.base}/lti/launch", data=launch.fields, headers={"Cookie": launch.cookie}, timeout=30
    )
    assert landed.status_code == 303, landed.text[-2000:]
    token = parse_qs(urlsplit(landed.headers["location"]).query)["t"][0]
    attempt = httpx.post(
        f"{tool.base}/students/api/submissions?wait=10",
        json={"code": REFERENCE},
        headers={"Authorization": f"Bearer {token}"},
        timeout=60,
    )
    assert attempt.status_code == 200, attempt.text
    assert attempt.json()["score"] == 100


def _link(lms: Platform, name: str) -> Link:
    link = Link(name, "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {"scoreMaximum": 100})
    lms.place(link)
    return link


def test_a_slow_lms_leaves_the_sender_to_the_others(two_lmss: tuple[Site, Platform, SlowLms]) -> None:
    tool, quick, slow = two_lmss
    slow_link, quick_link = _link(slow, "link-slow"), _link(quick, "link-quick")
    for n in range(SLOW_ATTEMPTS):
        _attempt(tool, slow, slow_link, f"slow{n}")
    wait_until(lambda: slow.scores_begun >= 1, ARRIVES, lambda: "the slow LMS was sent no score", every=0.1)
    _attempt(tool, quick, quick_link, "quick")

    def arrived() -> int | None:
        return len(slow_link.scores) if quick_link.scores else None

    slow_done = wait_for(arrived, ARRIVES, lambda: "the quick LMS got no score", every=0.05)
    assert slow_done == 0  # the quick LMS's grade came while the slow one was still answering
    assert slow.scores_begun < SLOW_ATTEMPTS  # its backlog waits its turn: one thread's worth
    wait_until(
        lambda: len(slow_link.scores) == SLOW_ATTEMPTS,
        ARRIVES * 2,
        lambda: f"the slow LMS got {len(slow_link.scores)} of its scores",
        every=0.5,
    )
