"""`autograder students export | forget`: one student's data, handed over or erased on request."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from service.cli import output
from service.cli.lazy import lazily
from service.core.errors import NotFound

if TYPE_CHECKING:
    from service.cli import database
    from service.privacy import export, forget, whose
    from service.storage.db import Database
else:
    database = lazily("service.cli.database")
    export = lazily("service.privacy.export")
    forget = lazily("service.privacy.forget")
    whose = lazily("service.privacy.whose")

students_app = typer.Typer(no_args_is_help=True, help="A student's data: exported or erased on request.")
Course = Annotated[str, typer.Option("--course", help="The course's id, as the platform sends it.")]
Student = Annotated[str, typer.Option("--student", help="The student's id, as the platform sends it.")]
PlatformName = Annotated[
    str | None,
    typer.Option("--platform", help="The platform (the --name of its keys), when several have that course."),
]


def _fail(message: str, code: int = 2) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code=code)


def _whose(db: Database, course: str, student: str, platform: str | None) -> whose.Whose:
    with db.reading() as session:
        found = whose.platforms_with(session, course, platform)
        if not found:
            _fail(f"no course named {course!r}" + (f" on platform {platform!r}" if platform else ""))
        if len(found) > 1:
            _fail(f"several platforms have a course named {course!r}: say which with --platform")
        try:
            return whose.whose(session, found[0], course, student)
        except NotFound as error:
            _fail(str(error.detail), code=1)
            raise  # unreachable


@students_app.command("export")
def export_command(course: Course, student: Student, platform: PlatformName = None) -> None:
    """Print everything kept about the student in the course as one JSON document: each
    submission with its code and results, the attempts refused, due dates, roster row, LTI ids."""
    _, db = database.open_database()
    who = _whose(db, course, student, platform)
    with db.reading() as session:
        document = export.student_data(session, who)
    typer.echo(document.model_dump_json(indent=2))


@students_app.command("forget")
def forget_command(
    course: Course,
    student: Student,
    platform: PlatformName = None,
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
) -> None:
    """Erase the student's data in the course: code, results, refused attempts, due dates, roster
    rows, LTI identities; the dashboard's numbers recomputed without them. Cannot be undone."""
    _, db = database.open_database()
    who = _whose(db, course, student, platform)
    if not yes:
        typer.confirm(f"erase every trace of {student!r} in {course!r} ({who.platform})?", abort=True)
    with db.transaction() as session:
        erased = forget.forget(session, who, "command line")
    output.table(
        ["SUBMISSIONS", "REFUSED ATTEMPTS", "ROSTER ROWS", "LTI IDENTITIES", "ERASED"],
        [
            [
                str(erased.submissions),
                str(erased.refused_attempts),
                str(erased.roster_rows),
                str(erased.lti_identities),
                output.moment(erased.erased_at),
            ]
        ],
    )
