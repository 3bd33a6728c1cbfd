"""Similar submissions as an instructor meets them: a class where two students copied (names
renamed, statements and helpers reordered, comments changed), the page pairs them with the shared
lines marked, side by side on a desktop and one above the other on a phone, in Spanish and
English, axe-clean and by keyboard alone; the platform reads the same pairs over the API."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.accessibility import Audit
from tests.conftest import ROOT
from tests.dashboard.conftest import log_in, served
from tests.dashboard.site import Site
from tests.dashboard.test_accessibility import new_context, tab_to

pytestmark = pytest.mark.slow
CLASS = [
    ("c1", "ana", "layer_norm", "corpora/layer_norm/solutions/loops.py"),
    ("c1", "ben", "layer_norm", "corpora/layer_norm/planted/bucles_renombrados.py"),  # ana's, disguised
    ("c1", "cai", "layer_norm", "corpora/layer_norm/solutions/var_helpers.py"),
    ("c1", "dan", "layer_norm", "corpora/layer_norm/planted/ayudas_reordenadas.py"),  # cai's, disguised
    ("c1", "eva", "layer_norm", "corpora/layer_norm/solutions/class_based.py"),
    ("c1", "fer", "layer_norm", "corpora/layer_norm/independent/correcta_rsqrt.py"),
    ("c1", "gil", "layer_norm", "corpora/layer_norm/independent/correcta_bucle_filas.py"),
]
OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.fixture(scope="module")
def own_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    yield from served(tmp_path_factory.mktemp("similar"), CLASS)


def test_the_two_copies_are_paired_with_their_shared_lines_marked_by_keyboard(
    own_site: Site, browser: Browser
) -> None:
    context = new_context(browser, "en", "desktop")
    page = context.new_page()
    try:
        log_in(page, own_site, "ana.prof@example.org")
        tab_to(page, "Similar submissions")
        page.keyboard.press("Enter")
        expect(page.get_by_role("heading", level=1)).to_have_text("Similar submissions in c1")
        expect(page.get_by_role("status")).to_have_text(
            "7 students' programs compared: 2 pairs worth a look."
        )
        pairs = page.locator("section.pair h2")
        expect(pairs).to_have_count(2)
        expect(pairs.filter(has_text="ana and ben")).to_have_count(1)
        expect(pairs.filter(has_text="cai and dan")).to_have_count(1)
        first = page.locator("section.pair").filter(has_text="ana and ben")
        expect(first.locator("pre.code").first.locator("mark").first).to_be_visible()
        expect(first.locator("pre.code").nth(1).locator("mark").first).to_be_visible()
        boxes = first.locator("pre.code").evaluate_all("(b) => b.map((e) => e.getBoundingClientRect().top)")
        assert abs(boxes[0] - boxes[1]) < 2  # side by side
        tab_to(page, selector="pre.code")  # a code box takes the focus: it may scroll sideways
        tab_to(page, "ana", back=True)
        page.keyboard.press("Enter")
        expect(page.get_by_role("heading", level=1)).to_contain_text("ana")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_page_in_both_languages_on_a_desktop_and_a_phone(
    own_site: Site, browser: Browser, lang: str, screen: str
) -> None:
    context = new_context(browser, lang, screen)
    page = context.new_page()
    try:
        log_in(page, own_site, "ana.prof@example.org")
        with Audit() as audit:
            page.goto(f"{own_site.base}/dashboard/courses/c1/similar?lang={lang}")
            heading = "Envíos parecidos en c1" if lang == "es" else "Similar submissions in c1"
            expect(page.get_by_role("heading", level=1)).to_have_text(heading)
            audit.check(page, f"similar {lang}-{screen}")
            assert page.evaluate(OVERFLOW) <= 0  # the code scrolls in its own box, not the page
            page.locator("#which").select_option("last")
            page.locator("form.filters button").click()
            audit.check(page, f"similar, last submissions {lang}-{screen}")
            page.locator("#challenge").select_option("bloque")
            page.locator("form.filters button").click()
            expect(page.locator("section.pair")).to_have_count(0)
            audit.check(page, f"similar, no pair {lang}-{screen}")
        if screen == "phone":
            page.goto(f"{own_site.base}/dashboard/courses/c1/similar?lang={lang}")
            boxes = page.locator("section.pair").first.locator("pre.code")
            tops = boxes.evaluate_all("(b) => b.map((e) => e.getBoundingClientRect().top)")
            assert tops[1] > tops[0]  # one above the other
    finally:
        context.close()


def test_the_platform_reads_the_pairs(own_site: Site) -> None:
    headers = {"Authorization": f"Bearer {own_site.key}"}
    answer = httpx.get(f"{own_site.base}/v1/courses/c1/similar?challenge=layer_norm", headers=headers)
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert found["compared"] == 7
    assert sorted(tuple(p["students"]) for p in found["pairs"]) == [("ana", "ben"), ("cai", "dan")]
    assert found["groups"] == [["ana", "ben"], ["cai", "dan"]]
    assert all(p["lines"][0] and p["lines"][1] and p["share"] >= 0.5 for p in found["pairs"])
    assert (found["flagged"], found["cut"]) == (2, [])
    unknown = httpx.get(f"{own_site.base}/v1/courses/c1/similar?challenge=nope", headers=headers)
    assert unknown.status_code == 422


def test_long_programs_are_compared_by_their_sample_and_the_answer_says_so(own_site: Site) -> None:
    """Two copies of a program near the intake's 64 KiB, graded by the real worker: the view
    compares the samples their prints kept, pairs them, and names them in `cut`."""
    long = (ROOT / "tests/corpora/layer_norm/solutions/loops.py").read_text() + "".join(
        f"\ndef extra_{n}(x):\n    return np.tanh(x * {n}.5) + x.sum() / {n + 7}\n" for n in range(900)
    )
    assert len(long) < 64 * 1024
    for student in ("uno", "dos"):
        own_site.submit("c2", student, "layer_norm", long)
    headers = {"Authorization": f"Bearer {own_site.key}"}
    found = httpx.get(f"{own_site.base}/v1/courses/c2/similar?challenge=layer_norm", headers=headers).json()
    assert [tuple(p["students"]) for p in found["pairs"]] == [("dos", "uno")]
    assert [(c["kind"], c["count"]) for c in found["cut"]] == [("long_programs", 2)]
    assert "only a sample" in found["cut"][0]["detail"]
