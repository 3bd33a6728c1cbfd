"""Where the score of an attempt made through an LMS link goes: the page only needs these two
things of the LMS's gradebook, and the app that assembles the pages hands in who does them."""

from __future__ import annotations

from typing import Protocol


class Gradebook(Protocol):
    def link(self, submission_id: str, link_id: int, student: str) -> None:
        """Remember that this attempt came through this link: its score goes to the link's gradebook."""

    def states(self, submission_ids: list[str]) -> dict[str, tuple[str, float | None]]:
        """What became of these attempts' scores: (state, score sent) by submission id."""
