"""How soon a student reads the diagnosis on the challenge page after pressing Submit.

    .venv/bin/python benchmarks/student_page.py [--rounds 40] [--setup embedded|postgres-redis]

Starts `autograder serve` (the embedded default, or PostgreSQL + Redis on this machine), makes a
signed link to one student's `layer_norm` page and opens it in Chromium with a wrong submission
in the editor (tests/corpora/layer_norm/catalogue/batch_norm.py, diagnosed `normalizes_by_column`). Three
ways, alternated round by round in the same run:
  page    in the browser: Submit clicked until the diagnosis is drawn (measured by the page's
          clock: from the click to the frame after the feedback holds the diagnosis)
  call    the page's own request, over HTTP: POST /students/api/submissions, which waits for
          the grading and answers the feedback
  naive   a page that posts and then polls every POLL_SECONDS for the feedback
Prints p50, p99 and rounds per second of each, and the naive/call ratio of the medians.
The student's per-minute limit is lifted for the run: every round is the same student.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import bench_schema
import httpx
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
WRONG = (ROOT / "tests/corpora/layer_norm/catalogue/batch_norm.py").read_text()
DIAGNOSIS = "normalizes_by_column"
POLL_SECONDS = 0.5
WARM_UP = 5

SUBMIT_AND_SEE = """async (diagnosis) => {
    const feedback = document.getElementById("feedback");
    feedback.replaceChildren();
    const shown = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
            if (!feedback.querySelector(`[data-diagnosis="${diagnosis}"]`)) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now()));
        });
        observer.observe(feedback, { childList: true, subtree: true });
    });
    const clicked = performance.now();
    document.getElementById("submit").click();
    return (await shown) - clicked;
}"""

PASTE = """(content, text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    content.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
}"""


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "service.cli", *args]


@contextlib.contextmanager
def environment(setup: str, data: Path) -> Iterator[dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env.update(AUTOGRADER_DATA_DIR=str(data), AUTOGRADER_RATE_PER_STUDENT_PER_MINUTE="1000000")
    if setup == "embedded":
        yield env
        return
    with bench_schema.private_schema() as schema:
        env["AUTOGRADER_DATABASE_URL"] = bench_schema.url(schema)
        env["AUTOGRADER_BROKER_URL"] = "redis://127.0.0.1:6379/0"
        env["AUTOGRADER_QUEUE"] = f"bench-{schema}"
        subprocess.run(cli("migrate"), env=env, cwd=ROOT, check=True, capture_output=True)
        yield env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def served(env: dict[str, str], log: Path) -> Iterator[str]:
    port = free_port()
    with log.open("wb") as out:
        process = subprocess.Popen(
            cli("serve", "--port", str(port)), env=env, cwd=ROOT, stdout=out, stderr=out
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("serve did not become healthy:\n" + log.read_text()[-2000:])
            time.sleep(0.2)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)


def student_page(base: str, env: dict[str, str]) -> str:
    made = subprocess.run(
        cli("keys", "create", "--name", "bench", "--course", "c1"),
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    key = made.stdout.decode().strip().splitlines()[-1]
    body = {"course": "c1", "student": "ana", "challenge": "layer_norm", "lang": "en"}
    answer = httpx.post(f"{base}/v1/student-links", json=body, headers={"Authorization": f"Bearer {key}"})
    answer.raise_for_status()
    url: str = answer.json()["url"]
    return url


def by_page(page: Page) -> float:
    page.wait_for_selector("#submit:not([disabled])")  # the previous round's attempts are listed
    ms: float = page.evaluate(SUBMIT_AND_SEE, DIAGNOSIS)
    return ms / 1000


def by_call(client: httpx.Client) -> float:
    started = time.perf_counter()
    answer = client.post("/students/api/submissions", json={"code": WRONG})
    assert DIAGNOSIS in (answer.json()["feedback_html"] or ""), answer.text
    return time.perf_counter() - started


def by_polling(client: httpx.Client) -> float:
    started = time.perf_counter()
    attempt = client.post("/students/api/submissions", params={"wait": 0}, json={"code": WRONG}).json()
    while attempt["feedback_html"] is None:
        time.sleep(POLL_SECONDS)
        attempt = client.get(f"/students/api/submissions/{attempt['id']}").json()
    assert DIAGNOSIS in attempt["feedback_html"]
    return time.perf_counter() - started


def line(way: str, seconds: list[float], ratio: str) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p50, p99 = statistics.median(ms), ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return f"| {way} | {len(ms)} | {p50:.1f} | {p99:.1f} | {len(ms) / sum(seconds):.1f} | {ratio} |"


def opened(browser: Browser, url: str) -> Page:
    """The student's page with the wrong submission in the editor, pasted as a student does."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url)
    page.locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.locator(".cm-content").evaluate(PASTE, WRONG)
    return page


def measure(base: str, url: str, rounds: int) -> dict[str, list[float]]:
    token = url.split("t=", 1)[1]
    with (
        sync_playwright() as playwright,
        httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=60) as client,
    ):
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        page = opened(browser, url)
        ways: dict[str, Callable[[], float]] = {
            "page: Submit to diagnosis drawn": lambda: by_page(page),
            "call: POST, answered graded": lambda: by_call(client),
            f"naive: POST, then poll every {POLL_SECONDS} s": lambda: by_polling(client),
        }
        for _ in range(WARM_UP):
            for way in ways.values():
                way()
        times: dict[str, list[float]] = {name: [] for name in ways}
        for _ in range(rounds):
            for name, way in ways.items():
                times[name].append(way())
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--setup", choices=("embedded", "postgres-redis"), default="embedded")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        with environment(options.setup, folder / "data") as env, served(env, folder / "serve.log") as base:
            times = measure(base, student_page(base, env), options.rounds)
    call, naive = (statistics.median(seconds) for seconds in list(times.values())[1:])
    print(f"setup: {options.setup}, {options.rounds} rounds of each way, alternated\n")
    print("| way | rounds | p50 ms | p99 ms | per second | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, seconds in times.items():
        ratio = f"{naive / call:.1f}× (naive/call)" if name.startswith("naive") else "–"
        print(line(name, seconds, ratio))


if __name__ == "__main__":
    main()
