"""benchmarks/similarity.py measures something: its figures and its timing table are printed."""

from __future__ import annotations

import pytest

from grader.challenge import load_challenges
from tests.benchmarks.loading import benchmark
from tests.conftest import ROOT

bench = benchmark("similarity.py", "similarity_benchmark")


def test_a_small_class_is_timed_against_the_naive_way(capsys: pytest.CaptureFixture[str]) -> None:
    challenge = load_challenges(ROOT / "challenges")["layer_norm"]
    assert len({s.code for s in bench.a_class(challenge, 30)}) > 20  # each student's own names
    bench.timing(challenge, [30], 1)
    [row] = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| 30 |")]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert float(cells[1]) > 0
    assert cells[-1].endswith("×")


def test_the_figures_are_printed_for_every_challenge(capsys: pytest.CaptureFixture[str]) -> None:
    challenges = load_challenges(ROOT / "challenges")
    bench.figures(challenges)
    rows = [line for line in capsys.readouterr().out.splitlines() if "hand-planted" in line]
    assert len(rows) == len(challenges)
    assert all(row.split("|")[6].strip() == "1.00" for row in rows)  # precision


def test_views_under_attack_are_timed_beside_today(capsys: pytest.CaptureFixture[str]) -> None:
    attacked = benchmark("similarity_attack.py", "similarity_attack_benchmark")
    challenge = load_challenges(ROOT / "challenges")["layer_norm"]
    attacked.attack(challenge, [30], 1, sample=2)
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| 30 |")]
    assert [row.split("|")[2].strip() for row in rows] == ["today (scaled from 2)", "stored prints"]
    stored = [c.strip() for c in rows[1].strip("|").split("|")]
    assert float(stored[2]) > 0
    assert "long_programs 30" in stored[-1]
