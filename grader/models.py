"""The Result of a grading: the public object of `autograder grade --json` and of the API."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

ErrorKind = Literal[
    "syntax",
    "missing_function",
    "import",
    "timeout",
    "memory",
    "crash",
    "output",
    "forbidden",
    "too_large",
    "encoding",
    "protocol",
    "internal",
]


class HiddenTestResult(BaseModel):
    id: str
    category: str
    passed: bool
    points: int
    max_points: int
    message: str
    explained_by: list[str] = Field(
        default_factory=list, description="ids of the diagnoses or causes this failure is part of"
    )


class Diagnosis(BaseModel):
    id: str
    message: str
    explains: list[str] = Field(default_factory=list, description="ids of the failed tests it accounts for")


class Cause(BaseModel):
    """Why calls raised, told once: the operands of a matrix product, a missing keepdims..."""

    id: str
    message: str
    explains: list[str] = Field(default_factory=list)
    original: str | None = Field(
        default=None, description="the exception as Python or NumPy wrote it (type: message), untranslated"
    )


class Localisation(BaseModel):
    """Where the student's computation leaves the lesson's, found from its values line by line."""

    function: str
    line: int = Field(description="the line of the student's file where its values part from the lesson's")
    code: str = Field(description="that line, as the student wrote it")
    message: str
    step: str | None = Field(
        default=None,
        description="the lesson's step that line computes, by its name in the challenge's [steps] "
        "(`mu`, `x_hat`, `return`); none when no step corresponds (the message then says what the "
        "line feeds)",
    )


class GradingError(BaseModel):
    kind: ErrorKind
    message: str
    line: int | None = None
    original: str | None = Field(
        default=None, description="the interpreter's own message, untranslated, when the error came from one"
    )


class Result(BaseModel):
    challenge: str
    status: Literal["done", "error"]
    score: float = Field(ge=0, le=100)
    points: int
    max_points: int
    diagnoses: list[Diagnosis]  # first: one misconception, one story
    causes: list[Cause] = Field(default_factory=list)
    note: str | None = Field(
        default=None, description="said when no known misconception reproduces a wrong function"
    )
    localisation: Localisation | None = Field(
        default=None,
        description="where the values of the student's code leave the lesson's (feedback only: no score depends on it)",
    )
    tests: list[HiddenTestResult]
    error: GradingError | None = None
    stdout: str = ""
    grading_ms: float
