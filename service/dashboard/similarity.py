"""Near-copies among a class's submissions to one challenge: winnowed fingerprints of normalised
tokens (Schleimer, Wilkerson and Aiken, SIGMOD 2003, as MOSS and copydetect use them), less what
every student is given, and the unusual features two of them share.

Tokens come from Python's own tokenizer. Local names become `V` and strings `S` (renaming
changes nothing); keywords, builtins, attributes (`np.mean`, `X.shape`), keyword arguments and
numbers stay (they are what the code does); comments and layout go. Every k-gram of tokens is
hashed and winnowing keeps the smallest hash of each window of w, so any run of k + w - 1 tokens
two programs share is found, wherever it sits: reordered statements keep their own fingerprints.

What a student is given or everyone writes says nothing: the fingerprints of the challenge's
scaffold (its signatures) and of its reference are removed, and so is any fingerprint that more
than a tenth of the class (at least three) holds. Two programs are then as similar as the share
of the smaller one's remaining fingerprints they hold in common.

Names, comments, strings and numbers are put back as evidence: those two programs share and at
most `RARE` of the class (and not the reference) use. A pair is shown when the share is high, or
fairly high with such evidence; it is a reason to look, never a verdict.
"""

from __future__ import annotations

import builtins
import contextlib
import functools
import io
import itertools
import keyword
import re
import tokenize
import zlib
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

K = 5  # tokens per k-gram
WINDOW = 2  # k-grams per window: a shared run of K + WINDOW - 1 tokens is always found
COMMON_SHARE = 0.1  # a fingerprint more of the class holds is what everyone writes
COMMON_AT_LEAST = 3
MIN_NAME = 3  # shorter names (i, j, mu) are anyone's
RARE = 2  # a feature this few submissions use is evidence when two of them share it
MIN_SHARED = 12  # fingerprints in common: fewer is too little code to say anything
FLAG_SHARE = 0.5
FLAG_SHARE_WITH_EVIDENCE = 0.4
EVIDENCE_FOR_FLAG = 2
MAX_SOURCE_CHARS = 64 * 1024  # a submission's code is capped at the intake already
KEPT_NAMES = frozenset(dir(builtins)) | frozenset(keyword.kwlist) | frozenset(keyword.softkwlist)
DROPPED = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
DROPPED |= {tokenize.ENCODING, tokenize.ENDMARKER}


@dataclass(frozen=True)
class Source:
    key: str  # the submission's id
    student: str
    code: str


@dataclass(frozen=True)
class Print:
    """A program's fingerprints (hash -> the lines its k-gram spans) and its unusual features."""

    hashes: dict[int, tuple[int, int]]
    features: frozenset[str]


@dataclass(frozen=True)
class Pair:
    first: Source
    second: Source
    share: float  # of the smaller program's own fingerprints, those both hold
    shared: int
    evidence: tuple[str, ...]  # unusual names, comments, strings, numbers both use
    spans: tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]] = field(repr=False, compare=False)

    @functools.cached_property
    def lines(self) -> tuple[frozenset[int], frozenset[int]]:
        """Each program's lines the shared runs cover: asked of the pairs shown, not of every pair."""
        common = self.spans[0].keys() & self.spans[1].keys()
        return _lines(self.spans[0], common), _lines(self.spans[1], common)


@dataclass
class Report:
    pairs: list[Pair] = field(default_factory=list)
    compared: int = 0  # programs compared

    def clusters(self) -> list[list[str]]:
        """Students linked by flagged pairs, each group sorted, largest first."""
        linked: dict[str, set[str]] = defaultdict(set)
        for pair in self.pairs:
            linked[pair.first.student].add(pair.second.student)
            linked[pair.second.student].add(pair.first.student)
        seen: set[str] = set()
        groups = []
        for start in sorted(linked):
            if start in seen:
                continue
            group, todo = set(), [start]
            while todo:
                student = todo.pop()
                if student not in group:
                    group.add(student)
                    todo.extend(linked[student] - group)
            seen |= group
            groups.append(sorted(group))
        return sorted(groups, key=lambda g: (-len(g), g))


