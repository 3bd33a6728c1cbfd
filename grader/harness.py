"""Runs a student's module and the job's calls, writing a report of raw arrays.

This module runs inside the sandbox child (and, for trusted code such as the reference, in the
parent to produce the expected outputs the same way). It imports only the standard library and
NumPy, and it never sees expected outputs: it only answers the inputs it is given.
"""

from __future__ import annotations

import builtins
import contextlib
import mmap
import os
import struct
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import CodeType
from typing import Any

import numpy as np

from grader.wire import (
    MAX_OUTPUT_ITEMS,
    REPORT_COUNT,
    Tag,
    decode_job,
    decode_job_array,
    decode_reference,
    encode_array,
    encode_record,
    encode_text,
)

STUDENT_FILENAME = "solucion.py"
MAX_HELPER_LOG = 4
MAX_MESSAGE = 400
REPORT_FULL = 122  # exit status: the report did not fit in its memory

Write = Callable[[bytes], None]


# Taken before student code runs, so that monkeypatching NumPy cannot change how we report.
_ndarray = np.ndarray
_generic = np.generic
_asarray = np.asarray
_float64 = np.float64
_float32 = np.float32
_os_write = os.write
_os_close = os.close
_os_lseek = os.lseek
_os_exit = os._exit
_suppress = contextlib.suppress
_mmap = mmap.mmap


class _LoggedHelper:
    """A helper function handed to the student, remembering how it was called."""

    def __init__(self, function: Callable[..., Any], params: dict[str, Any]) -> None:
        self.function = function
        self.params = params
        self.count = 0
        self.inputs: list[np.ndarray] = []

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.count += 1
        if args and len(self.inputs) < MAX_HELPER_LOG:
            try:
                self.inputs.append(np.array(args[0], dtype=_float64, copy=True))
            except Exception:
                self.inputs.append(np.zeros((0,), dtype=_float64))
        return self.function(*args, **kwargs, **self.params)


class _Materializer:
    def __init__(self, arrays: list[np.ndarray], helpers: dict[str, Any]) -> None:
        self.arrays = arrays
        self.helpers = helpers
        self.array_slots: list[tuple[np.ndarray, np.ndarray]] = []  # (given to the student, as sent)
        self.helper_slots: list[_LoggedHelper] = []

    def build(self, spec: dict[str, Any], track: bool = True) -> Any:
        """An argument for the student; `track` reports arrays back after the call."""
        if "array" in spec:
            sent = self.arrays[spec["array"]]
            array = sent.copy()
            if track:
                self.array_slots.append((array, sent))
            return array
        if "helper" in spec:
            params = {k: self.build(v, track=False) for k, v in spec["params"].items()}
            logged = _LoggedHelper(self.helpers[spec["helper"]], params)
            self.helper_slots.append(logged)
            return logged
        if "dict" in spec:
            return {k: self.build(v, track) for k, v in spec["dict"].items()}
        if "number" in spec:
            return float(spec["number"])
        if "int" in spec:
            return int(spec["int"])
        return spec["const"]


def _changed(array: np.ndarray, sent: np.ndarray) -> bool:
    """Whether the student changed an argument: compared byte for byte, by methods of ndarray."""
    same_layout = array.shape == sent.shape and array.dtype == sent.dtype
    return not (same_layout and _ndarray.tobytes(array) == _ndarray.tobytes(sent))


def _student_line(error: BaseException) -> int | None:
    line = None
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == STUDENT_FILENAME:
            line = trace.tb_lineno
        trace = trace.tb_next
    return line


def _describe(error: BaseException) -> dict[str, Any]:
    try:
        message = str(error)[:MAX_MESSAGE]
    except Exception:
        message = ""
    return {"type": type(error).__name__[:80], "message": message, "line": _student_line(error)}


