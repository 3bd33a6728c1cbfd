"""Attacks that look for what a student must never see: the answers, the secrets, the network.

Each cheat is written to score 100 if its barrier failed, so a score below 100 shows it held.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator

import pytest

from tests.conftest import ROOT
from tests.sandbox.conftest import FAKE_SECRETS, IN_MEMORY_SECRET, Attack

CHALLENGE_DIR = ROOT / "challenges" / "layer_norm"


def test_reading_the_reference_from_disk(attack: Attack) -> None:
    code = f"""
source = open({str(CHALLENGE_DIR / "reference.py")!r}).read()
exec(source)
"""
    result = attack.grade(code)
    assert result.score == 0
    assert result.error is not None
    assert result.error.kind == "import"
    assert "PermissionError" in result.error.message


def test_reading_tests_and_mistakes_every_way(attack: Attack) -> None:
    code = f"""
import os, sys, io
found = []
for path in ({str(CHALLENGE_DIR / "tests.py")!r}, {str(CHALLENGE_DIR / "mistakes.py")!r},
             {str(CHALLENGE_DIR / "reference.py")!r}, {str(CHALLENGE_DIR)!r}, "/work", "/"):
    for read in (lambda p: open(p).read(), lambda p: os.listdir(p), lambda p: io.FileIO(p).read(),
                 lambda p: os.stat(p).st_size, lambda p: __import__("pathlib").Path(p).read_bytes()):
        try:
            found.append(str(read(path))[:200])
        except BaseException as error:
            found.append(type(error).__name__)
print(found)

def layer_norm(X, gamma, beta, eps=1e-5):
    return X
"""
    result = attack.grade(code)
    assert result.score < 100
    assert "PermissionError" in result.stdout
    for secret_text in ("def layer_norm(X, gamma, beta", "HiddenTest", "Mistake(", "challenge.toml"):
        assert secret_text not in result.stdout


def test_importing_the_challenge_as_a_module(attack: Attack) -> None:
    code = """
import importlib
for name in ("challenges.layer_norm.reference", "challenge_layer_norm_reference", "grader.challenge"):
    try:
        module = importlib.import_module(name)
        layer_norm = module.layer_norm
        break
    except BaseException as error:
        print(name, type(error).__name__)
"""
    result = attack.grade(code)
    assert result.score == 0


def test_searching_interpreter_memory_for_answers(attack: Attack) -> None:
    code = """
import gc, sys
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    # Any other function called layer_norm, or any array of the right shape that is not an input,
    # could be the reference or its expected output.
    for obj in gc.get_objects():
        if callable(obj) and getattr(obj, "__name__", "") == "layer_norm" and obj is not layer_norm:
            return obj(X, gamma, beta, eps)
    frame = sys._getframe()
    while frame is not None:
        for value in frame.f_locals.values():
            if isinstance(value, np.ndarray) and value.shape == X.shape and not np.array_equal(value, X):
                return value
        frame = frame.f_back
    for obj in gc.get_objects():
        if isinstance(obj, np.ndarray) and obj.shape == X.shape and not np.array_equal(obj, X):
            return obj
    return X
"""
    result = attack.grade(code)
    assert result.score < 100


def test_searching_memory_for_secrets(attack: Attack) -> None:
    code = """
import gc, os
seen = [repr(dict(os.environ))]
for obj in gc.get_objects():
    try:
        if isinstance(obj, dict):
            seen.append(repr(obj)[:2000])
    except Exception:
        pass
blob = " ".join(seen)
print(blob[:3000])
print([word for word in blob.split() if "secret" in word.lower() or "not-for" in word][:50])

def layer_norm(X, gamma, beta, eps=1e-5):
    return X
"""
    result = attack.grade(code)
    dumped = result.model_dump_json()
    for secret in (*FAKE_SECRETS.values(), IN_MEMORY_SECRET):
        assert secret not in dumped
    assert result.score < 100


def test_environment_and_proc_of_other_processes(attack: Attack) -> None:
    code = """
import os
print(sorted(os.environ))
leaks = []
for path in ["/proc/self/environ", "/proc/1/environ", f"/proc/{os.getppid()}/environ",
             f"/proc/{os.getppid()}/cmdline", "/proc/self/mem"] + [f"/proc/{p}/environ" for p in range(1, 400)]:
    try:
        leaks.append(open(path, "rb").read()[:500])
    except BaseException as error:
        leaks.append(type(error).__name__)
try:
    leaks.append(os.listdir("/proc"))
except BaseException as error:
    leaks.append(type(error).__name__)
print(leaks)

def layer_norm(X, gamma, beta, eps=1e-5):
    return X
"""
    result = attack.grade(code)
    assert "PermissionError" in result.stdout
    assert "OPENBLAS_NUM_THREADS" in result.stdout  # the environment was readable, and nearly empty
    for name in FAKE_SECRETS:
        assert name not in result.stdout


@contextlib.contextmanager
def listening(port: int) -> Iterator[socket.socket | None]:
    """Listen on 127.0.0.1:port when the port is free, to see whether anything connects."""
    server = socket.socket()
    try:
        server.bind(("127.0.0.1", port))
    except OSError:
        server.close()
        yield None  # a real service is there: the error kind alone must show the attempt failed
        return
    server.listen()
    server.setblocking(False)
    try:
        yield server
    finally:
        server.close()


@pytest.mark.parametrize(
    "port", [5432, 6379, 5672, 8000, 0], ids=["postgres", "redis", "rabbitmq", "api", "any"]
)
def test_connecting_to_services_on_loopback(attack: Attack, port: int) -> None:
    with listening(port) as server:
        target = server.getsockname()[1] if server is not None else port
        code = f"""
import socket
connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
connection.connect(("127.0.0.1", {target}))
connection.sendall(b"AUTH hello\\r\\n")

def layer_norm(X, gamma, beta, eps=1e-5):
    return X
"""
        result = attack.grade(code)
        assert result.error is not None
        assert result.error.kind == "forbidden"
        assert result.score == 0
        if server is not None:
            with pytest.raises(BlockingIOError):
                server.accept()


def test_unix_and_raw_sockets(attack: Attack) -> None:
    code = "import socket\nsocket.socket(socket.AF_UNIX, socket.SOCK_STREAM).connect('/run/postgresql/.s.PGSQL.5432')\n"
    result = attack.grade(code)
    assert result.error is not None
    assert result.error.kind == "forbidden"


def test_subprocess(attack: Attack) -> None:
    code = "import subprocess\nprint(subprocess.run(['cat', '/etc/passwd'], capture_output=True).stdout)\n"
    result = attack.grade(code)
    # Its pipes are refused (PermissionError) before it even tries to fork, which would be killed.
    assert result.error is not None, result
    assert result.error.kind in ("import", "forbidden"), result.error
    assert result.score == 0
    assert "root:" not in result.stdout


def test_spawning_a_process_directly(attack: Attack) -> None:
    result = attack.grade("import os\nos.posix_spawn('/bin/true', ['true'], {})\n")
    assert result.error is not None
    assert result.error.kind == "forbidden"


def test_exec_of_a_shell(attack: Attack) -> None:
    result = attack.grade("import os\nos.execv('/bin/sh', ['sh', '-c', 'env'])\n")
    assert result.error is not None
    assert result.error.kind == "forbidden"


def test_os_system(attack: Attack) -> None:
    result = attack.grade("import os\nos.system('env > /tmp/leak')\n")
    assert result.error is not None
    assert result.error.kind == "forbidden"
