"""A program's winnowed fingerprints and its unusual features, made once within a budget and
packed for the database (Schleimer, Wilkerson and Aiken, SIGMOD 2003, as MOSS and copydetect
use them).

Tokens come from Python's own tokenizer. Local names become `V` and strings `S` (renaming
changes nothing); keywords, builtins, attributes (`np.mean`, `X.shape`), keyword arguments and
numbers stay (they are what the code does); comments and layout go. Every k-gram of tokens is
hashed and winnowing keeps the smallest hash of each window of w, so any run of k + w - 1 tokens
two programs share is found, wherever it sits: reordered statements keep their own fingerprints.

A program is read to at most `MAX_TOKENS` tokens and keeps at most `MAX_PRINTS` fingerprints,
its smallest hashes: the same sample in every program, so two copies still share theirs (the
largest program written for a challenge has ~160; the intake's 64 KiB can make ~19,000).
Features are capped the same way. A print says whether it was cut.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import itertools
import keyword
import re
import tokenize
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

SCHEME = 1  # how prints are made: a stored print of another scheme is made again
K = 5  # tokens per k-gram
WINDOW = 2  # k-grams per window: a shared run of K + WINDOW - 1 tokens is always found
MIN_NAME = 3  # shorter names (i, j, mu) are anyone's
MAX_SOURCE_CHARS = 64 * 1024  # a submission's code is capped at the intake already
MAX_TOKENS = 8_000  # ~50 times the longest program written for a challenge
MAX_PRINTS = 1_000
MAX_FEATURES = 64
MAX_FEATURE_CHARS = 60
KEPT_NAMES = frozenset(dir(builtins)) | frozenset(keyword.kwlist) | frozenset(keyword.softkwlist)
DROPPED = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
DROPPED |= {tokenize.ENCODING, tokenize.ENDMARKER}
_FSTRING = {
    getattr(tokenize, n) for n in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END") if hasattr(tokenize, n)
}
_SPAN = np.dtype("<u2")
_HASH = np.dtype("<u4")


@dataclass(frozen=True)
class Print:
    """A program's fingerprints (hash -> the lines its k-gram spans) and its unusual features."""

    hashes: dict[int, tuple[int, int]]
    features: frozenset[str]
    cut: bool = False  # the program was longer than a print's budget: only its sample is kept


@dataclass(frozen=True)
class Packed:
    """A print as the database keeps it: hashes ascending (little-endian uint32), each one's
    first and last line (uint16 pairs) in the same order, features one a line."""

    hashes: bytes
    spans: bytes
    features: str
    cut: bool


@dataclass(frozen=True)
class _Token:
    text: str  # normalised
    raw: str
    kind: int
    line: int


def _raw_tokens(code: str) -> list[tokenize.TokenInfo]:
    """The program's first tokens (MAX_TOKENS that count, and what lies between them); one that
    does not tokenize to its end gives what came before."""
    found: list[tokenize.TokenInfo] = []
    counted = 0
    with contextlib.suppress(tokenize.TokenError, SyntaxError):
        for tok in tokenize.generate_tokens(io.StringIO(code[:MAX_SOURCE_CHARS]).readline):
            found.append(tok)
            counted += tok.type not in DROPPED
            if counted > MAX_TOKENS:
                break
    return found


def tokens(
    code: str, every: Sequence[tokenize.TokenInfo] | None = None, limit: int | None = MAX_TOKENS
) -> list[_Token]:
    """The program's tokens normalised, the first `limit` of them (None: all)."""
    raw = [t for t in (_raw_tokens(code) if every is None else every) if t.type not in DROPPED]
    out: list[_Token] = []
    depth = 0
    for index, tok in enumerate(raw[:limit]):
        text = tok.string
        if tok.type == tokenize.OP:
            depth += text in "([{"
            depth -= text in ")]}"
        elif tok.type == tokenize.NAME:
            text = _name(raw, index, depth)
        elif tok.type == tokenize.STRING or tok.type in _FSTRING:
            text = "S"
        out.append(_Token(text, tok.string, tok.type, tok.start[0]))
    return out


def _name(raw: Sequence[tokenize.TokenInfo], index: int, depth: int) -> str:
    """A name as it is kept: a builtin, keyword, attribute or keyword argument as itself, any
    other (the program's own) as `V`."""
    name = raw[index].string
    before = raw[index - 1].string if index else ""
    after = raw[index + 1].string if index + 1 < len(raw) else ""
    if name in KEPT_NAMES or before == "." or (name.startswith("__") and name.endswith("__")):
        return name
    if depth > 0 and after == "=" and before in ("(", ","):
        return name
    return "V"


