"""Calls to a student's functions, written by the trusted parent and replayed by the child.

A call's arguments are arrays, numbers, dicts of them, a `Helper`: a function of the
challenge's helper source bound to parameters (for instance the attention that `bloque`
receives, with its weights), or an `Own`: what another of the student's functions returns (the
student's causal mask, fed to their attention). A helper stays in the parent: the child gets a
stub that asks the parent for each value, so the parent counts the calls and sees their
arguments, and the parameters never enter the child. An `Own` is computed in the child, by the
student's code, from numbers the parent chose: nothing of the parent's goes with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

import numpy as np

from grader.wire import ARRAY_ALIGN, encode_job_array

Arg = Union[np.ndarray, float, int, bool, None, "Helper", "Own", dict[str, Any]]
Number = float | int | bool | None


@dataclass(frozen=True, eq=False)
class Helper:
    """A function argument built in the child: `name` from the helper source, bound to `params`."""

    name: str
    params: dict[str, Arg] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class Own:
    """What the student's own `function` returns on `args`, handed to the call as an argument:
    the student's pieces computed together, as the lesson promises they work. Its arguments are
    numbers, so the call's arrays (and what it changes in them) stay the parent's to read."""

    function: str
    args: tuple[Number, ...] = ()

    def __post_init__(self) -> None:
        if not all(isinstance(a, float | int | bool) or a is None for a in self.args):
            raise TypeError(f"the arguments of {self.function} handed to another call must be numbers")


def own(function: str, *args: Number) -> Own:
    return Own(function, tuple(args))


@dataclass(frozen=True, eq=False)
class Call:
    function: str
    args: tuple[Arg, ...] = ()
    kwargs: dict[str, Arg] = field(default_factory=dict)

    def array_args(self) -> list[np.ndarray]:
        """Every array argument in slot order: the order the child reports them back."""
        found: list[np.ndarray] = []
        for value in (*self.args, *self.kwargs.values()):
            _collect_arrays(value, found)
        return found

    def helpers(self) -> list[Helper]:
        """Every helper argument in slot order."""
        return [v for v in (*self.args, *self.kwargs.values()) if isinstance(v, Helper)]

    @property
    def functions(self) -> tuple[str, ...]:
        """The student's functions this call runs: its own, then those its arguments come from."""
        given = (v.function for v in (*self.args, *self.kwargs.values()) if isinstance(v, Own))
        return (self.function, *dict.fromkeys(f for f in given if f != self.function))


def call(function: str, *args: Arg, **kwargs: Arg) -> Call:
    return Call(function=function, args=tuple(args), kwargs=dict(kwargs))


def _collect_arrays(value: Arg, found: list[np.ndarray]) -> None:
    if isinstance(value, np.ndarray):
        found.append(value)
    elif isinstance(value, dict):
        for item in value.values():
            _collect_arrays(item, found)


class CallEncoder:
    """Turns calls into the JSON specs of a job and the image of its argument memory.

    Every array argument of every call gets its own place in the image (`arrays`, and per call
    `slots`, in slot order), so the parent can tell which call changed what. Helpers are
    numbered per call in slot order (`helpers[call][slot]`) and stay here.
    """

    def __init__(self) -> None:
        self.arrays: list[dict[str, Any]] = []
        self.image = bytearray()
        self.slots: list[list[int]] = []
        self.helpers: list[list[Helper]] = []

    def encode_calls(self, calls: list[Call]) -> list[dict[str, Any]]:
        specs = []
        for c in calls:
            self.slots.append([])
            self.helpers.append([])
            specs.append(
                {
                    "function": c.function,
                    "args": [self.encode(a) for a in c.args],
                    "kwargs": {k: self.encode(v) for k, v in c.kwargs.items()},
                }
            )
        if not self.image:
            self.image = bytearray(ARRAY_ALIGN)  # a mapping is never empty
        return specs

    def encode(self, value: Arg) -> dict[str, Any]:
        if isinstance(value, np.ndarray):
            self.image += bytes(-len(self.image) % ARRAY_ALIGN)
            spec, data = encode_job_array(value, len(self.image))
            self.arrays.append(spec)
            self.image += data
            self.slots[-1].append(len(self.arrays) - 1)
            return {"array": len(self.arrays) - 1}
        if isinstance(value, Helper):
            self.helpers[-1].append(value)
            return {"helper": value.name, "slot": len(self.helpers[-1]) - 1}
        if isinstance(value, Own):
            return {"own": value.function, "args": [self.encode(a) for a in value.args]}
        if isinstance(value, dict):
            return {"dict": {k: self.encode(v) for k, v in value.items()}}
        if isinstance(value, bool) or value is None:
            return {"const": value}
        if isinstance(value, int | float):
            return {"number": float(value)} if isinstance(value, float) else {"int": value}
        raise TypeError(f"cannot send {type(value).__name__} to the sandbox")
