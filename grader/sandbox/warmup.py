"""A job a waiting child runs on itself before it gets a real one.

The child is forked from the zygote before a job arrives; running the harness once makes it
take its copy-on-write page faults and warm its caches while idle, off the critical path. With
no setup to warm on, the job is a canned one of our own numbers. With the setup of the challenge
the grader expects next (the one it last graded), every call of that setup is run with our own
stand-in functions: the setup's objects, the harness and the usual NumPy paths are then warm.
Nothing of any reference is in either: the stand-ins only normalise and rectify.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from grader.sandbox import harness
from grader.wire import (
    ARRAY_ALIGN,
    KEY_LENGTH,
    Job,
    decode_request,
    encode_answer,
    encode_job,
    encode_job_array,
)

SOURCE = """
import numpy as np

def f(x, w):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    y = (x - mean) / np.sqrt(var + 1e-5)
    z = np.maximum(0, y @ w) + np.exp(-np.abs(y)).sum(axis=0)
    return z / z.std()
"""


def job() -> tuple[bytes, bytes]:
    """The canned job and its argument memory."""
    rng = np.random.default_rng(0)
    first, first_data = encode_job_array(rng.standard_normal((4, 6)), 0)
    second, second_data = encode_job_array(rng.standard_normal((6, 6)), len(first_data))
    header = {
        "source": SOURCE,
        "required": ["f"],
        "calls": [{"function": "f", "args": [{"array": 0}, {"array": 1}], "kwargs": {}}] * 2,
        "arrays": [first, second],
        "max_output_elements": 1 << 20,
    }
    return encode_job(header, b""), first_data + second_data


CANNED, CANNED_ARGUMENTS = job()
WARM_KEY = "w" * KEY_LENGTH


STAND_IN = """
import numpy as np

def _stand_in(*args, **kwargs):
    given = (*args, *kwargs.values())
    X = np.asarray(next((a for a in given if isinstance(a, np.ndarray) and a.ndim), np.ones(2)), dtype=float)
    mean = X.mean(axis=-1, keepdims=True)
    Y = (X - mean) / np.sqrt(X.var(axis=-1, keepdims=True) + 1e-5)
    for value in given:
        if callable(value):
            Y = np.asarray(value(Y), dtype=float)
    return np.maximum(0, Y @ np.eye(Y.shape[-1]))
"""


def stand_in_source(required: list[str]) -> str:
    return STAND_IN + "".join(f"\n{name} = _stand_in" for name in required)


@dataclass(frozen=True)
class Plan:
    """What a waiting child warms up on: nothing when its grader is busy (the job would wait
    for the warm-up, and the CPU is better spent grading), else a setup, else the canned job."""

    wanted: bool = True
    setup: harness.Setup | None = None


def run(plan: Plan) -> None:
    """Warm up as planned. A failed warm-up only costs speed."""
    try:
        if not plan.wanted:
            return
        if plan.setup is None:
            harness.run(CANNED, _discard, bytearray(CANNED_ARGUMENTS), echo)
            return
        job = Job(b"", WARM_KEY, stand_in_source(plan.setup.header["required"]))
        memory = bytearray(memory_size(plan.setup.header["arrays"]))
        harness.run(job.reference(), _discard, memory, echo, {WARM_KEY: plan.setup})
    except Exception:  # noqa: BLE001, S110 nothing to report: the child is still fit for its job
        pass


def _discard(_: bytes) -> None:
    pass


def echo(request: bytes) -> bytes:
    """A stand-in's helper: its argument back (the real ones are the parent's)."""
    _, _, arguments = decode_request(request, 1 << 20)
    return encode_answer(arguments[0])


def memory_size(arrays: list[dict[str, Any]]) -> int:
    """Room for every array of a setup: zeros stand in for the argument memory."""
    ends = [int(a["offset"]) + int(np.dtype(a["dtype"]).itemsize) * math.prod(a["shape"]) for a in arrays]
    return int(max([ARRAY_ALIGN, *ends]))
