"""Whether a challenge folder is ready to go live, told so that its author can act on each point.

`autograder challenges check DIR` runs this: the folder loads (challenge.toml's schema, the kit's
model); the reference scores 100 with nothing to tell; the starter every student is handed runs;
both statements are there and render; every example of DIR/examples/ is graded as it expects;
every known mistake, alone, is rejected and told as itself in one story; the hidden tests kill
at least 98 % of the reference's mutants (the survivors listed); and what a worker spends
making the challenge ready. Students' code (the starter, the examples) runs in the sandbox;
trusted code (the mistakes, the mutants) in this process.
"""

from __future__ import annotations

import re
import time
import traceback
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from grader.authoring import PROMISE_CAP
from grader.challenge import Challenge, ChallengeError, load_challenge
from grader.grade import grade
from grader.kit.mutants import InProcess, equivalent, mutants_of
from grader.models import Result
from grader.prepared import PreparedChallenge, prepare
from grader.sandbox.base import Sandbox
from grader.text import LANGS, Lang

KILLED_AT_LEAST = 0.98
EXPECT = re.compile(r"^# expect:(.*)$", re.M)
Render = Callable[[Challenge, Lang], str]  # a statement as the student's page shows it (HTML)


@dataclass(frozen=True)
class Item:
    name: str
    passed: bool
    summary: str
    details: tuple[str, ...] = ()  # what to act on, one line each


@dataclass(frozen=True)
class Report:
    directory: Path
    items: tuple[Item, ...] = field(default_factory=tuple)

    @property
    def passed(self) -> bool:
        return bool(self.items) and all(item.passed for item in self.items)


def check_folder(
    directory: Path, library: Mapping[str, Challenge], sandbox: Sandbox, render: Render | None = None
) -> Report:
    """Every check of the folder, in order; those that need a challenge that loads (and a
    reference that answers) are left out when it does not, and the report says so."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")  # trusted runs of wrong code: their warnings say nothing
        return Report(directory, tuple(_items(directory, library, sandbox, render)))


def _items(
    directory: Path, library: Mapping[str, Challenge], sandbox: Sandbox, render: Render | None
) -> Iterator[Item]:
    try:
        challenge = load_challenge(directory, library)
    except Exception as error:  # noqa: BLE001 an author's file may raise anything: told, not raised
        yield Item("loads", False, _error(error))
        return
    theirs = library.get(challenge.id)
    if theirs is not None and theirs.directory.resolve() != directory.resolve():
        yield Item(
            "loads",
            False,
            f"its id {challenge.id!r} is already the challenge of {theirs.directory}: a course's challenge may "
            "not shadow another (the service refuses to start); give it an id and folder of its own",
        )
        return
    yield _loaded(challenge)
    try:
        started, wall = time.process_time(), time.perf_counter()
        prepared = prepare(challenge)
        prepared.warm()  # what a worker does before its first grading
        start_up = _start_up(prepared, time.process_time() - started, time.perf_counter() - wall)
    except ChallengeError as error:
        yield Item("reference", False, str(error), ("the other checks need a reference that answers",))
        return
    yield _reference(prepared, sandbox)
    yield _starter(prepared, sandbox)
    yield _statements(challenge, render)
    yield _examples(prepared, sandbox)
    yield _mistakes(prepared)
    yield _mutants(prepared)
    yield start_up


def _error(error: Exception) -> str:
    """An exception as an author reads it: where in their files, and what."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if "/grader/" not in f.filename]
    where = f" ({Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    return f"{type(error).__name__}: {error}{where}"


def _loaded(challenge: Challenge) -> Item:
    built = challenge.built
    derived = f", {len(built.derived)} of them derived" if built is not None else ""
    return Item(
        "loads",
        True,
        f"{challenge.id} v{challenge.version}: {len(challenge.tests)} tests, {challenge.max_points} points, "
        f"{len(challenge.mistakes)} known mistakes{derived}",
    )


def _reference(prepared: PreparedChallenge, sandbox: Sandbox) -> Item:
    result = grade(prepared, prepared.challenge.reference_source, "en", sandbox)
    if result.score == 100 and not result.diagnoses and result.error is None:
        return Item("reference", True, "scores 100 with nothing to tell")
    return Item("reference", False, f"scores {result.score:g}", tuple(_failures(result)))


