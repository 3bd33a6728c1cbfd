"""The parent's side of the helpers a student's code calls: it answers, counts and remembers.

A helper (the attention `bloque` receives) never runs in the child: the child holds a stub that
sends its argument here, filed under its call and slot. Each call's helper keeps its parameters
here (the weights never enter the child), so the only way to get a call's attention is to ask
for it under that call, where it is counted and its argument kept. A request filed under
another call gets that call's value, useless to the call it was made from.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grader.calls import Helper
from grader.wire import (
    MAX_REQUEST,
    REQUEST,
    WireError,
    decode_arguments,
    encode_answer,
    encode_refusal,
)

MAX_LOGGED = 4  # argument arrays kept per helper of a call (every argument of each call, in turn)
MAX_ANSWERS = 1024  # values computed per run; later requests are counted and refused
ARGUMENT_FACTOR = 4  # a helper takes arguments up to this many times the largest input array


@dataclass
class HelperCalls:
    """How one call's helper was called: how often, and its first argument arrays (as float64),
    each call's arguments in order (a two-argument helper called once keeps two)."""

    count: int = 0
    inputs: list[np.ndarray] = field(default_factory=list)


def load_functions(source: str) -> dict[str, Callable[..., Any]]:
    """The functions of a challenge's helper source (public, trusted code), by name."""
    namespace: dict[str, Any] = {"__name__": "ayudas"}
    exec(compile(source, "<ayudas>", "exec"), namespace)  # noqa: S102 trusted helpers
    return {name: value for name, value in namespace.items() if callable(value)}


class HelperDesk:
    """Answers one run's helper requests. One per run; `reset` before a retried run."""

    def __init__(
        self,
        functions: Mapping[str, Callable[..., Any]],
        helpers: Sequence[Sequence[Helper]],
        max_elements: int,
        known: dict[bytes, bytes] | None = None,
        learn: bool = False,
    ) -> None:
        """`helpers[call][slot]`: the helpers each call passes; `max_elements`: the largest
        argument the desk computes a value for. `known`: answers already computed, by request
        (the reference asks what a right solution asks: those answers are reused, not
        recomputed); `learn`: add this run's answers to it (trusted runs only, so it stays
        bounded)."""
        self.functions = functions
        self.helpers = helpers
        self.max_elements = max_elements
        self.known = known if known is not None else {}
        self.learn = learn
        self.calls: dict[tuple[int, int], HelperCalls] = {}
        self.answered = 0

    def reset(self) -> None:
        self.calls = {}
        self.answered = 0

    def answer(self, request: bytes) -> bytes:
        if len(request) < REQUEST.size:
            return encode_refusal("ValueError: not a helper request")
        call, slot = REQUEST.unpack_from(request)
        if not (call < len(self.helpers) and slot < len(self.helpers[call])):
            return encode_refusal("ValueError: no such helper")
        record = self.calls.setdefault((call, slot), HelperCalls())
        record.count += 1
        try:
            arguments = decode_arguments(memoryview(request)[REQUEST.size :], self.max_elements)
        except (WireError, ValueError, struct.error):
            arguments = (np.zeros((0,)),)
        for argument in arguments:  # each argument of each call, in order, up to MAX_LOGGED
            if len(record.inputs) < MAX_LOGGED:
                record.inputs.append(argument.astype(np.float64))
        self.answered += 1
        if any(a.size == 0 for a in arguments) or self.answered > MAX_ANSWERS:
            return encode_refusal("ValueError: the helper takes arrays like the ones it is given")
        known = self.known.get(request)
        if known is not None:
            return known
        answer = self._value(self.helpers[call][slot], arguments)
        if self.learn:
            self.known[request] = answer
        return answer

    def _value(self, helper: Helper, arguments: tuple[np.ndarray, ...]) -> bytes:
        try:
            with np.errstate(all="ignore"):
                value = np.asarray(self.functions[helper.name](*arguments, **helper.params))
        except Exception as error:  # noqa: BLE001 the helper's own error on a bad argument, as the student's
            return encode_refusal(f"{type(error).__name__}: {error}")
        if value.dtype.kind not in "fiub" or value.nbytes > MAX_REQUEST // 2:
            return encode_refusal("ValueError: the helper gave no array")
        return encode_answer(value)


def desk_limit(arrays: Sequence[np.ndarray]) -> int:
    """The largest argument a helper computes on: a few times the challenge's largest input."""
    return ARGUMENT_FACTOR * max((a.size for a in arrays), default=1)
