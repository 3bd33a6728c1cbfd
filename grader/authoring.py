"""What a challenge folder writes its hidden tests and known mistakes with."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from grader.calls import Call, Helper, Own, call, own
from grader.errormodel import Choice, ErrorModel, Point
from grader.report import CallOutcome
from grader.text import Text, text

__all__ = [
    "Call",
    "Choice",
    "ErrorModel",
    "Helper",
    "HiddenTest",
    "Mistake",
    "Observed",
    "Own",
    "Point",
    "Text",
    "Verdict",
    "call",
    "fail",
    "own",
    "passed",
    "text",
]

# The most a submission that breaks its lesson's promise may score: a promise test carries the
# rest, so failing it alone leaves this much whatever else passes (docs/challenges.md).
PROMISE_CAP = 60


@dataclass(frozen=True)
class Verdict:
    passed: bool
    detail: Text | None = None
    show_hint: bool = True  # False when the test could not judge anything: the hint would mislead
    raised: bool = False  # the student's code raised: its cause is told once, not in every test
    ran: bool = True  # False: a call never ran (a missing function, a run stopped early)


def passed() -> Verdict:
    return Verdict(True)


def fail(detail: Text | None = None) -> Verdict:
    return Verdict(False, detail)


@dataclass(frozen=True)
class Observed:
    """A test's calls with what the student's code and the reference gave back.

    A check only runs once every call of its test returned what its function declares (one
    array, or a tuple of `parts` arrays), so `out(i, part)` is safe for every part.
    """

    calls: tuple[Call, ...]
    student: tuple[CallOutcome, ...]
    expected: tuple[CallOutcome, ...]
    names: tuple[tuple[str, ...], ...] = ()  # per call, the names its function gives its arrays

    def name(self, index: int, part: int) -> str | None:
        """The declared name of array `part` of call `index`'s result, if it has one."""
        names = self.names[index] if index < len(self.names) else ()
        return names[part] if part < len(names) else None

    def parts(self, index: int = 0) -> int:
        """How many arrays call `index` returns: 1, or the length of its tuple."""
        return len(self.expected[index].outputs)

    def out(self, index: int = 0, part: int = 0) -> np.ndarray:
        return self.student[index].outputs[part].astype(np.float64)

    def exp(self, index: int = 0, part: int = 0) -> np.ndarray:
        return self.expected[index].outputs[part].astype(np.float64)


Check = Callable[[Observed], Verdict]


@dataclass(frozen=True)
class HiddenTest:
    """One hidden test: the calls it makes, how they are judged, and what it says.

    `title` says what is being checked. `hint` names the misconception the test was written
    for, in the lesson's terms; it is shown only when the diagnosis or the localisation points
    to that misconception (a hint about a mistake the student did not make misleads).
    """

    id: str
    category: str
    points: int
    title: Text
    hint: Text
    calls: tuple[Call, ...]
    check: Check
    # The error model's points this test is about (a sublayer, the mask): when a diagnosis
    # reproduces its failure both with and without a mistake there, the story names that one.
    part: tuple[str, ...] = ()
    # The lesson's central promise (a row touched moves no other row; the future moves nothing
    # before it), computed with the student's own pieces together: weighted so that failing it
    # alone leaves at most PROMISE_CAP, which the challenge checks when it loads.
    promise: bool = False

    def __post_init__(self) -> None:
        if not self.calls:
            raise ValueError(f"test {self.id} makes no call")


@dataclass(frozen=True)
class Mistake:
    """A known wrong variant: `code` redefines some of the reference's functions.

    The variant is the reference's source followed by `code`, so it reads like a student's file.
    """

    id: str
    message: Text
    code: str
    functions: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        tree = ast.parse(self.code)
        names = tuple(n.name for n in tree.body if isinstance(n, ast.FunctionDef))
        object.__setattr__(self, "functions", names)
