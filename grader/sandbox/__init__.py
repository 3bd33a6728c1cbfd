"""Runs a job in an isolated child process: the only place student code ever runs."""

from grader.sandbox.base import ExitKind, Layer, Limits, Sandbox, SandboxRun
from grader.sandbox.plain import PlainSandbox

__all__ = ["ExitKind", "Layer", "Limits", "PlainSandbox", "Sandbox", "SandboxRun", "default_sandbox"]


def default_sandbox() -> Sandbox:
    """The sandbox every entry point grades through."""
    return PlainSandbox()
