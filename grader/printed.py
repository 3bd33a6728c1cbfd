"""What the student's code printed, as a Result shows it: the first lines, and what was left out.

Printing is a diagnostic, never a verdict: it costs no points however much there is. The
sandbox keeps the first bytes of what was printed and counts the rest (grader/sandbox/pipes.py);
here they become at most SHOWN_LINES lines and SHOWN_CHARS characters, followed by a note in the
student's language when anything was left out ("printed 200,000 lines; the first 50 are shown").
"""

from __future__ import annotations

from grader.sandbox.base import SandboxRun
from grader.text import Lang, text

SHOWN_LINES = 50
SHOWN_CHARS = 4000

LINES = text(
    "… Tu código imprimió {total} líneas; {shown}.",
    "… Your code printed {total} lines; {shown}.",
)
UNCOUNTED = text(
    "… Tu código imprimió {size} MB de texto, demasiadas líneas para contarlas; {shown}.",
    "… Your code printed {size} MB of text, too many lines to count; {shown}.",
)
LONG_LINES = text(
    "… Tu código imprimió {total} bytes; se muestran los {chars} primeros caracteres.",
    "… Your code printed {total} bytes; the first {chars} characters are shown.",
)
FIRST_LINE = text("se muestra la primera", "the first is shown")
FIRST_LINES = text("se muestran las {count} primeras", "the first {count} are shown")


def _number(value: int, lang: Lang) -> str:
    """200 000 in Spanish, 200,000 in English."""
    grouped = f"{value:,}"
    return grouped.replace(",", " ") if lang == "es" else grouped


def _lines(kept: str) -> int:
    return kept.count("\n") + int(bool(kept) and not kept.endswith("\n"))


def shown(run: SandboxRun, lang: Lang) -> str:
    """The first of what `run` printed, and a note of what was left out, if anything was."""
    kept = run.stdout.decode("utf-8", errors="replace").replace("\x00", "")
    counted = run.printed_bytes >= len(run.stdout)  # a run put together by hand may not say
    total_bytes = run.printed_bytes if counted else len(run.stdout)
    total_lines = run.printed_lines if counted else _lines(kept)
    head = "".join(kept.splitlines(keepends=True)[:SHOWN_LINES])[:SHOWN_CHARS]
    lines = _lines(head)
    first = FIRST_LINE(lang) if lines == 1 else FIRST_LINES(lang).format(count=_number(lines, lang))
    if total_lines is None:
        size = total_bytes / 1e6
        note = UNCOUNTED(lang).format(size=f"{size:.0f}" if size >= 10 else f"{size:.1f}", shown=first)
    elif total_lines > lines:
        note = LINES(lang).format(total=_number(total_lines, lang), shown=first)
    elif len(head.encode("utf-8", errors="replace")) < total_bytes:
        note = LONG_LINES(lang).format(total=_number(total_bytes, lang), chars=_number(len(head), lang))
    else:
        return head
    return head.rstrip("\n") + "\n" + note
