"""benchmarks/cli_start.py times the commands it names and sets each against its target."""

from __future__ import annotations

import sys

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import cli_start


def test_the_commands_are_timed_and_set_against_their_targets() -> None:
    runs = cli_start.commands("layer_norm")
    light = {name: runs[name] for name in ('python -c "import numpy"', "autograder --help")}
    walls, cpus = cli_start.measure(light, {"this tree": ROOT}, rounds=1)
    assert all(seconds[0] > 0 for seconds in [*walls.values(), *cpus.values()])
    grading = {("this tree", name): [0.5] for name in runs if name not in light}
    warm = {"correct": 0.01, "wrong": 0.02}
    lines = cli_start.report(runs, {**walls, **grading}, {**cpus, **grading}, warm, None).splitlines()
    help_row = next(line for line in lines if line.startswith("| autograder --help |"))
    assert help_row.count("×") == 1
    numpy = walls[("this tree", 'python -c "import numpy"')][0]
    target = 3 * (0.01 + numpy)
    assert f"| {1000 * target:.0f} | {0.5 / target:.2f}× |" in next(
        line for line in lines if "one correct" in line
    )


def test_every_command_s_help_is_timed_against_twice_the_numpy_import() -> None:
    runs = cli_start.commands("layer_norm")
    for words in (
        ["--help"],
        ["keys", "create", "--help"],
        ["students", "forget", "--help"],
        ["backup", "--help"],
    ):
        assert runs[" ".join(["autograder", *words])][-len(words) :] == words
    numpy = 'python -c "import numpy"'
    walls = {("this tree", name): [0.2 if name == numpy else 0.3] for name in runs}
    lines = cli_start.report(runs, walls, walls, {"correct": 0.01, "wrong": 0.02}, None).splitlines()
    helps = [line for line in lines if "--help |" in line]
    assert len(helps) == sum(name.endswith("--help") for name in runs)
    assert all(line.endswith("| 400 | 0.75× |") for line in helps)
