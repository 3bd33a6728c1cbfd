"""The error model of a challenge, built from its reference.py and its mistakes.py's `LESSON`.

The template is reference.py with a hole at each place (anchors.py); the points hold the
author's choices and the kit's derived ones; the functions of a challenge it `uses` keep that
challenge's points. Derived mistakes the hidden tests cannot tell apart are left out
(pruning.py), and the model with no choice made must be reference.py again, word for word.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from grader.calls import Call
from grader.errormodel import PIECES, Choice, ErrorModel, Point
from grader.kit.anchors import AnchorError, Anchors, Site
from grader.kit.derived import Derived, Deriver
from grader.kit.lesson import Authored, Lesson, naming_of
from grader.kit.pruning import Pruned, prune
from grader.text import Text

_HOLE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_.:]*)(#[1-9])?\}")


class KitError(ValueError):
    """mistakes.py asks for something the reference does not have."""


@dataclass(frozen=True)
class Context:
    """What the kit needs of the challenge besides its LESSON."""

    reference: str
    steps: Mapping[str, Text]
    signatures: Mapping[str, str]
    used: Sequence[ErrorModel]  # the models of the challenges it uses
    calls: Sequence[Call]
    helpers: str = ""


@dataclass(frozen=True)
class Built:
    model: ErrorModel
    derived: tuple[Derived, ...]  # the derived mistakes kept, as told
    pruned: tuple[Pruned, ...]  # those the hidden tests cannot tell, and why
    named: frozenset[str] = frozenset()  # the derived ones the lesson gives an id or words of its own


def build(lesson: Lesson, context: Context) -> Built:
    used_points = tuple(p for m in context.used for p in m.points)
    owned = frozenset(p.name for p in used_points if p.name == p.function)
    try:
        anchors = Anchors(context.reference, owned)
    except SyntaxError as error:
        raise KitError(f"reference.py, line {error.lineno}: {error.msg}") from error
    try:
        for fragment in lesson.fragments:
            anchors.fragment(fragment.name, fragment.code, fragment.within)
        anchors.tree_of_sites()
    except AnchorError as error:
        raise KitError(f"mistakes.py: {error}") from error
    _same_used_functions(anchors, context.used)
    derived = _told(lesson, Deriver(anchors, context.steps, context.signatures).all())
    known = {s.name for s in anchors.sites} | set(anchors.shared) | {p.name for p in used_points}
    by_point: dict[str, list[Choice]] = {}
    for authored in lesson.authored:
        _add_authored(anchors, known, by_point, authored)
    for found in derived:
        by_point.setdefault(found.point, []).append(found.choice)
    for spelling in lesson.spellings:
        place = _place(anchors, known, spelling.place)
        function = _function_of(anchors, place, used_points)
        code = _resolved(spelling.code, function, known, anchors, place)
        main = next(
            (c for cs in by_point.values() for c in cs if c.id == spelling.id and not c.spelling), None
        )
        if main is None:
            raise KitError(f"mistakes.py: a spelling of {spelling.id!r}, which no choice has")
        count = sum(1 for cs in by_point.values() for c in cs if c.id == spelling.id)
        by_point.setdefault(place, []).append(_spelled(main, code, f"spelling {count + 1}"))
    told_by_lesson = {a.id for a in lesson.authored} | {
        n.id or n.spelling_of or n.derived for n in lesson.namings
    }
    own = _lesson_first(_points(anchors, by_point), told_by_lesson)
    theirs = {c.id for p in used_points for c in p.choices}
    if clash := sorted({c.id for p in own for c in p.choices} & theirs):
        raise KitError(
            f"mistakes.py: {', '.join(clash)} already names a mistake of a challenge it uses: choose another id"
        )
    model = ErrorModel(anchors.template(), used_points + own, _uses(anchors, context.used))
    if model.reference() != context.reference:
        raise KitError("the kit's template does not give reference.py back: report this as a bug")
    derived_ids = {d.choice.id for d in derived}
    pruned, kept = prune(model, derived_ids, derived_ids & told_by_lesson, context.calls, context.helpers)
    left_out = {p.id for p in pruned}
    kept_derived = tuple(d for d in derived if d.choice.id not in left_out)
    return Built(kept, kept_derived, pruned, frozenset(derived_ids & told_by_lesson))


def _told(lesson: Lesson, derived: list[Derived]) -> list[Derived]:
    """The derived mistakes as the lesson names them; those it drops left out."""
    ids = {d.choice.id for d in derived}
    namings = naming_of(lesson)
    if unknown := sorted((set(namings) | lesson.dropped) - ids):
        raise KitError(
            f"mistakes.py names derived mistakes the kit does not derive: {', '.join(unknown)} "
            "(`autograder challenges check` lists the derived ones)"
        )
    found = []
    mains = {d.choice.id: d.choice for d in derived}
    for item in derived:
        if item.choice.id in lesson.dropped:
            continue
        naming = namings.get(item.choice.id)
        if naming is None:
            found.append(item)
            continue
        choice = item.choice
        if naming.spelling_of is not None:
            main = mains.get(naming.spelling_of)
            choice = replace(
                choice,
                id=naming.spelling_of,
                spelling=f"as {choice.id}",
                did=main.did if main else choice.did,
                message=main.message if main else choice.message,
            )
        else:
            choice = replace(
                choice,
                id=naming.id or choice.id,
                did=naming.did or choice.did,
                message=naming.told or choice.message,
                fit=naming.fit or choice.fit,
                value=naming.value if naming.value is not None else choice.value,
            )
        found.append(Derived(item.point, choice, item.rule))
    return found


def _add_authored(
    anchors: Anchors, known: set[str], by_point: dict[str, list[Choice]], authored: Authored
) -> None:
    place = _place(anchors, known, authored.place)
    function = _function_of(anchors, place, ())
    code = _pieces(anchors, place, authored.code, function, known)
    main = Choice(authored.id, code, authored.did, authored.told, authored.fit, authored.value)
    choices = by_point.setdefault(place, [])
    choices.append(main)
    for number, other in enumerate(authored.spellings, start=2):
        choices.append(_spelled(main, _pieces(anchors, place, other, function, known), f"spelling {number}"))


def _pieces(anchors: Anchors, place: str, code: str | tuple[str, ...], function: str, known: set[str]) -> str:
    """A choice's code; for a place in several pieces, one code per piece."""
    shared = anchors.shared.get(place)
    pieces = len(shared.sites) if shared is not None and shared.kind == "pieces" else 0
    given = (code,) if isinstance(code, str) else code
    if (pieces and len(given) != pieces) or (not pieces and not isinstance(code, str)):
        raise KitError(f"mistakes.py: {place!r} is in {pieces or 1} piece(s): give one code for each")
    return PIECES.join(_resolved(c, function, known, anchors, place) for c in given)


