"""benchmarks/diagnosis.py measures something: its mutants are graded, killed and counted."""

from __future__ import annotations

from pathlib import Path

from grader.challenge import load_challenges
from grader.prepared import prepare
from tests.benchmarks.loading import benchmark
from tests.conftest import ROOT

bench = benchmark("diagnosis.py", "diagnosis_benchmark")


def test_the_mutants_of_layer_norm_are_graded_and_counted() -> None:
    challenge = load_challenges(ROOT / "challenges")["layer_norm"]
    row = bench.mutants(challenge, prepare(challenge))
    assert row.mutants >= 30
    assert row.killed >= row.mutants - len(row.survivors) > 0
    assert row.named > 0


def test_the_in_process_runner_gives_the_sandbox_what_a_child_would() -> None:
    """The runner a mutant is graded through must keep up with the sandbox's interface: the
    reference, graded through it, scores 100 with nothing to fix."""
    challenge = load_challenges(ROOT / "challenges")["bloque"]
    prepared = prepare(challenge)
    result = bench.grade(prepared, challenge.reference_source, "en", bench.InProcess(prepared))
    assert result.score == 100
    assert result.diagnoses == []


def test_the_side_by_side_grading_times_every_file(tmp_path: Path) -> None:
    """benchmarks/first_grading.py's steady side grades each file and times it."""
    first = benchmark("first_grading.py", "first_grading")
    for challenge in first.CHALLENGES:
        (tmp_path / challenge / "a_set").mkdir(parents=True)
    reference = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()
    (tmp_path / "layer_norm" / "a_set" / "right.py").write_text("# kind: correct\n" + reference)
    (tmp_path / "layer_norm" / "a_set" / "wrong.py").write_text(
        "# kind: single\n" + reference.replace("+ beta", "- beta")
    )
    times = first.steady(tmp_path, "a_set", 1)
    assert len(times["wrong"]) == 1
    assert len(times["correct"]) == 1
    assert all(t > 0 for t in times["wrong"] + times["correct"])
