"""How the feedback does on wrong submissions written without the mistake catalogue.

    .venv/bin/python benchmarks/independent_corpus.py [--corpus DIR] [--set NAME] [--challenge ID]
        [--list] [--show]

The corpus (default: tests/corpora, set `independent`) holds one folder per challenge (with
`--set NAME`, the files are in <corpus>/<challenge>/NAME/: tests/corpora's layout; without it, in
<corpus>/<challenge>/); each file starts with a
header written from the lessons alone, before its expectation was looked up:

    # kind: single            (single | double | nonsense | correct | error)
    # misconception_es: ...
    # misconception_en: ...
    # line: 6                 (where the computation leaves the lesson's; "6, 9" for two; none)
    # step: x_hat             (optional: the [steps] name of what that line computes; none)
    # expect: id, ...         (catalogue ids, new:<name> for a misconception no id names, or none)

Every file is graded once through the default sandbox, as `autograder grade` does, and told in
es and en. Per challenge and kind the table counts:

- told: every expected id is among the diagnoses and no other id is (a `new:<name>` is met only
  by a diagnosis with id `<name>`); over the files that expect something.
- one story, in both languages: every failed test is explained (its `explained_by` is not
  empty); no `note` beside a failed test that tells its own hint; at most one message
  (diagnosis, cause, whole-submission error) per expected misconception, one for the rest.
- false: files with a diagnosis id that is not expected.
- line: the line the feedback reports as where the code leaves the lesson's is one of the
  header's lines; "n/a" while the Result has no `localisation` field (a `line` or a list of
  entries with a `line`).
- step: over the files whose header names a step and whose line is right, the localisation
  names that step (`localisation.step`; "none": it names no step); "n/a" where no header does.
- correct at 100: a correct variant scores 100 with no diagnosis, cause, note or error.
- wrong at 100: a file that is not correct scores 100 anyway (the hidden tests miss it).
- grading ms: the wall time of grading and telling both languages, median and p99, wrong files
  beside correct ones (the ratio: what a wrong submission costs over a correct one).

The run exits with status 1 when it graded no file: a benchmark that measures nothing fails.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from grader.challenge import load_challenges  # noqa: E402
from grader.grade import grade_in  # noqa: E402
from grader.models import Result  # noqa: E402
from grader.prepared import PreparedChallenge, prepare  # noqa: E402
from grader.sandbox import default_sandbox  # noqa: E402
from grader.sandbox.base import Sandbox  # noqa: E402
from grader.text import Lang, Text  # noqa: E402

CORPORA = ROOT / "tests" / "corpora"
DEFAULT_SET = "independent"  # of CORPORA, when no --corpus is given
KINDS = ("single", "double", "nonsense", "correct", "error")
LANGS: tuple[Lang, Lang] = ("es", "en")
NEW = "new:"


@dataclass(frozen=True)
class Header:
    kind: str
    expect: tuple[str, ...]
    lines: frozenset[int]
    steps: frozenset[str] | None = None  # what the first diverging line computes; None: not labelled


def read_header(path: Path) -> Header:
    fields: dict[str, str] = {}
    for line in path.read_text().splitlines():
        match = re.match(r"#\s*(\w+):\s*(.*?)\s*(\(.*\))?$", line)
        if not match:
            break
        fields[match.group(1)] = match.group(2)
    missing = {"kind", "expect", "line"} - set(fields)
    if missing or fields["kind"] not in KINDS or fields["expect"] in ("", "?"):
        raise SystemExit(f"{path}: the header needs kind ({'|'.join(KINDS)}), line and expect")
    expect = tuple(sorted(e.strip() for e in fields["expect"].split(",") if e.strip() != "none"))
    lines = frozenset(int(n) for n in re.findall(r"\d+", fields["line"]))
    steps = None
    if "step" in fields:
        steps = frozenset(s.strip() for s in fields["step"].split(",") if s.strip())
    return Header(fields["kind"], expect, lines, steps)


LESSON_COMPUTES = " (there the lesson computes "


def reported_steps(result: Result, steps: dict[str, Text]) -> frozenset[str]:
    """The [steps] names of what the localisation says its line computes ({"none"}: nothing).
    Read from `localisation.step` where the Result has it, else from the English sentence
    "(there the lesson computes …)" (a grader from before the field), its words mapped back to
    every name they are the words of."""
    found = result.model_dump().get("localisation")
    if not isinstance(found, dict):
        return frozenset({"none"})
    if "step" in found:
        return frozenset({str(found["step"] or "none")})
    message = str(found.get("message", ""))
    if LESSON_COMPUTES not in message:
        return frozenset({"none"})
    words = message.rsplit(LESSON_COMPUTES, 1)[1].removesuffix(".").removesuffix(")")
    return frozenset(name for name, told in steps.items() if told.en == words) or frozenset({"?"})


def reported_lines(result: Result) -> list[int] | None:
    """The lines the feedback names as where the code parts from the lesson's; None if it names none."""
    found = result.model_dump().get("localisation")
    if found is None:
        return None
    entries = found if isinstance(found, list) else [found]
    return [e["line"] for e in entries if isinstance(e, dict) and isinstance(e.get("line"), int)]


