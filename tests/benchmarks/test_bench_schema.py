"""A benchmark's schema sweeps away those whose makers are gone and keeps those that may be in use."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from dataclasses import replace

import psycopg

from tests.conftest import ROOT
from tests.servers import require

sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_schema
from bench_schema import Maker


def _gone() -> Maker:
    """The maker a finished process was."""
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    maker = Maker.of(child.pid)
    child.communicate(b"")
    return maker


def test_a_maker_whose_process_is_gone_is_not_running() -> None:
    assert not _gone().may_be_running()


def test_a_maker_whose_pid_a_later_process_took_is_not_running() -> None:
    here = Maker.of(os.getpid())
    assert here.may_be_running()
    assert not replace(here, started=(here.started or 0) + 1).may_be_running()


def test_a_maker_of_another_boot_is_not_running_and_one_of_another_namespace_may_be() -> None:
    here = Maker.of(os.getpid())
    assert not replace(here, boot="another boot").may_be_running()
    assert replace(_gone(), pid_namespace="pid:[1]").may_be_running()


def test_a_comment_no_benchmark_wrote_names_no_maker() -> None:
    assert Maker.read(None) is None
    assert Maker.read("standard public schema") is None
    assert Maker.read('{"pid": 1}') is None
    assert Maker.read(Maker.of(os.getpid()).comment()) == Maker.of(os.getpid())


def _schemas() -> set[str]:
    with psycopg.connect(bench_schema.ADMIN) as connection:
        return {name for (name,) in connection.execute("SELECT nspname FROM pg_namespace")}


def test_a_new_schema_sweeps_the_stale_ones_and_keeps_those_that_may_be_in_use() -> None:
    require(5432, "PostgreSQL")
    tag = uuid.uuid4().hex[:8]
    made = {
        f"bench_{tag}_gone": _gone(),
        f"ag_bench_{tag}_old_boot": replace(Maker.of(os.getpid()), boot="another boot"),
        f"bench_{tag}_live": Maker.of(os.getpid()),
        f"bench_{tag}_elsewhere": replace(_gone(), pid_namespace="pid:[1]"),
    }
    with psycopg.connect(bench_schema.ADMIN, autocommit=True) as connection:
        for name, maker in made.items():
            bench_schema.create(connection, name, maker)
        connection.execute(f"CREATE SCHEMA bench_{tag}_uncommented")
    kept = {f"bench_{tag}_live", f"bench_{tag}_elsewhere", f"bench_{tag}_uncommented"}
    try:
        with bench_schema.private_schema() as schema:
            assert {*kept, schema} <= _schemas()
            assert not {f"bench_{tag}_gone", f"ag_bench_{tag}_old_boot"} & _schemas()
        assert schema not in _schemas()
    finally:
        with psycopg.connect(bench_schema.ADMIN, autocommit=True) as connection:
            for name in [*made, *kept]:
                connection.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
