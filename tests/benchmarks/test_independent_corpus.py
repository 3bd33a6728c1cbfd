"""benchmarks/independent_corpus.py grades what it is given, and fails when it measures nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.benchmarks.loading import benchmark
from tests.conftest import ROOT

bench = benchmark("independent_corpus.py", "independent_corpus")

REFERENCE = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()


def _header(kind: str, expect: str, line: str) -> str:
    return (
        f"# kind: {kind}\n# misconception_es: x\n# misconception_en: x\n# line: {line}\n# expect: {expect}\n"
    )


def _corpus(root: Path) -> Path:
    folder = root / "layer_norm"
    folder.mkdir()
    (folder / "right.py").write_text(_header("correct", "none", "none") + REFERENCE)
    wrong = REFERENCE.replace(
        "var = X.var(axis=1, keepdims=True)",
        "var = (centred**2).sum(axis=1, keepdims=True) / (X.shape[1] - 1)",
    )
    assert wrong != REFERENCE
    (folder / "ddof.py").write_text(_header("single", "sample_deviation", "11") + wrong)
    (folder / "typo.py").write_text(_header("error", "none", "9") + "def layer_norm(X\n")
    return root


def test_it_grades_every_file_and_counts_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--corpus", str(_corpus(tmp_path)), "--list"]) == 0
    printed = capsys.readouterr().out
    rows = {
        line.split("|")[2].strip(): line for line in printed.splitlines() if line.startswith("| layer_norm")
    }
    assert set(rows) == {"single", "correct", "error"}
    assert "| 1 | 1/1 (100 %) |" in rows["single"]  # the one ddof file, told
    assert "1/1 (100 %) | 0 |" in rows["correct"]  # the reference, a clean 100
    assert "| all | all | 3 |" in printed
    assert "a wrong file costs" in printed


def test_an_empty_corpus_is_a_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "layer_norm").mkdir()
    assert bench.main(["--corpus", str(tmp_path)]) == 1
    assert "nothing measured" in capsys.readouterr().err


def test_a_header_without_its_expectation_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.py"
    path.write_text(_header("single", "?", "6") + REFERENCE)
    with pytest.raises(SystemExit):
        bench.read_header(path)


@pytest.mark.parametrize(
    "path",
    sorted(
        [
            *bench.CORPORA.glob(f"*/{bench.DEFAULT_SET}/*.py"),
            *bench.CORPORA.glob("*/independent_holdout/*.py"),
            *bench.CORPORA.glob("*/development_grammar/*.py"),
            *bench.CORPORA.glob("*/holdout_grammar/*.py"),
            *bench.CORPORA.glob("*/development_false_diagnoses/*.py"),
            *bench.CORPORA.glob("*/holdout_false_diagnoses/*.py"),
            *bench.CORPORA.glob("*/development_feedback/*.py"),
            *bench.CORPORA.glob("*/development_diagnosis/*.py"),
        ]
    ),
    ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.stem}",
)
def test_every_corpus_file_has_a_complete_header(path: Path) -> None:
    header = bench.read_header(path)
    assert header.kind != "correct" or not header.expect
    assert header.kind not in ("single", "double", "nonsense") or header.lines
