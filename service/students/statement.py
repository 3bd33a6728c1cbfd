"""A challenge's statement as HTML: its Markdown (tables too) rendered with raw HTML off, its
formulas as MathML.

Browsers draw MathML themselves (no script, no font download), so the lesson's formulas stay
readable inside a platform's iframe and under a strict Content-Security-Policy.
"""

from __future__ import annotations

import re
from functools import lru_cache

from latex2mathml.converter import convert
from markdown_it import MarkdownIt
from markupsafe import Markup

from grader.challenge import Challenge
from grader.text import Lang

# $$…$$ (display) first, then $…$ (inline); never across a blank line.
_MATH = re.compile(r"\$\$(?P<display>.+?)\$\$|\$(?P<inline>[^$\n]+?)\$", re.DOTALL)
_PLACEHOLDER = "AGMATH{}X"
_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
# A table wider than a phone scrolls sideways in a box of its own, not the page (the page's
# script makes the box a Tab stop while it scrolls). Raw HTML is off: only the renderer writes tags.
_TABLE_BOX = ('<div class="table-scroll"><table>', "</table></div>")


def _formula(latex: str, display: bool) -> str:
    try:
        return str(convert(latex.strip(), display="block" if display else "inline"))
    except Exception:  # noqa: BLE001 a formula the converter cannot read is shown as its source
        escaped = Markup.escape(latex)
        return f'<code class="tex">{escaped}</code>'


def render_markdown_with_math(source: str) -> Markup:
    formulas: list[str] = []

    def hold(match: re.Match[str]) -> str:
        display = match.group("display") is not None
        formulas.append(_formula(match.group("display") or match.group("inline"), display))
        return _PLACEHOLDER.format(len(formulas) - 1)

    html = _markdown.render(_MATH.sub(hold, source))
    html = html.replace("<table>", _TABLE_BOX[0]).replace("</table>", _TABLE_BOX[1])
    for index, mathml in enumerate(formulas):
        html = html.replace(_PLACEHOLDER.format(index), mathml)
    return Markup(html)  # noqa: S704 markdown-it with raw HTML off escapes the source


@lru_cache(maxsize=64)
def _cached(challenge_id: str, version: int, lang: Lang, source: str) -> Markup:
    return render_markdown_with_math(source)


def statement_html(challenge: Challenge, lang: Lang) -> Markup:
    return _cached(challenge.id, challenge.version, lang, challenge.statement(lang))
