"""Attacks that try to make the grader believe a wrong answer: none earns a point it should not.

Every submission here returns something wrong (the input unchanged, a fake, nothing) while it
lies about it in some way; the reference would score 100.
"""

from __future__ import annotations

import pytest

from tests.sandbox.conftest import Attack

WRONG = "\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"

# The harness writes its report into memory it shares with the parent: find the writer.
FIND_THE_REPORT = """
import gc
from grader.wire import Tag, encode_array, encode_record
report = next(o for o in gc.get_objects() if type(o).__name__ == "_SharedReport")
"""


def test_monkeypatching_numpy(attack: Attack) -> None:
    code = (
        """
import numpy as np
np.allclose = np.array_equal = np.isclose = lambda *a, **k: True
try:
    np.ndarray.__eq__ = lambda self, other: True
except TypeError:
    pass
np.isfinite = lambda x: np.ones_like(x, dtype=bool)
"""
        + WRONG
    )
    result = attack.grade(code)
    assert result.score < 100
    assert result.error is None
    assert any(not t.passed for t in result.tests)


def test_monkeypatching_the_harness(attack: Attack) -> None:
    code = (
        """
import sys
harness = sys.modules["grader.sandbox.inside.harness"]
wire = sys.modules["grader.wire"]
harness._output_record = lambda call, value, max_elements: b""
wire.encode_array = lambda array: b"\\x00\\x02\\x05\\x00\\x00\\x00\\x08\\x00\\x00\\x00" + bytes(320)
harness.encode_array = wire.encode_array
harness._numeric = lambda value, max_elements: value
"""
        + WRONG
    )
    result = attack.grade(code)
    assert result.score < 100


def test_ndarray_subclass_with_lying_comparisons(attack: Attack) -> None:
    code = """
import numpy as np

class Liar(np.ndarray):
    def __eq__(self, other): return np.ones(np.shape(other), dtype=bool)
    def __ne__(self, other): return np.zeros(np.shape(other), dtype=bool)
    def __array_function__(self, func, types, args, kwargs): return True
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs): return np.zeros(np.shape(inputs[0]))
    def astype(self, *a, **k): return self
    def tobytes(self, *a, **k): return b""
    @property
    def shape(self): return (5, 8)

def layer_norm(X, gamma, beta, eps=1e-5):
    return np.asarray(X).view(Liar)
"""
    result = attack.grade(code)
    assert result.score < 100


@pytest.mark.parametrize(
    "returned",
    [
        "np.array([[None] * X.shape[1]] * X.shape[0], dtype=object)",
        "None",
        "X.tolist()",
        "np.broadcast_to(np.zeros(1), (10**6, 10**4))",
        "np.broadcast_to(beta, X.shape)",
        "np.zeros((10**4, 10**4))",
        "np.full(X.shape, np.nan)",
        "np.full(X.shape, np.inf)",
        "(X - X.mean(axis=1, keepdims=True)).astype(np.complex128) * 1j",
        "np.array(['0.0'] * X.size).reshape(X.shape)",
        "np.zeros(X.shape[1])",
        "X[:, :, None]",
        "np.zeros(X.shape, dtype=[('a', 'f8')])",
    ],
    ids=[
        "object-dtype",
        "none",
        "list",
        "huge-broadcast-view",
        "broadcast-view",
        "huge",
        "nan",
        "inf",
        "complex",
        "strings",
        "broadcastable-shape",
        "extra-axis",
        "structured",
    ],
)
def test_strange_returns(attack: Attack, returned: str) -> None:
    code = f"import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return {returned}\n"
    result = attack.grade(code)
    assert result.score < 50, result


def test_sys_exit_at_import(attack: Attack) -> None:
    result = attack.grade("import sys\nsys.exit(0)\n" + WRONG)
    assert result.score == 0
    assert result.error is not None
    assert result.error.kind == "import"


def test_os_exit_at_import(attack: Attack) -> None:
    result = attack.grade("import os\nos._exit(0)\n" + WRONG)
    assert result.score == 0
    assert result.error is not None
    assert result.error.kind == "crash"


