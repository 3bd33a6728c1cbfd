"""Attacks that hide a side effect: an argument changed, a helper called twice.

Each submission below does the wrong thing for real (it changes the caller's arrays, or calls
`atencion` twice) and then tries to keep the grader from seeing it, from inside the child:
patching the harness, rewriting what it reports, forging the count. The parent judges both from
what it sees itself (the argument memory it owns, the calls its own proxy answered), so the
test that checks the side effect fails whatever the child does, and the score stays below 100.
"""

from __future__ import annotations

import numpy as np

from grader.challenge import Challenge
from grader.desk import load_functions
from grader.grade import Grader
from grader.models import Result
from grader.sandbox import PlainSandbox
from grader.wire import ANSWER_ERROR, decode_array, encode_request
from tests.sandbox.conftest import Attack

# layer_norm that normalises its input in place (tests/corpora/layer_norm/catalogue/in_place.py).
IN_PLACE_LAYER_NORM = """
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    X -= X.mean(axis=1, keepdims=True)
    X /= np.sqrt(X.var(axis=1, keepdims=True) + eps)
    return X * gamma + beta
"""

LAYER_NORM = """
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
"""

# The right block, but `X += atencion(X)` changes the caller's X.
BLOCK_CHANGING_X = (
    LAYER_NORM
    + """
def bloque(X, atencion, p):
    X += atencion(X)
    H = layer_norm(X, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
"""
)

# The right block, but atencion is called twice on the same X.
BLOCK_CALLING_TWICE = (
    LAYER_NORM
    + """
def bloque(X, atencion, p):
    atencion(X)
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
"""
)

HARNESS = 'import sys\nharness = sys.modules["grader.sandbox.inside.harness"]\n'


def failed(result: Result) -> set[str]:
    return {t.id for t in result.tests if not t.passed}


def assert_seen(result: Result, test_id: str) -> None:
    """The side effect was seen: its test failed, so the score is below 100."""
    assert test_id in failed(result), result
    assert result.score < 100, result


def test_the_hidden_side_effects_are_seen_when_nothing_hides_them(attack: Attack) -> None:
    changing = attack.grade(BLOCK_CHANGING_X, challenge="bloque")
    assert failed(changing) == {"block_inputs_untouched"}, changing
    twice = attack.grade(BLOCK_CALLING_TWICE, challenge="bloque")
    assert failed(twice) == {"attention_once_on_input"}, twice


def test_patching_the_comparison_of_arguments(attack: Attack) -> None:
    """The issue's reproduction: layer_norm in place, and the harness told nothing changed."""
    code = HARNESS + "harness._changed = lambda array, sent: False\n" + IN_PLACE_LAYER_NORM
    assert_seen(attack.grade(code), "inputs_untouched")


def test_patching_the_comparison_through_a_function_globals(attack: Attack) -> None:
    """No sys.modules: the harness's globals reached through the helper handed to bloque."""
    code = BLOCK_CHANGING_X.replace(
        "    X += atencion(X)\n",
        "    for name in ('__call__', '__init__'):\n"
        "        method = getattr(type(atencion), name, None)\n"
        "        if hasattr(method, '__globals__'):\n"
        "            method.__globals__['_changed'] = lambda array, sent: False\n"
        "    X += atencion(X)\n",
    )
    assert_seen(attack.grade(code, challenge="bloque"), "block_inputs_untouched")


def test_dropping_the_records_of_changed_arguments(attack: Attack) -> None:
    code = (
        HARNESS
        + """
from grader.wire import Tag
real_encode_record = harness.encode_record

def encode_record(tag, call, payload=b""):
    if tag == Tag.ARG_AFTER:
        return b""
    return real_encode_record(tag, call, payload)

harness.encode_record = encode_record
"""
        + BLOCK_CHANGING_X
    )
    assert_seen(attack.grade(code, challenge="bloque"), "block_inputs_untouched")


def test_restoring_the_copies_the_harness_compares_with(attack: Attack) -> None:
    """Make the harness's 'as sent' copies equal the changed arrays."""
    code = "import gc\n" + BLOCK_CHANGING_X.replace(
        "    H = layer_norm(X,",
        "    for found in gc.get_objects():\n"
        "        slots = getattr(found, 'array_slots', None)\n"
        "        if isinstance(slots, list):\n"
        "            slots[:] = [(given, given) for given, _ in slots]\n"
        "    H = layer_norm(X,",
    )
    assert_seen(attack.grade(code, challenge="bloque"), "block_inputs_untouched")


