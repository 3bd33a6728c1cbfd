"""What a Result shows of what the code printed: its first lines, and a note of what was cut."""

from __future__ import annotations

from grader.printed import SHOWN_CHARS, SHOWN_LINES, shown
from grader.sandbox.base import ExitKind, SandboxRun


def run(kept: bytes, printed_bytes: int | None = None, lines: int | None = -1) -> SandboxRun:
    total = len(kept) if printed_bytes is None else printed_bytes
    counted = kept.count(b"\n") + int(bool(kept) and not kept.endswith(b"\n")) if lines == -1 else lines
    return SandboxRun(b"", kept, ExitKind.OK, printed_bytes=total, printed_lines=counted)


def test_what_fits_is_shown_as_it_was_printed() -> None:
    assert shown(run(b"hola\nmundo\n"), "es") == "hola\nmundo\n"
    assert shown(run(b""), "en") == ""


def test_the_first_lines_and_how_many_there_were_in_each_language() -> None:
    kept = b"".join(b"debug %d\n" % i for i in range(60))
    printed = run(kept, printed_bytes=2_000_000, lines=200_000)
    assert shown(printed, "en").splitlines()[SHOWN_LINES:] == [
        "… Your code printed 200,000 lines; the first 50 are shown."
    ]
    assert shown(printed, "es").splitlines()[SHOWN_LINES:] == [
        "… Tu código imprimió 200 000 líneas; se muestran las 50 primeras."
    ]


def test_one_line_shown_is_said_in_the_singular() -> None:
    printed = run(b"x" * 5000 + b"\n" + b"y\n", printed_bytes=5003, lines=2)
    assert shown(printed, "en").endswith("… Your code printed 2 lines; the first is shown.")
    assert shown(printed, "es").endswith("… Tu código imprimió 2 líneas; se muestra la primera.")


def test_a_line_too_long_is_cut_to_its_first_characters() -> None:
    printed = run(b"z" * 10_000)
    head, note = shown(printed, "en").rsplit("\n", 1)
    assert head == "z" * SHOWN_CHARS
    assert note == "… Your code printed 10,000 bytes; the first 4,000 characters are shown."


def test_too_much_to_count_is_told_by_its_size() -> None:
    printed = run(b"a\n" * 100, printed_bytes=3_000_000_000, lines=None)
    assert shown(printed, "en").endswith(
        "… Your code printed 3000 MB of text, too many lines to count; the first 50 are shown."
    )


def test_a_run_that_does_not_say_what_it_printed_is_told_from_what_it_kept() -> None:
    printed = SandboxRun(b"", b"a\n" * 80, ExitKind.OK)
    assert shown(printed, "en").endswith("… Your code printed 80 lines; the first 50 are shown.")
