"""The sandbox works wherever the project and its packages are installed, /tmp included.

The zygote covers /tmp with a private tmpfs. A CI clone and its virtualenv under /tmp then
vanished from under it, a module it imported after that was not found, and it never started.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import annotated_types
import numpy
import pydantic
import pydantic_core
import pyseccomp
import typing_extensions
import typing_inspection

from tests.conftest import ROOT

# Only what the grader needs (NumPy, pyseccomp, and pydantic for challenge.toml's schema).
SCRIPT = """
import sys
sys.path = [{packages!r}, {project!r}] + [p for p in sys.path if "site-packages" not in p]
from pathlib import Path
from grader.challenge import load_challenge
from grader.prepared import prepare
from grader.report import parse_report
from grader.sandbox import default_sandbox
prepared = prepare(load_challenge(Path({project!r}) / "challenges" / "layer_norm"))
sandbox = default_sandbox()
run = sandbox.run(prepared.job(prepared.challenge.reference_source), prepared.challenge.limits)
sandbox.close()
report = parse_report(run.report, len(prepared.calls), 1 << 20)
print(report.finished and all(call.ok for call in report.calls))
"""


def _copy_packages(target: Path) -> None:
    target.mkdir(parents=True)
    numpy_dir = Path(numpy.__file__).parent
    shutil.copytree(numpy_dir, target / "numpy")
    if (numpy_dir.parent / "numpy.libs").exists():
        shutil.copytree(numpy_dir.parent / "numpy.libs", target / "numpy.libs")
    for single in (pyseccomp, typing_extensions):
        shutil.copy(str(single.__file__), target / Path(str(single.__file__)).name)
    for package in (pydantic, pydantic_core, annotated_types, typing_inspection):
        folder = Path(str(package.__file__)).parent
        shutil.copytree(folder, target / folder.name)


def test_sandbox_runs_with_project_and_packages_under_tmp(tmp_path: Path) -> None:
    assert str(tmp_path).startswith("/tmp/")
    project, packages = tmp_path / "project", tmp_path / "venv" / "site-packages"
    shutil.copytree(ROOT / "grader", project / "grader")
    shutil.copytree(ROOT / "challenges", project / "challenges")
    _copy_packages(packages)
    script = SCRIPT.format(packages=str(packages), project=str(project))
    done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "True"
