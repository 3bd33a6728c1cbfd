"""The `autograder` program. `grade` starts its sandbox's zygote first thing, before anything
is imported: the zygote (a fresh interpreter importing NumPy and the harness) boots on another
CPU while this process imports the command line, reads its settings and loads the challenge.

The zygote is started exactly as the sandbox starts any (`grader.sandbox.launch`: a fresh,
secret-free interpreter, never a fork of this process), only sooner. Its hardware variables
are guessed from the environment here and checked against the Settings by the command, which
stops it and starts another when they differ.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grader.sandbox.launch import Launched

HARDWARE = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")  # as Settings.hardware_env reads them
_NOT_GRADING = {"--help", "-h"}


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

    hardware = {name: os.environ[name] for name in HARDWARE if os.environ.get(name)}
    try:
        return Early([launch(default_lock_dir(), hardware)])
    except (OSError, RuntimeError):
        return Early()


def main() -> None:
    early = early_for(sys.argv[1:])
    try:
        from service.cli.main import app

        app(obj=early)
    finally:
        early.close()
