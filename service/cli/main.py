"""The `autograder` command line."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Annotated, NamedTuple

import typer
from typer import _click
from typer.core import TyperGroup

from service.cli.entry import Early, start_command
from service.cli.service_commands import api, backup, migrate, restore, serve, worker

# A command line starts like one: the grader (NumPy, Pydantic), the settings and the command
# groups (the database, the dashboard's accounts, LTI) are imported by the command that needs
# them, never for `--help` or a usage error.


class _Group(NamedTuple):
    module: str
    attribute: str
    help: str  # what `autograder --help` lists, without importing the module


_GROUPS = {
    "challenges": _Group(
        "service.cli.challenges", "challenges_app", "The challenges there are; check a challenge folder."
    ),
    "sandbox": _Group("service.cli.sandbox", "sandbox_app", "Inspect the grading sandbox."),
    "keys": _Group("service.cli.keys", "keys_app", "Manage the API keys of course platforms."),
    "instructors": _Group(
        "service.cli.instructors", "instructors_app", "Instructor accounts of the dashboard."
    ),
    "dashboard": _Group("service.cli.dashboard", "dashboard_app", "The dashboard's aggregates."),
    "students": _Group(
        "service.cli.students", "students_app", "A student's data: exported or erased on request."
    ),
    "lti": _Group("service.cli.lti", "lti_app", "The LTI 1.3 tool: platforms (LMSs), URLs, keys."),
}


def groups() -> list[str]:
    return list(_GROUPS)


def load_group(name: str) -> _click.Command:
    """The command group itself, imported."""
    found = _GROUPS[name]
    group = typer.main.get_group(getattr(importlib.import_module(found.module), found.attribute))
    group.name = name
    return group


class _Commands(TyperGroup):
    def list_commands(self, ctx: _click.Context) -> list[str]:
        return [*super().list_commands(ctx), *_GROUPS]

    def get_command(self, ctx: _click.Context, cmd_name: str) -> _click.Command | None:
        """A group as the help lists it (its name and help); `resolve_command` loads the one run."""
        if cmd_name not in _GROUPS:
            return super().get_command(ctx, cmd_name)
        return TyperGroup(name=cmd_name, help=_GROUPS[cmd_name].help)

    def resolve_command(
        self, ctx: _click.Context, args: list[str]
    ) -> tuple[str | None, _click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if name in _GROUPS:
            command = load_group(name)
        return name, command, rest


app = typer.Typer(
    cls=_Commands, no_args_is_help=True, add_completion=False, help="Autograder for the Transformers course."
)


@app.callback()
def _start() -> None:
    start_command()


app.command()(serve)
app.command()(api)
app.command()(worker)
app.command()(migrate)
app.command()(backup)
app.command()(restore)


@app.command()
def grade(
    context: typer.Context,
    files: Annotated[list[Path], typer.Argument(help="Python files to grade.")],
    challenge: Annotated[str, typer.Option("--challenge", help="Challenge id.")],
    lang: Annotated[str, typer.Option("--lang", help="es or en.")] = "es",
    as_json: Annotated[bool, typer.Option("--json", help="One Result per line (JSON Lines).")] = False,
    fail_under: Annotated[
        float | None,
        typer.Option(
            "--fail-under", min=0, max=100, help="Exit with status 1 when any file scores below this (0-100)."
        ),
    ] = None,
) -> None:
    """Grade local files with the same sandbox, hidden tests and scoring as the service.

    Exit status 0 once every file has a result, whatever its score, unless --fail-under says
    otherwise; 2 for usage errors."""
    from service.cli import grading

    early = context.obj if isinstance(context.obj, Early) else Early()
    asked = grading.Asked(files, challenge, lang, as_json, fail_under)
    raise typer.Exit(code=grading.run(asked, early))


if __name__ == "__main__":
    sys.exit(app())
