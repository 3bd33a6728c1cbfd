"""`autograder lti`: register course platforms (LMSs) with the LTI tool, show its URLs, rotate its key."""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Annotated

import typer

from service.cli import output
from service.cli.lazy import lazily

if TYPE_CHECKING:
    import sqlalchemy

    from service.cli import database, tool_address
    from service.core import settings
    from service.lti import contexts, dynamic_registration, registrations, tables, tool_keys, urls
    from service.lti import scores as attempt_scores
    from service.lti.tables import LtiRegistration
    from service.storage import sealing
else:
    sqlalchemy = lazily("sqlalchemy")
    database = lazily("service.cli.database")
    tool_address = lazily("service.cli.tool_address")
    settings = lazily("service.core.settings")
    contexts = lazily("service.lti.contexts")
    dynamic_registration = lazily("service.lti.dynamic_registration")
    registrations = lazily("service.lti.registrations")
    attempt_scores = lazily("service.lti.scores")
    tables = lazily("service.lti.tables")
    tool_keys = lazily("service.lti.tool_keys")
    urls = lazily("service.lti.urls")
    sealing = lazily("service.storage.sealing")

log = logging.getLogger(__name__)
lti_app = typer.Typer(no_args_is_help=True, help="The LTI 1.3 tool: platforms (LMSs), URLs, keys.")
Json = Annotated[bool, typer.Option("--json", help="Machine-readable output (JSON).")]
ToolBase = Annotated[
    str | None,
    typer.Option("--tool-url", help="The service's public address (default: AUTOGRADER_PUBLIC_URL)."),
]


def _print_urls(tool_url: str | None, as_json: bool, extra: dict[str, object] | None = None) -> None:
    address = tool_address.tool_address(settings.Settings(), tool_url)
    if address.problem is not None:
        typer.echo(f"warning: {address.problem}; {tool_address.HOW}", err=True)
    found = urls.tool_urls(address.base)
    if as_json:
        output.as_json({**(extra or {}), **found.document()})
        return
    for label, value in found.rows():
        typer.echo(f"{label}: {value}")


@lti_app.command("urls")
def show_urls(tool_url: ToolBase = None, as_json: Json = False) -> None:
    """The tool's URLs to paste into the LMS (before registering, or for dynamic registration)."""
    _print_urls(tool_url, as_json)


