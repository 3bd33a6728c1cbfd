"""`autograder keys create | list | revoke | rotate`: the API keys of course platforms."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Annotated

import typer

from service.cli import output
from service.cli.lazy import lazily

if TYPE_CHECKING:
    from service.cli import database
    from service.lti import registrations
    from service.storage import sealing
    from service.submissions import key_admin, keys
    from service.submissions.keys import CreatedKey
else:
    database = lazily("service.cli.database")
    registrations = lazily("service.lti.registrations")
    sealing = lazily("service.storage.sealing")
    key_admin = lazily("service.submissions.key_admin")
    keys = lazily("service.submissions.keys")

keys_app = typer.Typer(no_args_is_help=True, help="Manage the API keys of course platforms.")
Json = Annotated[bool, typer.Option("--json", help="Machine-readable output (JSON).")]
KEY_LABEL = "API key (shown once; send it as Authorization: Bearer <key>)"
SECRET_LABEL = "webhook secret (shown once; signs X-Autograder-Signature)"  # noqa: S105 a label, not a secret


def _usage_error(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code=2)


def _show_created(
    created: CreatedKey, courses: list[str], as_json: bool, extra: dict[str, object] | None = None
) -> None:
    if as_json:
        document = {
            "platform": created.platform,
            "prefix": key_admin.prefix_of(created.key),
            "courses": sorted(set(courses)),
            "webhook_secret": created.webhook_secret,
            "key": created.key,
        }
        output.as_json(document | (extra or {}))
        return
    typer.echo(f"platform: {created.platform}")
    typer.echo(f"courses: {', '.join(sorted(set(courses))) if courses else 'every course of the platform'}")
    typer.echo(f"prefix: {key_admin.prefix_of(created.key)} (autograder keys list, revoke, rotate)")
    typer.echo(f"{SECRET_LABEL}: {created.webhook_secret}")
    output.secret(KEY_LABEL, created.key)


@keys_app.command("create")
def create(
    name: Annotated[str, typer.Option("--name", help="The course platform's name.")],
    course: Annotated[
        list[str] | None,
        typer.Option(
            "--course", help="A course the key may use (repeat); none: every course of the platform."
        ),
    ] = None,
    as_json: Json = False,
) -> None:
    """Create an API key; print it once (the key alone on the last line). Only its hash is stored."""
    settings, db = database.open_database()
    try:
        with db.transaction() as session:
            created = keys.create_key(session, name, course or [], sealing.sealer_for(settings))
    except ValueError as error:
        _usage_error(f"--course {error}")
        raise  # unreachable
    _show_created(created, course or [], as_json)


def _row(key: key_admin.KeyInfo) -> list[str]:
    return [
        key.platform,
        key.prefix,
        ",".join(key.courses) or "(all)",
        output.moment(key.created_at),
        output.moment(key.last_used_at),
        output.moment(key.expires_at),
        output.moment(key.revoked_at),
    ]


def _document(key: key_admin.KeyInfo) -> dict[str, object]:
    return {
        "platform": key.platform,
        "prefix": key.prefix,
        "courses": list(key.courses),
        "created_at": output.iso(key.created_at),
        "last_used_at": output.iso(key.last_used_at),
        "expires_at": output.iso(key.expires_at),
        "revoked_at": output.iso(key.revoked_at),
    }


@keys_app.command("list")
def listing(as_json: Json = False) -> None:
    """List the keys: platform, prefix, courses, created, last used, expires, revoked (never the key)."""
    _, db = database.open_database()
    with db.transaction() as session:
        keys = key_admin.listing(session)
    if as_json:
        output.as_json([_document(k) for k in keys])
        return
    header = ["PLATFORM", "PREFIX", "COURSES", "CREATED", "LAST USED", "EXPIRES", "REVOKED"]
    output.table(header, [_row(k) for k in keys])


@keys_app.command("revoke")
def revoke(
    key: Annotated[str, typer.Argument(help="The key's prefix (from keys list) or the key itself.")],
    as_json: Json = False,
) -> None:
    """Revoke a key: the API refuses it from now on (within 10 s, the API's cache of callers)."""
    _, db = database.open_database()
    try:
        with db.transaction() as session:
            revoked = key_admin.revoke(session, key)
    except key_admin.UnknownKey as error:
        _usage_error(str(error))
        raise  # unreachable
    if as_json:
        output.as_json(_document(revoked))
    else:
        typer.echo(
            f"revoked: key {revoked.prefix} of platform {revoked.platform} ({output.moment(revoked.revoked_at)})"
        )


@keys_app.command("rotate")
def rotate(
    key: Annotated[str, typer.Argument(help="The key's prefix (from keys list) or the key itself.")],
    grace_hours: Annotated[
        float,
        typer.Option("--grace-hours", min=0, help="How long the old key keeps working (0: not at all)."),
    ] = 24,
    as_json: Json = False,
) -> None:
    """A new key with the old one's platform and courses; the old one expires after the grace period."""
    settings, db = database.open_database()
    try:
        with db.transaction() as session:
            rotated = key_admin.rotate(
                session, key, timedelta(hours=grace_hours), sealing.sealer_for(settings)
            )
            lmss = registrations.follow_rotation(session, rotated.old_key_id, rotated.created.key_id)
    except key_admin.UnknownKey as error:
        _usage_error(str(error))
        raise  # unreachable
    if not as_json:
        typer.echo(f"old key {rotated.old_prefix} works until {output.moment(rotated.old_expires_at)}")
        if lmss:
            typer.echo(f"LMS registrations now launching with the new key: {lmss}")
    old: dict[str, object] = {
        "replaces": {"prefix": rotated.old_prefix, "expires_at": output.iso(rotated.old_expires_at)}
    }
    _show_created(rotated.created, list(rotated.courses), as_json, old)
