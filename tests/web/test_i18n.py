"""One way pages speak: the language a request gets, and phrases that each carry their Spanish."""

from __future__ import annotations

import pytest
from starlette.requests import Request

from grader.text import Text
from service.web.i18n import Phrases, accepted, asked, lang_of


def request(query: str = "", cookie: str = "", language: str = "") -> Request:
    headers = [(b"cookie", cookie.encode()), (b"accept-language", language.encode())]
    return Request({"type": "http", "query_string": query.encode(), "headers": headers})


def test_a_phrase_is_a_text_in_both_languages() -> None:
    phrases = Phrases({"{n} students": "{n} estudiantes"})
    assert phrases["{n} students"] == Text("{n} estudiantes", "{n} students")
    assert "{n} students" in phrases
    assert phrases.translator("es")("{n} students", n=2) == "2 estudiantes"
    assert phrases.translator("en")("{n} students", n=2) == "2 students"
    with pytest.raises(KeyError):
        phrases.translator("es")("nobody wrote this")


@pytest.mark.parametrize(
    ("header", "expected"),
    [("", "en"), ("es-ES,es;q=0.9", "es"), ("fr-FR, en;q=0.5, es;q=0.7", "es"), ("q=;;,", "en")],
)
def test_the_browser_language_is_its_most_wanted_known_one(header: str, expected: str) -> None:
    assert accepted(request(language=header)) == expected


def test_a_default_other_than_english_can_be_asked() -> None:
    assert accepted(request(language="de"), default="es") == "es"


def test_the_query_then_the_cookie_then_the_browser() -> None:
    assert asked(request("lang=es")) == "es"
    assert asked(request("lang=de")) is None
    assert lang_of(request("lang=en", "pick=es", "es"), "pick") == "en"
    assert lang_of(request("", "pick=es", "en"), "pick") == "es"
    assert lang_of(request("", "pick=xx", "es"), "pick") == "es"
