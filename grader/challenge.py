"""A challenge as data: one folder with its statement, functions, limits, tests and mistakes.

challenges/<id>/
    challenge.toml      id, version, title, functions and signatures, limits, steps (the
                        reference's locals in the lesson's words)
    statement.es.md     what the student reads, in Spanish
    statement.en.md     ... and in English
    reference.py        the reference solution (stays in the trusted parent)
    helpers.py          functions rebuilt in the child to pass as arguments (optional, public)
    tests.py            TESTS: list[HiddenTest]
    mistakes.py         LESSON: grader.kit.Lesson, the lesson's own mistakes (the kit derives the
                        generic ones from reference.py; optional: without it, those alone); or
                        MODEL: ErrorModel, or MISTAKES: list[Mistake], each a whole rewritten function
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import cast

from grader.authoring import PROMISE_CAP, HiddenTest, Mistake
from grader.errormodel import Deviation, ErrorModel, from_mistakes
from grader.kit import Built, Context, KitError, Lesson, build
from grader.manifest import Manifest, ManifestError, definition_line, read_manifest
from grader.modules import import_file, using
from grader.sandbox.base import Limits
from grader.text import Text

UNORDERED = 1_000_000


class ChallengeError(ValueError):
    """A challenge folder is incomplete or inconsistent."""


@dataclass(frozen=True)
class FunctionSpec:
    name: str
    signature: str
    returns: int = 1  # how many arrays it returns: 1 is a bare array, more are a tuple of them
    outputs: tuple[str, ...] = ()  # optional names of those arrays, used in feedback

    def __post_init__(self) -> None:
        object.__setattr__(self, "outputs", tuple(str(name) for name in self.outputs))

    @property
    def definition(self) -> str:
        """The `def` line the editor starts with (challenge.toml's signature, checked as Python)."""
        return definition_line(self.signature)


@dataclass(frozen=True)
class Challenge:
    id: str
    version: int
    title: Text
    statement: Text
    functions: tuple[FunctionSpec, ...]
    limits: Limits
    tests: tuple[HiddenTest, ...]
    mistakes: tuple[Mistake, ...]  # each choice of the model alone, as the function it makes
    reference_source: str
    helpers_source: str
    directory: Path
    model: ErrorModel
    # The reference's locals in the lesson's words ("mu": "μ_t, each row's mean"), for telling
    # where a student's computation leaves the lesson's (challenge.toml's [steps]).
    steps: dict[str, Text] = field(default_factory=dict)
    # Where the challenge comes in the course (its lesson's place): challenge.toml's `order`.
    # Pages list challenges by it, not by id; one without it comes after those with one.
    order: int = UNORDERED
    # The challenges whose functions this one's student writes too (challenge.toml's `uses`).
    uses: tuple[str, ...] = ()
    # What the kit made of mistakes.py's LESSON: the derived mistakes kept and those left out.
    built: Built | None = field(default=None, compare=False, repr=False)

    @property
    def required(self) -> list[str]:
        return [f.name for f in self.functions]

    @property
    def max_points(self) -> int:
        return sum(t.points for t in self.tests)

    @property
    def starter(self) -> str:
        """What the editor starts with and every student is handed: NumPy and a stub per function."""
        stubs = [f"{f.definition}\n    pass\n" for f in self.functions]
        return "import numpy as np\n\n\n" + "\n\n".join(stubs)


def _read(directory: Path, name: str, default: str | None = None) -> str:
    path = directory / name
    if not path.exists():
        if default is not None:
            return default
        raise ChallengeError(f"{directory.name}: missing {name}")
    return path.read_text(encoding="utf-8")


def load_challenge(
    directory: Path,
    library: Mapping[str, Challenge] | None = None,
    _chain: tuple[str, ...] = (),
    search: Sequence[Path] = (),
) -> Challenge:
    """The challenge of `directory`. A challenge it `uses` is taken from `library` (by id), else
    from the folder of that name beside it, else in one of the `search` folders."""
    try:
        manifest = read_manifest(directory / "challenge.toml")
    except FileNotFoundError as error:
        raise ChallengeError(f"{directory.name}: missing challenge.toml") from error
    except ManifestError as error:
        raise ChallengeError(str(error)) from error
    challenge_id = manifest.id
    used = _used(directory, manifest, dict(library or {}), (*_chain, manifest.id), search)
    if not (directory / "tests.py").exists():
        raise ChallengeError(
            f"{challenge_id}: missing tests.py (its TESTS: a list of grader.authoring.HiddenTest)"
        )
    with using({u.id: u.directory for u in used}):
        tests = import_file(directory / "tests.py", f"challenge_{challenge_id}_tests").TESTS
    reference = _with_used(_read(directory, "reference.py"), used)
    functions = tuple(FunctionSpec(**f.model_dump()) for f in manifest.functions)
    declared = {f.name for f in functions}
    inherited = tuple(f for u in used for f in u.functions if f.name not in declared)
    own = {name: Text(es=w.es, en=w.en) for name, w in manifest.steps.items()}
    steps = {name: words for u in used for name, words in u.steps.items() if name not in own} | own
    helpers = _read(directory, "helpers.py", default="")
    context = Context(
        reference,
        steps,
        {f.name: f.signature for f in inherited + functions},
        [u.model for u in used],
        [c for t in tests for c in t.calls],
        helpers,
    )
    model, built = _model(_mistakes(directory, challenge_id, used), context)
    model = _given_values_used(model, tests)
    challenge = Challenge(
        id=challenge_id,
        version=manifest.version,
        title=Text(es=manifest.title.es, en=manifest.title.en),
        statement=Text(es=_read(directory, "statement.es.md"), en=_read(directory, "statement.en.md")),
        functions=inherited + functions,
        limits=Limits(**manifest.limits.model_dump(exclude_none=True)),
        tests=tuple(tests),
        mistakes=_each_choice(model),
        reference_source=reference,
        helpers_source=helpers,
        directory=directory,
        model=model,
        steps=steps,
        order=manifest.order if manifest.order is not None else UNORDERED,
        uses=tuple(u.id for u in used),
        built=built,
    )
    _validate(challenge)
    return challenge


def _used(
    directory: Path,
    manifest: Manifest,
    library: dict[str, Challenge],
    chain: tuple[str, ...],
    search: Sequence[Path],
) -> list[Challenge]:
    """The challenges `manifest` uses, loaded beside `directory` (or in `search`) when `library`
    lacks them."""
    found = []
    for name in manifest.uses:
        if name in chain:
            cycle = " -> ".join((*chain, name))
            raise ChallengeError(f"{manifest.id}: challenge.toml: uses goes round in a circle ({cycle})")
        if name not in library:
            folder = next(
                (
                    f
                    for root in (directory.parent, *search)
                    if ((f := root / name) / "challenge.toml").exists()
                ),
                None,
            )
            if folder is None:
                raise ChallengeError(
                    f"{manifest.id}: challenge.toml: uses {name!r}, which is no challenge beside it"
                )
            library[name] = load_challenge(folder, library, chain, search)
        found.append(library[name])
    return found


def _mistakes(directory: Path, challenge_id: str, used: list[Challenge]) -> ModuleType:
    """mistakes.py; without one, a lesson of no mistakes of its own: the kit's derived ones alone."""
    name = f"challenge_{challenge_id}_mistakes"
    if not (directory / "mistakes.py").exists():
        module = ModuleType(name)
        module.LESSON = Lesson()  # type: ignore[attr-defined]
        return module
    with using({u.id: u.directory for u in used}):
        return import_file(directory / "mistakes.py", name)


def _model(module: ModuleType, context: Context) -> tuple[ErrorModel, Built | None]:
    """The model the kit builds from LESSON and the reference; else MODEL, or a model made of
    MISTAKES (whole rewritten functions) for a folder that lists them."""
    if hasattr(module, "LESSON"):
        try:
            built = build(cast(Lesson, module.LESSON), context)
        except KitError as error:
            raise ChallengeError(f"{module.__name__.removeprefix('challenge_')}: {error}") from error
        return built.model, built
    if hasattr(module, "MODEL"):
        return cast(ErrorModel, module.MODEL), None
    return from_mistakes(context.reference, module.MISTAKES), None


def _with_used(reference: str, used: list[Challenge]) -> str:
    """reference.py with the functions of the challenges it uses that it does not write itself."""
    try:
        tree = ast.parse(reference)
    except SyntaxError as error:
        raise ChallengeError(f"reference.py, line {error.lineno}: {error.msg}") from error
    written = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    added = []
    for challenge in used:
        theirs = ast.parse(challenge.reference_source)
        for node in theirs.body:
            if (
                isinstance(node, ast.FunctionDef)
                and node.name in challenge.required
                and node.name not in written
            ):
                added.append(ast.get_source_segment(challenge.reference_source, node) or "")
                written.add(node.name)
    return reference if not added else reference.rstrip("\n") + "\n\n\n" + "\n\n\n".join(added) + "\n"


def _given_values_used(model: ErrorModel, tests: Iterable[HiddenTest]) -> ErrorModel:
    """The model with what the tests' calls make a function depend on: a call given what another
    of the student's functions returns (an `Own`) answers as both do, so its function is diagnosed
    as one that calls the other, with the mistakes found there taken along."""
    uses = {function: list(used) for function, used in model.uses.items()}
    for test in tests:
        for c in test.calls:
            for given in c.functions[1:]:
                if given not in uses.setdefault(c.function, []):
                    uses[c.function].append(given)
    found = {function: tuple(used) for function, used in uses.items() if used}
    return model if found == model.uses else dataclasses.replace(model, uses=found)


def _each_choice(model: ErrorModel) -> tuple[Mistake, ...]:
    """Every choice of the model made alone, at its usual parameter, as a Mistake."""
    mistakes = []
    for point in model.points:
        for choice in point.choices:
            if choice.spelling:
                continue  # the same mistake written another way: the first spelling stands for it
            deviation = frozenset({Deviation(point.name, choice.id, choice.value)})
            message = choice.message if choice.value is None else choice.message.format(value=choice.value)
            mistakes.append(Mistake(choice.id, message, model.function_source(deviation, point.function)))
    return tuple(mistakes)


def _validate(challenge: Challenge) -> None:
    ids = [t.id for t in challenge.tests]
    if len(set(ids)) != len(ids):
        raise ChallengeError(f"{challenge.id}: duplicate test ids")
    mistake_ids = [m.id for m in challenge.mistakes]
    if len(set(mistake_ids)) != len(mistake_ids):
        raise ChallengeError(f"{challenge.id}: duplicate mistake ids")
    for test in challenge.tests:
        for c in test.calls:
            for function in c.functions:
                if function not in challenge.required:
                    raise ChallengeError(f"{challenge.id}/{test.id}: calls unknown function {function}")
        _check_promise_weight(challenge, test)
    for mistake in challenge.mistakes:
        if not mistake.functions or not set(mistake.functions) <= set(challenge.required):
            raise ChallengeError(f"{challenge.id}/{mistake.id}: must redefine required functions only")


def _check_promise_weight(challenge: Challenge, test: HiddenTest) -> None:
    """A promise test carries enough points that failing it alone leaves at most PROMISE_CAP."""
    total = challenge.max_points
    rest = total - test.points
    if test.promise and 100 * rest > PROMISE_CAP * total:
        needed = -(-(100 - PROMISE_CAP) * rest // PROMISE_CAP)
        raise ChallengeError(
            f"{challenge.id}/{test.id}: the lesson's promise carries {test.points} of {total} points, so "
            f"failing it alone scores {100 * rest / total:.4g}; give it at least {needed} points "
            f"(at most {PROMISE_CAP} without it)"
        )


def in_course_order(names: Iterable[str], known: Mapping[str, Challenge]) -> list[str]:
    """`names` as the course takes them (each challenge's `order`, then its id); unknown ones last."""
    return sorted(names, key=lambda name: (known[name].order if name in known else UNORDERED + 1, name))


def load_challenges(root: Path, *more: Path) -> dict[str, Challenge]:
    """Every challenge folder under `root` (the built-ins), then under each of `more` (a course's
    own), by id, in alphabetical order. A course's challenge may use a built-in one; no folder
    may take an id another already has: a course's challenge never shadows a built-in."""
    library: dict[str, Challenge] = {}
    taken: dict[str, Path] = {}
    for folder in (
        f for base in (root, *more) for f in sorted(base.iterdir()) if (f / "challenge.toml").exists()
    ):
        if folder.name in taken:
            raise ChallengeError(
                f"{folder}: the id {folder.name!r} is already the challenge of {taken[folder.name]}: "
                "a course's challenge may not shadow another; give it an id (and folder) of its own"
            )
        taken[folder.name] = folder
        if folder.name not in library:  # not already loaded as another's `uses`
            library[folder.name] = load_challenge(folder, library, search=(root, *more))
    return {name: library[name] for name in sorted(library)}


def challenge_folder(roots: Sequence[Path], challenge_id: str) -> Path | None:
    """The folder of `challenge_id` among `roots` (the first that has it), unloaded."""
    return next((f for root in roots if ((f := root / challenge_id) / "challenge.toml").exists()), None)
