"""The error model's runs kept on disk, so that a process starting finds them computed.

What a program of the error model answers to a hidden call depends only on the challenge (its
model, calls, helpers), the grader's code and NumPy: a file named by a digest of all of them
holds what `ModelRuns.warm` computed, and every later process of any version with the same
digest reads it instead of running thousands of programs again.

Only the trusted parent writes and reads these files, in a folder of its own user (0700,
files 0600) that no sandbox child can reach: a child opens no file at all (its system-call
filter answers EACCES), and writes only its private scratch folder. What is read only ever
feeds the diagnosis, never a score; a file that does not parse is ignored and computed again.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import math
import os
import stat
import struct
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from grader.calls import Call, Helper, Own
from grader.errormodel import Deviation, ErrorModel
from grader.report import CallOutcome, StudentError

MAGIC = b"AGMR1\n"
STALE_SECONDS = 7 * 24 * 3600  # files of other digests (older code, older challenges) go after this
_GRADER = Path(__file__).resolve().parent

Key = tuple[frozenset[Deviation], int, bool]
_Row = tuple[tuple[int, ...], int, bool]  # a key as the file writes it: its deviations' numbers, sorted


class Kept:
    """The runs of a file: its probes, and each outcome decoded when first asked for (a
    diagnosis asks for a few hundred of the thousands a start computed)."""

    def __init__(
        self,
        probes: dict[str, list[int]],
        numbers: dict[Deviation, int],
        rows: dict[_Row, tuple[int, int]],
        text: bytes,
        arrays: _Arrays,
        complete: bool,
    ) -> None:
        self.probes = probes
        self.complete = complete  # written by a warming: every run it computes is here
        self._numbers = numbers  # each deviation of the file by its number there
        self._rows = rows  # where each outcome's row is in `text`: plain ints, nothing to collect
        self._text = text
        self._arrays = arrays

    def _row(self, key: Key) -> _Row | None:
        chosen, index, single = key
        numbers = [self._numbers.get(d, -1) for d in chosen]
        return None if -1 in numbers else (tuple(sorted(numbers)), index, single)

    def __contains__(self, key: Key) -> bool:
        return self._row(key) in self._rows

    def keys(self) -> Iterator[Key]:
        table = list(self._numbers)
        for numbers, index, single in self._rows:
            yield frozenset(table[n] for n in numbers), index, single

    def __len__(self) -> int:
        return len(self._rows)

    def outcome(self, key: Key) -> CallOutcome | None:
        """The outcome kept for `key` (KeyError if none); ValueError if its row does not parse."""
        row = self._row(key)
        if row is None:
            raise KeyError(key)
        start, end = self._rows[row]
        if start < 0:
            return None
        try:
            return _outcome(json.loads(self._text[start:end]), self._arrays)
        except (TypeError, KeyError, IndexError) as error:
            raise ValueError("an outcome that does not parse") from error


def _code_digest() -> bytes:
    """The grader's own code, NumPy's version and Python's: any change computes afresh."""
    digest = hashlib.sha256(f"{np.__version__} {sys.version}".encode())
    for path in sorted(_GRADER.rglob("*.py")):
        digest.update(path.relative_to(_GRADER).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.digest()


def fingerprint(model: ErrorModel, calls: Iterable[Call], helpers_source: str, functions: list[str]) -> str:
    """A digest of everything the model's runs on these calls depend on."""
    digest = hashlib.sha256(_code_digest())
    described = {
        "template": model.template,
        "uses": {k: list(v) for k, v in sorted(model.uses.items())},
        "points": [
            [p.name, p.function, p.default, [[c.id, c.code, c.spelling, c.value] for c in p.choices]]
            for p in model.points
        ],
        "helpers": helpers_source,
        "functions": functions,
    }
    digest.update(json.dumps(described, sort_keys=True).encode())
    for one in calls:
        digest.update(one.function.encode() + b"\0")
        for value in (*one.args, one.kwargs):
            _digest_value(digest, value)
    return digest.hexdigest()[:32]


def _digest_value(digest: Any, value: object) -> None:
    if isinstance(value, np.ndarray):
        digest.update(f"a{value.dtype.str}{value.shape}".encode() + np.ascontiguousarray(value).tobytes())
    elif isinstance(value, Helper):
        digest.update(f"h{value.name}".encode())
        _digest_value(digest, value.params)
    elif isinstance(value, Own):
        digest.update(f"o{value.function}{value.args!r}".encode())
    elif isinstance(value, dict):
        digest.update(f"d{len(value)}".encode())
        for name in sorted(value):
            digest.update(name.encode() + b"\0")
            _digest_value(digest, value[name])
    else:
        digest.update(f"v{value!r}".encode())


def path_for(folder: Path, digest: str) -> Path:
    return folder / f"runs-{digest}.bin"


def load(path: Path) -> Kept | None:
    """What the file holds, or None when there is none, it does not parse, or it is not this
    user's alone (a folder shared by mistake: another user's file is never read)."""
    try:
        with path.open("rb") as file:
            if not _ours_alone(os.fstat(file.fileno())) or not _ours_alone(path.parent.stat()):
                return None
            data = file.read()
        with uncollected():
            return _decode(data)
    except (OSError, ValueError, KeyError, TypeError, IndexError, struct.error):
        return None


def _ours_alone(found: os.stat_result) -> bool:
    return found.st_uid == os.geteuid() and not found.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


@contextlib.contextmanager
def uncollected() -> Iterator[None]:
    """Tens of thousands of new objects, none of them garbage: a collection would walk them for nothing."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def save(
    path: Path,
    probes: Mapping[str, list[int]],
    outcomes: Mapping[Key, CallOutcome | None],
    complete: bool,
) -> None:
    """Write the file whole or not at all (a reader never sees half of one), privately."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with uncollected():
            data = _encode(probes, outcomes, complete)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=".runs-")  # created 0600
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(name, path)
        _forget_stale(path.parent, keep=path)
    except OSError:
        return  # a cache that cannot be written only costs the next start its time


