"""The one way pages speak a language: which one a request gets, and each text in every language.

Every text a page shows is a `Text` (Spanish and English). Text written once in English where
it is shown (the dashboard's templates: `t("Students")`) is looked up in its page's `Phrases`,
a catalogue of English phrases with their `Text`; a phrase missing from the catalogue is an
error, never a silent English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from starlette.requests import Request

from grader.text import LANGS, Lang, Text

QUERY = "lang"  # a language switch's links: `?lang=es`
DEFAULT: Lang = "en"

Translate = Callable[..., str]


class Phrases:
    """English phrases with their `Text`, built from `{english: spanish}`."""

    def __init__(self, spanish: Mapping[str, str]) -> None:
        self._texts = {english: Text(es, english) for english, es in spanish.items()}

    def __contains__(self, phrase: object) -> bool:
        return phrase in self._texts

    def __getitem__(self, phrase: str) -> Text:
        return self._texts[phrase]

    def translator(self, lang: Lang) -> Translate:
        """`t("{n} students", n=3)`: the phrase in `lang`, its fields filled in (KeyError when the
        catalogue lacks it and `lang` is not its English)."""

        def t(phrase: str, /, **values: object) -> str:
            said = phrase if lang == "en" else self._texts[phrase](lang)
            return said.format(**values) if values else said

        return t


def asked(request: Request) -> Lang | None:
    """A language asked for in this request's query (a switch's link), if a known one."""
    value = request.query_params.get(QUERY, "")
    return value if value in LANGS else None


def lang_of(request: Request, cookie: str) -> Lang:
    """The query's, else the `cookie`'s, else the browser's language."""
    chosen = asked(request) or request.cookies.get(cookie, "")
    return chosen if chosen in LANGS else accepted(request)


def accepted(request: Request, default: Lang = DEFAULT) -> Lang:
    """The browser's most wanted known language (Accept-Language), else `default`."""
    ranked = []
    for part in request.headers.get("accept-language", "").split(","):
        tag, _, params = part.strip().partition(";")
        weight = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            ranked.append((float(weight), tag.strip().lower()[:2]))
        except ValueError:
            continue
    for _, tag in sorted(ranked, key=lambda r: -r[0]):
        if tag in LANGS:
            return tag
    return default


def percent(share: float) -> str:
    """A share as both languages write it here: `57 %`."""
    return f"{round(100 * share)} %"
