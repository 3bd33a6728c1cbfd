"""One misconception, one story: the diagnosis and the causes of exceptions, told to the student.

Each diagnosed mistake is told once, with the failed tests it accounts for; each of those tests
says what the student's code did instead of repeating its own hint (a test of `bloque` broken by
the student's `layer_norm` says so). An exception that broke several tests is told once too.
Ids stay in the Result's `id` fields: the words shown never contain them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from grader import messages
from grader.causes import Cause as FoundCause
from grader.diagnosis import Story
from grader.errormodel import Deviation, ErrorModel
from grader.localise import Divergence
from grader.models import Cause, Diagnosis, HiddenTestResult, Localisation
from grader.prepared import PreparedChallenge
from grader.text import Lang, Text

LOCALISATION = "localisation"  # what a failed test points to when the localisation places it


@dataclass(frozen=True)
class Told:
    """What replaces a failed test's hint, and the ids of what accounts for its failure."""

    because: dict[str, Text] = field(default_factory=dict)
    by: dict[str, list[str]] = field(default_factory=dict)


def _did(model: ErrorModel, deviation: Deviation) -> Text:
    choice = model.choice_by_id(deviation.choice_id)  # another spelling is told as the first
    return choice.did if deviation.value is None else choice.did.format(value=_number(deviation.value))


def _number(value: float) -> str:
    return f"{value:g}"


def _because(model: ErrorModel, deviations: tuple[Deviation, ...]) -> Text:
    """'not met, because your layer_norm … and your bloque …', grouped by function."""
    by_function: dict[str, list[Text]] = {}
    for deviation in deviations:
        by_function.setdefault(model.point(deviation.point).function, []).append(_did(model, deviation))
    parts = []
    for function, dids in by_function.items():
        joined = dids[0]
        for did in dids[1:]:
            joined = joined + messages.AND + did
        parts.append(
            Text(
                messages.BECAUSE.es.format(function=function, did=joined.es),
                messages.BECAUSE.en.format(function=function, did=joined.en),
            )
        )
    told = parts[0]
    for part in parts[1:]:
        told = told + Text("; ", "; ") + part
    return told


def told(
    prepared: PreparedChallenge,
    story: Story,
    causes: list[FoundCause],
    failed: set[str],
    divergence: Divergence | None = None,
) -> Told:
    model = prepared.challenge.model
    because: dict[str, Text] = {}
    by: dict[str, list[str]] = {}
    for test_id, deviations in story.explained.items():
        if test_id in failed:
            because[test_id] = _because(model, deviations)
            by[test_id] = [d.choice_id for d in deviations]
    for cause in causes:
        for test_id in cause.tests:
            because[test_id] = messages.SEE_CAUSE.format(type=cause.error_type)
            by[test_id] = [cause.id]
    if divergence is not None:  # what no diagnosis names, the localisation places
        for test_id in failed - set(by):
            because[test_id] = messages.SEE_LOCALISATION.format(line=divergence.line)
            by[test_id] = [LOCALISATION]
    return Told(because, by)


def step_name(steps: Mapping[str, Text], words: Text | None) -> str | None:
    """The name in the challenge's [steps] of the step these words name (each step's words are
    its own: a challenge's test holds them apart), None for no step."""
    return next((name for name, said in steps.items() if said == words), None) if words else None


def localisation(divergence: Divergence, lang: Lang, steps: Mapping[str, Text]) -> Localisation:
    """'Up to line 3 your values are the lesson's (μ_t). Line 4, `…`, is where they part: …'"""
    if divergence.right and divergence.last_right is not None:
        names = "; ".join(words(lang) for words in divergence.right)
        start = messages.UP_TO.format(line=divergence.last_right, names=names)(lang) + " "
    elif divergence.at_first_step:
        start = messages.FROM_THE_START.format(function=divergence.function)(lang) + " "
    else:
        start = ""
    part = messages.PART.format(line=divergence.line, code=divergence.code, how=divergence.how(lang))
    return Localisation(
        function=divergence.function,
        line=divergence.line,
        code=divergence.code,
        message=f"{start}{part(lang)}",
        step=step_name(steps, divergence.step),
    )


def diagnoses(prepared: PreparedChallenge, story: Story, failed: set[str], lang: Lang) -> list[Diagnosis]:
    model = prepared.challenge.model
    found = []
    for deviation in story.deviations:
        choice = model.choice_by_id(deviation.choice_id)
        message = (
            choice.message
            if deviation.value is None
            else choice.message.format(value=_number(deviation.value))
        )
        explains = [t for t, devs in story.explained.items() if deviation in devs and t in failed]
        found.append(Diagnosis(id=choice.id, message=message(lang), explains=explains))
    return found


def causes(found: list[FoundCause], lang: Lang) -> list[Cause]:
    return [
        Cause(id=c.id, message=c.message(lang), explains=list(c.tests), original=c.original or None)
        for c in found
    ]


def note(
    prepared: PreparedChallenge,
    story: Story,
    tests: list[HiddenTestResult],
    accounted: dict[str, list[str]],
    lang: Lang,
) -> str | None:
    """Said plainly when a wrong function matches no known misconception and some failure of it
    is not accounted for by a cause either."""
    if not story.unexplained:
        return None
    functions = set(story.unexplained)
    first = next(
        (
            test
            for test, result in zip(prepared.challenge.tests, tests, strict=True)
            if not result.passed and test.id not in accounted and {c.function for c in test.calls} & functions
        ),
        None,
    )
    if first is None:
        return None
    return messages.UNEXPLAINED.format(functions=", ".join(story.unexplained), test=first.title(lang))(lang)