def _hash(texts: Iterable[str]) -> int:
    """The same in every process (Python's own `hash` of a string is not), and fast."""
    return zlib.crc32("\x1f".join(texts).encode())


def fingerprints(found: Sequence[_Token]) -> dict[int, tuple[int, int]]:
    """Winnowing: of each window of WINDOW k-gram hashes, the smallest (the rightmost of equals),
    with the lines of its k-gram."""
    grams = [
        (_hash(t.text for t in found[i : i + K]), (found[i].line, found[i + K - 1].line))
        for i in range(len(found) - K + 1)
    ]
    chosen: dict[int, tuple[int, int]] = {}
    if len(grams) < WINDOW:
        return dict(grams)
    for start in range(len(grams) - WINDOW + 1):
        window = grams[start : start + WINDOW]
        smallest = min(h for h, _ in window)
        at = max(i for i, (h, _) in enumerate(window) if h == smallest)
        value, lines = window[at]
        chosen.setdefault(value, lines)
    return chosen


def _plain(number: str) -> bool:
    """A number anyone writes (a small whole one, a half): no evidence of anything."""
    try:
        value = complex(number.replace("_", ""))
    except ValueError:
        return False
    return value.imag == 0 and (value.real * 2).is_integer() and abs(value.real) <= 10


_WORD = re.compile(r"[^\W\d_]{4,}", re.UNICODE)


def features(found: Sequence[_Token], every: Sequence[tokenize.TokenInfo]) -> frozenset[str]:
    """What a program writes in its own words: its names, the words of its comments, its strings
    and its numbers, each as `kind:text` (name, comment, string, number)."""
    out = set()
    for tok in found:
        if tok.kind == tokenize.NAME and tok.text == "V" and len(tok.raw) >= MIN_NAME:
            out.add(f"name:{tok.raw}")
        elif tok.kind == tokenize.STRING:
            out.add(f"string:{tok.raw}")
        elif tok.kind == tokenize.NUMBER and not _plain(tok.raw):
            out.add(f"number:{tok.raw}")
    for comment in (t.string for t in every if t.type == tokenize.COMMENT):
        out.update(f"comment:{w.lower()}" for w in _WORD.findall(comment))
    return frozenset(out)


def fingerprint(code: str) -> Print:
    """The program's print within its budget: read to MAX_TOKENS, the MAX_PRINTS smallest hashes,
    the MAX_FEATURES features of smallest hash (each cut to MAX_FEATURE_CHARS)."""
    every = _raw_tokens(code)
    found = tokens(code, every)
    hashes = fingerprints(found)
    told = {f[:MAX_FEATURE_CHARS].replace("\n", " ") for f in features(found, every)}
    cut = len(found) >= MAX_TOKENS or len(hashes) > MAX_PRINTS or len(told) > MAX_FEATURES
    if len(hashes) > MAX_PRINTS:
        hashes = {h: hashes[h] for h in sorted(hashes)[:MAX_PRINTS]}
    if len(told) > MAX_FEATURES:
        told = set(sorted(told, key=lambda f: zlib.crc32(f.encode()))[:MAX_FEATURES])
    return Print(hashes, frozenset(told), cut)


def pack(found: Print) -> Packed:
    ordered = sorted(found.hashes)
    spans = itertools.chain.from_iterable(
        (min(a, 0xFFFF), min(b, 0xFFFF)) for a, b in (found.hashes[h] for h in ordered)
    )
    return Packed(
        np.array(ordered, dtype=_HASH).tobytes(),
        np.fromiter(spans, dtype=_SPAN, count=2 * len(ordered)).tobytes(),
        "\n".join(sorted(found.features)),
        found.cut,
    )


def hashes_of(stored: bytes) -> np.ndarray:
    """The ascending hashes of a packed print (or of its prefix: the smallest of them)."""
    return np.frombuffer(stored[: len(stored) // 4 * 4], dtype=_HASH)


def features_of(stored: str) -> frozenset[str]:
    return frozenset(stored.split("\n")) if stored else frozenset()


def spans_of(hashes: bytes, spans: bytes) -> tuple[np.ndarray, np.ndarray]:
    """A packed print's hashes (ascending) and each one's first and last line, as arrays."""
    return hashes_of(hashes), np.frombuffer(spans, dtype=_SPAN).reshape(-1, 2)


def unpack(stored: Packed) -> Print:
    hashes, lines = spans_of(stored.hashes, stored.spans)
    told = {h: (a, b) for h, (a, b) in zip(hashes.tolist(), lines.tolist(), strict=True)}
    return Print(told, features_of(stored.features), stored.cut)
