"""A line tracer for one call of the student's code, in the sandbox child.

After a wrong submission is graded, the child runs one call again under this tracer and sends,
as raw arrays like every other output, the array values of the student's locals after each line
of the student's file (and what each of its functions returns). The parent matches them with
the reference's intermediates to find the line where the student's computation leaves the
lesson's. It is feedback only: nothing here ever decides a score, and a student who tampers with
it misleads only their own feedback.

Each record says what it is (`Kind`) apart from any name, so no name a student chooses can pass
for another kind: a local after a line; what a function of the file returned (its place in a
returned tuple); what a function of the file was given (the function and the parameter; the
traced call's own arguments at its `def`, defaults included: a changed default is the
signature's doing); an array the traced call was given, changed in place; and, once the call is
over, the lines it executed: a line that ran and changed nothing, or an `if` whose body never
ran, is a place too.

Bounded in line events, records, elements and time; past a bound the trace says it was cut,
stops, and the parent tells no localisation. A scalar one line keeps remaking (a loop's counter,
a comprehension's element) is recorded its first few times only.
"""

from __future__ import annotations

import struct
import sys
import time
from collections.abc import Callable
from enum import IntEnum
from types import FrameType
from typing import Any

import numpy as np

from grader.wire import Tag, encode_array, encode_record

MAX_EVENTS = 2000  # lines executed in the student's file
MAX_RECORDS = 400
MAX_ARRAY = 4096  # elements of one recorded value
MAX_ELEMENTS = 60_000  # elements of all recorded values
MAX_SECONDS = 0.25  # of the tracing thread's CPU time
MAX_NAME = 40
MAX_REPEATS = 16  # records of one scalar at one line
MAX_POSITION = 8  # the items of a returned tuple that are recorded
BARE = 255  # the position of a value returned alone, not in a tuple
# A record's payload: line, kind, position, whether the value was whole numbers or booleans (kept
# as floats like every value), the lengths of its name and its function's name; then the name,
# the function's name and the array.
RECORD = struct.Struct("<IBBBBB")


class Kind(IntEnum):
    LOCAL = 0  # a local after a line: its name
    RESULT = 1  # what a function of the file returned: the function, the position
    ARGUMENT = 2  # what a function of the file was given: the function, the parameter's name
    EDITED = 3  # an array the traced call was given, changed in place: the parameter's name
    LINES = 4  # the lines the traced call executed, in the order they first ran


_COMPREHENSIONS = frozenset({"<genexpr>", "<listcomp>", "<setcomp>", "<dictcomp>"})

_ndarray = np.ndarray
_floating = np.floating
_asarray = np.asarray
_array_equal = np.array_equal
_float32 = np.float32
_float64 = np.float64
_int = int
_bool = bool
_clock = time.thread_time  # the trace's own cost: a machine busy elsewhere does not cut it


def _numeric(value: Any) -> np.ndarray | None:
    """The value as an array worth recording, or None."""
    if isinstance(value, _ndarray):
        if value.dtype.kind not in "fiub" or value.ndim > 4 or value.size > MAX_ARRAY or value.size == 0:
            return None
        return value
    if isinstance(value, float | _floating):
        return _asarray(value)
    return None


def _argument(value: Any) -> np.ndarray | None:
    """An argument worth recording: an array, a float, or a whole number (a default `eps=0`)."""
    if isinstance(value, _int) and not isinstance(value, _bool):
        return _asarray(float(value))
    return _numeric(value)


