"""benchmarks/cpu.py's TreeMeter keeps the CPU of a descendant that exited (a zygote replaced)."""

from __future__ import annotations

import subprocess
import sys

import psutil  # type: ignore[import-untyped]

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import cpu

# A parent whose child burns some CPU, says so, and exits when its input closes.
CHILD = "import sys, time\nend = time.process_time() + 0.1\nwhile time.process_time() < end: pass\nprint('burned', flush=True)\nsys.stdin.read()\n"
PARENT = f"import subprocess, sys\nsubprocess.run([sys.executable, '-c', {CHILD!r}])\n"


def test_a_descendant_that_exited_keeps_what_it_used() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    assert parent.stdin is not None
    meter = cpu.TreeMeter(parent.pid)
    assert parent.stdout.readline() == "burned\n"
    _, alive = meter.sample()
    child = psutil.Process(parent.pid).children()[0]
    parent.stdin.close()  # the child exits; the parent reaps it and exits too
    child.wait(timeout=10)
    _, after = meter.sample()
    parent.wait(timeout=10)
    parent.stdout.close()
    assert alive >= 0.1
    assert after >= alive
