"""Printing never costs points: what the code prints is cut and drained, never a reason for 0.

Only what the grader must read back (the report of arrays) has a hard limit. A flood still
cannot exhaust the machine: the parent keeps the first bytes, counts the lines of the first
megabytes and sends the rest to /dev/null inside the kernel, and the child's own CPU and wall
clock end it.
"""

from __future__ import annotations

import resource
import time

from grader.printed import SHOWN_CHARS, SHOWN_LINES
from tests.conftest import ROOT
from tests.sandbox.conftest import TIGHT, Attack

CORRECT = (ROOT / "challenges/layer_norm/reference.py").read_text()
SLACK = 5  # seconds: a loaded machine, not a speed check


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_a_right_answer_that_prints_200000_lines_keeps_its_100(attack: Attack) -> None:
    code = CORRECT + "\nfor i in range(200_000):\n    print('debug', i)\n"
    for lang, note in [
        ("en", "… Your code printed 200,000 lines; the first 50 are shown."),
        ("es", "… Tu código imprimió 200 000 líneas; se muestran las 50 primeras."),
    ]:
        result = attack.grade(code, lang=lang)
        assert result.error is None, result.error
        assert result.score == 100
        lines = result.stdout.splitlines()
        assert lines[:2] == ["debug 0", "debug 1"]
        assert lines[SHOWN_LINES - 1] == f"debug {SHOWN_LINES - 1}"
        assert lines[SHOWN_LINES:] == [note]


def test_prints_inside_the_function_cost_nothing_either(attack: Attack) -> None:
    code = CORRECT.replace(
        "    mu = X.mean(axis=1, keepdims=True)\n",
        "    mu = X.mean(axis=1, keepdims=True)\n    for row in X:\n        print(row, mu, file=__import__('sys').stderr)\n",
    )
    assert code != CORRECT
    result = attack.grade(code)
    assert result.error is None, result.error
    assert result.score == 100


def test_megabytes_too_many_to_count_are_said_so_and_keep_the_100(attack: Attack) -> None:
    code = CORRECT + "\nimport os\nfor _ in range(40):\n    os.write(1, b'y\\n' * (1 << 19))\n"  # 40 MiB
    result = attack.grade(code)
    assert result.error is None, result.error
    assert result.score == 100
    assert result.stdout.endswith(
        "… Your code printed 42 MB of text, too many lines to count; the first 50 are shown."
    )


def test_one_endless_line_is_cut_to_its_first_characters(attack: Attack) -> None:
    result = attack.grade(CORRECT + "\nprint('z' * 100_000)\n")
    assert result.score == 100
    head, note = result.stdout.rsplit("\n", 1)
    assert head == "z" * SHOWN_CHARS
    assert note == f"… Your code printed 100,001 bytes; the first {SHOWN_CHARS:,} characters are shown."


def test_printing_forever_ends_with_the_wall_clock_and_keeps_little(attack: Attack) -> None:
    started = time.monotonic()
    result = attack.grade("while True:\n    print('x' * 1000)\n" + CORRECT, tight=True)
    assert time.monotonic() - started < TIGHT.wall_seconds + SLACK
    assert result.error is not None
    assert result.error.kind == "timeout"  # the loop's, not the printing's
    assert len(result.stdout) <= SHOWN_CHARS + 200


def test_a_flood_of_gigabytes_is_bounded_in_time_and_memory(attack: Attack) -> None:
    """Written as fast as a child can (a megabyte a call, stdout and stderr), for as long as its
    limits let it: this process's peak memory does not grow by what passed through."""
    code = (
        "import os\nchunk = b'x' * (1 << 20)\n"
        "while True:\n    os.write(1, chunk)\n    os.write(2, chunk)\n" + CORRECT
    )
    peak = _peak_rss_mb()
    started = time.monotonic()
    result = attack.grade(code, tight=True)
    assert time.monotonic() - started < TIGHT.wall_seconds + SLACK
    assert _peak_rss_mb() - peak < 64
    assert result.error is not None
    assert result.error.kind == "timeout"
    assert "MB of text, too many lines to count" in result.stdout
    assert len(result.stdout) <= SHOWN_CHARS + 200


def test_a_flood_that_ends_is_graded(attack: Attack) -> None:
    code = "import os\nchunk = b'x' * (1 << 20)\nfor _ in range(512):\n    os.write(1, chunk)\n" + CORRECT
    result = attack.grade(code)  # half a gigabyte, then the right function
    assert result.error is None, result.error
    assert result.score == 100
    assert "… Your code printed 537 MB of text" in result.stdout
