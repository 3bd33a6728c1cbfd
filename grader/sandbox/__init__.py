"""Runs a job in an isolated child process: the only place student code ever runs.

The names below are imported on first use: `grader.sandbox.launch` (which needs no NumPy) can
then be imported by a command that starts its zygote before anything else.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grader.sandbox.base import ExitKind, Layer, Limits, Sandbox, SandboxRun
    from grader.sandbox.launch import Launched
    from grader.sandbox.plain import PlainSandbox
    from grader.sandbox.zygote_pool import SandboxUnavailable, ZygoteSandbox

__all__ = [
    "ExitKind",
    "Layer",
    "Limits",
    "PlainSandbox",
    "Sandbox",
    "SandboxRun",
    "SandboxUnavailable",
    "ZygoteSandbox",
    "default_sandbox",
]

_HOMES = {
    "ExitKind": "base",
    "Layer": "base",
    "Limits": "base",
    "Sandbox": "base",
    "SandboxRun": "base",
    "PlainSandbox": "plain",
    "SandboxUnavailable": "zygote_pool",
    "ZygoteSandbox": "zygote_pool",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)


def default_sandbox(
    *,
    allow_missing_layers: bool = False,
    slots: int | None = None,
    hardware_env: Mapping[str, str] | None = None,
    launched: Sequence[Launched] = (),
) -> Sandbox:
    """The sandbox every entry point grades through.

    Strict unless the operator allows missing layers: then it starts with what this machine
    offers and `layers()` says which are off. Raises SandboxUnavailable otherwise. `launched`:
    zygotes a command started early (`grader.sandbox.launch`), with the same `hardware_env`.
    """
    from grader.sandbox.zygote_pool import ZygoteSandbox

    return ZygoteSandbox(slots, strict=not allow_missing_layers, hardware_env=hardware_env, launched=launched)
