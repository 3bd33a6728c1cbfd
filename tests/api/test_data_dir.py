"""The embedded default keeps its data in the user's data folder, private, wherever it runs from."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from service.core.settings import Settings


@pytest.fixture
def no_data_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [n for n in os.environ if n.startswith("AUTOGRADER_")]:
        monkeypatch.delenv(name)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)


def test_the_default_is_the_xdg_data_folder(
    no_data_settings: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert Settings().data_dir == tmp_path / "xdg" / "autograder"


def test_without_xdg_it_is_under_the_home_folder(
    no_data_settings: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")  # the XDG spec ignores relative paths
    assert Settings().data_dir == tmp_path / ".local" / "share" / "autograder"


def test_autograder_data_dir_overrides(
    no_data_settings: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("AUTOGRADER_DATA_DIR", str(tmp_path / "mine"))
    assert Settings().data_dir == tmp_path / "mine"


def test_a_command_run_elsewhere_creates_its_data_privately_in_the_home_folder(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_") and k != "XDG_DATA_HOME"}
    env["HOME"] = str(tmp_path / "home")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    created = subprocess.run(
        [sys.executable, "-m", "service.cli", "keys", "create", "--name", "platform"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert created.returncode == 0, created.stderr
    folder = tmp_path / "home" / ".local" / "share" / "autograder"
    assert (folder / "autograder.db").is_file()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert list(elsewhere.iterdir()) == []