# -- tokens --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Token:
    text: str  # normalised
    raw: str
    kind: int
    line: int


def _raw_tokens(code: str) -> list[tokenize.TokenInfo]:
    """The program's tokens; one that does not tokenize to its end gives what came before."""
    found: list[tokenize.TokenInfo] = []
    with contextlib.suppress(tokenize.TokenError, SyntaxError):
        found.extend(tokenize.generate_tokens(io.StringIO(code[:MAX_SOURCE_CHARS]).readline))
    return found


def tokens(code: str, every: Sequence[tokenize.TokenInfo] | None = None) -> list[_Token]:
    raw = [t for t in (_raw_tokens(code) if every is None else every) if t.type not in DROPPED]
    out: list[_Token] = []
    depth = 0
    for index, tok in enumerate(raw):
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


_FSTRING = {
    getattr(tokenize, n) for n in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END") if hasattr(tokenize, n)
}


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


# -- fingerprints --------------------------------------------------------------------------------
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


@functools.lru_cache(maxsize=4096)  # a class's page seen again costs its comparison only
def fingerprint(code: str) -> Print:
    every = _raw_tokens(code)
    found = tokens(code, every)
    return Print(fingerprints(found), features(found, every))


# -- a class -------------------------------------------------------------------------------------
def given(scaffold: str, reference: str) -> Print:
    """What every student is given or shown: the scaffold's and the reference's fingerprints
    and features."""
    a, b = fingerprint(scaffold), fingerprint(reference)
    return Print({**a.hashes, **b.hashes}, a.features | b.features)


def compare(sources: Sequence[Source], handed: Print) -> Report:
    """Every pair of the class worth looking at, most similar first."""
    prints = [fingerprint(s.code) for s in sources]
    holders: Counter[int] = Counter(h for p in prints for h in p.hashes)
    common = max(COMMON_AT_LEAST, int(COMMON_SHARE * len(sources)))
    kept = [
        {h: lines for h, lines in p.hashes.items() if h not in handed.hashes and holders[h] <= common}
        for p in prints
    ]
    users: Counter[str] = Counter(f for p in prints for f in p.features)
    rare = [frozenset(f for f in p.features if users[f] <= RARE and f not in handed.features) for p in prints]
    postings: dict[int, list[int]] = defaultdict(list)
    for index, hashes in enumerate(kept):
        for h in hashes:
            postings[h].append(index)
    together: Counter[tuple[int, int]] = Counter()
    for holders_of in postings.values():
        together.update(itertools.combinations(holders_of, 2))  # counted in C: a class of copies has many
    report = Report(compared=len(sources))
    for (a, b), shared in together.items():
        pair = _pair(sources, kept, rare, a, b, shared)
        if pair is not None:
            report.pairs.append(pair)
    report.pairs.sort(key=lambda p: (-p.share, -p.shared, p.first.student, p.second.student))
    return report


def _pair(
    sources: Sequence[Source],
    kept: Sequence[dict[int, tuple[int, int]]],
    rare: Sequence[frozenset[str]],
    a: int,
    b: int,
    shared: int,
) -> Pair | None:
    if shared < MIN_SHARED or sources[a].student == sources[b].student:
        return None
    share = shared / min(len(kept[a]), len(kept[b]))
    evidence = tuple(sorted(rare[a] & rare[b]))
    if share < FLAG_SHARE and not (share >= FLAG_SHARE_WITH_EVIDENCE and len(evidence) >= EVIDENCE_FOR_FLAG):
        return None
    return Pair(sources[a], sources[b], share, shared, evidence, (kept[a], kept[b]))


def _lines(hashes: dict[int, tuple[int, int]], common: Iterable[int]) -> frozenset[int]:
    return frozenset(line for h in common for line in range(hashes[h][0], hashes[h][1] + 1))
