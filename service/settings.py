"""Every setting of the service, read from the environment in this one place."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parents[1]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="AUTOGRADER_", extra="ignore")

    database_url: str | None = None
    broker_url: str | None = None
    challenges_dir: Path = PROJECT_ROOT / "challenges"
    data_dir: Path = PROJECT_ROOT / "data"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
