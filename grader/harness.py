"""Runs a student's module and the job's calls, writing a report of raw arrays.

This module runs inside the sandbox child (and, for trusted code such as the reference, in the
parent to produce the expected outputs the same way). It imports only the standard library and
NumPy, and it never sees expected outputs: it only answers the inputs it is given.
"""

from __future__ import annotations

import builtins
import contextlib
import os
import struct
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from grader.wire import (
    MAX_OUTPUT_ITEMS,
    Tag,
    decode_job,
    decode_job_array,
    encode_array,
    encode_record,
    encode_text,
)

STUDENT_FILENAME = "solucion.py"
MAX_HELPER_LOG = 4
MAX_MESSAGE = 400

Write = Callable[[bytes], None]
Flush = Callable[[], None]


def _no_flush() -> None:
    pass


# Taken before student code runs, so that monkeypatching NumPy cannot change how we report.
_ndarray = np.ndarray
_generic = np.generic
_asarray = np.asarray
_float64 = np.float64
_float32 = np.float32
_os_write = os.write
_os_close = os.close
_os_exit = os._exit
_suppress = contextlib.suppress


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


def _load_helpers(source: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "ayudas"}
    exec(compile(source, "<ayudas>", "exec"), namespace)
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
    flush: Flush,
) -> None:
    args = [builder.build(a) for a in spec["args"]]
    kwargs = {k: builder.build(v) for k, v in spec["kwargs"].items()}
    flush()  # everything before this call reaches the parent, whatever the call does
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


def run(job: bytes, write: Write, flush: Flush = _no_flush) -> None:
    """Load the student's module and answer every call of the job, in order.

    `write` may buffer: `flush` is called before each call of a student's function.
    """
    header, blob = decode_job(job)
    arrays = [decode_job_array(blob, spec) for spec in header["arrays"]]  # read-only views
    helpers = _load_helpers(header.get("helpers", ""))
    namespace = _load_student(header["source"], write)
    if namespace is None:
        return
    missing = [name for name in header["required"] if not callable(namespace.get(name))]
    if missing:
        write(encode_record(Tag.MISSING, 0, encode_text({"functions": missing})))
    max_elements = int(header["max_output_elements"])
    for index, spec in enumerate(header["calls"]):
        function = namespace.get(spec["function"])
        if callable(function):
            builder = _Materializer(arrays, helpers)
            _run_call(index, spec, function, builder, write, max_elements, flush)
        write(encode_record(Tag.CALL_DONE, index))
    write(encode_record(Tag.FINISHED, 0))


class _BufferedWriter:
    """Records gathered and written in one system call: fewer wake-ups of the reading parent."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.pending.append(data)

    def flush(self) -> None:
        view = memoryview(b"".join(self.pending))
        self.pending = []
        while view:
            view = view[_os_write(self.fd, view) :]


def _read_all(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def main(job_fd: int, report_fd: int) -> None:
    """Entry point of a child: job on one descriptor, report on another, then exit at once.

    The report and the printed output are closed before exiting, so the parent has everything
    without waiting for the process to be torn down.
    """
    job = _read_all(job_fd)
    _os_close(job_fd)
    writer = _BufferedWriter(report_fd)
    run(job, writer.write, writer.flush)
    writer.flush()
    for stream in (sys.stdout, sys.stderr):
        with _suppress(BaseException):  # the student may have replaced or closed them
            stream.flush()
    for fd in (report_fd, 1, 2):
        with _suppress(OSError):
            _os_close(fd)
    _os_exit(0)  # skip atexit handlers and finalizers the student may have registered


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
