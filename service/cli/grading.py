"""`autograder grade`: local files graded with the same sandbox, hidden tests and scoring as the
service; each result printed as it comes.

Plain functions over what was asked (`Asked`), so that the program can run them from its own
few-line parse of a well-formed command (`service/cli/entry.py`) without importing typer, and
the typer command from its. The three settings it needs are read without Pydantic
(`service/core/grading_settings.py`).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from service.core.grading_settings import GradingSettings

if TYPE_CHECKING:
    from grader.grade import Grader
    from grader.models import Result
    from grader.sandbox.launch import Launched
    from grader.text import Lang
    from service.cli.entry import Early

LANGS = ("es", "en")


@dataclass(frozen=True)
class Asked:
    files: list[Path]
    challenge: str
    lang: str = "es"
    as_json: bool = False
    fail_under: float | None = None


class UsageError(Exception):
    """The command cannot run as asked: exit status 2, with this message."""


def run(asked: Asked, early: Early) -> int:
    """Grade every file as asked; the exit status."""
    try:
        return _run(asked, early)
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _run(asked: Asked, early: Early) -> int:
    if asked.lang not in LANGS:
        raise UsageError(f"unknown language {asked.lang!r}: use es or en")
    settings = GradingSettings.from_environment()
    known = _challenge_ids(settings.challenge_roots)
    if asked.challenge not in known:
        raise UsageError(f"unknown challenge {asked.challenge!r}; known: {', '.join(known)}")
    sources = [_read(path) for path in asked.files]
    grader = _grader(settings, asked.challenge, len(asked.files), early.take(settings.hardware_env))
    try:
        below = _grade_all(grader, asked, sources)
        grader.keep()  # once every result is out: the next command reads what these diagnoses ran
    finally:
        grader.sandbox.close()
    if below:
        print(f"below {asked.fail_under:g}: {', '.join(below)}", file=sys.stderr)
        return 1
    return 0


def _grade_all(grader: Grader, asked: Asked, sources: list[bytes]) -> list[str]:
    """Print each file's result as it comes; the files below `fail_under`."""
    below: list[str] = []
    lang: Lang = "en" if asked.lang == "en" else "es"
    for path, source in zip(asked.files, sources, strict=True):
        result = grader.grade(asked.challenge, source, lang)
        print(result.model_dump_json() if asked.as_json else _readable(path, result, lang), flush=True)
        if asked.fail_under is not None and result.score < asked.fail_under:
            below.append(f"{path} ({result.score:g})")
    return below


def _challenge_ids(roots: tuple[Path, ...]) -> list[str]:
    """The challenges the folders hold, by their folders' names (which are their ids), unloaded."""
    return sorted({p.name for root in roots for p in root.iterdir() if (p / "challenge.toml").exists()})


def _grader(settings: GradingSettings, challenge: str, files: int, early: list[Launched]) -> Grader:
    """A grader of one challenge: its sandbox starts (in other processes; the `early` zygotes
    since the program started, `service/cli/entry.py`) while this one loads and prepares the
    challenge. Its error model is searched as the files need it, not ahead (as a worker does):
    a correct file needs none of it, and what a diagnosis ran is read from the cache folder when
    an earlier process left it there. One zygote per file up to one per CPU: while one grades,
    the other's child warms up."""
    from concurrent.futures import ThreadPoolExecutor

    from grader.sandbox import default_sandbox

    slots = min(files, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=1) as starter:
        sandbox = starter.submit(
            default_sandbox, slots=slots, hardware_env=settings.hardware_env, launched=early
        )
        try:  # imported once the sandbox is on its way: its zygote boots while these load
            from grader.challenge import challenge_folder, load_challenge
            from grader.grade import Grader
            from grader.prepared import prepare

            folder = challenge_folder(settings.challenge_roots, challenge)
            assert folder is not None  # noqa: S101 the caller checked it is known
            loaded = load_challenge(folder, search=settings.challenge_roots)
            prepared = prepare(loaded, settings.cache_dir)
        except BaseException:
            sandbox.result().close()
            raise
    return Grader({challenge: loaded}, sandbox.result(), {challenge: prepared}, settings.cache_dir)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None


def _readable(path: Path, result: Result, lang: Lang) -> str:
    from service.cli import report_words as said

    lines = [f"{path}  [{result.challenge}]"]
    if result.error is not None:
        lines.append(f"  ! {result.error.kind}: {result.error.message}")
    kept_back = [
        t for t in result.tests if result.error is not None and t.explained_by == [result.error.kind]
    ]
    for test in result.tests:
        if test not in kept_back:
            mark = "✓" if test.passed else "✗"
            lines.append(f"  {mark} {test.points}/{test.max_points}  {test.category:<14} {test.message}")
    if kept_back:  # one line: the error is one fact, however many tests it stopped
        points = sum(t.max_points for t in kept_back)
        lines.append(f"  ✗ 0/{points}  {len(kept_back)} {said.NOT_CHECKED(lang)}")
    for diagnosis in result.diagnoses:
        lines.append(f"  → {said.DIAGNOSIS(lang)} ({diagnosis.id}): {diagnosis.message}")
    for cause in result.causes:
        lines.append(f"  → {cause.message}")
    if result.localisation is not None:
        lines.append(f"  → {result.localisation.message}")
    if result.stdout.strip():  # the Result keeps its first lines and says how many it left out
        printed = result.stdout.strip().replace("\n", "\n    ")
        lines.append(f"  {said.PRINTED(lang)}:\n    {printed}")
    lines.append(
        f"  {said.SCORE(lang)}: {result.score:g}/100  ({result.points}/{result.max_points})  {result.grading_ms:.1f} ms"
    )
    return "\n".join(lines)