def _starter(prepared: PreparedChallenge, sandbox: Sandbox) -> Item:
    result = grade(prepared, prepared.challenge.starter, "en", sandbox)
    if result.status == "done":
        return Item("starter", True, f"runs (it scores {result.score:g}, as it should: it does nothing)")
    error = result.error
    told_line = error is not None and error.line is not None and f"(line {error.line})" not in error.message
    said = f"{error.kind}: {error.message}" + (f" (line {error.line})" if told_line else "") if error else ""
    return Item(
        "starter",
        False,
        f"the starter every student is handed does not run: {said}",
        ("it is written from challenge.toml's signatures: each must be a def line that runs as it is",),
    )


def _statements(challenge: Challenge, render: Render | None) -> Item:
    problems = []
    for lang in LANGS:
        text = challenge.statement(lang)
        if not text.strip():
            problems.append(f"statement.{lang}.md is empty")
            continue
        missing = [f.name for f in challenge.functions if f.name not in text]
        if missing:
            problems.append(f"statement.{lang}.md never names {', '.join(missing)}")
        if render is None:
            continue
        html = render(challenge, lang)
        if unread := re.findall(r'<code class="tex">(.*?)</code>', html):
            problems += [f"statement.{lang}.md: a formula that does not render: {f}" for f in unread]
        if shown := re.findall(r"<mtext>([^<]*\\[^<]*)</mtext>", html):
            problems += [f"statement.{lang}.md: a formula shows a backslash: {t}" for t in shown]
    rendered = " and render" if render is not None else ""
    if problems:
        return Item("statements", False, f"{len(problems)} problem(s)", tuple(problems))
    return Item("statements", True, f"both languages there{rendered}")


def _examples(prepared: PreparedChallenge, sandbox: Sandbox) -> Item:
    folder = prepared.challenge.directory / "examples"
    files = sorted(folder.glob("correct/*.py")) + sorted(folder.glob("wrong/*.py"))
    if not files:
        return Item(
            "examples", True, "none (add examples/correct/ and examples/wrong/ with `# expect:` lines)"
        )
    problems = [p for path in files if (p := _example(prepared, sandbox, folder, path)) is not None]
    if problems:
        return Item(
            "examples",
            False,
            f"{len(files) - len(problems)} of {len(files)} graded as expected",
            tuple(problems),
        )
    return Item("examples", True, f"{len(files)} graded as expected")


def _example(prepared: PreparedChallenge, sandbox: Sandbox, folder: Path, path: Path) -> str | None:
    name = str(path.relative_to(folder))
    source = path.read_text(encoding="utf-8")
    result = grade(prepared, source, "en", sandbox)
    got = sorted(d.id for d in result.diagnoses)
    if path.parent.name == "correct":
        if result.score == 100 and not got and result.error is None:
            return None
        return f"{name}: a correct example scores {result.score:g}, told {got or 'nothing'}"
    found = EXPECT.search(source)
    if found is None:
        return f"{name}: no `# expect: id, ...` line (or `# expect: none`)"
    expected = sorted({n.strip() for n in found.group(1).split(",")} - {"none", ""})
    told = sorted(e for e in expected if not e.startswith("new:"))
    if result.score >= 100:
        return f"{name}: a wrong example scores 100: the hidden tests miss it"
    if got != told:
        return f"{name}: expected {told or 'nothing'}, told {got or 'nothing'}"
    if not _one_story(result):
        return f"{name}: told {got or 'nothing'}, but not in one story: {', '.join(_unexplained(result))} unexplained"
    return None


