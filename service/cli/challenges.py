"""`autograder challenges`: the challenges there are, and `challenges check DIR`, whether a
challenge folder is ready to go live (grader/kit/check.py)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from grader.challenge import Challenge

challenges_app = typer.Typer(help="The challenges there are; check a challenge folder.")


@challenges_app.callback(invoke_without_command=True)
def listing(
    context: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help="A JSON list, for scripts.")] = False,
) -> None:
    """List the challenges (id and title)."""
    if context.invoked_subcommand is not None:
        return
    from service.cli import output

    found = list(_known().values())
    if as_json:
        output.as_json([_listed(c) for c in found])
        return
    header = ("ID", "VERSION", "TESTS", "POINTS", "TITLE (ES)", "TITLE (EN)")
    rows = [
        (c.id, str(c.version), str(len(c.tests)), str(c.max_points), c.title("es"), c.title("en"))
        for c in found
    ]
    output.table(header, rows)


@challenges_app.command("check")
def check(
    folder: Annotated[
        Path, typer.Argument(help="A challenge's folder (its challenge.toml, reference.py, ...).")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="The report as JSON, for CI.")] = False,
) -> None:
    """Whether a challenge folder is ready: exit status 0 when every check passes, 1 otherwise."""
    if not (folder / "challenge.toml").is_file():
        typer.echo(f"error: {folder} has no challenge.toml: give a challenge's folder", err=True)
        raise typer.Exit(2)
    from grader.kit.check import check_folder, describe
    from grader.sandbox import default_sandbox
    from service.students.statement import statement_html

    library = _library(excluding=folder)
    sandbox = default_sandbox()
    try:
        report = check_folder(folder, library, sandbox, lambda c, lang: str(statement_html(c, lang)))
    finally:
        sandbox.close()
    if as_json:
        typer.echo(
            json.dumps({"passed": report.passed, **asdict(report)}, default=str, ensure_ascii=False, indent=2)
        )
    else:
        typer.echo(describe(report))
    raise typer.Exit(0 if report.passed else 1)


def _known() -> dict[str, Challenge]:
    from grader.challenge import load_challenges
    from service.core.settings import Settings

    return load_challenges(*Settings().challenge_roots)


def _library(excluding: Path) -> dict[str, Challenge]:
    """The configured challenges a folder may `use`, but the one checked (and any that does not
    load: the check is of `excluding`, and says what its own folder lacks)."""
    from grader.challenge import load_challenge
    from service.core.settings import Settings

    library: dict[str, Challenge] = {}
    roots = Settings().challenge_roots
    for found in (f for root in roots for f in sorted(root.iterdir())):
        if (found / "challenge.toml").exists() and found.resolve() != excluding.resolve():
            try:
                library.setdefault(found.name, load_challenge(found, library, search=roots))
            except Exception:  # noqa: BLE001, S112 a broken neighbour is left out of the library
                continue
    return library


def _listed(challenge: Challenge) -> dict[str, object]:
    return {
        "id": challenge.id,
        "version": challenge.version,
        "tests": len(challenge.tests),
        "max_points": challenge.max_points,
        "title": {"es": challenge.title("es"), "en": challenge.title("en")},
    }
