"""Modules imported at their first use: a command group's `--help` (typer reads only the
commands' names, options and docstrings) imports none of what the commands themselves need (the
database, Celery, the LTI code), which took seconds."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

OURS = ("service", "grader")


class _Deferred(ModuleType):
    """A library's module imported whole, the usual way, when one of its attributes is first
    read: a lazily loaded package runs its `__init__` while its own submodules expect it done
    (SQLAlchemy's fails: `sqlalchemy.sql` has no attribute `base`)."""

    def __getattr__(self, attribute: str) -> object:
        return getattr(importlib.import_module(self.__name__), attribute)


def lazily(name: str) -> ModuleType:
    """The module `name`, whose code runs when one of its attributes is first read."""
    found = sys.modules.get(name)
    if found is not None:
        return found
    if name.partition(".")[0] not in OURS:
        return _Deferred(name)
    spec = _spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


def _spec(name: str) -> importlib.machinery.ModuleSpec | None:
    """Found without importing the packages above it (their own code waits too)."""
    parent, _, _ = name.rpartition(".")
    if not parent or parent in sys.modules:
        return importlib.util.find_spec(name)
    root, *middle, _ = name.split(".")
    top = importlib.import_module(root)
    return importlib.machinery.PathFinder.find_spec(name, [str(Path(top.__path__[0], *middle))])
