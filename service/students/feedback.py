"""A graded Result as students read it: diagnoses first, then the tests grouped by category, the
error with its line. One rendering, used by the student page and by the HTML fragment platforms
fetch for their own pages (escaped by Jinja's autoescape, no script)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup

from grader.models import Cause, Diagnosis, GradingError, HiddenTestResult, Localisation, Result
from grader.text import Lang, Text
from service.policies.late import Counted
from service.students import labels

HERE = Path(__file__).parent
STYLESHEET = HERE / "static" / "feedback.css"
# The grader's sentences quote code between backticks, as Markdown does.
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
# Errors that keep every test from running: the tests are told as one line, not one by one.
NOT_RUN: dict[str, Text] = {
    "syntax": labels.NOT_RUN_LOAD,
    "import": labels.NOT_RUN_LOAD,
    "encoding": labels.NOT_RUN_LOAD,
    "missing_function": labels.NOT_RUN_MISSING,
}


def code_spans(sentence: str) -> Markup:
    """A sentence escaped, its `quoted code` as <code> (a screen reader says no backticks)."""
    escaped = str(Markup.escape(sentence))
    return Markup(_CODE_SPAN.sub(r"<code>\1</code>", escaped))  # noqa: S704 escaped just above


templates = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True)
templates.filters["code"] = code_spans


@dataclass(frozen=True)
class TestGroup:
    __test__ = False  # not a pytest class
    category: str
    title: str
    tests: tuple[HiddenTestResult, ...]

    @property
    def passed(self) -> int:
        return sum(t.passed for t in self.tests)


@dataclass(frozen=True)
class FeedbackView:
    lang: Lang
    status: str
    score: float
    points: int
    max_points: int
    diagnoses: tuple[Diagnosis, ...]
    groups: tuple[TestGroup, ...]  # failing groups first, each in the order the challenge lists them
    error: GradingError | None
    stdout: str
    # What the failed tests point to besides the diagnoses ("explained above"): shown with them.
    causes: tuple[Cause, ...] = ()
    localisation: Localisation | None = None
    late: str | None = None  # what a late attempt counts for (`late: counts 80/100`), beside its score

    @property
    def all_passed(self) -> bool:
        return self.status == "done" and all(g.passed == len(g.tests) for g in self.groups)

    @property
    def not_run(self) -> Text | None:
        """Why no test ran, when the error kept them all from running (one line instead of each)."""
        if self.error is None or any(g.passed for g in self.groups):
            return None
        return NOT_RUN.get(self.error.kind)

    @property
    def line_in_heading(self) -> bool:
        """The error's line beside its heading, unless its message says it already."""
        if self.error is None or self.error.line is None:
            return False
        return labels.LINE.format(line=self.error.line)(self.lang) not in self.error.message


def view(result: Result, lang: Lang, counted: Counted | None = None) -> FeedbackView:
    told = labels.late(counted) if counted is not None else None
    return FeedbackView(
        lang=lang,
        status=result.status,
        score=result.score,
        points=result.points,
        max_points=result.max_points,
        diagnoses=tuple(result.diagnoses),
        groups=_groups(result.tests, lang),
        error=result.error,
        stdout=result.stdout,
        causes=tuple(result.causes),
        localisation=result.localisation,
        late=told(lang) if told is not None else None,
    )


def _groups(tests: list[HiddenTestResult], lang: Lang) -> tuple[TestGroup, ...]:
    by_category: dict[str, list[HiddenTestResult]] = {}
    for test in tests:
        by_category.setdefault(test.category, []).append(test)
    groups = [TestGroup(c, labels.category(c)(lang), tuple(ts)) for c, ts in by_category.items()]
    return tuple(sorted(groups, key=lambda g: g.passed == len(g.tests)))  # stable: failing first


def fragment(result: Result, lang: Lang, with_style: bool, counted: Counted | None = None) -> Markup:
    """The feedback as an HTML fragment; `with_style` inlines its small stylesheet (for platforms
    that paste it into their own page); the student page links the same stylesheet instead."""
    style = Markup(STYLESHEET.read_text()) if with_style else None  # noqa: S704 the package's own stylesheet
    page = templates.get_template("feedback.html")
    html = page.render(feedback=view(result, lang, counted), labels=labels, lang=lang, style=style)
    return Markup(html)  # noqa: S704 autoescaped
