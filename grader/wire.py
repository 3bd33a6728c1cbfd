"""The byte format between the trusted parent and the sandbox child.

Parent -> child (the job): a JSON header (the student's source, the calls, where each input
array lies in the argument memory) followed by a blob (empty today). The parent is trusted, so
the child may parse all of it. Everything but the source is the same for every submission of a
challenge (its setup): a zygote may decode a setup once, before it forks, and then be sent only
a reference job, the setup's key and the source.

The input arrays themselves live in the argument memory: a shared mapping the parent creates
and fills for each run (one copy of every array per call) and reads back after the child ends,
to see which arguments the calls changed. A helper function passed to the student (the
attention of `bloque`) is a stub in the child: each call is a request `call:u32 slot:u16 array`
to the parent, which counts it, keeps its argument, and answers `0 array` or `1 message`.

Child -> parent (the report): a stream of records `tag:u8 call:u32 length:u32 payload`. The
parent believes nothing in it but raw float64 arrays; text records (exception names, messages)
are shown to the student as diagnostics and never decide a verdict. No pickle in either direction.
"""

from __future__ import annotations

import hashlib
import json
import struct
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Protocol

import numpy as np

JOB_MAGIC = b"AGJ1"
REF_MAGIC = b"AGJR"
TRACE = struct.Struct("<i")  # in a reference job, after the key: the call to trace, or -1
KEY_LENGTH = 32
RECORD_HEADER = struct.Struct("<BII")
REPORT_COUNT = struct.Struct("<Q")  # shared report memory: bytes of records written, then them
MAX_NDIM = 4
MAX_TEXT_PAYLOAD = 8192


class Tag(IntEnum):
    LOADED = 1  # the student's module ran to its end
    LOAD_ERROR = 2  # json: kind, type, message, line
    MISSING = 3  # json: functions
    OUTPUT = 4  # array: the value returned by the call
    CALL_ERROR = 5  # json: type, message, line
    NOT_ARRAY = 6  # json: type
    # u16 slot + array: an argument the call reshaped in place (no change in the memory the
    # parent reads back): the child's word, which can only count against it
    ARG_AFTER = 7
    # 8 and 9 were a helper's argument and its count as the child told them: the parent
    # counts the calls itself now, and refuses such records.
    CALL_DONE = 10
    FINISHED = 11
    OUTPUT_ITEM = 12  # u16 position + array: one array of a returned tuple (or list), in order
    # u32 line + u8 name length + name + array: a value of the traced call after a line of the
    # student's file (grader.tracing): feedback only, never a verdict
    TRACED = 13
    TRACE_CUT = 14  # the trace hit one of its bounds: what came before is incomplete


MAX_OUTPUT_ITEMS = 8  # the most arrays one call may return as a tuple
REQUEST = struct.Struct("<IH")  # a helper call: the student's call it belongs to, the helper's slot
MAX_REQUEST = 1 << 17  # bytes of one helper request or answer (a datagram on a socket pair)
MAX_HELPER_ARGUMENTS = 4  # arrays one helper call passes (the cross-attention's H and memoria)
_LENGTH = struct.Struct("<I")  # each argument's length in a request
ANSWER_OK, ANSWER_ERROR = 0, 1
ARRAY_ALIGN = 64


DTYPES: dict[int, np.dtype[Any]] = {0: np.dtype("<f8"), 1: np.dtype("<f4")}
DTYPE_CODES = {dtype: code for code, dtype in DTYPES.items()}


class WireError(ValueError):
    """The child's report does not follow the format."""


def encode_array(array: np.ndarray) -> bytes:
    """Shape header plus C-order little-endian data; float32 stays float32, the rest float64."""
    dtype = np.dtype("<f4") if array.dtype == np.float32 else np.dtype("<f8")
    data = np.ascontiguousarray(array, dtype=dtype)
    header = struct.pack(f"<BB{data.ndim}I", DTYPE_CODES[dtype], data.ndim, *data.shape)
    return header + data.tobytes()


def decode_array(payload: bytes | memoryview, max_elements: int) -> np.ndarray:
    """Rebuild a plain ndarray from bytes, refusing anything not exactly framed."""
    view = memoryview(payload)
    if len(view) < 2:
        raise WireError("array header truncated")
    code, ndim = view[0], view[1]
    if code not in DTYPES or ndim > MAX_NDIM:
        raise WireError("bad array header")
    dims_end = 2 + 4 * ndim
    if len(view) < dims_end:
        raise WireError("array dims truncated")
    shape = struct.unpack_from(f"<{ndim}I", view, 2)
    count = 1
    for dim in shape:
        count *= dim
    if count > max_elements:
        raise WireError("array too large")
    dtype = DTYPES[code]
    if len(view) - dims_end != count * dtype.itemsize:
        raise WireError("array length does not match its shape")
    flat = np.frombuffer(view[dims_end:], dtype=dtype, count=count)
    return np.array(flat.reshape(shape), dtype=dtype, copy=True)


def encode_job_array(array: np.ndarray, offset: int) -> tuple[dict[str, Any], bytes]:
    """An input array for a job: its place in the argument memory, and its raw bytes.

    The parent writes jobs, so the child trusts this description and reads each array as a
    view of the memory, with no per-array header to parse.
    """
    dtype = np.dtype("<f4") if array.dtype == np.float32 else np.dtype("<f8")
    data = np.ascontiguousarray(array, dtype=dtype)
    return {"offset": offset, "dtype": dtype.str, "shape": list(data.shape)}, data.tobytes()