def test_rewriting_the_sent_arrays_in_place(attack: Attack) -> None:
    """Write the change into every other array that still holds the caller's X, wherever it lives."""
    code = "import ctypes, gc\n" + BLOCK_CHANGING_X.replace(
        "    X += atencion(X)\n",
        "    before = X.copy()\n"
        "    X += atencion(X)\n"
        "    for found in gc.get_objects():\n"
        "        if not isinstance(found, (list, tuple)):\n"
        "            continue\n"
        "        for item in found:\n"
        "            if isinstance(item, np.ndarray) and item is not X and item.shape == X.shape:\n"
        "                if np.array_equal(item, before):\n"
        "                    ctypes.memmove(item.ctypes.data, X.ctypes.data, X.nbytes)\n",
    )
    assert_seen(attack.grade(code, challenge="bloque"), "block_inputs_untouched")


def test_forging_the_count_on_the_helper(attack: Attack) -> None:
    code = BLOCK_CALLING_TWICE.replace("    H = layer_norm", "    atencion.count = 1\n    H = layer_norm", 1)
    code = code.replace(
        "    F = np.maximum",
        "    if hasattr(atencion, 'count'):\n        atencion.count = 1\n    F = np.maximum",
    )
    assert_seen(attack.grade(code, challenge="bloque"), "attention_once_on_input")


def test_replacing_the_function_that_records_calls(attack: Attack) -> None:
    """The class of the helper handed to bloque now counts every call as the first."""
    code = BLOCK_CALLING_TWICE.replace(
        "    atencion(X)\n",
        "    def once(self, *args, **kwargs):\n"
        "        self.count = 0\n"
        "        return real_call(self, *args, **kwargs)\n"
        "    real_call = type(atencion).__call__\n"
        "    type(atencion).__call__ = once\n"
        "    atencion(X)\n",
    )
    assert_seen(attack.grade(code, challenge="bloque"), "attention_once_on_input")


def test_calling_the_helper_behind_its_counter(attack: Attack) -> None:
    """The second attention through the wrapped function and its weights, not through the wrapper."""
    code = BLOCK_CALLING_TWICE.replace(
        "    atencion(X)\n",
        "    inner = getattr(atencion, 'function', None)\n"
        "    if inner is not None:\n"
        "        inner(X, **atencion.params)\n"
        "    else:\n"
        "        atencion(X)\n",
    )
    assert_seen(attack.grade(code, challenge="bloque"), "attention_once_on_input")


def test_calling_a_copy_of_the_helper(attack: Attack) -> None:
    code = "import copy\n" + BLOCK_CALLING_TWICE.replace("    atencion(X)\n", "    copy.copy(atencion)(X)\n")
    assert_seen(attack.grade(code, challenge="bloque"), "attention_once_on_input")


def test_rewriting_the_count_in_the_shared_report(attack: Attack) -> None:
    """Find earlier calls' count records in the report's memory and make them say 1."""
    code = """
import gc, struct
from grader.wire import RECORD_HEADER, REPORT_COUNT, Tag

def rewrite_counts():
    for report in gc.get_objects():
        if type(report).__name__ != "_SharedReport":
            continue
        memory = report.memory
        position = REPORT_COUNT.size
        end = REPORT_COUNT.size + report.used
        while position + RECORD_HEADER.size <= end:
            tag, call, length = RECORD_HEADER.unpack_from(memory, position)
            start = position + RECORD_HEADER.size
            if tag == Tag.HELPER_COUNT:
                slot, count = struct.unpack_from("<HI", memory, start)
                struct.pack_into("<HI", memory, start, slot, 1)
            position = start + length
""" + BLOCK_CALLING_TWICE.replace("    atencion(X)\n", "    rewrite_counts()\n    atencion(X)\n")
    assert_seen(attack.grade(code, challenge="bloque"), "attention_once_on_input")


def test_forging_count_records_for_the_parent(attack: Attack) -> None:
    """Write a count of 1 and the block's X after the harness's own records for each call."""
    code = (
        HARNESS
        + """
import struct
from grader.wire import Tag
real_encode_record = harness.encode_record

def encode_record(tag, call, payload=b""):
    if tag == Tag.HELPER_COUNT:
        slot, _ = struct.unpack("<HI", payload)
        payload = struct.pack("<HI", slot, 1)
    return real_encode_record(tag, call, payload)

harness.encode_record = encode_record
"""
        + BLOCK_CALLING_TWICE
    )
    assert_seen(attack.grade(code, challenge="bloque"), "attention_once_on_input")


