"""What a course author writes in mistakes.py: the lesson's own mistakes, at places of the reference.

    from grader.kit import Lesson

    lesson = Lesson()
    lesson.at("var").choice(
        "sample_deviation",
        "X.var(axis={axis}, ddof=1{keepdims})",
        did=("usa la desviación muestral", "uses the sample deviation"),
        told=("Usas la desviación muestral ...", "You use the sample deviation ..."),
    )
    lesson.name("layer_norm_by_columns", "normalizes_by_column", told=(..., ...))

A place is a step of the reference (the name a value is given, `f.return` for what `f`
returns), a function (rewritten whole), or a fragment the author quotes from the reference
(`lesson.fragment("with_eps", "s**2 + eps")`). Code may hold other places as holes: `{mu}` is
whatever the step `mu` is in the program being made, `{axis}` and `{keepdims}` the function's
reductions', `{eps}` a parameter's value. The kit derives the mistakes every NumPy challenge can
have (derived.py); `name` gives one of them the lesson's id and words, `drop` leaves one out.
The module exports `LESSON`; the challenge's loader builds the error model from it and from
reference.py (build.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from grader.errormodel import Fit
from grader.text import Text

Words = Text | tuple[str, str]


def words(given: Words) -> Text:
    return given if isinstance(given, Text) else Text(*given)


@dataclass(frozen=True)
class Authored:
    """A choice the author wrote: at `place`, with its other spellings (each a code)."""

    place: str
    id: str
    code: str | tuple[str, ...]  # a tuple for a place in several pieces: one code for each
    did: Text
    told: Text
    spellings: tuple[str | tuple[str, ...], ...] = ()
    fit: Fit | None = None
    value: float | None = None


@dataclass(frozen=True)
class Spelling:
    """Another way of writing the choice `id` (of the same function), at another place."""

    place: str
    id: str
    code: str


@dataclass(frozen=True)
class Naming:
    """A derived mistake given the lesson's id, words or parameter fit, or made a spelling."""

    derived: str
    id: str | None = None
    did: Text | None = None
    told: Text | None = None
    fit: Fit | None = None
    value: float | None = None
    spelling_of: str | None = None


@dataclass(frozen=True)
class Fragment:
    name: str
    code: str | tuple[str, ...]  # several quotes: one place in several pieces
    within: str | None = None


class Place:
    """Where choices are made: a step, a function or a fragment of the reference."""

    def __init__(self, lesson: Lesson, name: str) -> None:
        self._lesson = lesson
        self.name = name

    def choice(
        self,
        choice_id: str,
        code: str | tuple[str, ...],
        did: Words,
        told: Words,
        *,
        spellings: Sequence[str | tuple[str, ...]] = (),
        fit: Fit | None = None,
        value: float | None = None,
    ) -> Place:
        """A wrong alternative here: `did` says in a phrase what code with it does (after "your
        f …"), `told` is the message; `spellings` other code for the same mistake; a family
        has `{value}` in its code, `value` its usual parameter and `fit` the student's."""
        authored = Authored(self.name, choice_id, code, words(did), words(told), tuple(spellings), fit, value)
        self._lesson.authored.append(authored)
        return self

    def spelling(self, choice_id: str, code: str) -> Place:
        """Another way of writing `choice_id`, a choice made at another place of this function."""
        self._lesson.spellings.append(Spelling(self.name, choice_id, code))
        return self


@dataclass
class Lesson:
    """The lesson-specific mistakes of a challenge, and how the derived ones are told."""

    fragments: list[Fragment] = field(default_factory=list)
    authored: list[Authored] = field(default_factory=list)
    spellings: list[Spelling] = field(default_factory=list)
    namings: list[Naming] = field(default_factory=list)
    dropped: set[str] = field(default_factory=set)

    def at(self, place: str) -> Place:
        return Place(self, place)

    def fragment(self, name: str, code: str | tuple[str, ...], within: str | None = None) -> Place:
        """A place named by quoting its code from the reference (found once, or once `within`
        the step or function named); several quotes make one place of several pieces (each
        γ/β pair of a block), whose choices give a code for each and whose pieces other code
        names `{name#1}`, `{name#2}`..."""
        self.fragments.append(Fragment(name, code, within))
        return Place(self, name)

    def name(
        self,
        derived: str,
        as_id: str | None = None,
        *,
        did: Words | None = None,
        told: Words | None = None,
        fit: Fit | None = None,
        value: float | None = None,
    ) -> None:
        """A derived mistake told with the lesson's id (and words, parameter fit, usual value)."""
        given_did = None if did is None else words(did)
        given_told = None if told is None else words(told)
        self.namings.append(Naming(derived, as_id, given_did, given_told, fit, value))

    def spell(self, derived: str, of: str) -> None:
        """A derived mistake that is another way of writing the choice `of`."""
        self.namings.append(Naming(derived, spelling_of=of))

    def drop(self, *derived: str) -> None:
        """Derived mistakes the lesson leaves out."""
        self.dropped.update(derived)


def naming_of(lesson: Lesson) -> Mapping[str, Naming]:
    return {n.derived: n for n in lesson.namings}
