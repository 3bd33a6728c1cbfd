"""Similar submissions: how well near-copies are told apart, and what a class of N costs.

    .venv/bin/python benchmarks/similarity.py [--sizes 100,300,1000] [--repeats 5]

Figures: per challenge, the class is every program written apart for it (tests/corpora/<challenge>/solutions
and independent, a kit challenge's examples; right or wrong) with the hand-planted copies of tests/corpora/<challenge>/planted (each
names its source: names renamed, statements and helpers reordered, comments changed), and, as a
second set, a mechanical disguise of each correct solution (every name of its own renamed, its
comments gone, its definitions in reverse order). Precision: flagged pairs that are a copy and
its source; recall: copies paired with their source; "correct pairs flagged": pairs of two
different correct solutions (there must be none).

Time: a class of N students for layer_norm, each program a disguise (random names) of one of the
corpus's programs: a worst case, since every program then has N / 37 near-copies. `compare` (an
inverted index of the kept fingerprints: only programs sharing one are counted) against the naive
way, every pair's fingerprint sets intersected, in the same run. Both make the fingerprints.

Views under attack (`--attack 1000,5000`): a class of N students whose programs are all 64 KiB
(the intake's limit) of code whose every k-gram is its own, in rings of copies (2 to 50 programs
sharing nine tenths of their prints: the most pairs to count). Today's way, as the view was
before prints were stored (every program tokenized in the request, unbudgeted, into a cache of
4,096 entries), is timed on a sample of the class and scaled to N (marked ~): at 5,000 it would
take over ten minutes a view. The stored way is `similar_views.build` on a SQLite file holding the
class's prints, as the worker stored them; p50 and p99 of the views, the peak of what Python and
NumPy allocate (tracemalloc) in a view, and what the budget cut. The prints are made once per
ring and altered per copy, as the tokenizer would: a print's cost is the worker's, timed apart.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.similarity_attack import attack  # noqa: E402
from grader.challenge import Challenge, load_challenges  # noqa: E402
from service.dashboard import similarity  # noqa: E402
from service.dashboard.fingerprints import fingerprint  # noqa: E402
from service.dashboard.similarity import Source  # noqa: E402

HEADER = re.compile(r"^# (kind|misconception_es|misconception_en|line|expect|copy_of|disguise):.*\n", re.M)


def corpus(challenge: str) -> list[Path]:
    folders = [ROOT / "tests" / "corpora" / challenge / d for d in ("solutions", "independent")]
    # a challenge authored through the kit keeps its examples beside it
    folders += [ROOT / "challenges" / challenge / "examples" / kind for kind in ("correct", "wrong")]
    return [p for folder in folders for p in sorted(folder.glob("*.py"))]


def source(path: Path) -> Source:
    name = str(path.relative_to(ROOT))
    return Source(name, name, HEADER.sub("", path.read_text()))


def correct(path: Path) -> bool:
    return "/solutions/" in str(path) or "# kind: correct" in path.read_text()


class Rename(ast.NodeTransformer):
    def __init__(self, kept: set[str], fresh: Callable[[int], str]) -> None:
        self.kept = kept | set(dir(builtins))
        self.fresh = fresh
        self.names: dict[str, str] = {}

    def renamed(self, name: str) -> str:
        return name if name in self.kept else self.names.setdefault(name, self.fresh(len(self.names)))

    def visit_Name(self, node: ast.Name) -> ast.Name:
        node.id = self.renamed(node.id)
        return node

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.arg = self.renamed(node.arg)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        node.name = self.renamed(node.name)
        self.generic_visit(node)
        return node


def disguised(code: str, challenge: Challenge, fresh: Callable[[int], str] = lambda n: f"v{n}") -> str:
    tree = ast.parse(code)
    Rename({f.name for f in challenge.functions} | {"np", "math"}, fresh).visit(tree)
    defs: list[ast.stmt] = [n for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)]
    tree.body = [n for n in tree.body if n not in defs] + defs[::-1]
    return ast.unparse(tree)


def _scores(flagged: set[frozenset[str]], expected: set[frozenset[str]]) -> tuple[float, float]:
    precision = len(flagged & expected) / len(flagged) if flagged else 1.0
    return precision, len(flagged & expected) / len(expected)


def figures(challenges: dict[str, Challenge]) -> None:
    print("| challenge | set | programs | copies | flagged | precision | recall | correct pairs flagged |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for cid, challenge in challenges.items():
        handed = similarity.given(challenge.starter, challenge.reference_source)
        paths = corpus(cid)
        if not paths:  # a challenge with no corpus of students' code yet: nothing to measure
            print(f"| {cid} | (no corpus) | 0 | | | | | |")
            continue
        sources = [source(p) for p in paths]
        right = {s.key for p, s in zip(paths, sources, strict=True) if correct(p)}
        planted = sorted((ROOT / "tests" / "corpora" / cid / "planted").glob("*.py"))
        hand = {
            frozenset((str(p.relative_to(ROOT)), re.findall(r"^# copy_of: (\S+)", p.read_text(), re.M)[0]))
            for p in planted
        }
        copies = [
            Source(f"copy of {k}", f"copy of {k}", disguised(s.code, challenge))
            for s in sources
            if (k := s.key) in right
        ]
        mechanical = {frozenset((c.key.removeprefix("copy of "), c.key)) for c in copies}
        for name, added, expected in (
            ("hand-planted", [source(p) for p in planted], hand),
            ("disguised", copies, mechanical),
        ):
            if not expected:  # no copy to find (no planted file, no correct program to disguise)
                print(f"| {cid} | {name} | {len(sources)} | 0 | | | | |")
                continue
            report = similarity.compare(sources + added, handed)
            flagged = {frozenset((p.first.key, p.second.key)) for p in report.pairs}
            precision, recall = _scores(flagged, expected)
            wrongly = sum(1 for pair in flagged if pair <= right)
            print(
                f"| {cid} | {name} | {len(sources) + len(added)} | {len(expected)} | {len(flagged)} "
                f"| {precision:.2f} | {recall:.2f} | {wrongly} |"
            )


def a_class(challenge: Challenge, size: int, seed: int = 7) -> list[Source]:
    bases = [code for p in corpus(challenge.id) if _parses(code := source(p).code)]
    rng = random.Random(seed)
    sources = []
    for n in range(size):
        words = [f"{rng.choice('abcdefghij')}{rng.randrange(1000)}" for _ in range(40)]
        code = disguised(rng.choice(bases), challenge, lambda i, w=words: w[i % len(w)] + f"_{i}")
        sources.append(Source(f"s{n}", f"student{n:05d}", code))
    return sources


def _parses(code: str) -> bool:
    try:
        ast.parse(code)
    except SyntaxError:
        return False
    return True


def naive(sources: list[Source], handed: similarity.Print) -> int:
    """The fingerprints made the same way, then every pair's sets intersected: the pairs sharing
    at least MIN_SHARED fingerprints."""
    prints = [set(fingerprint(s.code).hashes) - handed.hashes.keys() for s in sources]
    return sum(
        1 for i, a in enumerate(prints) for b in prints[i + 1 :] if len(a & b) >= similarity.MIN_SHARED
    )


def timing(challenge: Challenge, sizes: list[int], repeats: int) -> None:
    handed = similarity.given(challenge.starter, challenge.reference_source)
    print("| students | median s | p99 s | programs/s | pairs flagged | naive median s | naive ÷ compare |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for size in sizes:
        sources = a_class(challenge, size)
        took, pairs = [], 0
        for _ in range(repeats):
            start = time.perf_counter()
            pairs = len(similarity.compare(sources, handed).pairs)
            took.append(time.perf_counter() - start)
        naive_took = []
        for _ in range(max(1, repeats // 2)):
            start = time.perf_counter()
            naive(sources, handed)
            naive_took.append(time.perf_counter() - start)
        median = statistics.median(took)
        p99 = sorted(took)[min(len(took) - 1, int(0.99 * len(took)))]
        naive_median = statistics.median(naive_took)
        print(
            f"| {size} | {median:.2f} | {p99:.2f} | {size / median:.0f} | {pairs} "
            f"| {naive_median:.2f} | {naive_median / median:.2f}× |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,300,1000")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--attack", default="1000,5000", help="class sizes of the views under attack ('' for none)"
    )
    args = parser.parse_args()
    challenges = load_challenges(ROOT / "challenges")
    figures(challenges)
    print()
    timing(challenges["layer_norm"], [int(s) for s in args.sizes.split(",")], args.repeats)
    if args.attack:
        print()
        attack(challenges["layer_norm"], [int(s) for s in args.attack.split(",")], args.repeats)


if __name__ == "__main__":
    main()
