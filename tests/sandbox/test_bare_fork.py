"""Children are forked bare (no Python at-fork handlers): each starts from the zygote's state
exactly, and what the handlers would have rebuilt is already right in a single-threaded fork."""

from __future__ import annotations

import os
import subprocess
import sys

from grader.challenge import Challenge
from grader.prepared import prepare
from grader.report import parse_report
from grader.sandbox.base import ExitKind
from grader.sandbox.uids import default_lock_dir
from grader.sandbox.zygote_client import ZygoteProcess
from tests.conftest import ROOT

STATE = """
import random, threading
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    on_main = threading.current_thread() is threading.main_thread() and threading.active_count() == 1
    return np.full(X.shape, random.random() + 10 * on_main)
"""


def test_children_start_from_the_zygotes_state(challenges: dict[str, Challenge]) -> None:
    """random is not reseeded per child (its at-fork handler does not run), so two children draw
    the same number; threading still knows the child's one thread as its main thread."""
    one = prepare(challenges["layer_norm"])
    process = ZygoteProcess(default_lock_dir(), {})
    drawn = []
    try:
        process.greet()
        for _ in range(3):
            run = process.run(one.job(STATE), one.challenge.limits)
            assert run.exit_kind == ExitKind.OK, run
            report = parse_report(run.report, len(one.calls), 1 << 20)
            drawn.append(float(report.calls[0].outputs[0].flat[0]))
    finally:
        process.close()
    assert drawn[0] >= 10, "the child's thread is not threading's main thread"
    assert drawn == [drawn[0]] * 3


THREADS = """
import threading
from grader.sandbox.inside.zygote import thread_count

alone = thread_count()
release = threading.Event()
extra = threading.Thread(target=release.wait)
extra.start()
print(alone, thread_count())
release.set()
extra.join()
"""


def test_the_zygote_counts_its_threads_before_forking() -> None:
    """A bare fork is only right in a single-threaded process: the count must see every thread.
    In a process of its own, so that no thread of the test session comes or goes meanwhile, and
    with one BLAS thread as in the zygote (else OpenBLAS's own threads are counted, rightly)."""
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    counted = subprocess.run(
        [sys.executable, "-c", THREADS], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert counted.stdout.split() == ["1", "2"]
