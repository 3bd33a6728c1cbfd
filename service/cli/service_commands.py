"""`autograder serve | api | worker | migrate | backup | restore`: run the service, upgrade its
database, copy it and put a copy back."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from service.worker.process import WorkerProcess


def _logging() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")


def serve(
    host: Annotated[str | None, typer.Option(help="Address to listen on (default AUTOGRADER_HOST).")] = None,
    port: Annotated[int | None, typer.Option(help="Port to listen on (default AUTOGRADER_PORT).")] = None,
) -> None:
    """Run the HTTP API and the grading workers (embedded database and broker unless configured)."""
    from service.cli.serve import serve as run
    from service.cli.startup import CannotStart

    _logging()
    try:
        code = run(host, port)
    except CannotStart as error:
        typer.echo(f"autograder serve: {error}", err=True)
        code = 1
    except Exception as error:  # whatever failed, every child is stopped by now: one sentence last
        logging.getLogger("service.cli.serve").error("start-up failed", exc_info=True)
        typer.echo(f"autograder serve: could not start: {type(error).__name__}: {error}", err=True)
        code = 1
    raise typer.Exit(code=code)


def api(
    host: Annotated[str | None, typer.Option(help="Address to listen on (default AUTOGRADER_HOST).")] = None,
    port: Annotated[int | None, typer.Option(help="Port to listen on (default AUTOGRADER_PORT).")] = None,
    workers: Annotated[int, typer.Option(min=1, help="API processes.")] = 1,
) -> None:
    """Run the HTTP API only (for production: the workers and the database run apart)."""
    from service.cli.api_server import api_config, run_api
    from service.core.settings import Settings

    _logging()
    settings = Settings()
    config = api_config(settings, host or settings.host, port or settings.port, workers)
    raise typer.Exit(code=run_api(config))


def worker(
    concurrency: Annotated[
        int | None, typer.Option(help="Grading processes (default AUTOGRADER_WORKERS).")
    ] = None,
    slot: Annotated[int | None, typer.Option(hidden=True, help="Set by the supervisor.")] = None,
    slots_fd: Annotated[int | None, typer.Option(hidden=True, help="Set by the supervisor.")] = None,
    webhooks: Annotated[
        bool, typer.Option("--webhooks", help="Only send webhooks (a worker starts such a sender itself).")
    ] = False,
) -> None:
    """Run a Celery grading worker only (for production, on as many machines as needed)."""
    from service.core.settings import Settings
    from service.messaging.enqueue import TaskQueue
    from service.storage.db import Database
    from service.worker.in_flight import Slot
    from service.worker.process import WorkerProcess

    _logging()
    settings = Settings()
    database = Database.of(settings)
    queue = TaskQueue.of(settings)
    if webhooks:  # a process of its own: a slow receiver never holds a grading one
        sender = WorkerProcess(settings, database, queue, sends_only=True)
        _celery_worker(sender, "threads", settings.webhook_senders, settings.webhook_queue)
        return
    if slot is None or slots_fd is None:  # the supervisor: one grading process per slot, and the sender
        from service.worker.supervisor import supervise

        raise typer.Exit(code=supervise(concurrency or settings.workers, queue))
    grading = WorkerProcess(settings, database, queue, slot=Slot(slots_fd, slot))
    _celery_worker(grading, "solo", 1, settings.queue)


def _celery_worker(process: WorkerProcess, pool: str, concurrency: int, queue: str) -> None:
    """One Celery process: a grading one on the solo pool, or the webhook sender on threads."""
    from service.worker.tasks import register

    # One line per task (its end: "succeeded", or the error), not a second one on receipt: a
    # second line per task is the worker's main process's time spent on logging.
    logging.getLogger("celery.worker.strategy").setLevel(logging.WARNING)
    register(process)
    app = process.queue.celery
    app.conf.worker_pool = pool
    app.worker_main(
        [
            "worker",
            "--loglevel=INFO",
            f"--concurrency={concurrency}",
            f"--pool={pool}",
            f"--queues={queue}",
            f"--hostname=autograder-{os.getpid()}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",  # no monitor listens for worker events: none are sent
        ]
    )


def migrate() -> None:
    """Upgrade the configured database to the latest schema (Alembic)."""
    from service.core.settings import Settings
    from service.storage.migrations import upgrade

    settings = Settings()
    upgrade(settings)
    typer.echo(f"database at the latest schema: {_safe(settings.database)}")


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def backup(
    path: Annotated[Path, typer.Argument(help="A new (or empty) folder for the backup.")],
) -> None:
    """Copy the database and the data folder's secrets into PATH, consistently, while serve runs."""
    from service.cli import backup as made
    from service.core.settings import Settings
    from service.storage.backup import BackupError

    try:
        done = made.make(Settings(), path)
    except BackupError as error:
        typer.echo(f"autograder backup: {error}", err=True)
        raise typer.Exit(code=1) from None
    typer.echo(f"backed up a {done.manifest.database} database at revision {done.manifest.revision}")
    for name in done.manifest.files:
        typer.echo(f"  {path / name}")
    typer.echo(f"{done.bytes / 1e6:.1f} MB in {done.seconds:.2f} s")
    for name in done.not_kept:
        typer.echo(f"{name} is set in the environment: keep it with this backup, which does not hold it")


def restore(
    path: Annotated[Path, typer.Argument(help="A folder made by `autograder backup`.")],
) -> None:
    """Put a backup back into an empty data folder and an empty database (refuses any other)."""
    from service.cli import backup as made
    from service.core.settings import Settings
    from service.storage.backup import BackupError

    settings = Settings()
    try:
        manifest = made.put_back(settings, path)
    except BackupError as error:
        typer.echo(f"autograder restore: {error}", err=True)
        raise typer.Exit(code=1) from None
    typer.echo(f"restored the backup of {manifest.made_at} (revision {manifest.revision})")
    typer.echo(f"into {_safe(settings.database)} and the data folder {settings.data_dir}")
    typer.echo("next: autograder migrate (serve does it itself on the embedded default)")
