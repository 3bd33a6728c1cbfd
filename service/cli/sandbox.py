"""`autograder sandbox ...`: inspect the sandbox every grading goes through."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from grader.sandbox.base import Layer

sandbox_app = typer.Typer(no_args_is_help=True, help="Inspect the grading sandbox.")


@sandbox_app.command("check")
def check(
    allow_missing: Annotated[
        bool, typer.Option("--allow-missing-layers", help="Start even where a layer is unavailable.")
    ] = False,
) -> None:
    """Print which isolation layers are active; exit 1 if strict mode refuses to start."""
    from grader.sandbox import SandboxUnavailable, default_sandbox

    try:
        sandbox = default_sandbox(allow_missing_layers=allow_missing)
    except SandboxUnavailable as error:
        typer.echo(f"strict mode refuses to start: {error}", err=True)
        raise typer.Exit(1) from error
    try:
        for layer in sandbox.layers():
            typer.echo(line(layer))
    finally:
        sandbox.close()


def line(layer: Layer) -> str:
    """`on`, `OFF` (missing here), or not used by design, with the reason it is not needed."""
    if layer.active:
        return f"on   {layer.name:<14} {layer.detail}"
    if layer.by_design:
        return f"-    {layer.name:<14} not used, because {layer.detail}"
    return f"OFF  {layer.name:<14} {layer.detail}"
