"""A helper may take several arrays (the decoder's cross-attention takes H and the memory): each is
framed on its own, counted and kept by the parent's desk, and a request framed otherwise is refused."""

from __future__ import annotations

import struct

import numpy as np
import pytest

from grader.grade import Grader
from grader.wire import (
    ANSWER_ERROR,
    ANSWER_OK,
    MAX_HELPER_ARGUMENTS,
    REQUEST,
    WireError,
    decode_arguments,
    encode_request,
)
from tests.sandbox.conftest import Attack

BLOCK = """
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + CROSS, p["gamma2"], p["beta2"])
    F = np.maximum(0.0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
"""


def _cross_call(grader: Grader) -> tuple[int, np.ndarray, np.ndarray]:
    prepared = grader.prepared("bloque_decoder")
    index = next(i for i, c in enumerate(prepared.calls) if c.function == "bloque_decoder")
    Y, memoria = prepared.calls[index].args[0], prepared.calls[index].args[1]
    assert isinstance(Y, np.ndarray)
    assert isinstance(memoria, np.ndarray)
    return index, Y, memoria


def test_two_arrays_reach_the_helper_and_both_are_kept(grader: Grader) -> None:
    index, Y, memoria = _cross_call(grader)
    desk = grader.prepared("bloque_decoder").new_desk()
    assert desk is not None
    answer = desk.answer(encode_request(index, 1, Y, memoria))
    assert answer[0] == ANSWER_OK
    record = desk.calls[(index, 1)]
    assert record.count == 1
    assert [a.shape for a in record.inputs] == [Y.shape, memoria.shape]


@pytest.mark.parametrize(
    "tail",
    [
        struct.pack("<I", 1 << 20),  # a length past the request's end
        struct.pack("<I", 3) + b"\x00\x01",  # an argument cut short
        b"\x01\x02",  # a length cut short
        b"",  # no argument at all
    ],
    ids=["length-past-the-end", "argument-cut", "length-cut", "none"],
)
def test_a_request_framed_otherwise_is_refused_and_counted(grader: Grader, tail: bytes) -> None:
    index, _, _ = _cross_call(grader)
    desk = grader.prepared("bloque_decoder").new_desk()
    assert desk is not None
    assert desk.answer(REQUEST.pack(index, 1) + tail)[0] == ANSWER_ERROR
    assert desk.calls[(index, 1)].count == 1
    with pytest.raises(WireError):
        decode_arguments(tail, 1 << 20)


def test_more_arrays_than_a_helper_takes_are_refused(grader: Grader) -> None:
    index, Y, _ = _cross_call(grader)
    desk = grader.prepared("bloque_decoder").new_desk()
    assert desk is not None
    assert desk.answer(encode_request(index, 1, *[Y] * (MAX_HELPER_ARGUMENTS + 1)))[0] == ANSWER_ERROR
    assert len(desk.calls[(index, 1)].inputs) <= MAX_HELPER_ARGUMENTS


@pytest.mark.parametrize(
    ("cross", "error"),
    [
        ("atencion_cruzada(H1, memoria, memoria)", "TypeError"),  # a third array: the helper's own error
        ("atencion_cruzada(H1)", "TypeError"),
        ("atencion_cruzada(H1, None)", "ValueError"),  # no array: refused by the desk
    ],
)
def test_a_cross_attention_called_otherwise_raises_in_the_students_code(
    attack: Attack, cross: str, error: str
) -> None:
    result = attack.grade(BLOCK.replace("CROSS", cross), challenge="bloque_decoder")
    block_tests = [t for t in result.tests if not t.id.startswith("ln_")]
    assert block_tests, result
    assert all(not t.passed for t in block_tests), result
    assert any(error in t.message for t in block_tests), result


def test_the_right_block_through_the_sandbox_scores_100(attack: Attack) -> None:
    result = attack.grade(BLOCK.replace("CROSS", "atencion_cruzada(H1, memoria)"), challenge="bloque_decoder")
    assert result.score == 100, result
