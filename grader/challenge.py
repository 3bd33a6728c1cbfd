"""A challenge as data: one folder with its statement, functions, limits, tests and mistakes.

challenges/<id>/
    challenge.toml      id, version, title, functions and signatures, limits, steps (the
                        reference's locals in the lesson's words)
    statement.es.md     what the student reads, in Spanish
    statement.en.md     ... and in English
    reference.py        the reference solution (stays in the trusted parent)
    helpers.py          functions rebuilt in the child to pass as arguments (optional, public)
    tests.py            TESTS: list[HiddenTest]
    mistakes.py         MODEL: ErrorModel, the known mistakes as choices at points of the reference
                        (or MISTAKES: list[Mistake], each a whole rewritten function)
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import cast

from grader.authoring import HiddenTest, Mistake
from grader.errormodel import Deviation, ErrorModel, from_mistakes
from grader.modules import import_file
from grader.sandbox.base import Limits
from grader.text import Text
from grader.wire import MAX_OUTPUT_ITEMS

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
        """The `def` line the editor starts with: the signature's name and parameters as written,
        without what the signature shows people after them (`-> (salida, pesos)` names the
        returned arrays for a reader; as an annotation it would be evaluated at import)."""
        depth = 0
        for end, char in enumerate(self.signature):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if char == ")" and depth == 0:
                return f"def {self.signature[: end + 1]}:"
        return f"def {self.signature}:"


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


def load_challenge(directory: Path) -> Challenge:
    manifest = tomllib.loads(_read(directory, "challenge.toml"))
    challenge_id = manifest["id"]
    if challenge_id != directory.name:
        raise ChallengeError(f"{directory}: id {challenge_id!r} differs from the folder name")
    tests = import_file(directory / "tests.py", f"challenge_{challenge_id}_tests").TESTS
    reference = _read(directory, "reference.py")
    model = _model(import_file(directory / "mistakes.py", f"challenge_{challenge_id}_mistakes"), reference)
    challenge = Challenge(
        id=challenge_id,
        version=int(manifest.get("version", 1)),
        title=Text(**manifest["title"]),
        statement=Text(es=_read(directory, "statement.es.md"), en=_read(directory, "statement.en.md")),
        functions=tuple(FunctionSpec(**f) for f in manifest["functions"]),
        limits=Limits(**manifest.get("limits", {})),
        tests=tuple(tests),
        mistakes=_each_choice(model),
        reference_source=reference,
        helpers_source=_read(directory, "helpers.py", default=""),
        directory=directory,
        model=model,
        steps={name: Text(**words) for name, words in manifest.get("steps", {}).items()},
        order=int(manifest.get("order", UNORDERED)),
    )
    _validate(challenge)
    return challenge


def _model(module: ModuleType, reference: str) -> ErrorModel:
    """MODEL, or a model made of MISTAKES (whole rewritten functions) for a folder that lists them."""
    if hasattr(module, "MODEL"):
        return cast(ErrorModel, module.MODEL)
    return from_mistakes(reference, module.MISTAKES)


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
            if c.function not in challenge.required:
                raise ChallengeError(f"{challenge.id}/{test.id}: calls unknown function {c.function}")
    for spec in challenge.functions:
        _check_definition(challenge.id, spec)
        if not 1 <= spec.returns <= MAX_OUTPUT_ITEMS:
            raise ChallengeError(f"{challenge.id}/{spec.name}: returns must be 1 to {MAX_OUTPUT_ITEMS}")
        if spec.outputs and len(spec.outputs) != spec.returns:
            raise ChallengeError(f"{challenge.id}/{spec.name}: outputs must name all {spec.returns} arrays")
    for mistake in challenge.mistakes:
        if not mistake.functions or not set(mistake.functions) <= set(challenge.required):
            raise ChallengeError(f"{challenge.id}/{mistake.id}: must redefine required functions only")


def _check_definition(challenge_id: str, spec: FunctionSpec) -> None:
    """The editor's `def` line must be Python that defines `spec.name`, or no starter runs."""
    try:
        tree = ast.parse(f"{spec.definition}\n    pass\n")
    except SyntaxError as error:
        raise ChallengeError(
            f"{challenge_id}/{spec.name}: {spec.definition!r} is not Python: {error.msg}"
        ) from error
    defined = tree.body[0]
    if not isinstance(defined, ast.FunctionDef) or defined.name != spec.name or len(tree.body) != 1:
        raise ChallengeError(f"{challenge_id}/{spec.name}: the signature does not define {spec.name}")


def in_course_order(names: Iterable[str], known: Mapping[str, Challenge]) -> list[str]:
    """`names` as the course takes them (each challenge's `order`, then its id); unknown ones last."""
    return sorted(names, key=lambda name: (known[name].order if name in known else UNORDERED + 1, name))


def load_challenges(root: Path) -> dict[str, Challenge]:
    """Every challenge folder under `root`, by id, in alphabetical order."""
    folders = sorted(p for p in root.iterdir() if (p / "challenge.toml").exists())
    return {c.id: c for c in map(load_challenge, folders)}
