"""What every program of a challenge's error model does on the hidden calls, computed once.

Hidden inputs are fixed, so a program's answer to a call never changes: each (set of
deviations, call) is run at most once per process and kept. `warm` runs, ahead of any
submission, every set of up to two choices within one function (and every single choice of a
function it calls) on a few probe calls of that function: the calls that tell the single
mistakes apart best. Almost every candidate differs from a student's code on the first probe,
so a search rarely needs more; the other calls, sets of three, and what a student's own numbers
call for (a fitted parameter, a wrong upstream function combined with this one's mistakes) are
run on first need and kept as well.

With a folder to keep them in (`grader/runs_store.py`), `warm` reads what an earlier process
of the same code computed for the same challenge, or computes it and writes it there; a
diagnosis's first need (a function's probes) reads it too, so a process that never warmed (one
`autograder grade`) does not run thousands of programs for its first diagnosis either.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from grader import runs_store
from grader.calls import Call
from grader.errormodel import Deviation, ErrorModel
from grader.replay import Program
from grader.report import CallOutcome

Deviations = frozenset[Deviation]
PROBES = 3
WARM_SIZE = 2  # every set of up to two choices runs on every probe ahead of any submission
# Sets of three are run ahead on the first probe only: that loads every program (the costly
# part: rendering and compiling it) and rules out almost all of them, so a first submission that
# nothing smaller explains no longer pays for a search the next one gets for free, while a
# worker still starts in seconds.
WARM_TRIPLES_PROBES = 1
_UNSET = object()


def _in_float32(value: Any) -> Any:
    if isinstance(value, np.ndarray) and value.dtype == np.float64:
        return value.astype(np.float32)
    if isinstance(value, dict):
        return {k: _in_float32(v) for k, v in value.items()}
    return value


def _rough(outcome: CallOutcome | None) -> object:
    """A hashable summary of an outcome, good enough to tell programs apart when choosing probes."""
    if outcome is None:
        return None
    if not outcome.ok:
        return outcome.error.type if outcome.error is not None else outcome.not_array
    behaviour = outcome.behaviour
    return behaviour.shapes, tuple(
        np.round(np.nan_to_num(behaviour.values[:64], nan=7.5, posinf=8.5, neginf=9.5), 4)
    )


class ModelRuns:
    def __init__(
        self,
        model: ErrorModel,
        calls: tuple[Call, ...],
        helpers_source: str,
        functions: list[str],
        kept_in: Path | None = None,  # the folder of runs_store files, if any
    ) -> None:
        self.model = model
        self.calls = calls
        self.helpers_source = helpers_source
        self.calls_of = {f: [i for i, c in enumerate(calls) if c.function == f] for f in functions}
        self._programs: dict[tuple[Deviations, bool], Program | None] = {}
        self._outcomes: dict[tuple[Deviations, int, bool], CallOutcome | None] = {}
        self._singles: dict[int, Call] = {}
        self._edits: dict[Deviation, bool] = {}
        self._lock = threading.RLock()
        self._probes: dict[str, list[int]] = {}
        # The diagnosis's stacked answers of many sets to one call (grader/diagnosis.py).
        self.stacks: dict[object, dict[object, tuple[list[Deviations], np.ndarray]]] = {}
        self._kept_in = kept_in
        self._looked = kept_in is None  # whether the file of these runs was looked for
        self._kept: runs_store.Kept | None = None  # what the file held, when it was there
        self._computed = False  # whether a program ran here

    @functools.cached_property
    def _stored(self) -> Path | None:
        """The file of these runs: named by everything they depend on."""
        if self._kept_in is None:
            return None
        digest = runs_store.fingerprint(self.model, self.calls, self.helpers_source, list(self.calls_of))
        return runs_store.path_for(self._kept_in, digest)

    def _restore(self) -> bool:
        """Read the kept runs, the first time only: whether they were there."""
        with self._lock:
            if not self._looked:
                self._looked = True
                path = self._stored
                kept = runs_store.load(path) if path is not None else None
                if kept is not None:
                    for function, probes in kept.probes.items():
                        self._probes.setdefault(function, probes)
                    self._kept = kept
            return self._kept is not None

    def _kept_outcome(self, key: tuple[Deviations, int, bool]) -> object:
        """The outcome kept on disk for `key`, decoded now; _UNSET when there is none."""
        if self._kept is None or key not in self._kept:
            return _UNSET
        try:
            return self._kept.outcome(key)
        except ValueError:
            return _UNSET  # a row that does not parse: computed instead

    def program(self, deviations: Deviations, single: bool = False) -> Program | None:
        """The loaded program of these choices (`single`: computing in float32); None when they
        cannot all be made together."""
        key = (deviations, single)
        found = self._programs.get(key, _UNSET)
        if found is not _UNSET:
            return found  # type: ignore[return-value]
        with self._lock:
            if key not in self._programs:
                source = self.model.render(deviations)
                loaded = None if source is None else Program(source, self.helpers_source, single)
                self._programs[key] = loaded
            return self._programs[key]

    def outcome(self, deviations: Deviations, index: int, single: bool = False) -> CallOutcome | None:
        """What the program of `deviations` answers to call `index`; `single`: with the call's
        float64 arrays given in float32, for a student whose code computes in float32."""
        key = (deviations, index, single)
        found = self._outcomes.get(key, _UNSET)
        if found is not _UNSET:
            return found  # type: ignore[return-value]
        kept = self._kept_outcome(key)
        if kept is not _UNSET:
            outcome: CallOutcome | None = kept  # type: ignore[assignment]
        else:
            program = self.program(deviations, single)
            call = self._single(index) if single else self.calls[index]
            outcome = None if program is None else program.answer(call)
            self._computed = True
        if outcome is not None and outcome.ok:
            outcome.behaviour  # noqa: B018 - computed once here, read by every comparison
        with self._lock:
            self._outcomes[key] = outcome
        return outcome

    def _single(self, index: int) -> Call:
        with self._lock:
            if index not in self._singles:
                call = self.calls[index]
                self._singles[index] = Call(
                    call.function,
                    tuple(_in_float32(a) for a in call.args),
                    {k: _in_float32(v) for k, v in call.kwargs.items()},
                )
            return self._singles[index]

    def edits_arguments(self, deviation: Deviation) -> bool:
        """Whether this choice's program changes an array it receives (on its function's first
        probe): such a choice is told from what the student's code did to its arguments."""
        if deviation not in self._edits:
            function = self.model.point(deviation.point).function
            probes = self.probes(function)
            outcome = self.outcome(frozenset({deviation}), probes[0]) if probes else None
            self._edits[deviation] = outcome is not None and bool(outcome.args_after)
        return self._edits[deviation]

    def loaded(self) -> int:
        """How many of the model's programs this process has loaded (rendered and compiled)."""
        with self._lock:
            return sum(1 for program in self._programs.values() if program is not None)

    def warm(self) -> None:
        """Every run a usual search asks for: computed (and kept) unless kept already. Kept runs
        are decoded when a diagnosis asks for them: a first diagnosis pays for the few hundred
        it compares, no start for the thousands it might."""
        if self._restore() and self._kept is not None and self._kept.complete:
            return
        self._compute_ahead()
        self._save(complete=True)

    def keep(self) -> None:
        """Write what this process computed for the next one, unless a warming's runs were kept
        (one `autograder grade` computes only what its diagnoses asked for: the next reads it)."""
        if self._computed and not (self._kept is not None and self._kept.complete):
            self._save(complete=False)

    def _save(self, complete: bool) -> None:
        path = self._stored
        if path is None:
            return
        kept = self._kept
        if kept is not None:  # what the file held is written again with the rest
            for deviations, index, single in list(kept.keys()):
                self.outcome(deviations, index, single)
        with self._lock:
            probes, outcomes = dict(self._probes), dict(self._outcomes)
        runs_store.save(path, probes, outcomes, complete)

    def _compute_ahead(self) -> None:
        for function in self.calls_of:
            probes = self.probes(function)
            for deviations in self._ahead(function):
                for index in probes:
                    self.outcome(deviations, index)
            for deviations in self.model.searched_sets(self.model.deviations(function), WARM_SIZE + 1):
                for index in probes[:WARM_TRIPLES_PROBES]:
                    self.outcome(deviations, index)

    def probes(self, function: str) -> list[int]:
        """The calls of `function` that split its single mistakes into the most groups, greedily."""
        if not self._looked:  # a diagnosis asks for the probes first: the kept runs come with them
            self._restore()
        with self._lock:
            if function not in self._probes:
                self._probes[function] = self._choose_probes(function)
            return self._probes[function]

    def _choose_probes(self, function: str) -> list[int]:
        singles: list[Deviations] = [frozenset()] + [frozenset({d}) for d in self.model.deviations(function)]
        calls = self.calls_of[function]
        signature = {i: [_rough(self.outcome(s, i)) for s in singles] for i in calls}
        chosen: list[int] = []
        groups = [tuple[object, ...]() for _ in singles]
        for _ in range(min(PROBES, len(calls))):
            best = max(
                (i for i in calls if i not in chosen),
                key=lambda i: len({(*g, signature[i][n]) for n, g in enumerate(groups)}),
            )
            chosen.append(best)
            groups = [(*g, signature[best][n]) for n, g in enumerate(groups)]
        return chosen

    def _ahead(self, function: str) -> Iterator[Deviations]:
        yield frozenset()
        for size in range(1, WARM_SIZE + 1):
            yield from self.model.sets(self.model.deviations(function), size)
        for upstream in self.model.uses.get(function, ()):
            yield from self.model.sets(self.model.deviations(upstream), 1)
