"""`autograder serve | worker | migrate | keys create`: run and administer the service."""

from __future__ import annotations

import logging
import os
from typing import Annotated

import typer

from service.core.settings import get_settings

keys_app = typer.Typer(no_args_is_help=True, help="Manage the API keys of course platforms.")


def _logging() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")


def serve(
    host: Annotated[str | None, typer.Option(help="Address to listen on (default AUTOGRADER_HOST).")] = None,
    port: Annotated[int | None, typer.Option(help="Port to listen on (default AUTOGRADER_PORT).")] = None,
) -> None:
    """Run the HTTP API and the grading workers (embedded database and broker unless configured)."""
    from service.cli.serve import serve as run

    _logging()
    raise typer.Exit(code=run(host, port))


def worker(
    concurrency: Annotated[
        int | None, typer.Option(help="Grading processes (default AUTOGRADER_WORKERS).")
    ] = None,
    slot: Annotated[int | None, typer.Option(hidden=True, help="Set by the supervisor.")] = None,
    slots_fd: Annotated[int | None, typer.Option(hidden=True, help="Set by the supervisor.")] = None,
) -> None:
    """Run a Celery grading worker only (for production, on as many machines as needed)."""
    _logging()
    if concurrency is not None:  # one value for Celery and for the sandbox's slots
        os.environ["AUTOGRADER_WORKERS"] = str(concurrency)
        get_settings.cache_clear()
    settings = get_settings()
    if settings.worker_pool == "solo" and slot is None:
        from service.worker.supervisor import supervise

        raise typer.Exit(code=supervise(settings.workers))
    if slot is not None and slots_fd is not None:
        from service.worker import process_state

        process_state.take_slot(slots_fd, slot)
    _celery_worker(settings.worker_pool, 1 if slot is not None else settings.workers)


def _celery_worker(pool: str, concurrency: int) -> None:
    from service.worker.celery_app import celery

    # One line per task (its end: "succeeded", or the error), not a second one on receipt: at a
    # hundred gradings a second the worker's main process spent a tenth of its time logging them.
    logging.getLogger("celery.worker.strategy").setLevel(logging.WARNING)
    settings = get_settings()
    app = celery()
    app.conf.worker_pool = pool
    app.worker_main(
        [
            "worker",
            "--loglevel=INFO",
            f"--concurrency={concurrency}",
            f"--pool={pool}",
            f"--queues={settings.queue}",
            f"--hostname=autograder-{os.getpid()}@%h",
            "--without-gossip",
            "--without-mingle",
        ]
    )


def migrate() -> None:
    """Upgrade the configured database to the latest schema (Alembic)."""
    from service.storage.migrations import upgrade

    upgrade()
    typer.echo(f"database at the latest schema: {_safe(get_settings().database)}")


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


@keys_app.command("create")
def create_key(
    name: Annotated[str, typer.Option("--name", help="The course platform's name.")],
    course: Annotated[
        list[str] | None, typer.Option("--course", help="A course the key may use (repeat); none: all.")
    ] = None,
) -> None:
    """Create an API key; print it once (the key alone on the last line). Only its hash is stored."""
    from service.storage.db import transaction
    from service.storage.migrations import upgrade
    from service.submissions.keys import create_key as create

    if get_settings().database_url is None:
        upgrade()
    with transaction() as session:
        created = create(session, name, course or [])
    typer.echo(f"platform: {created.platform}")
    typer.echo(f"courses: {', '.join(sorted(set(course))) if course else 'all of the platform'}")
    typer.echo(f"webhook secret (shown once; signs X-Autograder-Signature): {created.webhook_secret}")
    typer.echo(created.key)
