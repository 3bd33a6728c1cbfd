"""The `autograder` command line."""

from __future__ import annotations

import atexit
import gc
import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer
from typer import _click
from typer.core import TyperGroup

from service.cli.entry import Early
from service.cli.service_commands import api, migrate, serve, worker
from service.storage.private_files import create_privately

if TYPE_CHECKING:
    from grader.challenge import Challenge
    from grader.grade import Grader
    from grader.models import Result
    from grader.sandbox.launch import Launched
    from grader.text import Lang
    from service.core.settings import Settings

# A command line starts like one: the grader (NumPy, Pydantic), the settings and the command
# groups (the database, the dashboard's accounts, LTI) are imported by the command that needs
# them, never for `--help` or a usage error.


class _Group(NamedTuple):
    module: str
    attribute: str
    help: str  # what `autograder --help` lists, without importing the module


_GROUPS = {
    "sandbox": _Group("service.cli.sandbox", "sandbox_app", "Inspect the grading sandbox."),
    "keys": _Group("service.cli.keys", "keys_app", "Manage the API keys of course platforms."),
    "instructors": _Group(
        "service.cli.instructors", "instructors_app", "Instructor accounts of the dashboard."
    ),
    "dashboard": _Group("service.cli.dashboard", "dashboard_app", "The dashboard's aggregates."),
    "lti": _Group("service.cli.lti", "lti_app", "The LTI 1.3 tool: platforms (LMSs), URLs, keys."),
}


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
    """Whatever a command creates (database, WAL, broker files, secrets) is its owner's alone.
    At exit every object is frozen out of the collector's sight first: the interpreter's last
    collection would otherwise walk the whole heap (NumPy, Pydantic, the grader) for nothing,
    longer than a grading takes."""
    create_privately()
    atexit.register(gc.freeze)


app.command()(serve)
app.command()(api)
app.command()(worker)
app.command()(migrate)


def _challenges() -> dict[str, Challenge]:
    from grader.challenge import load_challenges
    from service.core.settings import Settings

    return load_challenges(Settings().challenges_dir)


@app.command()
def challenges(
    as_json: Annotated[bool, typer.Option("--json", help="A JSON list, for scripts.")] = False,
) -> None:
    """List the challenges (id and title)."""
    from service.cli import output

    found = list(_challenges().values())
    if as_json:
        output.as_json([_listed(c) for c in found])
        return
    header = ("ID", "VERSION", "TESTS", "POINTS", "TITLE (ES)", "TITLE (EN)")
    rows = [
        (c.id, str(c.version), str(len(c.tests)), str(c.max_points), c.title("es"), c.title("en"))
        for c in found
    ]
    output.table(header, rows)


def _listed(challenge: Challenge) -> dict[str, object]:
    return {
        "id": challenge.id,
        "version": challenge.version,
        "tests": len(challenge.tests),
        "max_points": challenge.max_points,
        "title": {"es": challenge.title("es"), "en": challenge.title("en")},
    }


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
    from service.core.settings import Settings

    if lang not in ("es", "en"):
        _usage_error(f"unknown language {lang!r}: use es or en")
    settings = Settings()
    known = _challenge_ids(settings.challenges_dir)
    if challenge not in known:
        _usage_error(f"unknown challenge {challenge!r}; known: {', '.join(known)}")
    sources = [_read(path) for path in files]
    early = context.obj.take(settings.hardware_env) if isinstance(context.obj, Early) else []
    grader = _grader(settings, challenge, len(files), early)
    try:
        below = _grade_all(
            grader, challenge, list(zip(files, sources, strict=True)), lang, as_json, fail_under
        )
        grader.keep()  # once every result is out: the next command reads what these diagnoses ran
    finally:
        grader.sandbox.close()
    if below:
        typer.echo(f"below {fail_under:g}: {', '.join(below)}", err=True)
        raise typer.Exit(code=1)


def _grade_all(
    grader: Grader,
    challenge: str,
    files: list[tuple[Path, bytes]],
    lang: str,
    as_json: bool,
    fail_under: float | None,
) -> list[str]:
    """Print each file's result as it comes; the files below `fail_under`."""
    below: list[str] = []
    for path, source in files:
        result = grader.grade(challenge, source, lang)  # type: ignore[arg-type]
        if as_json:
            typer.echo(result.model_dump_json())
        else:
            typer.echo(_readable(path, result, lang))  # type: ignore[arg-type]
        if fail_under is not None and result.score < fail_under:
            below.append(f"{path} ({result.score:g})")
    return below


def _challenge_ids(root: Path) -> list[str]:
    """The challenges a folder holds, by their folders' names (which are their ids), unloaded."""
    return sorted(p.name for p in root.iterdir() if (p / "challenge.toml").exists())


def _grader(settings: Settings, challenge: str, files: int, early: list[Launched]) -> Grader:
    """A grader of one challenge: its sandbox starts (in other processes; the `early` zygotes
    since the program started, `service/cli/entry.py`) while this one loads and prepares the
    challenge. Its error model is searched as the files need it, not ahead
    (as a worker does): a correct file needs none of it. One zygote per file up to one per
    CPU: while one grades, the other's child warms up."""
    from concurrent.futures import ThreadPoolExecutor

    from grader.sandbox import default_sandbox

    slots = min(files, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=1) as starter:
        sandbox = starter.submit(
            default_sandbox, slots=slots, hardware_env=settings.hardware_env, launched=early
        )
        try:  # imported once the sandbox is on its way: its zygote boots while these load
            from grader.challenge import load_challenge
            from grader.grade import Grader
            from grader.prepared import prepare

            loaded = load_challenge(settings.challenges_dir / challenge)
            prepared = prepare(loaded, settings.cache_dir)
        except BaseException:
            sandbox.result().close()
            raise
    return Grader({challenge: loaded}, sandbox.result(), {challenge: prepared}, settings.cache_dir)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        _usage_error(f"cannot read {path}: {error.strerror}")
        raise  # unreachable


def _usage_error(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code=2)


def _readable(path: Path, result: Result, lang: Lang) -> str:
    words = {
        "es": ("Nota", "Diagnóstico", "Salida impresa", "pruebas sin comprobar por el error de arriba"),
        "en": ("Score", "Diagnosis", "Printed output", "tests not checked because of the error above"),
    }[lang]
    lines = [f"{path}  [{result.challenge}]"]
    if result.error is not None:
        lines.append(f"  ! {result.error.kind}: {result.error.message}")
    kept_back = [
        t for t in result.tests if result.error is not None and t.explained_by == [result.error.kind]
    ]
    for test in result.tests:
        if test not in kept_back:
            mark = "✓" if test.passed else "✗"
            lines.append(f"  {mark} {test.points}/{test.max_points}  {test.category:<14} {test.message}")
    if kept_back:  # one line: the error is one fact, however many tests it stopped
        points = sum(t.max_points for t in kept_back)
        lines.append(f"  ✗ 0/{points}  {len(kept_back)} {words[3]}")
    for diagnosis in result.diagnoses:
        lines.append(f"  → {words[1]} ({diagnosis.id}): {diagnosis.message}")
    for cause in result.causes:
        lines.append(f"  → {cause.message}")
    if result.localisation is not None:
        lines.append(f"  → {result.localisation.message}")
    if result.stdout.strip():
        lines.append(f"  {words[2]}: {result.stdout.strip()[:500]}")
    lines.append(
        f"  {words[0]}: {result.score:g}/100  ({result.points}/{result.max_points})  {result.grading_ms:.1f} ms"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(app())
