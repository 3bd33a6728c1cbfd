"""The process's Celery app sends to the broker and queue its entry point's Settings name."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service.core.settings import Settings
from service.messaging import celery_app


@pytest.fixture
def given(tmp_path: Path) -> Iterator[Path]:
    celery_app.forget()
    yield tmp_path
    celery_app.forget()  # later tests read the environment again


def _settings(folder: Path, queue: str, **more: object) -> Settings:
    return Settings(broker_url="redis://127.0.0.1:6399/0", queue=queue, data_dir=folder, **more)


def test_the_app_is_built_on_the_given_settings(given: Path) -> None:
    celery_app.use(_settings(given, "given-queue"))
    app = celery_app.celery()
    assert app.conf.task_default_queue == "given-queue"
    assert ":6399/" in str(app.conf.broker_url)


def test_settings_with_the_same_broker_and_queue_keep_the_app(given: Path) -> None:
    celery_app.use(_settings(given, "given-queue"))
    app = celery_app.celery()
    celery_app.use(_settings(given, "given-queue", webhook_attempts=1))
    assert celery_app.celery() is app
    celery_app.use(_settings(given, "another-queue"))
    assert celery_app.celery() is not app
    assert celery_app.celery().conf.task_default_queue == "another-queue"
