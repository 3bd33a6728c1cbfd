"""Text shown to students, in each language the course speaks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Lang = Literal["es", "en"]
LANGS: tuple[Lang, ...] = ("es", "en")


@dataclass(frozen=True)
class Text:
    """One message in Spanish and English."""

    es: str
    en: str

    def __call__(self, lang: Lang) -> str:
        return self.es if lang == "es" else self.en

    def __add__(self, other: Text) -> Text:
        return Text(self.es + other.es, self.en + other.en)

    def format(self, **values: object) -> Text:
        return Text(self.es.format(**values), self.en.format(**values))


def text(es: str, en: str) -> Text:
    return Text(es=es, en=en)
