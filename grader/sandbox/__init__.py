"""Runs a job in an isolated child process: the only place student code ever runs."""

from collections.abc import Mapping

from grader.sandbox.base import ExitKind, Layer, Limits, Sandbox, SandboxRun
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


def default_sandbox(
    *,
    allow_missing_layers: bool = False,
    slots: int | None = None,
    hardware_env: Mapping[str, str] | None = None,
) -> Sandbox:
    """The sandbox every entry point grades through.

    Strict unless the operator allows missing layers: then it starts with what this machine
    offers and `layers()` says which are off. Raises SandboxUnavailable otherwise.
    """
    return ZygoteSandbox(slots, strict=not allow_missing_layers, hardware_env=hardware_env)
