"""Attacks that try to outlive their grading: files written to poison later ones, or memory."""

from __future__ import annotations

import site
import tempfile
from pathlib import Path

import numpy as np

from tests.conftest import ROOT
from tests.sandbox.conftest import Attack

WRONG = "\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"
TARGETS = [
    Path(np.__file__),
    Path(np.__file__).parent / "core" / "__init__.py",
    Path(site.getsitepackages()[0]) / "sitecustomize.py",
    Path(site.getsitepackages()[0]) / "usercustomize.py",
    Path(site.getsitepackages()[0]) / "zz_poison.pth",
    Path(tempfile.gettempdir()) / "autograder-poison.py",
    Path("/dev/shm/autograder-poison"),
    ROOT / "grader" / "sandbox" / "harness.py",
    ROOT / "challenges" / "layer_norm" / "reference.py",
]
RELATIVE = ["numpy.py", "sitecustomize.py", "solucion.py", "../poison.py"]


def _state(paths: list[Path]) -> dict[Path, tuple[int, int] | None]:
    return {p: (p.stat().st_mtime_ns, p.stat().st_size) if p.exists() else None for p in paths}


def test_writing_files_to_poison_later_gradings(attack: Attack) -> None:
    before = _state(TARGETS)
    code = (
        f"""
import os
PAYLOAD = "import numpy\\nnumpy.allclose = lambda *a, **k: True\\n"
outcomes = []
for path in {[str(p) for p in TARGETS] + RELATIVE!r}:
    for mode in ("a", "w"):
        try:
            with open(path, mode) as file:
                file.write(PAYLOAD)
            outcomes.append("WROTE " + path)
        except BaseException as error:
            outcomes.append(type(error).__name__)
for action in (lambda: os.mkdir("poison"), lambda: os.symlink("/etc/passwd", "link"),
               lambda: os.rename("solucion.py", "x"), lambda: os.truncate("/tmp", 0)):
    try:
        action()
        outcomes.append("DID IT")
    except BaseException as error:
        outcomes.append(type(error).__name__)
print(outcomes)
"""
        + WRONG
    )
    result = attack.grade(code)
    assert "PermissionError" in result.stdout
    assert "WROTE" not in result.stdout
    assert "DID IT" not in result.stdout
    assert _state(TARGETS) == before
    assert result.score < 100


def test_the_next_submission_starts_from_a_clean_process(attack: Attack) -> None:
    poison = (
        """
import builtins, sys
import numpy as np
builtins.POISONED = True
np.mean = lambda *a, **k: 0.0
sys.modules["grader.sandbox.inside.harness"].MAX_MESSAGE = 0
"""
        + WRONG
    )
    attack.grade(poison)
    probe = (
        """
import builtins, sys
import numpy as np
print("poisoned" if hasattr(builtins, "POISONED") else "clean", np.mean(np.ones(3)))
"""
        + WRONG
    )
    result = attack.grade(probe)
    assert "clean 1.0" in result.stdout
    assert result.score < 100


def test_scratch_folder_is_empty_and_private(attack: Attack) -> None:
    code = (
        """
import os
print("cwd", os.getcwd())
try:
    print(os.listdir("."))
except OSError as error:
    print(type(error).__name__)
"""
        + WRONG
    )
    result = attack.grade(code)
    assert "cwd /tmp/scratch" in result.stdout
    assert "PermissionError" in result.stdout


def test_the_child_holds_only_its_own_descriptors(attack: Attack) -> None:
    code = (
        """
import fcntl
open_fds = []
for fd in range(64):
    try:
        fcntl.fcntl(fd, fcntl.F_GETFD)
        open_fds.append(fd)
    except OSError:
        pass
print("open", open_fds)
"""
        + WRONG
    )
    result = attack.grade(code)
    # The report and argument memories (kept open by their mappings), stdout and stderr; the job
    # was read and closed; layer_norm passes no helper, so no helpers' socket.
    assert "open [0, 1, 2, 3]" in result.stdout


def test_poisoning_the_inherited_setups(attack: Attack) -> None:
    """Every child inherits the setups its zygote decoded: rewrite every one it can reach from
    the frames below it, inputs included (with ctypes, through their read-only views), and the
    calls. Only this child's copy changes: the next child's setups are the zygote's."""
    code = """
import ctypes, sys
import numpy as np

setups = []
frame = sys._getframe()
while frame is not None:
    for value in list(frame.f_locals.values()):
        if type(value).__name__ == "Setup":
            setups.append(value)
        elif isinstance(value, dict):
            setups += [v for v in list(value.values()) if type(v).__name__ == "Setup"]
    frame = frame.f_back
for setup in setups:
    for array in getattr(setup, "arrays", []):
        if array.nbytes:
            ctypes.memset(array.ctypes.data, 0, array.nbytes)
    setup.header["calls"][:] = setup.header["calls"][:1]
print("poisoned", len(setups))

def layer_norm(X, gamma, beta, eps=1e-5):
    return X
"""
    for _ in range(3):  # each on a child forked after the last one poisoned its own copy
        result = attack.grade(code)
        assert "poisoned" in result.stdout
        assert "poisoned 0" not in result.stdout
        assert result.score == 0
        assert all(not t.passed for t in result.tests[1:])
    assert attack.grade(WRONG).score == 22.22  # the identity, graded on every call again