def _forget_stale(folder: Path, keep: Path) -> None:
    now = time.time()
    for other in folder.glob("runs-*.bin"):
        if other != keep and now - other.stat().st_mtime > STALE_SECONDS:
            other.unlink(missing_ok=True)


class _Blob:
    """Arrays written one after another; each one described by its dtype, shape and offset."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.size = 0

    def add(self, array: np.ndarray) -> list[Any]:
        data = np.ascontiguousarray(array)
        described = [data.dtype.str, list(data.shape), self.size]
        raw = data.tobytes()
        self.parts.append(raw)
        self.size += len(raw)
        return described


def _encode(
    probes: Mapping[str, list[int]], outcomes: Mapping[Key, CallOutcome | None], complete: bool
) -> bytes:
    blob = _Blob()
    deviations: dict[Deviation, int] = {}
    sets: dict[frozenset[Deviation], int] = {}
    rows = []
    text: list[bytes] = []
    size = 0
    for (chosen, index, single), outcome in outcomes.items():
        if chosen not in sets:
            sets[chosen] = len(sets)
            for deviation in chosen:
                deviations.setdefault(deviation, len(deviations))
        if outcome is None:
            rows.append([sets[chosen], index, single, -1, -1])
            continue
        row = json.dumps(_outcome_row(outcome, blob), separators=(",", ":")).encode()
        rows.append([sets[chosen], index, single, size, size + len(row)])
        text.append(row)
        size += len(row)
    header = {
        "probes": dict(probes),
        "deviations": [[d.point, d.choice_id, d.value, d.spelling] for d in deviations],
        "sets": [sorted(deviations[d] for d in chosen) for chosen in sets],
        "rows": rows,
        "text": size,
        "size": blob.size,
        "complete": complete,
    }
    head = json.dumps(header, separators=(",", ":")).encode()
    return MAGIC + struct.pack("<Q", len(head)) + head + b"".join(text) + b"".join(blob.parts)


def _outcome_row(outcome: CallOutcome, blob: _Blob) -> list[Any]:
    error = outcome.error
    return [
        [blob.add(a) for a in outcome.outputs],
        outcome.as_tuple,
        None if error is None else [error.type, error.message, error.line],
        outcome.not_array,
        [[slot, blob.add(a)] for slot, a in outcome.args_after.items()],
        [[slot, count] for slot, count in outcome.helper_counts.items()],
        [[slot, [blob.add(a) for a in arrays]] for slot, arrays in outcome.helper_inputs.items()],
        outcome.done,
    ]


def _decode(data: bytes) -> Kept:
    if not data.startswith(MAGIC):
        raise ValueError("not a file of model runs")
    (head_size,) = struct.unpack_from("<Q", data, len(MAGIC))
    start = len(MAGIC) + 8
    header = json.loads(data[start : start + head_size])
    start += head_size
    text = data[start : start + int(header["text"])]
    arrays = _Arrays(memoryview(data)[start + len(text) :])
    if len(text) != header["text"] or len(arrays.blob) != header["size"]:
        raise ValueError("a file cut short")
    table = [
        Deviation(str(p), str(c), None if v is None else float(v), str(s))
        for p, c, v, s in header["deviations"]
    ]
    sets = [tuple(sorted(int(n) for n in chosen)) for chosen in header["sets"]]
    rows = {
        (sets[number], int(index), bool(single)): (int(begin), int(end))
        for number, index, single, begin, end in header["rows"]
    }
    probes = {str(f): [int(i) for i in found] for f, found in header["probes"].items()}
    numbers = {d: n for n, d in enumerate(table)}
    return Kept(probes, numbers, rows, text, arrays, bool(header["complete"]))


class _Arrays:
    """The arrays of a file, read in place (read-only views of its bytes)."""

    def __init__(self, blob: memoryview) -> None:
        self.blob = blob
        self.dtypes: dict[str, np.dtype[Any]] = {}

    def __call__(self, described: list[Any]) -> np.ndarray:
        name, shape, offset = described
        dtype = self.dtypes.get(name)
        if dtype is None:
            dtype = self.dtypes[name] = np.dtype(name)
            if dtype.kind not in "fiub":
                raise ValueError("not an array of numbers")
        count = math.prod(shape)
        if offset < 0 or offset + count * dtype.itemsize > len(self.blob):
            raise ValueError("an array out of the file")
        return np.frombuffer(self.blob, dtype=dtype, count=count, offset=offset).reshape(shape)


def _outcome(row: list[Any], array: _Arrays) -> CallOutcome:
    outputs, as_tuple, error, not_array, args_after, counts, inputs, done = row
    return CallOutcome(
        outputs=tuple(array(a) for a in outputs),
        as_tuple=bool(as_tuple),
        error=None if error is None else StudentError(str(error[0]), str(error[1]), error[2]),
        not_array=not_array,
        args_after={int(slot): array(a) for slot, a in args_after},
        helper_counts={int(slot): int(count) for slot, count in counts},
        helper_inputs={int(slot): [array(a) for a in found] for slot, found in inputs},
        done=bool(done),
    )
