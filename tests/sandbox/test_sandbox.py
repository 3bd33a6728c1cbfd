"""The sandbox itself: its layers, strict mode, concurrency, and how it cleans up."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import psutil  # type: ignore[import-untyped]
import pytest

from grader.challenge import Challenge
from grader.grade import Grader
from grader.sandbox import ZygoteSandbox, default_sandbox
from grader.sandbox.zygote_pool import REQUIRED
from tests.conftest import ROOT
from tests.sandbox.conftest import FAKE_SECRETS
from tests.sandbox.processes import zygotes

WRONG = "def layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"
root_only = pytest.mark.skipif(os.geteuid() != 0, reason="the full layers need root")


@root_only
def test_every_required_layer_is_active_as_root(grader: Grader) -> None:
    layers = {layer.name: layer for layer in grader.sandbox.layers()}
    assert set(REQUIRED) <= set(layers)
    assert all(layers[name].active for name in REQUIRED), layers


def test_zygotes_hold_no_secret_in_their_environment(grader: Grader) -> None:
    grader.grade("layer_norm", WRONG)
    for zygote in zygotes():
        environ = psutil.Process(zygote.pid).environ()
        assert set(environ) <= {"OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"}, environ
        for secret in FAKE_SECRETS.values():
            assert secret not in environ.values()


def test_concurrent_gradings_each_get_their_own_answer(challenges: dict[str, Challenge]) -> None:
    sandbox = ZygoteSandbox(2)
    try:
        grader = Grader({"layer_norm": challenges["layer_norm"]}, sandbox)
        reference = challenges["layer_norm"].reference_source
        codes = [reference, WRONG, "import time\ntime.sleep(0.2)\n" + reference, "import os\nos.fork()\n"] * 3
        with ThreadPoolExecutor(max_workers=4) as pool:
            results = list(pool.map(lambda code: grader.grade("layer_norm", code), codes))
        for code, result in zip(codes, results, strict=True):
            if code == WRONG:
                assert result.score < 100
            elif "fork" in code:
                assert result.error is not None
                assert result.error.kind == "forbidden"
            else:
                assert result.score == 100
        uids = {int(z.cmdline.split()[-2]) for z in zygotes() if z.pid in _zygote_pids(sandbox)}
        assert len(uids) == 2  # one uid per slot
    finally:
        sandbox.close()


def _zygote_pids(sandbox: ZygoteSandbox) -> set[int]:
    return {z.process.pid for z in sandbox._zygotes if z is not None}


def test_close_leaves_no_process_behind(challenges: dict[str, Challenge]) -> None:
    sandbox = ZygoteSandbox(2)
    grader = Grader({"layer_norm": challenges["layer_norm"]}, sandbox)
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(lambda _: grader.grade("layer_norm", WRONG), range(4)))
    pids = _zygote_pids(sandbox)
    assert pids
    zygotes_and_children = [
        p for p in psutil.process_iter(["ppid"]) if p.pid in pids or p.info["ppid"] in pids
    ]
    sandbox.close()
    _gone, alive = psutil.wait_procs(zygotes_and_children, timeout=60)  # usually at once
    assert not alive


def test_a_killed_zygote_is_replaced(challenges: dict[str, Challenge]) -> None:
    sandbox = ZygoteSandbox(1)
    try:
        grader = Grader({"layer_norm": challenges["layer_norm"]}, sandbox)
        for pid in _zygote_pids(sandbox):
            os.kill(pid, signal.SIGKILL)
        result = grader.grade("layer_norm", challenges["layer_norm"].reference_source)
        assert result.score == 100
    finally:
        sandbox.close()


DEGRADED = """
import sys
from pathlib import Path
from grader.challenge import load_challenge
from grader.grade import Grader
from grader.sandbox import SandboxUnavailable, default_sandbox

try:
    default_sandbox()
    print("strict: started")
except SandboxUnavailable as error:
    print("strict: refused:", error)
sandbox = default_sandbox(allow_missing_layers=True)
print("off:", sorted(layer.name for layer in sandbox.layers() if not layer.active))
challenge = load_challenge(Path("challenges/layer_norm"))
grader = Grader({"layer_norm": challenge}, sandbox)
print("reference:", grader.grade("layer_norm", challenge.reference_source).score)
print("fork:", grader.grade("layer_norm", "import os\\nos.fork()\\n").error.kind)
print("socket:", grader.grade("layer_norm", "import socket\\nsocket.socket()\\n").error.kind)
sandbox.close()
"""


@root_only
@pytest.mark.skipif(shutil.which("setpriv") is None, reason="needs setpriv")
def test_without_capabilities_strict_mode_refuses_and_degraded_mode_says_what_is_off() -> None:
    command = ["setpriv", "--bounding-set=-all", "--inh-caps=-all", sys.executable, "-c", DEGRADED]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("strict: refused:")
    assert "uid" in lines[0]
    assert "'uid'" in lines[1]
    assert lines[2:] == ["reference: 100.0", "fork: forbidden", "socket: forbidden"]


def test_cli_sandbox_check_lists_the_layers() -> None:
    cli = ROOT / ".venv" / "bin" / "autograder"
    done = subprocess.run([str(cli), "sandbox", "check"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "seccomp" in done.stdout
    assert "namespaces" in done.stdout


def test_default_sandbox_is_the_zygote_sandbox() -> None:
    sandbox = default_sandbox()
    try:
        assert isinstance(sandbox, ZygoteSandbox)
    finally:
        sandbox.close()
