"""Webhook secrets are sealed in the database under a key kept outside it.

They sign every webhook, so they cannot be hashed like API keys; a copy of the database alone
must not let anybody sign a platform's webhooks.
"""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from alembic import command
from cryptography.fernet import Fernet
from sqlalchemy import create_engine, text

from service.core.settings import Settings
from service.storage.db import Database
from service.storage.migrations import alembic_config
from service.storage.sealing import KEY_FILE, Sealer, UnreadableSecret, sealer_for
from service.submissions.keys import CreatedKey

BEFORE = "0008_result_translation"


def test_the_database_holds_no_webhook_secret_in_clear(
    key: CreatedKey, db: Database, settings: Settings
) -> None:
    with db.engine.connect() as connection:
        rows = connection.execute(text("SELECT * FROM api_keys")).all()
    stored = " ".join(str(value) for row in rows for value in row)
    assert key.webhook_secret not in stored
    assert key.webhook_secret.removeprefix("whsec_") not in stored
    (sealed,) = [row._mapping["webhook_secret_sealed"] for row in rows]
    assert sealer_for(settings).unseal(sealed) == key.webhook_secret


def test_the_key_is_made_once_private_in_the_data_folder(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    sealed = sealer_for(settings).seal("whsec_one")
    path = tmp_path / "data" / KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert Fernet(path.read_bytes().strip())  # a whole key, not a half-written file
    assert sealer_for(Settings(data_dir=tmp_path / "data")).unseal(sealed) == "whsec_one"
    assert list(path.parent.iterdir()) == [path]  # no draft left behind


def test_configured_keys_rotate_and_a_lost_key_opens_nothing(tmp_path: Path) -> None:
    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    sealed = sealer_for(Settings(data_dir=tmp_path, webhook_keys=old)).seal("whsec_two")
    rotated = sealer_for(Settings(data_dir=tmp_path, webhook_keys=f"{new},{old}"))
    assert rotated.unseal(sealed) == "whsec_two"
    assert not (tmp_path / KEY_FILE).exists()  # configured keys: no file
    with pytest.raises(UnreadableSecret):
        sealer_for(Settings(data_dir=tmp_path, webhook_keys=new)).unseal(sealed)


def _column(url: str, column: str) -> str:
    engine = create_engine(url)
    with engine.connect() as connection:
        value = connection.execute(text(f"SELECT {column} FROM api_keys")).scalar_one()  # noqa: S608
    engine.dispose()
    return str(value)


def test_the_migration_seals_existing_secrets_and_its_downgrade_opens_them(
    database_url: str, settings: Settings
) -> None:
    sealer = Sealer.with_new_key()
    config = alembic_config(settings, database_url, sealer)
    command.upgrade(config, BEFORE)
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO platforms (id, name, created_at) VALUES (1, 'uni', CURRENT_TIMESTAMP)")
        )
        connection.execute(
            text(
                "INSERT INTO api_keys (id, platform_id, prefix, key_hash, webhook_secret, created_at)"
                " VALUES (1, 1, 'pppppppppppp', 'h', 'whsec_existing', CURRENT_TIMESTAMP)"
            )
        )
    engine.dispose()
    command.upgrade(config, "head")
    sealed = _column(database_url, "webhook_secret_sealed")
    assert "whsec_existing" not in sealed
    assert sealer.unseal(sealed) == "whsec_existing"
    command.downgrade(config, BEFORE)
    assert _column(database_url, "webhook_secret") == "whsec_existing"
