"""`autograder instructors`: create and list the accounts of the dashboard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from service.cli import output
from service.cli.lazy import lazily

if TYPE_CHECKING:
    from service.cli import database
    from service.dashboard import accounts, passwords
else:
    database = lazily("service.cli.database")
    accounts = lazily("service.dashboard.accounts")
    passwords = lazily("service.dashboard.passwords")

instructors_app = typer.Typer(no_args_is_help=True, help="Instructor accounts of the dashboard.")


Json = Annotated[bool, typer.Option("--json", help="Machine-readable output (JSON).")]
PASSWORD_LABEL = "password (shown once; the instructor logs in with it at /dashboard)"  # noqa: S105 a label


def _courses(account: accounts.Account) -> str:
    return ", ".join(f"{c.slug} ({c.platform})" for c in account.courses)


def _document(account: accounts.Account) -> dict[str, object]:
    courses = [{"platform": c.platform, "course": c.slug} for c in account.courses]
    return {"email": account.email, "courses": courses}


@instructors_app.command("create")
def create(
    email: Annotated[str, typer.Option("--email", help="The instructor's email (their login).")],
    course: Annotated[list[str], typer.Option("--course", help="A course they may see (repeatable).")],
    platform: Annotated[
        str | None,
        typer.Option(
            "--platform",
            help="The platform (the --name of its keys) that owns the courses; "
            "may be left out when only one platform can have them.",
        ),
    ] = None,
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help="Read the password from standard input.")
    ] = False,
) -> None:
    """Create an instructor (or reset their password and add courses); prints a generated password
    (alone on the last line)."""
    _, db = database.open_database()
    password = (
        typer.get_text_stream("stdin").readline().rstrip("\n") if password_stdin else passwords.generate()
    )
    try:
        with db.transaction() as session:
            account = accounts.create(session, email, password, course, platform)
    except ValueError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(code=2) from error
    typer.echo(f"instructor: {account.email}")
    typer.echo(f"courses: {_courses(account)}")
    if not password_stdin:
        output.secret(PASSWORD_LABEL, password)


@instructors_app.command("list")
def listing(as_json: Json = False) -> None:
    """List the instructors and their courses (each with its platform)."""
    _, db = database.open_database()
    with db.transaction() as session:
        found = accounts.listing(session)
    if as_json:
        output.as_json([_document(a) for a in found])
        return
    output.table(["EMAIL", "COURSES (PLATFORM)"], [[a.email, _courses(a)] for a in found])
