"""The docs name what is there: every path, module and name of ours they put in backticks, every
folder of CONTRIBUTING.md's layout, every table in architecture.md's storage map."""

from __future__ import annotations

import pytest
from sqlalchemy import Table

from service.storage.registry import metadata
from service.storage.tables import Base
from tests.conftest import ROOT
from tests.project.doc_references import Checker, Tree, inline_code, layout

DOCS = ["README.md", "CONTRIBUTING.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return Tree.of(ROOT)


def _checker(tree: Tree) -> Checker:
    return Checker(tree, {name: frozenset(table.c.keys()) for name, table in metadata().tables.items()})


def _missing(tree: Tree, docs: list[str] = DOCS) -> list[str]:
    checker = _checker(tree)
    return [str(found) for doc in docs for found in checker.missing(doc, (ROOT / doc).read_text())]


def test_every_path_and_name_the_docs_give_is_there(tree: Tree) -> None:
    assert _missing(tree) == []


def test_a_renamed_file_is_caught_wherever_the_docs_name_it(tree: Tree) -> None:
    missing = sorted(set(_missing(tree.without("service/storage/idle_ping.py"))) - set(_missing(tree)))
    assert "CONTRIBUTING.md" in " ".join(missing), "`storage/idle_ping.py`, named from service/"
    assert any(m.endswith("`service/storage/idle_ping.py`") for m in missing), "named from the root"
    assert all("idle_ping" in m for m in missing)


def test_a_renamed_module_is_caught_where_the_docs_name_what_it_defines(tree: Tree) -> None:
    missing = _missing(tree.without("grader/text.py"), ["CONTRIBUTING.md"])
    assert any(m.endswith("`grader.text.Text`") for m in missing)


def test_a_renamed_folder_is_caught_in_the_layout(tree: Tree) -> None:
    missing = _missing(tree.without("service/webhooks"), ["CONTRIBUTING.md"])
    assert any(m.endswith("`service/webhooks/`") for m in missing), missing


def test_a_renamed_definition_is_caught(tree: Tree) -> None:
    checker = _checker(tree)
    assert checker.exists("Intake.submit")
    assert not checker.exists("Intake.submit_renamed")
    assert checker.exists("results.document"), "a table's column"
    assert not checker.exists("results.documento")
    assert checker.exists("ModelRuns.stacks"), "what __init__ assigns to self"
    assert not checker.exists("tests/worker/test_supervisor.py::test_gone")
    assert all(map(checker.exists, ["np.where", "redis://", "/dev/null", "gradebook.csv"])), "not ours"


def test_a_link_to_a_renamed_heading_is_caught(tree: Tree) -> None:
    checker = _checker(tree)
    assert checker.link_exists("docs/security.md", "architecture.md#trust-rules")
    assert not checker.link_exists("docs/security.md", "architecture.md#trust-rule")
    assert not checker.link_exists("README.md", "architecture.md#trust-rules"), "relative to the doc"


def test_the_layout_names_every_package_and_top_folder(tree: Tree) -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text()
    drawn = {path.rstrip("/") for _, path in layout(text)} | {"challenges"}  # `challenges/<id>/`
    expected = {top for top in tree.tops if (ROOT / top).is_dir() and not top.startswith(".")}
    expected |= {f"service/{package}" for package in tree.service_packages}
    expected |= {f"grader/{p.parent.name}" for p in (ROOT / "grader").glob("*/__init__.py")}
    assert sorted(expected - drawn) == []


def _storage_map() -> dict[str, set[str]]:
    text = (ROOT / "docs/architecture.md").read_text()
    section = text.split("## Storage map", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    mapped: dict[str, set[str]] = {}
    for row in rows:
        module, tables = row.split("|")[1:3]
        mapped[module.strip().strip("`")] = {name for _, name in inline_code(tables)}
    return mapped


def _defined() -> dict[str, set[str]]:
    metadata()  # every table module imported
    defined: dict[str, set[str]] = {}
    for mapper in Base.registry.mappers:
        table = mapper.local_table
        assert isinstance(table, Table)
        path = mapper.class_.__module__.replace(".", "/") + ".py"
        defined.setdefault(path, set()).add(table.name)
    return defined


def test_every_table_is_in_the_storage_map_under_its_module() -> None:
    assert set(metadata().tables) == {t for tables in _defined().values() for t in tables}
    assert _storage_map() == _defined()
