"""The `autograder` program. `grade` starts its sandbox's zygote first thing, before anything
is imported: the zygote (a fresh interpreter importing NumPy and the harness) boots on another
CPU while this process imports the command line, reads its settings and loads the challenge.

The zygote is started exactly as the sandbox starts any (`grader.sandbox.launch`: a fresh,
secret-free interpreter, never a fork of this process), only sooner, with the hardware
variables of the settings (`service/core/grading_settings.py`); a sandbox takes only a zygote
started with its own. A well-formed `grade` command is then run without typer (a few lines
parse it; anything else, help and usage errors included, goes to typer as every command does).
"""

from __future__ import annotations

import atexit
import gc
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from service.core.grading_settings import GradingSettings

if TYPE_CHECKING:
    from grader.sandbox.launch import Launched
    from service.cli.grading import Asked

_NOT_GRADING = {"--help", "-h"}
_VALUED = {"--challenge", "--lang", "--fail-under"}


@dataclass
class Early:
    """Zygotes started before the command ran, for its sandbox to take."""

    launched: list[Launched] = field(default_factory=list)

    def take(self, hardware_env: dict[str, str]) -> list[Launched]:
        """The zygotes started with `hardware_env` (the others stopped): the caller owns them."""
        taken = [one for one in self.launched if one.hardware_env == hardware_env]
        for other in self.launched:
            if other not in taken:
                other.close()
        self.launched = []
        return taken

    def close(self) -> None:
        for one in self.launched:
            one.close()
        self.launched = []


def early_for(argv: list[str]) -> Early:
    """A zygote on its way when the command is `grade`; nothing otherwise, or if it cannot
    start (the command then starts its sandbox as usual, and reports what fails)."""
    if argv[:1] != ["grade"] or _NOT_GRADING.intersection(argv):
        return Early()
    from grader.sandbox.launch import launch
    from grader.sandbox.uids import default_lock_dir

    hardware = GradingSettings.from_environment().hardware_env
    try:
        return Early([launch(default_lock_dir(), hardware)])
    except (OSError, RuntimeError):
        return Early()


def asked_to_grade(argv: list[str]) -> Asked | None:
    """A well-formed `grade` command as its parts; None for anything else (help, a usage error,
    an option this parse does not know), which typer then parses, explains or refuses."""
    if argv[:1] != ["grade"]:
        return None
    files: list[str] = []
    options: dict[str, str] = {}
    words = iter(argv[1:])
    for word in words:
        name, given, value = word.partition("=")
        if name in _VALUED and not given:
            value = next(words, "")
        if name in _VALUED and value and not value.startswith("-"):
            options[name] = value
        elif word == "--json":
            options[word] = ""
        elif word.startswith("-") or not word:
            return None
        else:
            files.append(word)
    fail_under = _score(options.get("--fail-under"))
    if "--challenge" not in options or not files or fail_under is False:
        return None
    from service.cli.grading import Asked

    return Asked(
        [Path(f) for f in files],
        options["--challenge"],
        options.get("--lang", "es"),
        "--json" in options,
        None if fail_under is None else float(fail_under),
    )


def _score(given: str | None) -> float | bool | None:
    """--fail-under's value, None when not given, False when typer must refuse it."""
    if given is None:
        return None
    try:
        value = float(given)
    except ValueError:
        return False
    return value if 0 <= value <= 100 else False


def start_command() -> None:
    """Whatever a command creates (database, WAL, broker files, secrets) is its owner's alone.
    At exit every object is frozen out of the collector's sight first: the interpreter's last
    collection would otherwise walk the whole heap (NumPy, Pydantic, the grader) for nothing,
    longer than a grading takes."""
    from service.storage.private_files import create_privately

    create_privately()
    atexit.register(gc.freeze)


def main() -> None:
    argv = sys.argv[1:]
    early = early_for(argv)
    try:
        asked = asked_to_grade(argv)
        if asked is not None:
            from service.cli import grading

            start_command()
            sys.exit(grading.run(asked, early))
        from service.cli.main import app

        app(obj=early)
    finally:
        early.close()
