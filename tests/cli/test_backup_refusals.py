"""What `autograder restore` refuses: a tampered backup, a data folder or database in use."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.cli import backup as made
from service.core.settings import Settings
from service.storage.backup import BackupError
from service.storage.migrations import upgrade
from service.storage.sealing import sealer_for


@pytest.fixture
def backed_up(tmp_path: Path) -> Path:
    settings = Settings(data_dir=tmp_path / "origin")
    upgrade(settings)
    sealer_for(settings)  # the webhook key file, as a first key made it
    made.make(settings, tmp_path / "backup")
    return tmp_path / "backup"


def test_a_restore_puts_back_the_database_and_the_secrets(backed_up: Path, tmp_path: Path) -> None:
    manifest = made.put_back(Settings(data_dir=tmp_path / "copy"), backed_up)
    assert manifest.revision is not None
    assert sorted(p.name for p in (tmp_path / "copy").iterdir()) == ["autograder.db", "webhook.key"]
    assert (tmp_path / "copy" / "webhook.key").read_bytes() == (
        tmp_path / "origin" / "webhook.key"
    ).read_bytes()


def test_a_data_folder_in_use_is_refused(backed_up: Path, tmp_path: Path) -> None:
    with pytest.raises(BackupError, match="is not empty"):
        made.put_back(Settings(data_dir=tmp_path / "origin"), backed_up)


def test_a_backup_folder_in_use_is_refused(backed_up: Path, tmp_path: Path) -> None:
    with pytest.raises(BackupError, match="is not empty"):
        made.make(Settings(data_dir=tmp_path / "origin"), backed_up)


def test_a_tampered_backup_is_refused_before_anything_is_written(backed_up: Path, tmp_path: Path) -> None:
    with (backed_up / "secrets" / "webhook.key").open("ab") as key:
        key.write(b"x")
    with pytest.raises(BackupError, match="differs"):
        made.put_back(Settings(data_dir=tmp_path / "copy"), backed_up)
    assert not (tmp_path / "copy").exists()


def test_a_backup_of_sqlite_is_not_restored_into_postgresql(backed_up: Path, tmp_path: Path) -> None:
    elsewhere = Settings(
        data_dir=tmp_path / "copy", database_url="postgresql+psycopg://nobody@127.0.0.1/none"
    )
    with pytest.raises(BackupError, match="sqlite database"):
        made.put_back(elsewhere, backed_up)