@dataclass
class Outcome:
    """What one file's feedback did, against its header."""

    path: Path
    header: Header
    ids: tuple[str, ...]
    told: bool
    one_story: bool
    false: bool
    line_right: bool | None
    step_right: bool | None  # None: the header names no step, or the line is not right
    clean_pass: bool
    full_score: bool
    ms: float
    told_text: dict[str, str] = field(default_factory=dict)  # the localisation, by language


def _expected_met(header: Header, ids: tuple[str, ...]) -> bool:
    wanted = {e.removeprefix(NEW) for e in header.expect}
    return wanted == set(ids)


def _one_story(header: Header, result: Result) -> bool:
    failed = [t for t in result.tests if not t.passed]
    unexplained = [t for t in failed if not t.explained_by]
    messages = len(result.diagnoses) + len(result.causes) + (result.error is not None)
    allowed = max(1, len(header.expect))
    hedging = result.note is not None and bool(unexplained)
    return not unexplained and not hedging and messages <= allowed


def _clean_pass(result: Result) -> bool:
    return (
        result.score == 100
        and all(t.passed for t in result.tests)
        and not result.diagnoses
        and not result.causes
        and result.note is None
        and result.error is None
    )


def judge(path: Path, prepared: PreparedChallenge, sandbox: Sandbox) -> Outcome:
    header = read_header(path)
    started = time.perf_counter()
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        told = grade_in(prepared, path.read_text(), LANGS, sandbox)
    ms = 1000 * (time.perf_counter() - started)
    first = told[LANGS[0]]
    ids = tuple(sorted(d.id for d in first.diagnoses))
    wanted = {e.removeprefix(NEW) for e in header.expect}
    lines = reported_lines(first)
    line_right = None if lines is None else bool(lines) and set(lines) <= header.lines
    step_right = None
    if header.steps is not None and header.kind != "correct" and (line_right or lines is None):
        step_right = bool(line_right) and bool(
            reported_steps(told["en"], prepared.challenge.steps) & header.steps
        )
    return Outcome(
        path=path,
        header=header,
        ids=ids,
        told=bool(header.expect) and _expected_met(header, ids),
        one_story=all(_one_story(header, r) for r in told.values()),
        false=bool(set(ids) - wanted),
        line_right=line_right,
        step_right=step_right,
        clean_pass=_clean_pass(first) and _clean_pass(told[LANGS[1]]),
        full_score=first.score == 100,
        ms=ms,
        told_text={lang: r.localisation.message for lang, r in told.items() if r.localisation is not None},
    )


@dataclass
class Row:
    challenge: str
    kind: str
    outcomes: list[Outcome] = field(default_factory=list)

    def count(self, attribute: str) -> int:
        return sum(bool(getattr(o, attribute)) for o in self.outcomes)


def _pct(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f} %)" if whole else "-"


def _ms(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):.0f} / {p99:.0f}"


def _line_column(outcomes: list[Outcome]) -> str:
    judged = [o for o in outcomes if o.header.kind != "correct" and o.header.lines]
    if not judged or all(o.line_right is None for o in judged):
        return "n/a"
    return _pct(sum(bool(o.line_right) for o in judged), len(judged))


def _step_column(outcomes: list[Outcome]) -> str:
    judged = [o for o in outcomes if o.step_right is not None]
    if not judged:
        return "n/a"
    return _pct(sum(bool(o.step_right) for o in judged), len(judged))