@lti_app.command("add-platform")
def add_platform(
    name: Annotated[
        str, typer.Option("--name", help="The platform's name (its courses are this platform's).")
    ],
    issuer: Annotated[
        str, typer.Option("--issuer", help="The LMS's issuer (iss), e.g. https://moodle.example.org.")
    ],
    client_id: Annotated[str, typer.Option("--client-id", help="The client id the LMS gave the tool.")],
    login_url: Annotated[str, typer.Option("--login-url", help="The LMS's authentication request URL.")],
    token_url: Annotated[str, typer.Option("--token-url", help="The LMS's access token URL.")],
    jwks_url: Annotated[str, typer.Option("--jwks-url", help="The LMS's public keyset URL.")],
    deployment: Annotated[list[str], typer.Option("--deployment", help="A deployment id (repeatable).")],
    frame_origin: Annotated[
        str | None,
        typer.Option(
            "--frame-origin",
            help="The origin of the LMS pages that frame the tool (default: the login URL's).",
        ),
    ] = None,
    token_audience: Annotated[
        str | None,
        typer.Option("--token-audience", help="The aud of token requests, when not the token URL."),
    ] = None,
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help="Re-register this platform's LMS (same issuer and client id): its URLs as given now.",
        ),
    ] = False,
    tool_url: ToolBase = None,
    as_json: Json = False,
) -> None:
    """Register an LMS; prints the tool's URLs for the LMS. An LMS registered already is refused
    (exit status 2) unless `--replace` re-registers it for the same platform (logged)."""
    configured, db = database.open_database()
    endpoints = registrations.PlatformEndpoints(
        issuer, client_id, login_url, token_url, jwks_url, token_audience
    )
    try:
        with db.transaction() as session:
            if replace:
                row = registrations.replace(session, name, endpoints, deployment, frame_origin)
            else:
                row = registrations.add(
                    session, name, endpoints, deployment, sealing.sealer_for(configured), frame_origin
                )
            summary: dict[str, object] = {"platform": name, "issuer": row.issuer, "client_id": row.client_id}
    except (ValueError, LookupError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(code=2) from error
    if not as_json:
        done = "re-registered" if replace else "platform"
        typer.echo(f"{done}: {name} ({issuer}, client id {client_id})")
    _print_urls(tool_url, as_json, summary)


@lti_app.command("invite")
def invite(
    name: Annotated[
        str, typer.Option("--name", help="The platform's name (its courses are this platform's).")
    ],
    tool_url: ToolBase = None,
) -> None:
    """One URL for LTI Dynamic Registration, to paste into the LMS (single use, valid 7 days)."""
    configured, db = database.open_database()
    address = tool_address.tool_address(configured, tool_url)
    if address.problem is not None and not address.chosen:
        typer.echo(
            f"error: {address.problem}; {tool_address.HOW} (an LMS on this machine: --tool-url {address.base})",
            err=True,
        )
        raise typer.Exit(code=2)
    if address.problem is not None:
        typer.echo(f"warning: {address.problem}", err=True)
    token = dynamic_registration.invite(db, name)
    url = urls.tool_urls(address.base).registration
    output.secret("dynamic registration URL (single use, 7 days)", f"{url}?invite={token}")


@lti_app.command("add-deployment")
def add_deployment(
    issuer: Annotated[str, typer.Option("--issuer", help="The LMS's issuer.")],
    client_id: Annotated[str, typer.Option("--client-id", help="The tool's client id in that LMS.")],
    deployment: Annotated[list[str], typer.Option("--deployment", help="A deployment id (repeatable).")],
) -> None:
    """Add deployment ids to a registered LMS (one it made after registering the tool)."""
    _, db = database.open_database()
    with db.transaction() as session:
        row = registrations.find(session, issuer, client_id)
        if row is not None:
            registrations.add_deployments(row, deployment)
    if row is None:
        typer.echo(f"error: no LMS registered with issuer {issuer!r} and client id {client_id!r}", err=True)
        raise typer.Exit(code=2)
    typer.echo(f"deployments added: {', '.join(deployment)}")


@lti_app.command("link-course")
def link_course(
    issuer: Annotated[str, typer.Option("--issuer", help="The LMS's issuer.")],
    client_id: Annotated[str, typer.Option("--client-id", help="The tool's client id in that LMS.")],
    context: Annotated[str, typer.Option("--context", help="The LMS course's id (its LTI context id).")],
    course: Annotated[str, typer.Option("--course", help="The platform's course it opens from now on.")],
) -> None:
    """Make an LMS course open an existing course of its platform (a launch never does that by
    itself, whatever the LMS course's label): its students then join that course."""
    _, db = database.open_database()
    try:
        with db.transaction() as session:
            row = registrations.find(session, issuer, client_id)
            if row is None:
                raise LookupError(f"no LMS registered with issuer {issuer!r} and client id {client_id!r}")
            contexts.link_course(session, row, context, course)
            platform = row.platform.name
    except (ValueError, LookupError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(code=2) from error
    log.warning(
        "LMS context %r of %s (%s) linked to course %r of platform %r by the operator",
        *(context, issuer, client_id, course, platform),
    )
    typer.echo(f"{platform} / {course}: opened by LMS course {context} of {issuer}")


@lti_app.command("platforms")
def platforms(as_json: Json = False) -> None:
    """The registered LMSs."""
    _, db = database.open_database()
    with db.transaction() as session:
        rows = [_row(r) for r in registrations.listing(session)]
    if as_json:
        output.as_json([asdict(r) for r in rows])
        return
    output.table(
        ["PLATFORM", "ISSUER", "CLIENT ID", "DEPLOYMENTS"],
        [[r.platform, r.issuer, r.client_id, ", ".join(r.deployments)] for r in rows],
    )


@dataclass(frozen=True)
class _Registered:
    platform: str
    issuer: str
    client_id: str
    deployments: list[str]


def _row(row: LtiRegistration) -> _Registered:
    return _Registered(
        row.platform.name, row.issuer, row.client_id, [d.deployment_id for d in row.deployments]
    )


@lti_app.command("scores")
def scores(
    course: Annotated[str | None, typer.Option("--course", help="Only this course's attempts.")] = None,
    as_json: Json = False,
) -> None:
    """Each attempt made through an LTI link and what became of its score in the LMS gradebook."""
    _, db = database.open_database()
    with db.transaction() as session:
        rows = attempt_scores.listing(session, course)
    if as_json:
        output.as_json([asdict(r) for r in rows])
        return
    output.table(
        ["SUBMISSION", "COURSE", "STUDENT", "CHALLENGE", "STATE", "SENT", "TRIES", "ERROR"],
        [
            [
                r.submission,
                r.course,
                r.student,
                r.challenge,
                r.state,
                _number(r.score_sent),
                str(r.tries),
                r.error or "",
            ]
            for r in rows
        ],
    )


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


@lti_app.command("rotate-key")
def rotate_key() -> None:
    """A new signing key for the tool; the previous one stays published until the next rotation."""
    _, db = database.open_database()
    with db.transaction() as session:
        kid = tool_keys.rotate(session)
    typer.echo(f"new signing key: {kid}")


@lti_app.command("score-mode")
def score_mode(
    platform: Annotated[str, typer.Option("--platform", help="The platform's name.")],
    course: Annotated[str, typer.Option("--course", help="The course (as the dashboard names it).")],
    mode: Annotated[str, typer.Argument(help="best or last: which attempt's score the gradebook gets.")],
) -> None:
    """Which score a course's LTI links send to the gradebook: the student's best, or their last."""
    if mode not in ("best", "last"):
        typer.echo("error: the mode is best or last", err=True)
        raise typer.Exit(code=2)
    _, db = database.open_database()
    with db.transaction() as session:
        rows = list(
            session.scalars(
                sqlalchemy.select(tables.LtiContext)
                .join(tables.LtiRegistration)
                .where(
                    tables.LtiContext.course == course,
                    tables.LtiRegistration.platform.has(name=platform),
                )
            )
        )
        for row in rows:
            row.score_mode = mode
    if not rows:
        typer.echo(
            f"error: platform {platform!r} has no LTI course {course!r} (launch it once first)", err=True
        )
        raise typer.Exit(code=2)
    typer.echo(f"{platform} / {course}: {mode} score")
