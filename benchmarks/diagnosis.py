"""How well the feedback names the misconception: a hand-written corpus and AST mutants.

    .venv/bin/python benchmarks/diagnosis.py [--challenge ID] [--no-mutants] [--list]

Corpus: every file of tests/corpora/<challenge>/catalogue/ starts with `# expect: id, ...` (the
misconceptions it should be told) or `# expect: none` (nothing should be claimed). Each is graded
through the default sandbox, as a student's file is. Per challenge it prints how many files get
exactly their misconceptions named, how many get at least one diagnosis they should not (false
diagnoses), how many things a student reads (diagnoses, causes and failed tests that show their
own hint rather than pointing to a diagnosis; median and worst), and the median grading time.
The correct variants of tests/corpora/<challenge>/solutions/ must get no diagnosis at all.

Mutants (grader/kit/mutants.py, which `autograder challenges check` uses too): each reference is mutated at AST level, one operator at one site at a time (an axis,
ddof or other constant changed, a term of a sum or product dropped, the two sides of an
operator or two arguments swapped, a call removed, an attribute such as `.T` dropped, `keepdims`
flipped) and graded in-process (the mutants are our own code). Killed: at least one hidden test
fails. A survivor that also answers fresh inputs (the hidden calls with new numbers) like the
reference is counted as equivalent; the score is over the others. `--list` prints the survivors
and the mutants localised elsewhere. Localised: the Result's localisation names the mutated line
(over the killed mutants whose file keeps the reference's lines). One cause: the feedback names exactly one diagnosis (or one
cause of an exception) and every failed test points to it. Unfaithful: a diagnosis whose own
program does not behave like the mutant on the hidden calls (a claim the code does not bear out).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from grader.challenge import Challenge, load_challenges  # noqa: E402
from grader.diagnosis import faithful  # noqa: E402
from grader.grade import grade  # noqa: E402
from grader.kit.mutants import InProcess, equivalent, mutants_of, unparsed_lines  # noqa: E402
from grader.models import Result  # noqa: E402
from grader.prepared import PreparedChallenge, prepare  # noqa: E402
from grader.sandbox import default_sandbox  # noqa: E402
from grader.sandbox.base import Sandbox  # noqa: E402

NONE = "none"


def expected_ids(path: Path) -> list[str]:
    first = path.read_text().splitlines()[0]
    if not first.startswith("# expect:"):
        raise SystemExit(f"{path}: the first line must be '# expect: id, ...' or '# expect: none'")
    ids = [name.strip() for name in first.removeprefix("# expect:").split(",")]
    return [] if ids == [NONE] else sorted(ids)


def reads(result: Result) -> int:
    """What a student has to read: each diagnosis, and each failed test telling its own story."""
    own = [t for t in result.tests if not t.passed and not t.explained_by]
    causes = len(result.causes)
    return len(result.diagnoses) + causes + len(own)


@dataclass
class CorpusRow:
    challenge: str
    files: int = 0
    with_misconception: int = 0
    named: int = 0
    no_diagnosis_files: int = 0
    honest: int = 0
    false: int = 0
    correct_variants: int = 0
    correct_diagnosed: int = 0
    reads: tuple[int, ...] = ()
    ms: tuple[float, ...] = ()


def corpus(challenge: str, prepared: PreparedChallenge, sandbox: Sandbox, show: bool) -> CorpusRow:
    row = CorpusRow(challenge)
    reading: list[int] = []
    times: list[float] = []
    for path in sorted((ROOT / "tests" / "corpora" / challenge / "catalogue").glob("*.py")):
        want = expected_ids(path)
        result = grade(prepared, path.read_text(), "en", sandbox)
        got = sorted(d.id for d in result.diagnoses)
        row.files += 1
        times.append(result.grading_ms)
        reading.append(reads(result))
        if want:
            row.with_misconception += 1
            row.named += got == want
        else:
            row.no_diagnosis_files += 1
            row.honest += not got
        row.false += bool(set(got) - set(want))
        if show and got != want:
            print(f"  {challenge}/{path.stem}: expected {want or NONE}, got {got or NONE}")
    for path in sorted((ROOT / "tests" / "corpora" / challenge / "solutions").glob("*.py")):
        result = grade(prepared, path.read_text(), "en", sandbox)
        row.correct_variants += 1
        row.correct_diagnosed += bool(result.diagnoses)
    row.reads, row.ms = tuple(reading), tuple(times)
    return row


# --- mutants (grader/kit/mutants.py) ---------------------------------------------------


@dataclass
class MutantRow:
    challenge: str
    mutants: int = 0
    killed: int = 0
    named: int = 0
    one_cause: int = 0
    unfaithful: int = 0
    survivors: tuple[str, ...] = ()
    equivalent: int = 0
    placeable: int = 0  # killed mutants whose file keeps the reference's lines
    localised: int = 0  # of those, the localisation names the mutated line


def mutants(challenge: Challenge, prepared: PreparedChallenge, show: bool = False) -> MutantRow:
    import warnings

    row = MutantRow(challenge.id)
    survivors: list[str] = []
    runner = InProcess(prepared)
    lines = unparsed_lines(challenge.reference_source)
    for mutant in mutants_of(challenge.reference_source):
        label, line, source = mutant.label, mutant.line, mutant.source
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            result = grade(prepared, source, "en", runner)
        row.mutants += 1
        if all(t.passed for t in result.tests) and result.error is None:
            same = equivalent(challenge, prepared, source)
            row.equivalent += same
            survivors.append(f"{label}{' (equivalent on fresh inputs)' if same else ''}")
            continue
        row.killed += 1
        # An if's body moved up a level, or a statement gone: the lines after it move, so only
        # a mutant that keeps the file's lines says which line is right.
        if line is not None and len(source.splitlines()) == lines:
            row.placeable += 1
            row.localised += result.localisation is not None and result.localisation.line == line
            if show and (result.localisation is None or result.localisation.line != line):
                got = result.localisation.line if result.localisation is not None else None
                print(f"  {challenge.id} mutant {label}: localised at {got}")
        told = len(result.diagnoses) + len(result.causes)
        row.named += told > 0
        everything_explained = all(t.passed or t.explained_by for t in result.tests)
        row.one_cause += told == 1 and everything_explained
        ids = [d.id for d in result.diagnoses]
        row.unfaithful += bool(ids) and not faithful(prepared, source, ids)
    row.survivors = tuple(survivors)
    return row


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def _median_worst(reads: list[int]) -> str:
    return f"{statistics.median(reads):.0f}, {max(reads)}" if reads else "-"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--challenge", action="append")
    parser.add_argument("--no-mutants", action="store_true")
    parser.add_argument("--list", action="store_true", help="print each miss and each surviving mutant")
    options = parser.parse_args()
    challenges = load_challenges(ROOT / "challenges")
    chosen = options.challenge or sorted(challenges)
    sandbox = default_sandbox()
    rows, mutant_rows = [], []
    try:
        for challenge_id in chosen:
            started = time.perf_counter()
            prepared = prepare(challenges[challenge_id])
            prepared.warm()
            ready = time.perf_counter() - started
            print(f"{challenge_id}: prepared in {ready:.1f} s")
            rows.append(corpus(challenge_id, prepared, sandbox, options.list))
            if not options.no_mutants:
                mutant_rows.append(mutants(challenges[challenge_id], prepared, options.list))
    finally:
        sandbox.close()
    print()
    print(
        "| challenge | wrong files | with a misconception | named exactly | no-diagnosis files kept honest "
        "| files with a false diagnosis | correct variants diagnosed | reads (median, worst) | grading ms (median) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r.challenge} | {r.files} | {r.with_misconception} | {r.named} ({_pct(r.named, r.with_misconception)}) "
            f"| {r.honest}/{r.no_diagnosis_files} | {r.false} | {r.correct_diagnosed}/{r.correct_variants} "
            f"| {_median_worst(r.reads)} | {f'{statistics.median(r.ms):.1f}' if r.ms else '-'} |"
        )
    total = [sum(getattr(r, f) for r in rows) for f in ("with_misconception", "named", "false")]
    print(
        f"| all | {sum(r.files for r in rows)} | {total[0]} | {total[1]} ({_pct(total[1], total[0])}) "
        f"| | {total[2]} | | | |"
    )
    if mutant_rows:
        print()
        print(
            "| challenge | mutants | killed | survivors (equivalent) | score over non-equivalent | killed and named "
            "| one cause, every failure pointing to it | unfaithful diagnoses | localised at the mutated line |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        for m in mutant_rows:
            print(
                f"| {m.challenge} | {m.mutants} | {m.killed} | {len(m.survivors)} ({m.equivalent}) "
                f"| {_pct(m.killed, m.mutants - m.equivalent)} "
                f"| {m.named} ({_pct(m.named, m.killed)}) | {m.one_cause} ({_pct(m.one_cause, m.killed)}) | {m.unfaithful} "
                f"| {m.localised}/{m.placeable} ({_pct(m.localised, m.placeable)}) |"
            )
        if options.list:
            for m in mutant_rows:
                for label in m.survivors:
                    print(f"  survivor {m.challenge}: {label}")


if __name__ == "__main__":
    main()
