"""What commands print: aligned tables for people, JSON for scripts, secrets alone on their own line."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

import typer


def moment(value: datetime | None) -> str:
    """A stored time for a table: UTC to the minute, or '-' when there is none."""
    return value.strftime("%Y-%m-%d %H:%M UTC") if value is not None else "-"


def iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """Columns padded to their widest cell; a line saying so when there is no row at all."""
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=True)]
    for line in (header, *rows):
        typer.echo("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip())
    if not rows:
        typer.echo("(none)")


def as_json(value: object) -> None:
    typer.echo(json.dumps(value, ensure_ascii=False, indent=2))


def secret(label: str, value: str) -> None:
    """A secret shown once: its label on one line, the value alone on the next (scripts take it)."""
    typer.echo(f"{label}:")
    typer.echo(value)
