"""The sender's threads shared out: each kind of outgoing work has its share and keeps it, one
destination holds at most a quarter, and a slot taken is given back however the work ends."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from service.outbound.gates import Gates


def _take(gates: Gates, stack: ExitStack, kind: str, destination: str | None, count: int) -> list[bool]:
    return [stack.enter_context(gates.slot(kind, destination)) for _ in range(count)]  # type: ignore[arg-type]


def test_one_destination_holds_a_quarter_of_the_threads_and_the_others_go_on() -> None:
    gates = Gates.for_senders(8)
    with ExitStack() as stack:
        assert _take(gates, stack, "grades", "lms:1", 3) == [True, True, False]
        assert _take(gates, stack, "grades", "lms:2", 2) == [True, True]
        assert _take(gates, stack, "grades", "lms:3", 1) == [False]  # grades hold their half
        assert _take(gates, stack, "webhooks", "https://a.example", 2) == [True, True]
        assert _take(gates, stack, "rosters", "lms:4", 3) == [True, True, False]
    assert gates.held("kind:grades") == gates.held("to:lms:1") == 0


def test_a_slot_is_given_back_when_the_work_fails() -> None:
    gates = Gates.for_senders(4)

    def broken() -> None:
        with gates.slot("webhooks", "https://a.example") as taken:
            assert taken
            raise RuntimeError("the receiver broke")

    with pytest.raises(RuntimeError):
        broken()
    with gates.slot("webhooks", "https://a.example") as again:
        assert again
