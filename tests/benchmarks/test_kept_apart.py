"""benchmarks/kept_apart.py grades a labelled set in a version's own process and judges it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.benchmarks.loading import benchmark
from tests.conftest import ROOT

bench = benchmark("kept_apart.py", "kept_apart")

REFERENCE = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()


def _set(root: Path, labels: str) -> Path:
    folder = root / "layer_norm" / "blind"
    folder.mkdir(parents=True)
    (folder / "right.py").write_text(REFERENCE)
    (folder / "ddof.py").write_text(
        REFERENCE.replace("X.var(axis=1, keepdims=True)", "X.var(axis=1, ddof=1, keepdims=True)")
    )
    (folder / "labels.toml").write_text(labels)
    return root


LABELS = """["right.py"]
correct = true

["ddof.py"]
correct = false
line = 7
step_names = ["var", "s"]
named = ["sample_deviation"]
"""


def test_it_grades_and_judges_line_step_and_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main([str(_set(tmp_path, LABELS)), "--set", "blind", "--rounds", "1"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| all | this tree"))
    assert row == (
        "| all | this tree | 1 | 1/1 (100 %) | 0 | 1/1 (100 %) | 1/1 (100 %) | 1/1 (100 %) | 1/1 (100 %) |"
    )


def test_a_label_for_a_file_that_is_not_there_is_refused(tmp_path: Path) -> None:
    root = _set(tmp_path, LABELS + '\n["gone.py"]\ncorrect = true\n')
    with pytest.raises(SystemExit):
        bench.read_labels(root, "blind")


def test_a_version_without_the_step_field_is_read_from_its_sentence() -> None:
    words = {"mu": "μ_t, each row's mean", "var": "s_t², each row's variance"}
    told = {
        "localisation": {
            "function": "layer_norm",
            "message": "… (there the lesson computes s_t², each row's variance).",
        }
    }
    assert bench.step_named(told, words, {}) == "var"
    first = {
        "localisation": {
            "function": "layer_norm",
            "message": "From its first step, your layer_norm computes …",
        }
    }
    assert bench.step_named(first, words, {"layer_norm": ["mu", "var"]}) == "mu"