def table(rows: list[Row]) -> list[str]:
    out = [
        "| challenge | kind | files | told their misconception | one story | false diagnoses "
        "| line right | step right | correct at 100 | wrong at 100 | grading ms (median / p99) |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in [*rows, *_totals(rows)]:
        o = row.outcomes
        expecting = [x for x in o if x.header.expect]
        correct = [x for x in o if x.header.kind == "correct"]
        out.append(
            f"| {row.challenge} | {row.kind} | {len(o)} "
            f"| {_pct(sum(x.told for x in expecting), len(expecting))} "
            f"| {_pct(row.count('one_story'), len(o)) if row.kind != 'correct' else '-'} "
            f"| {row.count('false')} | {_line_column(o)} | {_step_column(o)} "
            f"| {_pct(sum(x.clean_pass for x in correct), len(correct))} "
            f"| {sum(x.full_score for x in o if x.header.kind != 'correct')} | {_ms([x.ms for x in o])} |"
        )
    return out


def _totals(rows: list[Row]) -> list[Row]:
    wrong = Row("all", "wrong (not correct)")
    every = Row("all", "all")
    for row in rows:
        every.outcomes += row.outcomes
        if row.kind != "correct":
            wrong.outcomes += row.outcomes
    return [wrong, every]


def cost_line(rows: list[Row]) -> str:
    wrong = [o.ms for r in rows if r.kind != "correct" for o in r.outcomes]
    correct = [o.ms for r in rows if r.kind == "correct" for o in r.outcomes]
    if not wrong or not correct:
        return "grading cost: needs both wrong and correct files"
    ratio = statistics.median(wrong) / statistics.median(correct)
    return (
        f"grading ms, median / p99: wrong {_ms(wrong)}, correct {_ms(correct)}; "
        f"a wrong file costs {ratio:.1f}x a correct one"
    )


def split_line(rows: list[Row]) -> str:
    """Told, apart for what the catalogue names and what only a `new:` expectation names."""
    expecting = [o for r in rows for o in r.outcomes if o.header.expect]
    known = [o for o in expecting if not any(e.startswith(NEW) for e in o.header.expect)]
    new = [o for o in expecting if o not in known]
    return (
        f"told, expecting catalogue ids only: {_pct(sum(o.told for o in known), len(known))}; "
        f"expecting a new: misconception: {_pct(sum(o.told for o in new), len(new))}"
    )


def measure(corpus: Path, chosen: list[str] | None, sandbox: Sandbox, subset: str | None = None) -> list[Row]:
    challenges = load_challenges(ROOT / "challenges")
    folders = sorted(d for d in corpus.iterdir() if d.is_dir() and d.name in challenges)
    rows: list[Row] = []
    for folder in folders:
        if chosen and folder.name not in chosen:
            continue
        files = sorted((folder / subset if subset else folder).glob("*.py"))
        if not files:
            continue
        prepared = prepare(challenges[folder.name])
        prepared.warm()
        by_kind = {kind: Row(folder.name, kind) for kind in KINDS}
        for path in files:
            outcome = judge(path, prepared, sandbox)
            by_kind[outcome.header.kind].outcomes.append(outcome)
        rows += [row for row in by_kind.values() if row.outcomes]
    return rows


def misses(rows: list[Row]) -> list[str]:
    out = []
    for row in rows:
        for o in row.outcomes:
            wrong_ids = (bool(o.header.expect) and not o.told) or o.false
            failed = (o.header.kind == "correct" and not o.clean_pass) or (
                o.header.kind != "correct" and not o.one_story
            )
            if wrong_ids or failed:
                story = "" if o.one_story or o.header.kind == "correct" else ", not one story"
                passed = "" if o.clean_pass or o.header.kind != "correct" else ", not a clean 100"
                print_ids = ", ".join(o.ids) or "none"
                wanted = ", ".join(o.header.expect) or "none"
                out.append(
                    f"  {row.challenge}/{o.path.stem} ({o.header.kind}): expected {wanted}, "
                    f"got {print_ids}{story}{passed}"
                )
    return out


def shown(rows: list[Row]) -> list[str]:
    """Every wrong file's localisation, in both languages: to be read as a student reads it."""
    out = []
    for row in rows:
        for o in row.outcomes:
            if o.header.kind == "correct":
                continue
            mark = {True: "", False: "  [line wrong]", None: ""}[o.line_right]
            step = "  [step wrong]" if o.step_right is False and o.line_right else ""
            out.append(f"{row.challenge}/{o.path.stem}{mark}{step}")
            out += [f"  {lang}: {message}" for lang, message in o.told_text.items()] or ["  (none)"]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpus", type=Path)
    parser.add_argument("--challenge", action="append")
    parser.add_argument("--set", help="the files are in <corpus>/<challenge>/SET/ (tests/corpora)")
    parser.add_argument("--list", action="store_true", help="print every file the feedback gets wrong")
    parser.add_argument("--show", action="store_true", help="print every wrong file's localisation")
    options = parser.parse_args(argv)
    sandbox = default_sandbox()
    try:
        corpus = options.corpus or CORPORA
        subset = options.set or (None if options.corpus else DEFAULT_SET)
        rows = measure(corpus, options.challenge, sandbox, subset)
    finally:
        sandbox.close()
    if not rows:
        print(f"no file graded under {corpus}: nothing measured", file=sys.stderr)
        return 1
    print("\n".join(table(rows)))
    print()
    print(split_line(rows))
    print(cost_line(rows))
    if options.list:
        print("\n".join(misses(rows)))
    if options.show:
        print("\n".join(shown(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