def test_forged_helper_records_are_refused(attack: Attack) -> None:
    """The count records the child once wrote are no longer believed: writing one is a lie."""
    code = """
import gc, struct
from grader.wire import encode_record

def forge(call):
    for report in gc.get_objects():
        if type(report).__name__ == "_SharedReport":
            report.write(encode_record(9, call, struct.pack("<HI", 0, 1)))
""" + BLOCK_CALLING_TWICE.replace("    atencion(X)\n", "    forge(0)\n    atencion(X)\n")
    result = attack.grade(code, challenge="bloque")
    assert result.score == 0
    assert result.error is not None
    assert result.error.kind == "protocol"


def test_a_child_that_never_takes_its_answers(attack: Attack) -> None:
    """Thousands of helper requests on the socket, no answer read: the parent stops serving
    that child instead of waiting on it, and the grading ends on its own terms."""
    code = BLOCK_CALLING_TWICE.replace(
        "    atencion(X)\n",
        "    import os\n"
        "    from grader.wire import encode_request\n"
        "    request = encode_request(0, 0, X)\n"
        "    for _ in range(20000):\n"
        "        try:\n"
        "            os.write(6, request)\n"
        "        except OSError:\n"
        "            break\n",
    )
    result = attack.grade(code, challenge="bloque")
    assert result.score < 100
    assert result.error is None or result.error.kind != "timeout", result


def test_the_weights_never_enter_the_child(grader: Grader) -> None:
    """No parameter of a helper is in anything the child receives: job, setup, argument memory."""
    prepared = grader.prepared("bloque")
    sent = prepared.job("x = 1").whole() + prepared.setup + prepared.layout.image
    weights = [value for helpers in prepared.helpers for h in helpers for value in h.params.values()]
    assert weights
    for value in weights:
        assert isinstance(value, np.ndarray)
        assert not value.any() or value.tobytes() not in sent  # a silenced Wo is all zeros


def test_a_request_counts_under_the_call_it_names_and_gets_that_calls_value(grader: Grader) -> None:
    """Filing a request under another call buys nothing: it counts there, with those weights."""
    prepared = grader.prepared("bloque")
    first, other = [i for i, helpers in enumerate(prepared.helpers) if helpers][:2]
    X = prepared.calls[first].array_args()[0]
    desk = prepared.new_desk()
    assert desk is not None
    own = desk.answer(encode_request(first, 0, X))
    elsewhere = desk.answer(encode_request(other, 0, X))
    functions = load_functions(prepared.challenge.helpers_source)
    helper = prepared.helpers[first][0]
    assert decode_array(own[1:], 1 << 20).tolist() == functions[helper.name](X, **helper.params).tolist()
    assert own != elsewhere
    assert {key: record.count for key, record in desk.calls.items()} == {(first, 0): 1, (other, 0): 1}


def test_the_desk_counts_what_it_refuses(grader: Grader) -> None:
    prepared = grader.prepared("bloque")
    call = next(i for i, helpers in enumerate(prepared.helpers) if helpers)
    desk = prepared.new_desk()
    assert desk is not None
    huge = np.zeros((desk.max_elements + 1,))
    for request in (encode_request(call, 0, huge), encode_request(call, 0, np.zeros(0)), b"\x00"):
        assert desk.answer(request)[0] == ANSWER_ERROR
    assert desk.answer(encode_request(len(prepared.calls), 0, np.ones((2, 8))))[0] == ANSWER_ERROR
    assert desk.calls[(call, 0)].count == 2
    assert len(desk.calls) == 1


def test_a_helper_called_on_the_wrong_shape_raises_in_the_students_code(attack: Attack) -> None:
    """The parent's error comes back as the helper's own, on the student's line."""
    code = BLOCK_CALLING_TWICE.replace("    atencion(X)\n", "    atencion(X[:, :3])\n")
    result = attack.grade(code, challenge="bloque")
    block_tests = [t for t in result.tests if not t.id.startswith("ln_")]
    assert block_tests, result
    assert all(not t.passed and "ValueError" in t.message for t in block_tests), result


def test_the_plain_sandbox_sees_the_same(challenges: dict[str, Challenge]) -> None:
    """The naive sandbox (a fresh interpreter per job) serves the desk and reads the arguments
    back the same way: the reference scores 100, the hidden side effects are seen."""
    plain = Grader({"bloque": challenges["bloque"]}, PlainSandbox())
    assert plain.grade("bloque", challenges["bloque"].reference_source).score == 100
    hidden = HARNESS + "harness._changed = lambda array, sent: False\n" + BLOCK_CHANGING_X
    assert failed(plain.grade("bloque", hidden)) == {"block_inputs_untouched"}
    assert failed(plain.grade("bloque", BLOCK_CALLING_TWICE)) == {"attention_once_on_input"}
