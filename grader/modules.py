"""Import a challenge's trusted Python files by path (they are not a package)."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from types import ModuleType

# While a challenge's files are imported: the folders of the challenges it `uses`, so that
# `sibling` finds one that is not beside it (a course's challenge using a built-in one).
_USED: ContextVar[Mapping[str, Path] | None] = ContextVar("used_challenge_folders", default=None)


def import_file(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextmanager
def using(folders: Mapping[str, Path]) -> Iterator[None]:
    """`sibling` finds these challenges' folders (by id) while the block runs."""
    token = _USED.set(folders)
    try:
        yield
    finally:
        _USED.reset(token)


def sibling(this_file: str, challenge_id: str, module: str) -> ModuleType:
    """A module of another challenge, beside this one or one it uses, e.g. to reuse its tests."""
    beside = Path(this_file).resolve().parent.parent / challenge_id
    used = _USED.get() or {}
    folder = beside if (beside / f"{module}.py").exists() else used.get(challenge_id, beside)
    return import_file(folder / f"{module}.py", f"challenge_{challenge_id}_{module}_shared")
