"""What a similar-submissions view's budget left out, said in a sentence (the page translates
it, the API answers it in English beside its kind and count)."""

from __future__ import annotations

from service.dashboard.similarity import Cut, CutKind

TOLD: dict[CutKind, str] = {
    "class": "Only the first {n} students by id were compared.",
    "long_programs": "{n} programs were longer than a program's budget: only a sample of each was compared.",
    "sample": "The class is large: each program was compared by a sample of {n} of its fingerprints.",
    "common": "To stay within the view's budget, fingerprints shared by more than {n} programs were left out.",
    "time": "The comparison ran out of time: some pairs may be missing.",
    "pairs": "{n} more pairs were found but not kept.",
    "not_fingerprinted": (
        "{n} programs graded before fingerprints were kept are not compared yet; the next views add them."
    ),
}


def cut_told(cut: Cut) -> tuple[str, int]:
    """The phrase (to look up in the page's language) and its count."""
    return TOLD[cut.kind], cut.count


def in_english(cut: Cut) -> str:
    return TOLD[cut.kind].format(n=cut.count)
