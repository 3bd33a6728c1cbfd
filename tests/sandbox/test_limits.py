"""Attacks on the limits: each ends within them, with a clear error kind and no points."""

from __future__ import annotations

import platform
import time

import pytest

from grader.models import Result
from tests.sandbox.conftest import TIGHT, Attack

LAYER_NORM = "\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"


def assert_error(result: Result, kind: str) -> None:
    assert result.error is not None, result
    assert result.error.kind == kind, result
    assert result.score == 0
    assert result.status == "error"


def test_fork_bomb(attack: Attack) -> None:
    result = attack.grade("import os\nwhile True:\n    os.fork()\n" + LAYER_NORM)
    assert_error(result, "forbidden")


def test_fork_bomb_inside_the_function(attack: Attack) -> None:
    code = "import os\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    while True:\n        os.fork()\n"
    assert_error(attack.grade(code), "forbidden")


def test_memory_bomb_at_import(attack: Attack) -> None:
    code = "blocks = []\nwhile True:\n    blocks.append(bytearray(10**7))\n" + LAYER_NORM
    assert_error(attack.grade(code), "memory")


def test_memory_bomb_inside_the_function(attack: Attack) -> None:
    code = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return np.ones((10**5, 10**5))\n"
    assert_error(attack.grade(code), "memory")


def test_infinite_loop_that_ignores_sigterm(attack: Attack) -> None:
    code = (
        "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "signal.signal(signal.SIGXCPU, signal.SIG_IGN)\n"
        "def layer_norm(X, gamma, beta, eps=1e-5):\n    while True:\n        pass\n"
    )
    started = time.monotonic()
    result = attack.grade(code, tight=True)
    assert_error(result, "timeout")
    assert time.monotonic() - started < TIGHT.wall_seconds + 5  # slack for a loaded machine


def test_sleep_at_import(attack: Attack) -> None:
    started = time.monotonic()
    result = attack.grade("import time\ntime.sleep(3600)\n" + LAYER_NORM, tight=True)
    assert_error(result, "timeout")
    assert time.monotonic() - started < TIGHT.wall_seconds + 5  # slack for a loaded machine


def test_huge_returns_overflow_the_report(attack: Attack) -> None:
    """Each call returns the most elements allowed: more report than its memory holds."""
    code = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return np.ones(1 << 20)\n"
    result = attack.grade(code)
    assert_error(result, "output")
    assert result.score == 0


def test_printing_a_little_is_kept_and_harmless(attack: Attack) -> None:
    code = "print('hola')\n" + "import numpy as np\n" + LAYER_NORM
    result = attack.grade(code)
    assert result.error is None
    assert "hola" in result.stdout
    assert result.score < 100


def test_unbounded_recursion(attack: Attack) -> None:
    code = "def layer_norm(X, gamma, beta, eps=1e-5):\n    return layer_norm(X, gamma, beta, eps)\n"
    result = attack.grade(code)
    assert result.score == 0
    assert all("RecursionError" in t.message for t in result.tests)


def test_unbounded_recursion_with_the_guard_removed(attack: Attack) -> None:
    code = (
        "import sys\nsys.setrecursionlimit(10**9)\n"
        "def f(n):\n    return f(n + 1) + 1\n"
        "def layer_norm(X, gamma, beta, eps=1e-5):\n    return f(0)\n"
    )
    result = attack.grade(code, tight=True)
    assert result.error is not None, result
    assert result.error.kind in ("timeout", "memory", "crash"), result
    assert result.score == 0


def test_segfault_through_ctypes(attack: Attack) -> None:
    code = "import ctypes\nctypes.string_at(0)\n" + LAYER_NORM
    result = attack.grade(code)
    assert_error(result, "crash")
    assert result.error is not None
    assert "11" in result.error.message


def test_background_thread(attack: Attack) -> None:
    code = (
        "import threading, time\n"
        "def spin():\n    while True:\n        time.sleep(0.01)\n"
        "threading.Thread(target=spin, daemon=True).start()\n" + LAYER_NORM
    )
    assert_error(attack.grade(code), "forbidden")


def test_low_level_thread(attack: Attack) -> None:
    code = "import _thread\n_thread.start_new_thread(print, ('hi',))\n" + LAYER_NORM
    assert_error(attack.grade(code), "forbidden")


MACHINE_CODE = """
import ctypes, platform
libc = ctypes.CDLL(None)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
page = libc.mmap(None, 4096, 7, 0x22, -1, 0)
ctypes.memmove(page, bytes(CODE), len(CODE))
print("returned", ctypes.CFUNCTYPE(ctypes.c_long)(page)())
"""


@pytest.mark.skipif(platform.machine() != "x86_64", reason="x86-64 machine code")
@pytest.mark.parametrize(
    "code",
    [
        [0xB8, 0x02, 0, 0, 0, 0xCD, 0x80, 0xC3],  # mov eax, 2 (i386 fork); int 0x80; ret
        [0xB8, 0x39, 0, 0, 0x40, 0x0F, 0x05, 0xC3],  # mov eax, 0x40000039 (x32 fork); syscall; ret
    ],
    ids=["i386-int-0x80", "x32"],
)
def test_fork_through_another_system_call_abi(attack: Attack, code: list[int]) -> None:
    result = attack.grade(f"CODE = {code!r}\n" + MACHINE_CODE + LAYER_NORM)
    assert_error(result, "forbidden")
    assert "returned" not in result.stdout


def test_a_call_that_never_ends_keeps_the_answers_before_it(attack: Attack) -> None:
    code = """
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    if X.shape[1] == 1:
        while True:
            pass
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta
"""
    result = attack.grade(code, tight=True)
    assert result.error is not None
    assert result.error.kind == "timeout"
    assert 0 < result.points < result.max_points
