"""A challenge's known mistakes as choices at named points of its reference (an error model).

The reference is written once as a template: `{name}` marks a point (the statistics' axis,
where ε goes, a residual, the mask's value...). Each point has the reference's code and wrong
alternatives, the choices; a set of choices at different points renders a whole program, so any
combination of mistakes is a program the grader can build and run (Singh, Gulwani and
Solar-Lezama, PLDI 2013). A point's code may hold other points; a point may also be a whole
function, so that a mistake which rewrites it (modifying the input in place) is one more choice.

A choice may be a family with one parameter, `{value}` in its code: `fit` finds the value from
the student's own numbers (the ε actually used, a finite "minus infinity"), and `value` is the
usual one, computed ahead of any submission.
"""

from __future__ import annotations

import ast
import functools
import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from grader.calls import Call
from grader.report import CallOutcome
from grader.text import Text

if TYPE_CHECKING:
    from grader.authoring import Mistake

_HOLE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_.:]*)(?:#([1-9]))?\}")
# A point may stand at several places of the template at once (each γ/β pair of a block):
# `{name#2}` is the second piece of its code, the pieces joined by this character.
PIECES = "\x1f"
_DEPTH = 32  # holes inside holes: a template deeper than this holds a choice that holds itself
MAX_DEVIATIONS = 3

# From the student's calls of one function and what they gave back: a family's likely parameters.
Fit = Callable[[Sequence[Call], Sequence[CallOutcome]], Sequence[float] | None]


@dataclass(frozen=True)
class Choice:
    """A wrong alternative at one point: `did` says in a phrase what code with it does."""

    id: str
    code: str
    did: Text
    message: Text
    fit: Fit | None = None
    value: float | None = None  # a family's usual parameter
    spelling: str = ""  # another way of writing the same mistake, in the same function, shares its id
    # An in-place edit whose words name one argument (the kit's, "you modify the Y you receive"):
    # told only for code that changes that argument.
    argument: str = ""


@dataclass(frozen=True)
class Point:
    name: str
    function: str
    default: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True, order=True)
class Deviation:
    """A choice made at its point, with its parameter when it is a family."""

    point: str
    choice_id: str
    value: float | None = None
    spelling: str = ""