def _numeric(value: Any, max_elements: int) -> np.ndarray | dict[str, Any]:
    """The value as a float64 (or float32) array, or why it cannot be one."""
    if not isinstance(value, _ndarray | _generic):
        return {"type": type(value).__name__[:80]}
    array = _asarray(value)
    if array.dtype.kind not in "fiub":
        return {"type": f"ndarray[{array.dtype}]"}
    if array.size > max_elements or array.ndim > 4:
        return {"type": "ndarray", "too_large": True}
    return array.astype(_float32 if array.dtype == _float32 else _float64)


def _output_record(call: int, value: Any, max_elements: int) -> bytes:
    if isinstance(value, tuple | list):
        return _item_records(call, value, max_elements)
    array = _numeric(value, max_elements)
    if isinstance(array, dict):
        return encode_record(Tag.NOT_ARRAY, call, encode_text(array))
    return encode_record(Tag.OUTPUT, call, encode_array(array))


def _item_records(call: int, value: tuple[Any, ...] | list[Any], max_elements: int) -> bytes:
    """A returned tuple (or list) of arrays: one OUTPUT_ITEM record per array, in order."""
    # The base classes' methods: a subclass's overrides cannot lie about the items.
    count = tuple.__len__(value) if isinstance(value, tuple) else list.__len__(value)
    every = tuple.__iter__(value) if isinstance(value, tuple) else list.__iter__(value)
    items = [item for _, item in zip(range(MAX_OUTPUT_ITEMS + 1), every, strict=False)]
    arrays = [_numeric(item, max_elements) for item in items]
    if 0 < count <= MAX_OUTPUT_ITEMS and not any(isinstance(a, dict) for a in arrays):
        return b"".join(
            encode_record(Tag.OUTPUT_ITEM, call, struct.pack("<H", i) + encode_array(a))
            for i, a in enumerate(arrays)
            if not isinstance(a, dict)
        )
    inside = ", ".join(str(a["type"]) if isinstance(a, dict) else "ndarray" for a in arrays)
    kind = type(value).__name__
    return encode_record(Tag.NOT_ARRAY, call, encode_text({"type": f"{kind}[{inside}]"[:80]}))


@dataclass(frozen=True)
class Setup:
    """A challenge's setup, decoded: the calls, the input arrays (read-only), the helpers' code."""

    header: dict[str, Any]
    arrays: list[np.ndarray]
    helpers: CodeType


def load_setup(job: bytes) -> Setup:
    """Decode a setup (or a whole job): once per zygote, or per job for a job in full."""
    header, blob = decode_job(job)
    arrays = [decode_job_array(blob, spec) for spec in header["arrays"]]
    helpers = compile(header.get("helpers", ""), "<ayudas>", "exec")
    return Setup(header, arrays, helpers)


def _load_helpers(code: CodeType) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "ayudas"}
    exec(code, namespace)
    return namespace


def _load_student(source: str, write: Write) -> dict[str, Any] | None:
    namespace: dict[str, Any] = {"__name__": "solucion", "__builtins__": builtins}
    try:
        code = compile(source, STUDENT_FILENAME, "exec", dont_inherit=True)
    except SyntaxError as error:
        fields = {
            "kind": "syntax",
            "type": type(error).__name__,
            "message": str(error.msg)[:MAX_MESSAGE],
            "line": error.lineno,
        }
        write(encode_record(Tag.LOAD_ERROR, 0, encode_text(fields)))
        return None
    except (ValueError, MemoryError, RecursionError, OverflowError) as error:
        write(encode_record(Tag.LOAD_ERROR, 0, encode_text({"kind": "syntax", **_describe(error)})))
        return None
    try:
        exec(code, namespace)
    except BaseException as error:  # SystemExit and KeyboardInterrupt are the student's too
        write(encode_record(Tag.LOAD_ERROR, 0, encode_text({"kind": "import", **_describe(error)})))
        return None
    write(encode_record(Tag.LOADED, 0))
    return namespace


