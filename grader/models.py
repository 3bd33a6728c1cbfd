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


class Diagnosis(BaseModel):
    id: str
    message: str


class GradingError(BaseModel):
    kind: ErrorKind
    message: str
    line: int | None = None


class Result(BaseModel):
    challenge: str
    status: Literal["done", "error"]
    score: float = Field(ge=0, le=100)
    points: int
    max_points: int
    tests: list[HiddenTestResult]
    diagnoses: list[Diagnosis]
    error: GradingError | None = None
    stdout: str = ""
    grading_ms: float
