"""Run trusted programs (the error model's) on hidden calls in the parent, one call at a time.

The child's harness encodes a report that the parent then decodes; for the thousands of programs
an error model makes, that round trip costs more than the calls themselves. Here the program is
loaded once and each call is answered straight into a `CallOutcome` observed the same way the
harness observes a student's: the arrays returned (float32 kept, anything else as float64), the
arguments it changed, how its helper functions were called.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from grader.calls import Arg, Call, Helper, Own
from grader.report import CallOutcome, StudentError
from grader.wire import MAX_HELPER_ARGUMENTS

MAX_HELPER_LOG = 4  # as the harness: the first inputs of each helper are kept


class _Logged:
    def __init__(self, function: Callable[..., Any], params: dict[str, Any]) -> None:
        self.function = function
        self.params = params
        self.count = 0
        self.inputs: list[np.ndarray] = []

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.count += 1
        given = (*args, *kwargs.values())
        arguments = [_logged(a) for a in given] if 0 < len(given) <= MAX_HELPER_ARGUMENTS else [_NONE]
        for argument in arguments:  # as the desk keeps them: each argument in turn
            if len(self.inputs) < MAX_HELPER_LOG:
                self.inputs.append(argument)
        if any(a.size == 0 for a in arguments):
            raise ValueError("the helper takes arrays like the ones it is given")
        return self.function(*args, **kwargs, **self.params)


_NONE = np.zeros((0,))


def _logged(value: Any) -> np.ndarray:
    """An argument as the desk keeps it: a float64 copy, or empty where it is no numeric array."""
    try:
        array = np.asarray(value)
    except Exception:  # noqa: BLE001 a value no array can be made of is kept as none
        return _NONE
    if array.dtype.kind not in "fiub":
        return _NONE
    return np.array(array, dtype=np.float64, copy=True)


class _Arguments:
    """A call's arguments built fresh, remembering the arrays handed over and the helpers; the
    value of one of the program's own functions computed where the call is given it."""

    def __init__(self, helpers: dict[str, Any], namespace: dict[str, Any]) -> None:
        self.helpers = helpers
        self.namespace = namespace
        self.arrays: list[tuple[np.ndarray, np.ndarray]] = []
        self.logged: list[_Logged] = []

    def build(self, value: Arg, track: bool = True) -> Any:
        if isinstance(value, np.ndarray):
            given = value.copy()
            if track:
                self.arrays.append((given, value))
            return given
        if isinstance(value, Helper):
            params = {k: self.build(v, track=False) for k, v in value.params.items()}
            logged = _Logged(self.helpers[value.name], params)
            self.logged.append(logged)
            return logged
        if isinstance(value, Own):
            return self.namespace[value.function](*value.args)
        if isinstance(value, dict):
            return {k: self.build(v, track) for k, v in value.items()}
        return value


def _as_output(value: Any) -> np.ndarray | None:
    if not isinstance(value, np.ndarray | np.generic):
        return None
    array = np.asarray(value)
    if array.dtype.kind not in "fiub":
        return None
    return array.astype(np.float32 if array.dtype == np.float32 else np.float64)


def _outcome(value: Any) -> CallOutcome:
    if isinstance(value, tuple | list):
        items = [_as_output(v) for v in value]
        if items and all(i is not None for i in items):
            return CallOutcome(outputs=tuple(i for i in items if i is not None), as_tuple=True, done=True)
        return CallOutcome(not_array=type(value).__name__, done=True)
    array = _as_output(value)
    if array is None:
        return CallOutcome(not_array=type(value).__name__, done=True)
    return CallOutcome(outputs=(array,), done=True)


class _InFloat32:
    """NumPy for a program that should compute in float32 as a student's code did: what a
    function makes in float64 from no float64 array (`np.sqrt(d)`, `np.full(..., -np.inf)`) is
    given in float32, so the program's arrays stay in the precision of its float32 arguments."""

    def __init__(self, numpy: Any) -> None:
        self._numpy = numpy

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._numpy, name)
        if not callable(found) or (isinstance(found, type) and not issubclass(found, np.generic)):
            return found
        return _narrowing(found)


def _narrowing(function: Callable[..., Any]) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        value = function(*args, **kwargs)
        wide = any(isinstance(a, np.ndarray) and a.dtype == np.float64 for a in (*args, *kwargs.values()))
        if not wide and isinstance(value, np.ndarray | np.floating) and value.dtype == np.float64:
            return value.astype(np.float32)
        return value

    return call


@functools.lru_cache(maxsize=8)
def _compiled_helpers(source: str) -> Any:
    """A challenge's helpers, compiled once: every program of its error model runs them."""
    return compile(source, "<ayudas>", "exec")


class Program:
    """A trusted program, loaded once, answering hidden calls as a student's code would;
    `in_float32`: computing in float32 what it is given in float32."""

    def __init__(self, source: str, helpers_source: str, in_float32: bool = False) -> None:
        self.namespace: dict[str, Any] = {"__name__": "modelo"}
        exec(compile(source, "<modelo>", "exec"), self.namespace)  # noqa: S102 trusted challenge
        if in_float32 and self.namespace.get("np") is np:
            self.namespace["np"] = _InFloat32(np)
        self.helpers: dict[str, Any] = {"__name__": "ayudas"}
        exec(_compiled_helpers(helpers_source), self.helpers)  # noqa: S102 trusted challenge

    def answer(self, call: Call) -> CallOutcome:
        arguments = _Arguments(self.helpers, self.namespace)
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                args = [arguments.build(a) for a in call.args]
                kwargs = {k: arguments.build(v) for k, v in call.kwargs.items()}
                outcome = _outcome(self.namespace[call.function](*args, **kwargs))
            except Exception as error:  # noqa: BLE001 whatever a mistake's program raises is its outcome
                outcome = CallOutcome(
                    error=StudentError(type(error).__name__, str(error)[:400], None), done=True
                )
        for slot, (given, sent) in enumerate(arguments.arrays):
            if given.shape != sent.shape or given.dtype != sent.dtype or given.tobytes() != sent.tobytes():
                outcome.args_after[slot] = np.asarray(given, dtype=np.float64)
        for slot, logged in enumerate(arguments.logged):
            outcome.helper_counts[slot] = logged.count
            if logged.inputs:
                outcome.helper_inputs[slot] = logged.inputs
        return outcome
