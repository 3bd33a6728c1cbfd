"""Import a challenge's trusted Python files by path (they are not a package)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


def import_file(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sibling(this_file: str, challenge_id: str, module: str) -> ModuleType:
    """A module of another challenge beside this one, e.g. to reuse its tests or mistakes."""
    path = Path(this_file).resolve().parent.parent / challenge_id / f"{module}.py"
    return import_file(path, f"challenge_{challenge_id}_{module}_shared")
