"""`autograder backup PATH` and `autograder restore PATH`: the database and the data folder's
secrets, copied while the service runs, and put back into an empty data folder.

What a backup holds: the database (the SQLite file, or PostgreSQL's dump), which keeps the API
keys' hashes, the sealed webhook secrets, the instructors, the dashboard's sessions and the LTI
tool's signing keys; and the two secrets the data folder keeps beside it, the key that seals the
webhook secrets and the one that signs dashboard sessions. Secrets given in the environment
(`AUTOGRADER_WEBHOOK_KEYS`, `AUTOGRADER_DASHBOARD_SECRET`) are the operator's to keep.
"""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from service.core.settings import Settings
from service.dashboard.secret import SECRET_FILE
from service.storage import backup
from service.storage.sealing import KEY_FILE

SECRETS = (KEY_FILE, SECRET_FILE)
SECRETS_FOLDER = "secrets"


@dataclass(frozen=True)
class Done:
    manifest: backup.Manifest
    seconds: float
    bytes: int
    not_kept: tuple[str, ...]  # secrets set in the environment, which no backup holds


def _empty_or_missing(folder: Path, what: str) -> None:
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise backup.BackupError(f"{what} {folder} is not empty: give a new or an empty folder")


def make(settings: Settings, folder: Path) -> Done:
    started = time.perf_counter()
    _empty_or_missing(folder, "the backup folder")
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    database, schema, revision = _database(settings, folder)
    files = [database, *_secrets(settings.data_dir, folder)]
    manifest = backup.Manifest(
        database="sqlite" if database == backup.SQLITE_COPY else "postgresql",
        schema=schema,
        revision=revision,
        made_at=backup.moment(),
        files={name: backup.digest(folder / name) for name in files},
    )
    manifest.write(folder)
    size = sum((folder / name).stat().st_size for name in files)
    environment = {
        "AUTOGRADER_WEBHOOK_KEYS": settings.webhook_keys,
        "AUTOGRADER_DASHBOARD_SECRET": settings.dashboard_secret,
    }
    not_kept = tuple(name for name, given in environment.items() if given)
    return Done(manifest, time.perf_counter() - started, size, not_kept)


def _database(settings: Settings, folder: Path) -> tuple[str, str | None, str | None]:
    """The database copied into `folder`: the file's name, the schema dumped, its revision."""
    if backup.is_sqlite(settings.database):
        copy = folder / backup.SQLITE_COPY
        backup.copy_sqlite(backup.sqlite_path(settings.database), copy)
        return backup.SQLITE_COPY, None, backup.revision_of(f"sqlite:///{copy}")
    revision = backup.revision_of(settings.database)
    schema = backup.dump_postgres(settings.database, folder / backup.POSTGRES_DUMP)
    return backup.POSTGRES_DUMP, schema, revision


def _secrets(data: Path, folder: Path) -> list[str]:
    kept = [name for name in SECRETS if (data / name).is_file()]
    if kept:
        (folder / SECRETS_FOLDER).mkdir(mode=0o700)
    for name in kept:
        shutil.copyfile(data / name, folder / SECRETS_FOLDER / name)
    return [f"{SECRETS_FOLDER}/{name}" for name in kept]


def put_back(settings: Settings, folder: Path) -> backup.Manifest:
    """The backup in `folder` restored into the settings' data folder (empty or missing) and
    database (a SQLite file not there yet, or a PostgreSQL schema without tables)."""
    manifest = backup.Manifest.read(folder)
    for name, sha in manifest.files.items():
        if not (folder / name).is_file() or backup.digest(folder / name) != sha:
            raise backup.BackupError(f"{folder / name} is missing or differs from what the backup wrote")
    _empty_or_missing(settings.data_dir, "the data folder")
    _check_target(settings, manifest)
    data = settings.data_folder()
    if manifest.database == "sqlite":
        backup.copy_sqlite(folder / backup.SQLITE_COPY, backup.sqlite_path(settings.database))
    else:
        backup.restore_postgres(folder / backup.POSTGRES_DUMP, settings.database, manifest.schema)
    for name in manifest.files:
        if name.startswith(f"{SECRETS_FOLDER}/"):
            shutil.copyfile(folder / name, data / Path(name).name)
    return manifest


def _check_target(settings: Settings, manifest: backup.Manifest) -> None:
    embedded = backup.is_sqlite(settings.database)
    if embedded != (manifest.database == "sqlite"):
        raise backup.BackupError(
            f"the backup is of a {manifest.database} database; the configured one is not "
            "(AUTOGRADER_DATABASE_URL)"
        )
    if embedded and backup.sqlite_path(settings.database).exists():
        raise backup.BackupError(f"a database already exists at {backup.sqlite_path(settings.database)}")
    if not embedded and backup.tables_in(settings.database):
        raise backup.BackupError("the configured database already holds tables: restore into an empty one")