def job_array(memory: Any, spec: dict[str, Any]) -> np.ndarray:
    """One input array as a view of `memory` (a writable view of a writable buffer)."""
    count = 1
    for dim in spec["shape"]:
        count *= dim
    flat = np.frombuffer(memory, dtype=spec["dtype"], count=count, offset=spec["offset"])
    return flat.reshape(spec["shape"])


def encode_request(call: int, slot: int, *arrays: np.ndarray) -> bytes:
    """A helper call's request: each argument array after its length (the cross-attention takes two)."""
    parts = [REQUEST.pack(call, slot)]
    for array in arrays:
        data = encode_array(array)
        parts += [_LENGTH.pack(len(data)), data]
    return b"".join(parts)


def decode_arguments(payload: bytes | memoryview, max_elements: int) -> tuple[np.ndarray, ...]:
    """The argument arrays of a request's payload, each exactly framed; WireError otherwise."""
    view = memoryview(payload)
    arrays: list[np.ndarray] = []
    position = 0
    while position < len(view):
        if len(arrays) == MAX_HELPER_ARGUMENTS:
            raise WireError("too many helper arguments")
        if len(view) - position < _LENGTH.size:
            raise WireError("argument length truncated")
        (length,) = _LENGTH.unpack_from(view, position)
        position += _LENGTH.size
        if length > len(view) - position:
            raise WireError("argument truncated")
        arrays.append(decode_array(view[position : position + length], max_elements))
        position += length
    if not arrays:
        raise WireError("a helper request without an argument")
    return tuple(arrays)


def decode_request(data: bytes, max_elements: int) -> tuple[int, int, tuple[np.ndarray, ...]]:
    """(call, slot, arguments) of a helper request; WireError if it is not one."""
    if len(data) < REQUEST.size:
        raise WireError("request truncated")
    call, slot = REQUEST.unpack_from(data)
    return call, slot, decode_arguments(memoryview(data)[REQUEST.size :], max_elements)


def encode_answer(array: np.ndarray) -> bytes:
    return bytes([ANSWER_OK]) + encode_array(array)


def encode_refusal(message: str) -> bytes:
    return bytes([ANSWER_ERROR]) + message.encode("ascii", "replace")[:200]


def encode_record(tag: Tag, call: int, payload: bytes = b"") -> bytes:
    return RECORD_HEADER.pack(tag, call, len(payload)) + payload


def encode_text(fields: dict[str, Any]) -> bytes:
    return json.dumps(fields, ensure_ascii=True).encode()[:MAX_TEXT_PAYLOAD]


def encode_job(header: dict[str, Any], blob: bytes) -> bytes:
    return encode_job_head(json.dumps(header).encode(), blob)


def encode_job_head(head: bytes, blob: bytes) -> bytes:
    """A job from its header already encoded as a JSON object."""
    return JOB_MAGIC + struct.pack("<IQ", len(head), len(blob)) + head + blob


def decode_job(data: bytes) -> tuple[dict[str, Any], memoryview]:
    if data[:4] != JOB_MAGIC:
        raise WireError("not a job")
    head_len, blob_len = struct.unpack_from("<IQ", data, 4)
    start = 4 + 12
    header = json.loads(data[start : start + head_len])
    blob = memoryview(data)[start + head_len : start + head_len + blob_len]
    return header, blob


class Desk(Protocol):
    """The parent's side of the helpers a child calls: answers each request, counting it."""

    def answer(self, request: bytes) -> bytes: ...

    def reset(self) -> None:
        """Forget every request: a run starts again from nothing (a retried run, say)."""
        ...


@dataclass(frozen=True)
class Job:
    """One submission's job: its challenge's setup (a job without a source), and the source.

    `arguments` is the image the argument memory starts as; `desk` answers the helper calls
    (None: the calls pass no helper).
    """

    setup: bytes
    key: str  # names the setup: a digest of its bytes
    source: str
    arguments: bytes = bytes(8)
    desk: Desk | None = None
    trace: int = -1  # a call to run alone, under the line tracer (-1: every call, no tracer)

    def whole(self) -> bytes:
        """The job in full, for a child that holds no decoded setup."""
        head_len, blob_len = struct.unpack_from("<IQ", self.setup, 4)
        head = self.setup[16 : 16 + head_len]
        with_source = (
            head[:-1]
            + b', "source": '
            + json.dumps(self.source).encode()
            + b', "trace": '
            + str(int(self.trace)).encode()
            + b"}"
        )
        return encode_job_head(with_source, self.setup[16 + head_len : 16 + head_len + blob_len])

    def reference(self) -> bytes:
        """The job for a child whose zygote decoded this setup: the key and the source."""
        return (
            REF_MAGIC
            + self.key.encode("ascii")
            + TRACE.pack(self.trace)
            + self.source.encode("utf-8", "surrogatepass")
        )


def setup_key(setup: bytes) -> str:
    return hashlib.blake2b(setup, digest_size=KEY_LENGTH // 2).hexdigest()


def decode_reference(data: bytes) -> tuple[str, str, int] | None:
    """(key, source, call to trace) of a reference job; None for a job in full."""
    if data[:4] != REF_MAGIC:
        return None
    key = data[4 : 4 + KEY_LENGTH].decode("ascii")
    (trace,) = TRACE.unpack_from(data, 4 + KEY_LENGTH)
    return key, data[4 + KEY_LENGTH + TRACE.size :].decode("utf-8", "surrogatepass"), trace