def test_os_exit_inside_the_function(attack: Attack) -> None:
    code = "import os\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    os._exit(0)\n"
    result = attack.grade(code)
    assert result.score == 0
    assert result.error is not None
    assert result.error.kind == "crash"


def test_sys_exit_inside_the_function(attack: Attack) -> None:
    code = "import sys\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    sys.exit(0)\n"
    result = attack.grade(code)
    assert result.score == 0
    assert all("SystemExit" in t.message for t in result.tests)


def test_atexit_tricks(attack: Attack) -> None:
    code = (
        FIND_THE_REPORT
        + """
import atexit, sys
def forge():
    report.write(encode_record(Tag.FINISHED, 0))
    print("atexit ran")
atexit.register(forge)
sys.exitfunc = forge
"""
        + WRONG
    )
    result = attack.grade(code)
    assert result.score < 100
    assert "atexit ran" not in result.stdout


def test_forged_records_to_every_descriptor(attack: Attack) -> None:
    """Claim every call answered with the right shape, on every descriptor, then stop."""
    code = """
import os
import numpy as np
from grader.wire import Tag, encode_array, encode_record

records = encode_record(Tag.LOADED, 0)
for call in range(200):
    records += encode_record(Tag.OUTPUT, call, encode_array(np.zeros((5, 8))))
    records += encode_record(Tag.CALL_DONE, call)
records += encode_record(Tag.FINISHED, 0)
for fd in range(64):
    try:
        os.write(fd, records)
    except OSError:
        pass
os._exit(0)
"""
    result = attack.grade(code)
    assert result.score < 100


def test_forged_records_after_the_answers(attack: Attack) -> None:
    """Answer wrongly, and forge a well-framed answer into the report's memory as well."""
    code = (
        FIND_THE_REPORT
        + """
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    report.write(encode_record(Tag.OUTPUT, 0, encode_array(np.zeros(X.shape))))
    return X
"""
    )
    result = attack.grade(code)
    assert result.score == 0
    assert result.error is not None
    assert result.error.kind == "protocol"


def test_a_whole_forged_report_in_the_shared_memory(attack: Attack) -> None:
    """Write a complete, well-framed report at import (every call answered), then leave."""
    code = (
        FIND_THE_REPORT
        + """
import os
import numpy as np
report.write(encode_record(Tag.LOADED, 0))
for call in range(200):
    report.write(encode_record(Tag.OUTPUT, call, encode_array(np.zeros((5, 8)))))
    report.write(encode_record(Tag.CALL_DONE, call))
report.write(encode_record(Tag.FINISHED, 0))
os._exit(0)
"""
    )
    result = attack.grade(code)
    assert result.score == 0
    assert result.error is not None
    assert result.error.kind == "protocol"


def test_overwriting_the_report_count(attack: Attack) -> None:
    """Claim more report than the memory holds: the parent reads no further than its size."""
    code = (
        FIND_THE_REPORT
        + """
import os
from grader.wire import REPORT_COUNT
REPORT_COUNT.pack_into(report.memory, 0, 2**63)
os._exit(0)
"""
    )
    result = attack.grade(code)
    assert result.score == 0
    assert result.error is not None


def test_killing_the_parent(attack: Attack) -> None:
    code = (
        """
import os, signal
for pid in (os.getppid(), 1, -1):
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError as error:
        print(type(error).__name__)
"""
        + WRONG
    )
    result = attack.grade(code)
    assert result.score < 100
    assert "PermissionError" in result.stdout


def test_changing_the_limits_of_other_processes(attack: Attack) -> None:
    code = (
        """
import os, resource
for pid in (os.getppid(), 1):
    try:
        resource.prlimit(pid, resource.RLIMIT_NOFILE, (0, 0))
        print("lowered", pid)
    except OSError as error:
        print(type(error).__name__)
print(resource.prlimit(0, resource.RLIMIT_NPROC))
"""
        + WRONG
    )
    result = attack.grade(code)
    assert "lowered" not in result.stdout
    assert "PermissionError" in result.stdout
    assert "(0, 0)" in result.stdout  # its own limits are readable, and it may not start processes
