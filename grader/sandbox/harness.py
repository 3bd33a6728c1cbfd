"""Runs a student's module and the job's calls, writing a report of raw arrays.

This module runs inside the sandbox child (and, for trusted code such as the reference, in the
parent to produce the expected outputs the same way). It imports only the standard library and
NumPy, and it never sees expected outputs: it only answers the inputs it is given.

It reports nothing about side effects: the arguments are views of the argument memory, which
the parent reads back itself, and a helper is a stub whose every call the parent answers and
counts (`grader.desk`). Whatever the student does to this module changes neither.
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
from typing import Any

import numpy as np

from grader.sandbox.tracer import LineTracer, traced
from grader.wire import (
    ANSWER_OK,
    MAX_HELPER_ARGUMENTS,
    MAX_NDIM,
    MAX_OUTPUT_ITEMS,
    MAX_REQUEST,
    REPORT_COUNT,
    Tag,
    decode_array,
    decode_job,
    decode_reference,
    encode_array,
    encode_record,
    encode_refusal,
    encode_request,
    encode_text,
    job_array,
)

STUDENT_FILENAME = "solucion.py"
MAX_MESSAGE = 400
REPORT_FULL = 122  # exit status: the report did not fit in its memory

Write = Callable[[bytes], None]
Ask = Callable[[bytes], bytes]


# Taken before student code runs, so that monkeypatching NumPy cannot change how we report.
_ndarray = np.ndarray
_generic = np.generic
_asarray = np.asarray
_float64 = np.float64
_float32 = np.float32
_os_write = os.write
_os_read = os.read
_os_close = os.close
_os_lseek = os.lseek
_os_exit = os._exit
_suppress = contextlib.suppress
_mmap = mmap.mmap
_ANSWER_OK = bytes([ANSWER_OK])


# The helper's error, raised in the student's code as the helper would have raised it.
_ERRORS: dict[str, type[Exception]] = {
    error.__name__: error
    for error in (ValueError, TypeError, IndexError, MemoryError, RuntimeError, FloatingPointError)
}
_EMPTY = np.zeros((0,))


class _HelperStub:
    """A helper function handed to the student: every call asks the parent, which keeps the
    helper's parameters, computes its value, and counts the call and keeps its argument."""

    def __init__(self, call: int, slot: int, ask: Ask) -> None:
        self.call = call
        self.slot = slot
        self.ask = ask

    def __call__(self, *args: Any, **kwargs: Any) -> np.ndarray:
        given = (*args, *kwargs.values())
        arguments = [_request_array(g) for g in given] if 0 < len(given) <= MAX_HELPER_ARGUMENTS else [_EMPTY]
        request = encode_request(self.call, self.slot, *arguments)
        if len(request) > MAX_REQUEST:  # arrays together too large for one request: asked as none
            request = encode_request(self.call, self.slot, _EMPTY)
        answer = self.ask(request)
        if answer[:1] == _ANSWER_OK:
            return decode_array(answer[1:], MAX_REQUEST)
        message = answer[1:].decode("ascii", "replace")
        kind, _, detail = message.partition(": ")
        raise _ERRORS.get(kind, ValueError)(detail or message)


def _request_array(value: Any) -> np.ndarray:
    """The argument as the parent takes it: a float array, or empty when it cannot be one."""
    try:
        array = _asarray(value)
        if array.dtype.kind not in "fiub" or array.ndim > MAX_NDIM or array.nbytes > MAX_REQUEST // 2:
            return _EMPTY
        return array.astype(_float32 if array.dtype == _float32 else _float64)
    except Exception:  # noqa: BLE001 whatever the student's value does, the call returns nothing
        return _EMPTY


def _no_desk(request: bytes) -> bytes:
    return encode_refusal("RuntimeError: no helper is served here")


def _asker(fd: int) -> Ask:
    """Requests on the socket the parent serves (one datagram each way), or an error."""

    def ask(request: bytes) -> bytes:
        try:
            _os_write(fd, request)
            answer = _os_read(fd, MAX_REQUEST + 1)
        except OSError as error:
            return encode_refusal(f"RuntimeError: the helper did not answer ({error.strerror})")
        return answer or encode_refusal("RuntimeError: the helper did not answer")

    return ask


class _Materializer:
    """Builds one call's arguments: arrays as views of the argument memory, helpers as stubs,
    and what the student's own functions return where the call is given that (`own`)."""

    def __init__(
        self, arrays: list[dict[str, Any]], memory: Any, call: int, ask: Ask, namespace: dict[str, Any]
    ) -> None:
        self.arrays = arrays
        self.memory = memory
        self.call = call
        self.ask = ask
        self.namespace = namespace
        self.given: list[tuple[np.ndarray, dict[str, Any]]] = []  # arrays, in slot order
        self.owned: dict[int, Any] = {}  # the student's values, by their spec, once computed

    def build(self, spec: dict[str, Any]) -> Any:
        if "array" in spec:
            described = self.arrays[spec["array"]]
            array = job_array(self.memory, described)
            self.given.append((array, described))
            return array
        if "helper" in spec:
            return _HelperStub(self.call, int(spec["slot"]), self.ask)
        if "own" in spec:
            if id(spec) not in self.owned:
                self.owned[id(spec)] = self.namespace[spec["own"]](*[self.build(a) for a in spec["args"]])
            return self.owned[id(spec)]
        if "dict" in spec:
            return {k: self.build(v) for k, v in spec["dict"].items()}
        if "number" in spec:
            return float(spec["number"])
        if "int" in spec:
            return int(spec["int"])
        return spec["const"]

    def own_values(self, spec: dict[str, Any]) -> None:
        """Compute now what the student's own functions give this call (not yet its arrays): the
        traced call's trace is then of its own lines alone. A raise is raised again in the call."""
        for value in (*spec["args"], *spec["kwargs"].values()):
            if "own" in value:
                with _suppress(BaseException):  # as the call itself would
                    self.build(value)


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
    except Exception:  # noqa: BLE001 the student's __str__ may raise anything
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
    """A challenge's setup, decoded: the calls and where their arrays lie in the argument memory."""

    header: dict[str, Any]


