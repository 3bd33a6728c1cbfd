"""challenge.toml as a schema: what a challenge folder declares, checked with the line and the fix.

An error names the file, the line the value is on (or the table it belongs to) and what to write
instead, so that a course author can act on it without reading this module.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from pydantic_core import ErrorDetails

from grader.wire import MAX_OUTPUT_ITEMS

NAME = r"^[a-z][a-z0-9_]*$"
IDENTIFIER = r"^[A-Za-z_][A-Za-z0-9_]*$"


class ManifestError(ValueError):
    """challenge.toml does not follow the schema: the message says where and what to write."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Words(_Strict):
    """A phrase in each language the course speaks."""

    es: Annotated[str, Field(min_length=1)]
    en: Annotated[str, Field(min_length=1)]


def definition_line(signature: str) -> str:
    """The `def` line the editor starts with: the signature's name and parameters as written,
    without what a signature may show people after them (`-> (salida, pesos)` names the returned
    arrays for a reader; as an annotation it would be evaluated at import and raise)."""
    depth = 0
    for end, char in enumerate(signature):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == ")" and depth == 0:
            return f"def {signature[: end + 1]}:"
    return f"def {signature}:"


class FunctionEntry(_Strict):
    name: Annotated[str, Field(pattern=IDENTIFIER)]
    signature: Annotated[str, Field(min_length=1)]
    returns: Annotated[int, Field(ge=1, le=MAX_OUTPUT_ITEMS)] = 1
    outputs: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _outputs_name_every_array(self) -> FunctionEntry:
        if self.outputs and len(self.outputs) != self.returns:
            raise ValueError(
                f"outputs names {len(self.outputs)} arrays but returns = {self.returns}: "
                f"name all {self.returns} (outputs = [...]) or leave outputs out"
            )
        return self

    @model_validator(mode="after")
    def _signature_names_the_function(self) -> FunctionEntry:
        if not self.signature.startswith(f"{self.name}("):
            raise ValueError(
                f"the signature must start with {self.name}( (the function's name and its parameters)"
            )
        return self

    @model_validator(mode="after")
    def _definition_is_python(self) -> FunctionEntry:
        line = definition_line(self.signature)
        try:
            ast.parse(f"{line}\n    pass\n")
        except SyntaxError as error:
            raise ValueError(
                f"{line!r}, the editor's def line, is not Python ({error.msg}): write the parameters "
                "as Python writes them, e.g. f(X, eps=1e-5); after them a signature may show people "
                "what it returns, e.g. -> (salida, pesos)"
            ) from None
        return self


class LimitsEntry(_Strict):
    """What a grading may spend; what is left out keeps the sandbox's default (`Limits`)."""

    cpu_seconds: Annotated[float, Field(gt=0)] | None = None
    wall_seconds: Annotated[float, Field(gt=0)] | None = None
    memory_mb: Annotated[int, Field(gt=0)] | None = None


class Manifest(_Strict):
    id: Annotated[str, Field(pattern=NAME)]
    version: Annotated[int, Field(ge=1)] = 1
    order: Annotated[int, Field(ge=0)] | None = None
    title: Words
    functions: Annotated[tuple[FunctionEntry, ...], Field(min_length=1)]
    limits: LimitsEntry = LimitsEntry()
    # Challenges whose functions this one's student writes too (their reference, steps and known
    # mistakes come with them): `uses = ["layer_norm"]`.
    uses: tuple[Annotated[str, Field(pattern=NAME)], ...] = ()
    # The reference's locals in the lesson's words ("mu": "μ_t, each row's mean").
    steps: dict[str, Words] = {}

    @field_validator("functions")
    @classmethod
    def _distinct_functions(cls, functions: tuple[FunctionEntry, ...]) -> tuple[FunctionEntry, ...]:
        names = [f.name for f in functions]
        if twice := sorted({n for n in names if names.count(n) > 1}):
            raise ValueError(f"{', '.join(twice)} declared twice: keep one [[functions]] entry per function")
        return functions


