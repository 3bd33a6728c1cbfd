"""What `autograder grade` reads of the settings, without Pydantic.

Grading local files needs three settings: where the challenges are (the built-ins' folder and a
course's own, AUTOGRADER_CHALLENGES_DIRS), where the grader keeps what
it computed once, and the hardware variables its zygotes get. Importing `Settings`
(pydantic-settings and the class of every setting) costs a one-file grading more than the
grading itself, so these three are read here, from the same variables, the same way
(`AUTOGRADER_` names in any case, as pydantic-settings matches them) and with the same defaults,
which `Settings` takes from this module; `tests/core/test_grading_settings.py` holds both to it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
HARDWARE = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")  # passed through to the sandbox's zygotes


def user_data_dir() -> Path:
    """Where the embedded default keeps its database, broker and keys when AUTOGRADER_DATA_DIR is
    not set: `$XDG_DATA_HOME/autograder`, else `~/.local/share/autograder` (whatever the working
    directory, and outside the installed code)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "autograder"


def user_cache_dir() -> Path:
    """Where the grader keeps what it computed once for a challenge (its error model's runs)
    when AUTOGRADER_CACHE_DIR is not set: `$XDG_CACHE_HOME/autograder`, else `~/.cache/autograder`."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    return root / "autograder"


def hardware_env(values: Mapping[str, str | None]) -> dict[str, str]:
    """The hardware variables that are set (and not empty), by their names."""
    return {name: value for name in HARDWARE if (value := values.get(name))}


def challenge_folders(listed: str) -> tuple[Path, ...]:
    """The folders of a course's own challenges, as AUTOGRADER_CHALLENGES_DIRS lists them
    (separated like PATH, by the system's path separator; empty entries left out)."""
    return tuple(Path(entry) for entry in listed.split(os.pathsep) if entry.strip())


@dataclass(frozen=True)
class GradingSettings:
    challenges_dir: Path
    cache_dir: Path
    hardware_env: dict[str, str]
    challenges_dirs: tuple[Path, ...] = ()  # a course's own challenges, beside the built-ins

    @property
    def challenge_roots(self) -> tuple[Path, ...]:
        """Every folder challenges are read from: the built-ins' first."""
        return (self.challenges_dir, *self.challenges_dirs)

    @classmethod
    def from_environment(cls) -> GradingSettings:
        found = {name.upper(): value for name, value in os.environ.items()}
        challenges = found.get("AUTOGRADER_CHALLENGES_DIR")
        cache = found.get("AUTOGRADER_CACHE_DIR")
        return cls(
            challenges_dir=Path(challenges) if challenges is not None else PROJECT_ROOT / "challenges",
            cache_dir=Path(cache) if cache is not None else user_cache_dir(),
            hardware_env=hardware_env(found),
            challenges_dirs=challenge_folders(found.get("AUTOGRADER_CHALLENGES_DIRS", "")),
        )