def _mistakes(prepared: PreparedChallenge) -> Item:
    challenge = prepared.challenge
    runner = InProcess(prepared)
    promises = {t.id for t in challenge.tests if t.promise}
    problems = []
    for mistake in challenge.mistakes:
        result = grade(prepared, challenge.reference_source + "\n\n" + mistake.code, "en", runner)
        got = [d.id for d in result.diagnoses]
        if result.score >= 100:
            problems.append(f"{mistake.id}: scores 100: no hidden test tells it from the reference")
        elif got != [mistake.id]:
            problems.append(f"{mistake.id}: told as {got or 'nothing'}")
        elif not _one_story(result):
            problems.append(f"{mistake.id}: not one story: {', '.join(_unexplained(result))} unexplained")
        elif promises & {t.id for t in result.tests if not t.passed} and result.score > PROMISE_CAP:
            problems.append(
                f"{mistake.id}: breaks the lesson's promise but scores {result.score:g} (at most {PROMISE_CAP})"
            )
    details = tuple(problems) + tuple(_derived(challenge))
    if problems:
        return Item(
            "mistakes", False, f"{len(problems)} of {len(challenge.mistakes)} not told as themselves", details
        )
    return Item(
        "mistakes",
        True,
        f"each of the {len(challenge.mistakes)} is rejected and told as itself, in one story",
        details,
    )


def _derived(challenge: Challenge) -> Iterator[str]:
    """What the kit derived, for the author to name (`lesson.name`) or drop (`lesson.drop`)."""
    built = challenge.built
    if built is None:
        return
    kept = [d.choice.id for d in built.derived if not d.choice.spelling]
    named = [k for k in kept if k in built.named]
    if named:
        yield f"derived, with the lesson's ids or words: {', '.join(named)}"
    if plain := [k for k in kept if k not in built.named]:
        yield f"derived, in the kit's words (lesson.name gives one the lesson's): {', '.join(plain)}"
    for pruned in built.pruned:
        why = {"untold": "the hidden tests cannot tell it", "raises": "it mostly only raises"}.get(
            pruned.why, f"it does what {pruned.why} does"
        )
        yield f"derived and left out: {pruned.id} ({why})"


def _mutants(prepared: PreparedChallenge) -> Item:
    challenge = prepared.challenge
    runner = InProcess(prepared)
    total = killed = same = 0
    survivors = []
    for mutant in mutants_of(challenge.reference_source):
        total += 1
        result = grade(prepared, mutant.source, "en", runner)
        if result.error is not None or not all(t.passed for t in result.tests):
            killed += 1
        elif equivalent(challenge, prepared, mutant.source):
            same += 1
        else:
            survivors.append(mutant.label)
    counted = total - same
    share = killed / counted if counted else 1.0
    summary = f"the hidden tests kill {killed} of {counted} mutants ({100 * share:.0f} %; {same} equivalent left out)"
    if share >= KILLED_AT_LEAST:
        return Item("mutants", True, summary, tuple(f"survives: {s}" for s in survivors))
    return Item(
        "mutants",
        False,
        summary + f": at least {100 * KILLED_AT_LEAST:.0f} % needed",
        tuple(f"survives: {s} (no hidden test tells it from the reference)" for s in survivors),
    )


def _start_up(prepared: PreparedChallenge, cpu: float, wall: float) -> Item:
    return Item(
        "start-up",
        True,
        f"a worker makes it ready in {cpu:.1f} s of CPU ({wall:.1f} s here): {len(prepared.calls)} "
        f"hidden calls, {prepared.runs.loaded()} programs of the error model run ahead",
    )


def _one_story(result: Result) -> bool:
    return not _unexplained(result)


def _unexplained(result: Result) -> list[str]:
    return [t.id for t in result.tests if not t.passed and not t.explained_by]


def _failures(result: Result) -> Iterator[str]:
    if result.error is not None:
        yield f"{result.error.kind}: {result.error.message}"
    for test in result.tests:
        if not test.passed:
            yield f"{test.id}: {test.message}"
    for diagnosis in result.diagnoses:
        yield f"told {diagnosis.id}"


def describe(report: Report) -> str:
    """The report as a course author reads it in a terminal."""
    lines = [f"{report.directory}: {'ready' if report.passed else 'NOT READY'}"]
    for item in report.items:
        lines.append(f"  {'ok  ' if item.passed else 'FAIL'}  {item.name:<11} {item.summary}")
        lines += [f"                    {detail}" for detail in item.details]
    names = {item.name for item in report.items}
    missing = [
        n for n in ("reference", "starter", "statements", "examples", "mistakes", "mutants") if n not in names
    ]
    if missing:
        lines.append(f"  not checked: {', '.join(missing)} (they need what failed above)")
    return "\n".join(lines)
