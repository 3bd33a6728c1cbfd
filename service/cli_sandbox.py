"""`autograder sandbox ...`: inspect the sandbox every grading goes through."""

from __future__ import annotations

import typer

from grader.sandbox import default_sandbox

sandbox_app = typer.Typer(no_args_is_help=True, help="Inspect the grading sandbox.")


@sandbox_app.command("check")
def check() -> None:
    """Print which isolation layers are active."""
    sandbox = default_sandbox()
    try:
        for layer in sandbox.layers():
            mark = "on " if layer.active else "OFF"
            typer.echo(f"{mark}  {layer.name:<12} {layer.detail}")
    finally:
        sandbox.close()