@dataclass(frozen=True)
class ErrorModel:
    template: str
    points: tuple[Point, ...]
    uses: dict[str, tuple[str, ...]] = field(default_factory=dict)  # function -> functions it calls

    def __post_init__(self) -> None:
        names = [p.name for p in self.points]
        if len(set(names)) != len(names):
            raise ValueError("two points share a name")
        keys = [(c.id, c.spelling) for p in self.points for c in p.choices]
        if len(set(keys)) != len(keys):
            raise ValueError("two choices share an id and a spelling")
        owners = [(c.id, p.function) for p in self.points for c in p.choices if not c.spelling]
        if len({i for i, _ in owners}) != len(owners):
            raise ValueError("two points share a choice id")
        # A spelling may sit at another point of the same function: a loop that leaves the last
        # row out is a choice of the normalisation, or of the whole output when the loop applies
        # the affine part too.
        if any((c.id, p.function) not in owners for p in self.points for c in p.choices if c.spelling):
            raise ValueError("a spelling without its choice in the same function")

    def point(self, name: str) -> Point:
        return self._points[name]

    @functools.cached_property
    def _points(self) -> dict[str, Point]:
        """Every point by name: each rendering and each judged run looks its points up."""
        return {p.name: p for p in self.points}

    def choice(self, deviation: Deviation) -> Choice:
        return self._choices[(deviation.point, deviation.choice_id, deviation.spelling)]

    @functools.cached_property
    def _choices(self) -> dict[tuple[str, str, str], Choice]:
        """Every choice by (point, id, spelling): the search looks them up thousands of times."""
        return {(p.name, c.id, c.spelling): c for p in self.points for c in p.choices}

    def choice_by_id(self, choice_id: str) -> Choice:
        return next(c for p in self.points for c in p.choices if c.id == choice_id and not c.spelling)

    def deviations(self, function: str) -> list[Deviation]:
        """Every choice at the points of `function`, families at their usual value."""
        return [
            Deviation(p.name, c.id, c.value, c.spelling)
            for p in self.points
            if p.function == function
            for c in p.choices
        ]

    def render(self, deviations: frozenset[Deviation]) -> str | None:
        """The program these choices make, or None when one of them falls in a part another
        replaced (two choices that cannot both be seen)."""
        chosen = {d.point: d for d in deviations}
        if len(chosen) != len(deviations):
            return None
        used: set[str] = set()
        try:
            source = self._expand(self.template, chosen, used, 0)
        except RecursionError:
            return None
        return source if set(chosen) <= used else None

    def _expand(self, text: str, chosen: dict[str, Deviation], used: set[str], depth: int) -> str:
        """`text` with every hole filled: a chosen point by its choice's code, any other by its
        default; a point with nothing chosen under it by its default's expansion, kept."""
        if depth > _DEPTH:
            raise RecursionError("a choice's code holds itself")
        parts: list[str] = []
        for literal, name, piece in self._segments(text):
            parts.append(literal)
            if not name:
                continue
            used.add(name)
            if name in chosen:
                deviation = chosen[name]
                code = self.choice(deviation).code.replace("{value}", repr(deviation.value))
            elif chosen.keys().isdisjoint(self._below[name]):
                code = self._plain(name)
                parts.append(code if not piece else code.split(PIECES)[piece - 1])
                continue
            else:
                code = self._points[name].default
            if piece:
                code = code.split(PIECES)[piece - 1]
            parts.append(self._expand(code, chosen, used, depth + 1))
        return "".join(parts)

    def _segments(self, text: str) -> list[tuple[str, str, int]]:
        """`text` cut at its holes of known points: (text before, point, piece or 0), kept by text."""
        found = self._cut.get(text)
        if found is None:
            found, position = [], 0
            for hole in _HOLE.finditer(text):
                if hole.group(1) in self._points:
                    found.append((text[position : hole.start()], hole.group(1), int(hole.group(2) or 0)))
                    position = hole.end()
            found.append((text[position:], "", 0))
            self._cut[text] = found
        return found

    @functools.cached_property
    def _cut(self) -> dict[str, list[tuple[str, str, int]]]:
        return {}

    def _plain(self, name: str) -> str:
        """A point's default with every hole under it filled by its default: the reference there."""
        found = self._plains.get(name)
        if found is None:
            found = self._expand(self.point(name).default, {}, set(), 0)
            self._plains[name] = found
        return found

    @functools.cached_property
    def _plains(self) -> dict[str, str]:
        return {}

    @functools.cached_property
    def _below(self) -> dict[str, frozenset[str]]:
        """The points a point's default holds, at any depth (through defaults only)."""
        direct = {
            p.name: {m.group(1) for m in _HOLE.finditer(p.default)} & set(self._points) for p in self.points
        }
        below: dict[str, frozenset[str]] = {}

        def reach(name: str, seen: frozenset[str]) -> frozenset[str]:
            if name in below:
                return below[name]
            found: set[str] = set()
            for child in direct[name] - seen:
                found |= {child} | reach(child, seen | {name})
            below[name] = frozenset(found)
            return below[name]

        for name in direct:
            reach(name, frozenset())
        return below

    def reference(self) -> str:
        source = self.render(frozenset())
        assert source is not None  # noqa: S101 narrows for mypy
        return source

    def sets(
        self, deviations: Sequence[Deviation], size: int, base: frozenset[Deviation] = frozenset()
    ) -> Iterator[frozenset[Deviation]]:
        """Every set of `size` of these deviations at distinct points, added to `base`, in the
        order the points and choices are declared (so the first of equals is always the same)."""
        by_point: dict[str, list[Deviation]] = {}
        for deviation in deviations:
            by_point.setdefault(deviation.point, []).append(deviation)
        for points in itertools.combinations(list(by_point), size):
            for combo in itertools.product(*(by_point[p] for p in points)):
                yield base | frozenset(combo)

    def usual(self, deviation: Deviation) -> bool:
        """A choice at its usual value and in its first spelling."""
        return not deviation.spelling and deviation.value == self.choice(deviation).value

    def searched_sets(
        self, deviations: Sequence[Deviation], size: int, base: frozenset[Deviation] = frozenset()
    ) -> Iterator[frozenset[Deviation]]:
        """The sets of `sets` the search tries. A set of the largest size holds only usual
        choices: a fitted parameter or another way of writing a mistake, with two mistakes more,
        multiplies the programs to load (a worker's start, the search for code nothing explains)
        for a student who has made three mistakes at once."""
        if len(base) + size < MAX_DEVIATIONS:
            yield from self.sets(deviations, size, base)
        elif all(self.usual(d) for d in base):
            yield from self.sets([d for d in deviations if self.usual(d)], size, base)

    def function_source(self, deviations: frozenset[Deviation], function: str) -> str:
        """Only the definition of `function` in the program of these choices (for a Mistake's code)."""
        source = self.render(deviations)
        assert source is not None  # noqa: S101 narrows for mypy
        tree = ast.parse(source)
        found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == function]
        return "\n\n".join(ast.get_source_segment(source, n) or "" for n in found)


GENERIC_DID = Text(
    "hace justo lo que describe el diagnóstico de arriba", "does exactly what the diagnosis above describes"
)


def from_mistakes(reference: str, mistakes: Sequence[Mistake]) -> ErrorModel:
    """A model whose points are the reference's whole functions, for a folder that lists its
    mistakes as whole rewritten functions (MISTAKES) rather than as choices."""
    tree = ast.parse(reference)
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    lines = reference.splitlines(keepends=True)
    template, position = "", 0
    defaults: dict[str, str] = {}
    for node in functions:
        start = node.lineno - 1 - len(node.decorator_list)
        end = node.end_lineno or node.lineno
        template += "".join(lines[position:start]) + "{" + node.name + "}\n"
        defaults[node.name] = "".join(lines[start:end]).rstrip("\n")
        position = end
    template += "".join(lines[position:])
    points = []
    for name, default in defaults.items():
        choices = tuple(
            Choice(m.id, m.code.strip("\n"), GENERIC_DID, m.message)
            for m in mistakes
            if m.functions == (name,)
        )
        points.append(Point(name, name, default, choices))
    return ErrorModel(template=template, points=tuple(points))