def _spelled(main: Choice, code: str, label: str) -> Choice:
    """Another way of writing `main`: told as `main` is (its words are the main choice's)."""
    return replace(main, code=code, spelling=label)


def _place(anchors: Anchors, known: set[str], place: str) -> str:
    if place in known:
        return place
    for function in anchors.functions:
        if place == "return" and f"{function.name}.return" in known:
            return f"{function.name}.return"
    places = ", ".join(s.name for s in anchors.sites if s.kind in ("function", "step", "fragment"))
    raise KitError(f"mistakes.py: {place!r} is no place of the reference (its places: {places})")


def _function_of(anchors: Anchors, place: str, used: Sequence[Point]) -> str:
    for site in anchors.sites:
        if site.name == place:
            return site.function
    if place in anchors.shared:
        return anchors.shared[place].function
    for point in used:
        if point.name == place:
            return point.function
    return ""


def _resolved(code: str, function: str, known: set[str], anchors: Anchors, place: str = "") -> str:
    """The code with each hole named as the model names it: `{axis}` is `{f:axis}` in f, and
    the place's own name is the reference's code there."""

    def name(found: re.Match[str]) -> str:
        wanted, piece = found.group(1), found.group(2) or ""
        for candidate in (wanted, f"{function}:{wanted}", f"{function}.{wanted}"):
            if candidate == place and place and not piece:
                return anchors.default(anchors.site(place))
        if wanted == "value" or wanted in known:
            return found.group(0)
        for candidate in (f"{function}:{wanted}", f"{function}.{wanted}"):
            if candidate in known:
                return "{" + candidate + piece + "}"
        steps = [s.name for s in anchors.sites if s.function == function and s.kind != "function"]
        raise KitError(
            f"mistakes.py: {{{wanted}}} is no place of {function} (its places: {', '.join(steps)})"
        )

    return _HOLE.sub(name, code)


