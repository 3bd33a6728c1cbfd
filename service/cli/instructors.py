"""`autograder instructors`: create and list the accounts of the dashboard."""

from __future__ import annotations

from typing import Annotated

import typer

from service.core.settings import get_settings
from service.dashboard import accounts, passwords
from service.storage import migrations
from service.storage.db import transaction

instructors_app = typer.Typer(no_args_is_help=True, help="Instructor accounts of the dashboard.")


@instructors_app.command("create")
def create(
    email: Annotated[str, typer.Option("--email", help="The instructor's email (their login).")],
    course: Annotated[list[str], typer.Option("--course", help="A course they may see (repeatable).")],
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help="Read the password from standard input.")
    ] = False,
) -> None:
    """Create an instructor (or reset their password and add courses); prints a generated password."""
    if get_settings().database_url is None:
        migrations.upgrade()  # the embedded default upgrades itself, as `serve` does
    password = (
        typer.get_text_stream("stdin").readline().rstrip("\n") if password_stdin else passwords.generate()
    )
    try:
        with transaction() as session:
            account = accounts.create(session, email, password, course)
    except ValueError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(code=2) from error
    typer.echo(f"instructor {account.email}: courses {', '.join(account.courses)}")
    if not password_stdin:
        typer.echo(password)


@instructors_app.command("list")
def listing() -> None:
    """List the instructors and their courses."""
    with transaction() as session:
        for account in accounts.listing(session):
            typer.echo(f"{account.email}\t{','.join(account.courses)}")
