"""What a course's limits allow, from the times of the attempts that count (no database)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from service.policies.late import Due, Graded, days_late, gradebook
from service.policies.rules import Limits, standing
from service.policies.wording import refusal

AT = datetime(2026, 12, 1, 14, 0, tzinfo=UTC)


def ago(minutes: float) -> datetime:
    return AT - timedelta(minutes=minutes)


def test_no_limit_allows_everything() -> None:
    got = standing(Limits(), [ago(m) for m in range(100)], AT)
    assert (got.refused, got.next_at, got.left) == (None, None, None)


def test_the_maximum_refuses_for_good_once_used() -> None:
    limits = Limits(max_attempts=3)
    assert standing(limits, [ago(5), ago(4)], AT).left == 1
    used_up = standing(limits, [ago(5), ago(4), ago(3)], AT)
    assert (used_up.refused, used_up.next_at, used_up.used, used_up.left) == ("max_attempts", None, 3, 0)


def test_a_cooldown_counts_from_the_newest_attempt() -> None:
    limits = Limits(cooldown_seconds=600)
    waiting = standing(limits, [ago(30), ago(2)], AT)
    assert (waiting.refused, waiting.next_at) == ("cooldown", ago(2) + timedelta(minutes=10))
    assert standing(limits, [ago(30), ago(10)], AT).refused is None


def test_a_window_frees_an_attempt_when_the_oldest_of_the_window_leaves_it() -> None:
    limits = Limits(window_attempts=2, window_seconds=3600)
    full = standing(limits, [ago(50), ago(20), ago(90)], AT)
    assert (full.refused, full.next_at) == ("window", ago(50) + timedelta(hours=1))
    assert standing(limits, [ago(70), ago(20)], AT).refused is None


def test_the_later_of_two_waits_is_the_one_told() -> None:
    limits = Limits(cooldown_seconds=60, window_attempts=2, window_seconds=3600)
    got = standing(limits, [ago(50), ago(0.5)], AT)
    assert (got.refused, got.next_at) == ("window", ago(50) + timedelta(hours=1))


def test_the_refusal_says_how_many_and_from_when_in_each_language() -> None:
    got = standing(Limits(max_attempts=5, cooldown_seconds=1920), [ago(m) for m in (90, 60, 0)], AT)
    assert refusal(got, "es", AT) == "3 de 5 intentos usados; el próximo desde las 14:32 UTC"
    assert refusal(got, "en", AT) == "3 of 5 attempts used; next one from 14:32 UTC"
    used_up = standing(Limits(max_attempts=2), [ago(3), ago(1)], AT)
    assert refusal(used_up, "es", AT) == "2 de 2 intentos usados; no quedan más intentos"


def test_a_next_time_on_another_day_gives_its_date() -> None:
    got = standing(Limits(cooldown_seconds=86400), [ago(1)], AT)
    assert refusal(got, "en", AT) == "1 attempt used; next one from 2026-12-02 13:59 UTC"


def test_a_late_attempt_is_worth_what_the_late_policy_says() -> None:
    due_at = AT
    on_time, one_day, two_days = ago(10), AT + timedelta(hours=3), AT + timedelta(hours=25)
    attempts = [Graded(on_time, 60.0), Graded(one_day, 100.0), Graded(two_days, 90.0)]
    as_any = gradebook(attempts, Due(due_at), "best")
    assert (as_any.score, as_any.timestamp) == (100.0, two_days)
    assert gradebook(attempts, Due(due_at, "best_on_time"), "best").score == 60.0
    assert gradebook(attempts, Due(due_at, "penalty", 10), "best").score == 90.0  # 100 less one day's 10 %
    assert gradebook(attempts, Due(due_at, "penalty", 10), "last").score == 72.0  # 90 less two days'
    assert gradebook([Graded(one_day, 100.0)], Due(due_at, "best_on_time"), "best").score == 0.0
    assert gradebook([Graded(two_days, 100.0)], Due(due_at, "penalty", 80), "best").score == 0.0
    assert gradebook(attempts, Due(), "last").score == 90.0  # no due date: nothing is late


def test_a_day_late_is_any_part_of_a_day() -> None:
    due = Due(AT, "penalty", 10)
    assert [days_late(AT + timedelta(seconds=s), due) for s in (0, 1, 86400, 86401)] == [0, 1, 1, 2]