def _points(anchors: Anchors, by_point: dict[str, list[Choice]]) -> tuple[Point, ...]:
    """A point per place of the reference's own functions, in the order the places are written."""
    points: list[Point] = []
    seen: set[str] = set()

    def visit(sites: list[Site]) -> None:
        for site in sites:
            if site.function in anchors.owned:
                continue
            if site.kind == "piece":
                base = site.name.split("#")[0]
                if base not in seen:
                    seen.add(base)
                    pieces = [anchors.site(n) for n in anchors.shared[base].sites]
                    default = PIECES.join(anchors.default(p) for p in pieces)
                    points.append(Point(base, site.function, default, tuple(by_point.get(base, ()))))
            elif site.name not in seen:
                seen.add(site.name)
                if site.kind == "parameter":
                    shared = anchors.shared[site.name]
                    points.append(
                        Point(site.name, site.function, shared.default, tuple(by_point.get(site.name, ())))
                    )
                else:
                    points.append(
                        Point(
                            site.name,
                            site.function,
                            anchors.default(site),
                            tuple(by_point.get(site.name, ())),
                        )
                    )
                if site.via and site.via not in seen:
                    seen.add(site.via)
                    shared = anchors.shared[site.via]
                    points.append(
                        Point(site.via, site.function, shared.default, tuple(by_point.get(site.via, ())))
                    )
            visit(site.children)

    visit(anchors.tree_of_sites())
    return tuple(points)


def _lesson_first(points: tuple[Point, ...], lessons: set[str]) -> tuple[Point, ...]:
    """The points holding a choice in the lesson's words first, those holding only families
    last: of two sets that both reproduce a student's code the search tells the one it meets
    first, and a family fitted to the student's numbers is the last resort (a divisor fitted
    as 1 is no division at all, which a choice of its own says better)."""

    def rank(point: Point) -> tuple[bool, bool]:
        families = bool(point.choices) and all(c.value is not None for c in point.choices)
        return families, not any(c.id in lessons for c in point.choices)

    return tuple(sorted(points, key=rank))


def _uses(anchors: Anchors, used: Sequence[ErrorModel]) -> dict[str, tuple[str, ...]]:
    """Which functions each function calls: the diagnosis takes those first."""
    names = {f.name for f in anchors.functions}
    found: dict[str, tuple[str, ...]] = {}
    for model in used:
        found.update(model.uses)
    for function in anchors.functions:
        if function.name in anchors.owned:
            continue
        called = sorted(
            {
                n.func.id
                for n in ast.walk(function)
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in names
            }
            - {function.name}
        )
        if called:
            found[function.name] = tuple(called)
    return found


def _same_used_functions(anchors: Anchors, used: Sequence[ErrorModel]) -> None:
    """A function of a used challenge, written in this reference, is that challenge's own code."""
    for model in used:
        for function in anchors.functions:
            if function.name not in anchors.owned:
                continue
            try:
                theirs = model.function_source(frozenset(), function.name)
            except (AssertionError, StopIteration):
                continue
            if theirs and ast.dump(ast.parse(theirs)) != ast.dump(ast.parse(anchors.code(function))):
                raise KitError(
                    f"reference.py writes {function.name} otherwise than the challenge it uses: "
                    f"copy that challenge's {function.name} as it is, or leave it out (`uses` brings it)"
                )