def read_manifest(path: Path) -> Manifest:
    """The folder's challenge.toml, checked; ManifestError says the line and the fix."""
    source = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as error:
        raise ManifestError(f"{path}: not TOML: {error}") from error
    try:
        manifest = Manifest.model_validate(data)
    except ValidationError as error:
        raise ManifestError(_explain(path, source, error)) from error
    if manifest.id != path.parent.name:
        line = _line_of(source, ("id",))
        raise ManifestError(
            f"{path}:{line}: id {manifest.id!r} differs from the folder's name: "
            f'write id = "{path.parent.name}" or rename the folder'
        )
    return manifest


def _explain(path: Path, source: str, error: ValidationError) -> str:
    lines = [f"{path}: {error.error_count()} problem(s)"]
    for problem in error.errors():
        where = tuple(problem["loc"])
        lines.append(f"  {path.name}:{_line_of(source, where)}: {_dotted(where)}: {_fix(problem)}")
    return "\n".join(lines)


def _dotted(where: tuple[Any, ...]) -> str:
    parts = [f"[{p}]" if isinstance(p, int) else f".{p}" for p in where]
    return "".join(parts).lstrip(".") or "(the file)"


_FIXES = {
    "missing": "missing: add it",
    "extra_forbidden": "not a known key: remove it or check its spelling",
    "string_pattern_mismatch": "must be lowercase letters, digits and _ (a Python-style name)",
    "int_parsing": "must be a whole number",
    "int_type": "must be a whole number",
    "float_parsing": "must be a number",
    "string_type": 'must be a quoted string ("...")',
    "greater_than_equal": "too small",
    "less_than_equal": "too large",
    "greater_than": "must be above zero",
    "too_short": "must not be empty",
}


def _fix(problem: ErrorDetails) -> str:
    kind = problem["type"]
    if kind == "missing" and problem["loc"][-1:] in (("es",), ("en",)):
        return "missing: every phrase is written in both languages, es and en"
    if kind == "value_error":
        return problem["msg"].removeprefix("Value error, ")
    fix = _FIXES.get(kind, problem["msg"])
    if kind in ("greater_than_equal", "less_than_equal", "greater_than"):
        return f"{fix} ({problem['msg'].lower()})"
    if kind == "extra_forbidden" and len(problem["loc"]) == 1:
        known = ", ".join(Manifest.model_fields)
        return f"{fix} (the file's keys: {known})"
    return fix


_TABLE = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\"-]+)\s*\]\]?")
_KEY = re.compile(r"^\s*(\"[^\"]+\"|[A-Za-z0-9_-]+)\s*=")


def _line_of(source: str, where: tuple[Any, ...]) -> int:
    """The line a value stands on: its key's line inside its table (the n-th [[array]] for an
    index), else the table's header, else the first line. TOML readers keep no positions."""
    table, key, index = _split(where)
    best = 1
    seen: dict[str, int] = {}
    current = ""
    count = -1
    for number, line in enumerate(source.splitlines(), start=1):
        header = _TABLE.match(line)
        if header:
            current = header.group(2)
            seen[current] = seen.get(current, -1) + 1
            count = seen[current]
            if current == table and (index is None or count == index) and key is None:
                return number
            if current == table and (index is None or count == index):
                best = number
            continue
        found = _KEY.match(line)
        if found is None:
            continue
        name = found.group(1).strip('"')
        in_table = current == table and (index is None or count == index)
        if in_table and name == key:
            return number
        if not table and not current and name == key:
            return number
        if table and not current and name == table:
            best = number  # an inline table: title = { es = ..., en = ... }
    if best == 1 and table == "" and key is not None:
        headers = [
            n
            for n, line in enumerate(source.splitlines(), 1)
            if (h := _TABLE.match(line)) and h.group(2) == key
        ]
        return headers[0] if headers else best
    return best


def _split(where: tuple[Any, ...]) -> tuple[str, str | None, int | None]:
    """(table, key in it, index of an array of tables) of a location in the schema."""
    if not where:
        return "", None, None
    if len(where) == 1:
        return "", str(where[0]), None
    head, second, *rest = where
    if isinstance(second, int):
        return str(head), (str(rest[0]) if rest else None), second
    if head in ("limits", "steps"):
        return str(head), str(second), None
    return "", str(head), None
