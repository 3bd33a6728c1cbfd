"""A benchmark script loaded as a module for its smoke test: the scripts are not a package."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from tests.conftest import ROOT


def benchmark(script: str, name: str) -> ModuleType:
    """benchmarks/`script` as module `name`, registered so that its dataclasses resolve."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / script)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