def _run_call(
    index: int,
    spec: dict[str, Any],
    function: Any,
    builder: _Materializer,
    write: Write,
    max_elements: int,
) -> None:
    args = [builder.build(a) for a in spec["args"]]
    kwargs = {k: builder.build(v) for k, v in spec["kwargs"].items()}
    try:
        value = function(*args, **kwargs)
        record = _output_record(index, value, max_elements)
    except BaseException as error:
        record = encode_record(Tag.CALL_ERROR, index, encode_text(_describe(error)))
    write(record)
    for slot, (array, sent) in enumerate(builder.array_slots):
        if _changed(array, sent):
            write(encode_record(Tag.ARG_AFTER, index, struct.pack("<H", slot) + encode_array(array)))
    for slot, helper in enumerate(builder.helper_slots):
        write(encode_record(Tag.HELPER_COUNT, index, struct.pack("<HI", slot, helper.count)))
        for seen in helper.inputs:
            write(encode_record(Tag.HELPER_INPUT, index, struct.pack("<H", slot) + encode_array(seen)))


def _setup_and_source(job: bytes, preloaded: Mapping[str, Setup]) -> tuple[Setup, str]:
    reference = decode_reference(job)
    if reference is None:
        setup = load_setup(job)
        return setup, setup.header["source"]
    key, source = reference
    return preloaded[key], source


def run(job: bytes, write: Write, preloaded: Mapping[str, Setup] | None = None) -> None:
    """Load the student's module and answer every call of the job, in order.

    `write` must put each record where the parent can read it at once: a call may never return.
    `preloaded`: setups decoded before the fork, for reference jobs.
    """
    setup, source = _setup_and_source(job, preloaded or {})
    helpers = _load_helpers(setup.helpers)
    namespace = _load_student(source, write)
    if namespace is None:
        return
    header = setup.header
    missing = [name for name in header["required"] if not callable(namespace.get(name))]
    if missing:
        write(encode_record(Tag.MISSING, 0, encode_text({"functions": missing})))
    max_elements = int(header["max_output_elements"])
    for index, spec in enumerate(header["calls"]):
        function = namespace.get(spec["function"])
        if callable(function):
            builder = _Materializer(setup.arrays, helpers)
            _run_call(index, spec, function, builder, write, max_elements)
        write(encode_record(Tag.CALL_DONE, index))
    write(encode_record(Tag.FINISHED, 0))


class _SharedReport:
    """Records written straight into memory the parent shares: no system call, no wake-up.

    Layout: the count of bytes written (u64), then the records. Whatever was written before
    the process dies is there for the parent to read; the parent caps what it reads.
    """

    def __init__(self, fd: int) -> None:
        # Sized by lseek: fstat may reach the filter as newfstatat, which answers EACCES.
        self.memory = _mmap(fd, _os_lseek(fd, 0, os.SEEK_END))
        self.used = 0
        self.capacity = len(self.memory) - REPORT_COUNT.size

    def write(self, data: bytes) -> None:
        end = self.used + len(data)
        if end > self.capacity:
            raise _ReportFull
        start = REPORT_COUNT.size + self.used
        self.memory[start : start + len(data)] = data
        self.used = end
        REPORT_COUNT.pack_into(self.memory, 0, end)


class _ReportFull(Exception):
    """More report than the parent reads: the child ends here ('output' for the parent)."""


def read_all(fd: int) -> bytes:
    """Everything left to read on `fd` (a pipe, or a memfd at its start)."""
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def main(job_fd: int, report_fd: int, preloaded: Mapping[str, Setup] | None = None) -> None:
    """Entry point of a child: job on one descriptor, shared report memory on another.

    Printed output is closed before exiting, so the parent knows it has everything without
    waiting for the process to be torn down.
    """
    job = read_all(job_fd)
    _os_close(job_fd)
    report = _SharedReport(report_fd)
    _os_close(report_fd)
    try:
        run(job, report.write, preloaded)
    except _ReportFull:
        _os_exit(REPORT_FULL)
    for stream in (sys.stdout, sys.stderr):
        with _suppress(BaseException):  # the student may have replaced or closed them
            stream.flush()
    for fd in (1, 2):
        with _suppress(OSError):
            _os_close(fd)
    _os_exit(0)  # skip atexit handlers and finalizers the student may have registered


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
