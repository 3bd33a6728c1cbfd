"""The dashboard's words without a browser: the catalogue covers every phrase, the language and
the time zone are read safely, charts keep their points off the axes, diagnoses have names."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from starlette.requests import Request

from grader.challenge import Challenge
from grader.grade import Grader
from service.dashboard import attempt_view, charts, i18n, timezones, views
from service.dashboard.queries.timeline import Attempt
from service.web.i18n import lang_of

TEMPLATES = Path(__file__).parents[2] / "service" / "dashboard" / "templates"
PHRASE = re.compile(r"""\bt\(\s*(?P<q>["'])(?P<phrase>.+?)(?P=q)""")


def request(query: str = "", cookie: str = "", language: str = "") -> Request:
    headers = [(b"cookie", cookie.encode()), (b"accept-language", language.encode())]
    return Request({"type": "http", "query_string": query.encode(), "headers": headers})


def test_every_phrase_of_the_templates_has_its_spanish() -> None:
    phrases = {m["phrase"] for f in TEMPLATES.glob("*.html") for m in PHRASE.finditer(f.read_text())}
    assert len(phrases) > 60
    assert sorted(p for p in phrases if p not in i18n.PHRASES) == []


def test_a_missing_phrase_is_an_error_not_silent_english() -> None:
    with pytest.raises(KeyError):
        i18n.PHRASES.translator("es")("A phrase nobody wrote")
    assert i18n.PHRASES.translator("en")("{n} students", n=3) == "3 students"
    assert i18n.PHRASES.translator("es")("{n} students", n=3) == "3 estudiantes"


@pytest.mark.parametrize(
    ("query", "cookie", "language", "expected"),
    [
        ("", "", "", "en"),
        ("", "", "es-ES,es;q=0.9,en;q=0.8", "es"),
        ("", "", "fr-FR, en;q=0.5, es;q=0.7", "es"),
        ("", "", "q=;;,", "en"),
        ("", "dashboard_lang=es", "en", "es"),
        ("lang=en", "dashboard_lang=es", "es", "en"),
        ("lang=de", "dashboard_lang=xx", "", "en"),
    ],
)
def test_the_language_is_the_query_the_cookie_or_the_browser(
    query: str, cookie: str, language: str, expected: str
) -> None:
    assert lang_of(request(query, cookie, language), i18n.COOKIE) == expected


@pytest.mark.parametrize(
    "cookie",
    ["dashboard_tz=chosen:../../etc/passwd", "dashboard_tz=chosen:Mars/Olympus", "dashboard_tz=x:UTC"],
)
def test_an_unknown_zone_falls_back_to_utc(cookie: str) -> None:
    assert timezones.zone_of(request(cookie=cookie)) == timezones.DEFAULT


def test_a_chosen_zone_wins_over_the_browsers_and_auto_forgets_it() -> None:
    zone = timezones.zone_of(request("tz=Asia/Tokyo", "dashboard_tz=browser:Europe/Madrid"))
    assert (zone.name, zone.source) == ("Asia/Tokyo", "chosen")
    assert timezones.zone_of(request(cookie="dashboard_tz=browser:Europe/Madrid")).source == "browser"
    assert timezones.zone_of(request("tz=auto", "dashboard_tz=chosen:Asia/Tokyo")) == timezones.DEFAULT
    moment = datetime(2026, 12, 1, 12, 30)  # as SQLite returns it: UTC without a zone
    assert zone.stamp(moment) == "2026-12-01 21:30 JST"


def test_the_score_chart_keeps_points_off_the_axes_and_labels_times_in_the_zone() -> None:
    zone = timezones.zone_of(request("tz=Europe/Madrid"))
    start = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    attempts = [("layer_norm", start + timedelta(hours=h), s) for h, s in ((0, 0.0), (2, 50.0), (4, 100.0))]
    chart = charts.timeline("t", attempts, zone, "x", charts.WIDE)
    xs = [p.x for s in chart.series for p in s.points]
    assert chart.frame.left < min(xs)
    assert max(xs) < chart.frame.right
    assert chart.y_ticks[0][1] == "0"
    assert chart.y_ticks[-1][1] == "100"
    assert chart.x_ticks[0][1] == "10:00"  # 09:00 UTC in Madrid, in December
    same_second = [("layer_norm", start, 10.0), ("layer_norm", start + timedelta(milliseconds=300), 20.0)]
    assert len(charts.timeline("t", same_second, zone, "x", charts.NARROW).x_ticks) == 1


def test_every_choice_of_every_error_model_has_a_name(challenges: dict[str, Challenge]) -> None:
    for challenge in challenges.values():
        names = views.diagnosis_names(challenge, "en")
        assert {m.id for m in challenge.mistakes} <= set(names), challenge.id
        for choice_id, named in names.items():  # a phrase of the model, not the id in words
            assert named.function, choice_id
            assert named.did, choice_id
            assert named.did != views.words(choice_id), choice_id


def test_a_student_attempt_is_told_in_the_page_language_when_both_were_kept(
    grader: Grader, challenges: dict[str, Challenge]
) -> None:
    code = (Path(__file__).parents[1] / "corpora" / "layer_norm" / "catalogue" / "batch_norm.py").read_text()
    told = grader.grade_in("layer_norm", code, ("es", "en"))
    kept = Attempt("s1", "layer_norm", datetime.now(UTC), "done", told["es"].score, code, 1, told["es"], "es")
    both = replace(kept, translation=told["en"])
    layer_norm = challenges["layer_norm"]
    english = attempt_view.view(both, layer_norm, "en")
    assert english.feedback_lang == "en"
    assert english.diagnoses[0].message.startswith("You normalise by columns")
    assert english.diagnoses[0].did.startswith("normalises by column")
    failing = next(t for t in english.tests if t.id == "rows_mean0_std1")
    assert failing.title == "With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1"
    assert failing.message.startswith("not met")  # the title is said once
    only_spanish = attempt_view.view(kept, layer_norm, "en")  # graded before both were kept
    assert only_spanish.feedback_lang == "es"
    assert only_spanish.diagnoses[0].message.startswith("Normalizas por columnas")
    assert attempt_view.view(kept, layer_norm, "es").feedback_lang == "es"
