"""The `only` contract (tests/project/import_contracts.py) forbids every import it does not allow,
and the project's contracts hold."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from grimp import ImportGraph

from tests.conftest import ROOT
from tests.project.import_contracts import Illegal, OnlyContract

LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def _graph(*imports: tuple[str, str]) -> ImportGraph:
    graph = ImportGraph()
    for importer, imported in imports:
        graph.add_import(importer=importer, imported=imported, line_number=1, line_contents="import x")
    return graph


def _contract() -> OnlyContract:
    return OnlyContract(
        name="inside imports only the wire",
        session_options={"root_packages": ["grader"]},
        contract_options={"source_modules": ["grader.inside"], "allowed_modules": ["grader.wire"]},
    )


def test_what_is_allowed_or_its_own_is_kept() -> None:
    graph = _graph(
        ("grader.inside.a", "grader.wire"),
        ("grader.inside.a", "grader.inside.b"),
        ("grader.grade", "grader.inside.a"),
    )
    assert _contract().check(graph, verbose=False).kept


def test_a_module_nobody_listed_is_forbidden() -> None:
    graph = _graph(("grader.inside.a", "grader.wire"), ("grader.inside.b", "grader.newly_added"))
    check = _contract().check(graph, verbose=False)
    assert not check.kept
    assert check.metadata["illegal"] == [Illegal("grader.inside.b", "grader.newly_added", (1,))]


def test_the_project_s_contracts_are_kept() -> None:
    done = subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout
    assert "the sandbox boundary" in done.stdout