class LineTracer:
    """`sys.settrace` function recording the student's values line by line."""

    def __init__(self, filename: str, call: int, write: Callable[[bytes], None]) -> None:
        self.filename = filename
        self.call = call
        self.write = write
        self.events = 0
        self.records = 0
        self.elements = 0
        self.deadline = _clock() + MAX_SECONDS
        self.cut = False
        self.frames: dict[int, tuple[int, dict[str, tuple[int, np.ndarray]]]] = {}
        self.given: set[int] | None = None  # the arrays the traced call was given, by identity
        self.repeats: dict[tuple[int, Kind, str, int], int] = {}
        self.executed: dict[int, None] = {}

    def __call__(self, frame: FrameType, event: str, arg: Any) -> Any:
        if self.cut or frame.f_code.co_filename != self.filename:
            return None
        self.frames[id(frame)] = (frame.f_lineno, {})
        self.after(frame, record=False)  # the arguments: the inputs, not a line's work
        caller = frame.f_back
        if caller is not None and caller.f_code.co_filename == self.filename:
            self.arguments(frame, caller.f_lineno)
        elif self.given is None:  # the traced call itself: told at its `def`, defaults and all
            self.given = {id(v) for v in frame.f_locals.values() if isinstance(v, _ndarray)}
            self.arguments(frame, frame.f_code.co_firstlineno)
        return self.local

    def arguments(self, frame: FrameType, line: int) -> None:
        """What a function of the student's file was given by another: the caller's line's work."""
        code = frame.f_code
        for name in code.co_varnames[: code.co_argcount]:
            array = _argument(frame.f_locals.get(name))
            if array is not None:
                self.record(line, Kind.ARGUMENT, name, array, function=code.co_name)

    def local(self, frame: FrameType, event: str, arg: Any) -> Any:
        if self.cut:
            return None
        if event == "line":
            self.events += 1
            if self.events > MAX_EVENTS or _clock() > self.deadline:
                self.stop()
                return None
            self.after(frame)
            self.frames[id(frame)] = (frame.f_lineno, self.frames[id(frame)][1])
            self.executed[frame.f_lineno] = None
        elif event == "return":
            self.after(frame)
            line = self.frames.pop(id(frame), (frame.f_lineno, {}))[0]
            if frame.f_code.co_name not in _COMPREHENSIONS:  # a generator's yield, a list it built
                self.returned(line, frame.f_code.co_name, arg)
        return self.local

    def after(self, frame: FrameType, record: bool = True) -> None:
        """Record the locals the line just executed made or changed."""
        line, seen = self.frames.get(id(frame), (frame.f_lineno, {}))
        for name, value in list(frame.f_locals.items()):
            array = _numeric(value)
            if array is None:
                continue
            before = seen.get(name)
            if (
                before is not None
                and before[0] == id(value)
                and _array_equal(before[1], array, equal_nan=True)
            ):
                continue
            if before is not None and before[0] == id(value) and self.given and id(value) in self.given:
                self.record(line, Kind.EDITED, name, array)  # changed in place, and it is an input
            seen[name] = (id(value), array.copy())
            if record:
                self.record(line, Kind.LOCAL, name, array)
        self.frames[id(frame)] = (line, seen)

    def returned(self, line: int, function: str, value: Any) -> None:
        items = value if isinstance(value, tuple) else (value,)
        for position, item in enumerate(items[:MAX_POSITION]):
            array = _numeric(item)
            if array is not None:
                where = BARE if len(items) == 1 else position
                self.record(line, Kind.RESULT, "", array, function=function, position=where)

    def record(
        self,
        line: int,
        kind: Kind,
        name: str,
        array: np.ndarray,
        function: str = "",
        position: int = BARE,
    ) -> None:
        if array.size == 1:
            key = (line, kind, name, position)
            times = self.repeats.get(key, 0) + 1
            self.repeats[key] = times
            if times > MAX_REPEATS:
                return
        self.records += 1
        self.elements += array.size
        if self.records > MAX_RECORDS or self.elements > MAX_ELEMENTS:
            self.stop()
            return
        self.write_record(line, kind, name, function, position, array)

    def write_record(
        self, line: int, kind: Kind, name: str, function: str, position: int, array: np.ndarray
    ) -> None:
        label = name.encode("utf-8", "replace")[:MAX_NAME]
        of = function.encode("utf-8", "replace")[:MAX_NAME]
        integral = array.dtype.kind in "iub"
        kept = array.astype(_float32 if array.dtype == _float32 else _float64)
        head = RECORD.pack(line, kind, position, integral, len(label), len(of))
        self.write(encode_record(Tag.TRACED, self.call, head + label + of + encode_array(kept)))

    def finish(self) -> None:
        """The lines the call executed, once it is over (an uncut trace only)."""
        if not self.cut:
            lines = _asarray(list(self.executed), dtype=_float64)
            self.write_record(0, Kind.LINES, "", "", BARE, lines)

    def stop(self) -> None:
        if not self.cut:
            self.cut = True
            self.write(encode_record(Tag.TRACE_CUT, self.call))


def traced(tracer: LineTracer, run: Callable[[], None]) -> None:
    """Run `run` with `tracer` on this thread, and only then."""
    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        run()
    finally:
        sys.settrace(previous)
    tracer.finish()
