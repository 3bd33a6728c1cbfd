"""`autograder dashboard rebuild`: recompute the dashboard's aggregates from the result rows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from service.cli.lazy import lazily

if TYPE_CHECKING:
    import sqlalchemy

    from service.cli import database
    from service.dashboard.aggregates import rebuild as rebuilding
    from service.storage import tables
else:
    sqlalchemy = lazily("sqlalchemy")
    database = lazily("service.cli.database")
    rebuilding = lazily("service.dashboard.aggregates.rebuild")
    tables = lazily("service.storage.tables")

dashboard_app = typer.Typer(no_args_is_help=True, help="The dashboard's aggregates.")


@dashboard_app.command("rebuild")
def rebuild_command(
    course: Annotated[
        str | None, typer.Option("--course", help="Only this course (every one if left out).")
    ] = None,
    platform: Annotated[
        str | None,
        typer.Option("--platform", help="The platform of --course, when several have one of that name."),
    ] = None,
) -> None:
    """Recompute the aggregates (counts, histograms, tests, diagnoses, students) from the stored
    results. They are kept up to date as results arrive: this repairs them, it is never needed."""
    _, db = database.open_database()
    with db.transaction() as session:
        ids: list[int] | None = None
        if course is not None:
            query = sqlalchemy.select(tables.Course.id).where(tables.Course.slug == course)
            if platform is not None:
                query = query.join(tables.Platform, tables.Platform.id == tables.Course.platform_id).where(
                    tables.Platform.name == platform
                )
            ids = list(session.scalars(query))
            if not ids:
                typer.echo(
                    f"no course named {course!r}" + (f" on platform {platform!r}" if platform else ""),
                    err=True,
                )
                raise typer.Exit(1)
        rebuilding.rebuild(session.connection(), ids)
    which = (
        "every course" if ids is None else f"{len(ids)} course{'s' if len(ids) != 1 else ''} named {course!r}"
    )
    typer.echo(f"rebuilt the dashboard's aggregates of {which}")