def load_setup(job: bytes) -> Setup:
    """Decode a setup (or a whole job): once per zygote, or per job for a job in full."""
    header, _ = decode_job(job)
    return Setup(header)


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
        exec(code, namespace)  # noqa: S102 in the sandbox child
    except BaseException as error:  # noqa: BLE001 SystemExit and KeyboardInterrupt are the student's too
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
    try:  # an argument the student's own function computes may raise: the call's outcome too
        args = [builder.build(a) for a in spec["args"]]
        kwargs = {k: builder.build(v) for k, v in spec["kwargs"].items()}
        value = function(*args, **kwargs)
        record = _output_record(index, value, max_elements)
    except BaseException as error:  # noqa: BLE001 whatever the student's function raises is its outcome
        record = encode_record(Tag.CALL_ERROR, index, encode_text(_describe(error)))
    write(record)  # which arguments changed, and how the helpers were called: the parent sees
    for slot, (array, described) in enumerate(builder.given):
        if _reshaped(array, described):
            write(encode_record(Tag.ARG_AFTER, index, struct.pack("<H", slot) + encode_array(array)))


def _reshaped(array: np.ndarray, described: dict[str, Any]) -> bool:
    """Whether the student changed an argument's shape or type in place: not in the memory."""
    shape = _ndarray.shape.__get__(array)
    return bool(shape != tuple(described["shape"]) or _ndarray.dtype.__get__(array) != described["dtype"])


def _setup_and_source(job: bytes, preloaded: Mapping[str, Setup]) -> tuple[Setup, str, int]:
    reference = decode_reference(job)
    if reference is None:
        setup = load_setup(job)
        return setup, setup.header["source"], int(setup.header.get("trace", -1))
    key, source, trace = reference
    return preloaded[key], source, trace


def run(
    job: bytes, write: Write, memory: Any, ask: Ask, preloaded: Mapping[str, Setup] | None = None
) -> None:
    """Load the student's module and answer every call of the job, in order.

    `write` must put each record where the parent can read it at once: a call may never return.
    `memory`: the argument memory (a writable buffer); `ask`: sends a helper request, returns
    the answer. `preloaded`: setups decoded before the fork, for reference jobs.
    """
    setup, source, trace = _setup_and_source(job, preloaded or {})
    namespace = _load_student(source, write)
    if namespace is None:
        return
    header = setup.header
    if 0 <= trace < len(header["calls"]):
        _run_traced(trace, header, namespace, memory, ask, write)
        return
    missing = [name for name in header["required"] if not callable(namespace.get(name))]
    if missing:
        write(encode_record(Tag.MISSING, 0, encode_text({"functions": missing})))
    max_elements = int(header["max_output_elements"])
    for index, spec in enumerate(header["calls"]):
        function = namespace.get(spec["function"])
        if callable(function) and _given_functions(spec, namespace):
            builder = _Materializer(header["arrays"], memory, index, ask, namespace)
            _run_call(index, spec, function, builder, write, max_elements)
        write(encode_record(Tag.CALL_DONE, index))
    write(encode_record(Tag.FINISHED, 0))


def _run_traced(
    index: int, header: dict[str, Any], namespace: dict[str, Any], memory: Any, ask: Ask, write: Write
) -> None:
    """Only call `index`, under the line tracer: its values line by line, then its outcome."""
    spec = header["calls"][index]
    function = namespace.get(spec["function"])
    if callable(function) and _given_functions(spec, namespace):
        builder = _Materializer(header["arrays"], memory, index, ask, namespace)
        builder.own_values(spec)
        tracer = LineTracer(STUDENT_FILENAME, index, write)
        traced(tracer, lambda: _run_call(index, spec, function, builder, _no_write, 0))
    write(encode_record(Tag.FINISHED, 0))


def _given_functions(spec: dict[str, Any], namespace: dict[str, Any]) -> bool:
    """Whether every function of the student's whose value the call is given is defined (else the
    call is not made, as a call of a missing function is not: the parent says which is missing)."""
    values = (*spec["args"], *spec["kwargs"].values())
    return all(callable(namespace.get(v["own"])) for v in values if "own" in v)


def _no_write(record: bytes) -> None:
    """The traced call's outcome is already known from the graded run."""


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


def main(
    job_fd: int,
    report_fd: int,
    arguments_fd: int,
    desk_fd: int = -1,
    preloaded: Mapping[str, Setup] | None = None,
) -> None:
    """Entry point of a child: the job, the shared report memory, the argument memory, and the
    socket its helpers ask the parent on (-1: none), each on a descriptor.

    Printed output is closed before exiting, so the parent knows it has everything without
    waiting for the process to be torn down.
    """
    job = read_all(job_fd)
    _os_close(job_fd)
    report = _SharedReport(report_fd)
    _os_close(report_fd)
    arguments = _mmap(arguments_fd, _os_lseek(arguments_fd, 0, os.SEEK_END))
    _os_close(arguments_fd)
    ask = _asker(desk_fd) if desk_fd >= 0 else _no_desk
    try:
        run(job, report.write, arguments, ask, preloaded)
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
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
