"""`autograder grade` reads its three settings without Pydantic, exactly as `Settings` does."""

from __future__ import annotations

import pytest

from service.core.grading_settings import GradingSettings
from service.core.settings import Settings


@pytest.mark.parametrize(
    "environment",
    [
        {},
        {"AUTOGRADER_CHALLENGES_DIR": "/srv/course/challenges", "AUTOGRADER_CACHE_DIR": "/var/cache/ag"},
        {"autograder_challenges_dir": "/srv/lower", "Autograder_Cache_Dir": "relative/cache"},
        {"OPENBLAS_CORETYPE": "Haswell", "OPENBLAS_L2_SIZE": ""},
        {"OPENBLAS_CORETYPE": "", "OPENBLAS_L2_SIZE": "262144", "XDG_CACHE_HOME": "/tmp/xdg"},
        {"XDG_CACHE_HOME": "not/absolute"},
        {"AUTOGRADER_CHALLENGES_DIRS": "/srv/a:/srv/b::relative/c"},
        {"autograder_challenges_dirs": ""},
    ],
)
def test_the_three_settings_are_read_as_settings_reads_them(
    environment: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in (
        "AUTOGRADER_CHALLENGES_DIR",
        "AUTOGRADER_CHALLENGES_DIRS",
        "AUTOGRADER_CACHE_DIR",
        "OPENBLAS_CORETYPE",
        "OPENBLAS_L2_SIZE",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    settings = Settings()
    light = GradingSettings.from_environment()
    assert light == GradingSettings(
        settings.challenges_dir, settings.cache_dir, settings.hardware_env, settings.challenge_roots[1:]
    )
    assert light.challenge_roots == settings.challenge_roots
