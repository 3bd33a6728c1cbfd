"""Regenerates the upgrade fixture: a database made by the previous release, with its data.

    .venv/bin/python tests/storage/upgrade/make_fixture.py [--ref COMMIT]

The repository has no release tags; the previous release is `PREVIOUS` (main as it was when
this round's first migration, 0017, was written: its schema ends at 0016_rosters). Its code is
taken from git (`git archive`), run as an operator would run it: `autograder migrate`, `keys
create`, `serve`, then submissions posted over HTTP, a course policy and an extension set, the
LTI tool's keys read. What it served is written to `served.json`; the embedded default's SQLite
database to `sqlite.sql` (SQLite's own text dump), and, where PostgreSQL and Redis run, the same
service's PostgreSQL schema to `postgres.sql` (`pg_dump --format=plain`). Both are text a
reviewer can read and this script writes again; `tests/storage/test_upgrade.py` loads them,
runs this version's `autograder migrate` and compares what it serves.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import socket
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
PREVIOUS = "bb6addc"
SCHEMA = "ag_upgrade_fixture"  # the PostgreSQL schema the dump names (the test restores it elsewhere)
POSTGRES = f"postgresql+psycopg://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{SCHEMA}"
COURSE = "ia-2026"
# (student, challenge, file under tests/): references, known mistakes, code that does not run
ATTEMPTS = [
    ("ana", "layer_norm", "corpora/layer_norm/solutions/class_based.py"),
    ("ana", "bloque", "corpora/bloque/catalogue/both_residuals_missing.py"),
    ("ben", "layer_norm", "corpora/layer_norm/catalogue/batch_norm.py"),
    ("ben", "layer_norm", "corpora/layer_norm/solutions/einsum_style.py"),
    ("carla", "atencion_causal", "corpora/atencion_causal/catalogue/always_causal.py"),
    ("carla", "layer_norm", "corpora/layer_norm/catalogue/eps_outside.py"),
    ("dario", "bloque", "corpora/bloque/catalogue/both_biases_missing.py"),
]
SYNTAX_ERROR = ("elena", "layer_norm", "def layer_norm(X, gamma, beta, eps=1e-5)\n    return X\n")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _checkout(ref: str, into: Path) -> None:
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def _env(tree: Path, data: Path, postgres: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env |= {"PYTHONPATH": str(tree), "AUTOGRADER_DATA_DIR": str(data)}
    if postgres:
        env |= {"AUTOGRADER_DATABASE_URL": POSTGRES, "AUTOGRADER_BROKER_URL": "redis://127.0.0.1:6379/0"}
        env["AUTOGRADER_QUEUE"] = f"autograder-fixture-{os.getpid()}"
    return env


def _run(tree: Path, env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def _serve(tree: Path, env: dict[str, str], log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "service.cli", "serve", "--port", str(port)],
            cwd=tree,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                return process, base
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    process.kill()
    raise SystemExit(f"the previous release's serve did not start:\n{log.read_text()[-3000:]}")


def _use(base: str, key: str) -> dict[str, object]:
    """Everything posted and set over the previous release's API, and what it answered."""
    headers = {"Authorization": f"Bearer {key}"}
    answers: dict[str, object] = {}
    with httpx.Client(base_url=base, headers=headers, timeout=60) as client:
        policy = client.put(f"/v1/courses/{COURSE}/policies/layer_norm", json={"max_attempts": 5})
        policy.raise_for_status()
        extension = {"student": "ben", "challenge": "layer_norm", "due_at": "2026-12-31T23:59:00+01:00"}
        client.put(f"/v1/courses/{COURSE}/extensions", json=extension).raise_for_status()
        attempts = [(s, c, (ROOT / "tests" / f).read_text()) for s, c, f in ATTEMPTS] + [SYNTAX_ERROR]
        for student, challenge, code in attempts:
            body = {"challenge": challenge, "code": code, "student": student, "course": COURSE, "lang": "en"}
            posted = client.post("/v1/submissions", params={"wait": 30}, json=body)
            posted.raise_for_status()
            answers[posted.json()["id"]] = client.get(f"/v1/submissions/{posted.json()['id']}").json()
        return {
            "submissions": answers,
            "extensions": client.get(f"/v1/courses/{COURSE}/extensions").json(),
            "policies": client.get(f"/v1/courses/{COURSE}/policies").json(),
            "jwks": httpx.get(f"{base}/lti/jwks").json(),
        }


def _one_service(tree: Path, folder: Path, postgres: bool) -> dict[str, object]:
    env = _env(tree, folder / "data", postgres)
    _run(tree, env, "migrate")
    key = _run(tree, env, "keys", "create", "--name", "moodle", "--course", COURSE).strip().splitlines()[-1]
    process, base = _serve(tree, env, folder / "serve.log")
    try:
        served = _use(base, key)
    finally:
        process.terminate()
        process.wait(timeout=60)
    return {"key": key, "webhook_key": (folder / "data" / "webhook.key").read_text().strip(), **served}


def _sqlite_text(database: Path) -> str:
    with sqlite3.connect(database) as connection:
        return "\n".join(connection.iterdump()) + "\n"


_SERVER = ["-h", "127.0.0.1", "-U", "postgres", "test"]


def _postgres(tree: Path, folder: Path) -> dict[str, object]:
    admin = ["psql", "-q", *_SERVER, "-c"]
    subprocess.run([*admin, f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE; CREATE SCHEMA {SCHEMA}"], check=True)
    try:
        served = _one_service(tree, folder, postgres=True)
        dump = subprocess.run(
            ["pg_dump", "--format=plain", "--no-owner", "--no-privileges", f"--schema={SCHEMA}", *_SERVER],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        (HERE / "postgres.sql").write_text(dump)
        return served
    finally:
        subprocess.run([*admin, f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ref", default=PREVIOUS, help="the commit of the previous release")
    parser.add_argument("--no-postgres", action="store_true", help="the SQLite fixture only")
    asked = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch) / "previous"
        _checkout(asked.ref, tree)
        served = {"sqlite": _one_service(tree, Path(scratch) / "sqlite", postgres=False)}
        (HERE / "sqlite.sql").write_text(_sqlite_text(Path(scratch) / "sqlite" / "data" / "autograder.db"))
        if not asked.no_postgres:
            served["postgres"] = _postgres(tree, Path(scratch) / "postgres")
    if any(marker in json.dumps(served) for marker in (str(ROOT), scratch)):
        raise SystemExit("what the previous release served names this machine's folders: pick other attempts")
    document = {"ref": asked.ref, "schema": SCHEMA, **served}
    (HERE / "served.json").write_text(
        json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    )
    print(f"wrote {', '.join(sorted(p.name for p in HERE.glob('*.s*')))} from {asked.ref}")


if __name__ == "__main__":
    main()
