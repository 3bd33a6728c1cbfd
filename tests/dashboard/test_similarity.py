"""Similar submissions without a server: near-copies planted among independently written programs
(renamed variables, reordered statements, other comments; tests/corpora/<challenge>/planted, each naming its source)
are found, and no two of a class of different correct solutions (tests/corpora/<challenge>/solutions, the correct
files of its `independent` set and a challenge's own examples) are paired; what everyone is given says nothing; unusual shared
features count as evidence."""

from __future__ import annotations

import ast
import builtins
import re
from collections import Counter
from pathlib import Path

import pytest

from grader.challenge import Challenge, load_challenges
from service.dashboard import fingerprints, similarity
from service.dashboard.similarity import Source
from tests.conftest import ROOT

CHALLENGES = load_challenges(ROOT / "challenges")
HEADER = re.compile(r"^# (kind|misconception_es|misconception_en|line|expect|copy_of|disguise):.*\n", re.M)


def _source(path: Path) -> Source:
    """A corpus file as a student would have sent it: without the corpus's own header."""
    name = str(path.relative_to(ROOT))
    return Source(name, name, HEADER.sub("", path.read_text()))


def _correct(path: Path) -> bool:
    return path.parent.name == "solutions" or "# kind: correct" in path.read_text()


def _class(challenge: str) -> list[Path]:
    """Every program written apart for the challenge (right or wrong), and the planted copies."""
    folders = [f"tests/corpora/{challenge}/{s}" for s in ("solutions", "independent")]
    folders.append(f"tests/corpora/{challenge}/planted")
    # a challenge authored through the kit keeps its examples beside it
    folders += [f"challenges/{challenge}/examples/{kind}" for kind in ("correct", "wrong")]
    return [p for folder in folders for p in sorted((ROOT / folder).glob("*.py"))]


def _given(challenge: Challenge) -> fingerprints.Print:
    return similarity.given(challenge.starter, challenge.reference_source)


def _flagged(report: similarity.Report) -> set[frozenset[str]]:
    return {frozenset((p.first.key, p.second.key)) for p in report.pairs}


@pytest.mark.parametrize("challenge", sorted(CHALLENGES))
def test_planted_copies_are_found_and_nothing_else_is(challenge: str) -> None:
    paths = _class(challenge)
    report = similarity.compare([_source(p) for p in paths], _given(CHALLENGES[challenge]))
    planted = {
        frozenset((str(p.relative_to(ROOT)), re.findall(r"^# copy_of: (\S+)", p.read_text(), re.M)[0]))
        for p in paths
        if p.parent.name == "planted"
    }
    assert len(planted) == 3
    assert _flagged(report) == planted  # every copy with its source, and no other pair
    correct = [str(p.relative_to(ROOT)) for p in paths if _correct(p)]
    assert len(correct) >= 7
    assert not any(pair <= set(correct) for pair in _flagged(report))


class _Rename(ast.NodeTransformer):
    """Every name of the program's own renamed, as a student hiding a copy would."""

    def __init__(self, kept: set[str]) -> None:
        self.kept = kept | set(dir(builtins))
        self.names: dict[str, str] = {}

    def renamed(self, name: str) -> str:
        return name if name in self.kept else self.names.setdefault(name, f"v{len(self.names)}")

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


def disguised(code: str, challenge: Challenge) -> str:
    """The program with its names renamed, its comments gone and its definitions in reverse order."""
    tree = ast.parse(code)
    _Rename({f.name for f in challenge.functions} | {"np", "math"}).visit(tree)
    defs: list[ast.stmt] = [n for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)]
    tree.body = [n for n in tree.body if n not in defs] + defs[::-1]
    return ast.unparse(tree)


@pytest.mark.parametrize("challenge", sorted(CHALLENGES))
def test_a_disguised_copy_of_any_correct_solution_is_found(challenge: str) -> None:
    """Each correct solution and a mechanical disguise of it, in the class: every such pair is
    found, and no other pair is. A solution that is the handed reference in other words has too
    little of its own to tell a copy from two students following the lesson: its copy is not
    expected (and there are few of those)."""
    known = CHALLENGES[challenge]
    handed = _given(known)
    paths = [p for p in _class(challenge) if p.parent.name != "planted"]
    sources = [_source(p) for p in paths]
    copies = [
        Source(f"copy of {s.key}", f"copy of {s.key}", disguised(s.code, known))
        for p, s in zip(paths, sources, strict=True)
        if _correct(p)
    ]
    report = similarity.compare(sources + copies, handed)
    telling = [c for c in copies if _own_fingerprints(c, sources + copies, handed) >= similarity.MIN_SHARED]
    assert len(telling) >= len(copies) - 1
    expected = {frozenset((c.key.removeprefix("copy of "), c.key)) for c in telling}
    assert _flagged(report) == expected


def _own_fingerprints(source: Source, class_: list[Source], handed: fingerprints.Print) -> int:
    """The fingerprints of a program that are neither handed nor common in its class (the lesson's
    own way of writing it, which most wrong files of the class share)."""
    holders = Counter(h for other in class_ for h in fingerprints.fingerprint(other.code).hashes)
    common = max(similarity.COMMON_AT_LEAST, int(similarity.COMMON_SHARE * len(class_)))
    own = fingerprints.fingerprint(source.code).hashes.keys() - handed.hashes.keys()
    return sum(1 for h in own if holders[h] <= common)


def test_what_everyone_is_given_says_nothing() -> None:
    """The reference sent by two students, and once more with other names: no pair."""
    known = CHALLENGES["layer_norm"]
    renamed = disguised(known.reference_source, known)
    sources = [
        Source("a", "ana", known.reference_source),
        Source("b", "ben", known.reference_source),
        Source("c", "cai", renamed),
    ]
    assert similarity.compare(sources, _given(known)).pairs == []


BASE = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    {a} = X.mean(axis=-1, keepdims=True)
    {b} = ((X - {a}) ** 2).mean(axis=-1, keepdims=True)
    {c} = np.zeros_like(X)
    for fila in range(X.shape[0]):
        {c}[fila] = (X[fila] - {a}[fila]) / np.sqrt({b}[fila] + {eps})
    {d} = {c} * gamma  # {comment}
    return {d} + beta
"""


# Code of each program's own, as long as what they share: the share is below FLAG_SHARE.
OWN_A = """

def revisa(Z):
    if Z.ndim != 2:
        raise ValueError("se esperaba una matriz")
    return np.isfinite(Z).all()


def resumen(Z):
    filas, columnas = Z.shape
    return {"filas": filas, "columnas": columnas, "max": float(np.abs(Z).max())}


def imprime(Z):
    for i, fila in enumerate(Z):
        print(i, " ".join(f"{v:8.3f}" for v in fila))
"""
OWN_B = """

def cuadrados(Z):
    total = 0.0
    for z in Z.ravel():
        total = total + z * z
    return total / Z.size


def escala(Z, k):
    return [[k * v for v in fila] for fila in Z.tolist()]


def maximo(Z):
    mejor = None
    for v in Z.ravel():
        if mejor is None or v > mejor:
            mejor = v
    return mejor
"""
ODD = "mediana_x varianza_x salida_x final_x"


def _program(names: str, eps: str, comment: str, own: str) -> str:
    a, b, c, d = names.split()
    return BASE.format(a=a, b=b, c=c, d=d, eps=eps, comment=comment) + own


def test_unusual_shared_names_comments_and_constants_are_evidence() -> None:
    """Two programs that share part of their structure: with the same odd names, comment and wrong
    constant they are a pair; written in their own words, they are not."""
    known = CHALLENGES["layer_norm"]
    handed = _given(known)
    ana = Source("a", "ana", _program(ODD, "1e-7", "escalado raro", OWN_A))
    filler = [Source(f"f{n}", f"student{n}", known.reference_source) for n in range(8)]
    in_own_words = Source("b", "ben", _program("m v out y", "eps", "scale", OWN_B))
    assert similarity.compare([ana, in_own_words, *filler], handed).pairs == []
    in_the_same_words = Source("b", "ben", _program(ODD, "1e-7", "escalado raro", OWN_B))
    [pair] = similarity.compare([ana, in_the_same_words, *filler], handed).pairs
    assert similarity.FLAG_SHARE_WITH_EVIDENCE <= pair.share < similarity.FLAG_SHARE  # the evidence decides
    assert {"name:mediana_x", "number:1e-7", "comment:escalado"} <= set(pair.evidence)
    assert frozenset(range(4, 11)) <= pair.lines[0]  # the shared function, marked
    assert frozenset(range(4, 11)) <= pair.lines[1]


def test_groups_and_programs_that_do_not_parse() -> None:
    code = (ROOT / "tests/corpora/layer_norm/solutions/loops.py").read_text()
    sources = [
        Source("1", "ana", code),
        Source("2", "ben", code),
        Source("3", "cai", code),
        Source("4", "dan", "def f(:\n  '''"),
    ]
    report = similarity.compare(sources, _given(CHALLENGES["layer_norm"]))
    assert report.clusters() == [["ana", "ben", "cai"]]
    assert len(report.pairs) == 3
    assert fingerprints.fingerprint("x = '''never closed").hashes == {}


def _adversarial(seed: int) -> str:
    """64 KiB of code whose every k-gram is its own: attributes and numbers stay as written."""
    lines = [f"x = np.a{seed}_{n}(y.b{n}, {n}.{seed}5)\n" for n in range(4000)]
    return "".join(lines)[: 64 * 1024]


def test_a_long_program_keeps_a_sample_within_its_budget() -> None:
    made = fingerprints.fingerprint(_adversarial(1))
    assert made.cut
    assert len(made.hashes) == fingerprints.MAX_PRINTS
    assert len(made.features) <= fingerprints.MAX_FEATURES
    assert max(map(len, made.features)) <= fingerprints.MAX_FEATURE_CHARS
    assert not fingerprints.fingerprint(
        _source(ROOT / "tests/corpora/layer_norm/solutions/loops.py").code
    ).cut


def test_a_view_within_its_budget_says_what_was_cut() -> None:
    """Four copies of a long program, two of another, and a class around them: past the budget's
    fingerprints each program is compared by a sample, the fingerprints most programs hold go
    first, the pairs past the budget are counted, and the long programs are named."""
    known = CHALLENGES["layer_norm"]
    four, two = _adversarial(2), _adversarial(3)
    sources = [Source(f"k{n}", f"four{n}", four + f"z = {n}\n") for n in range(4)]
    sources += [Source(f"t{n}", f"two{n}", two + f"z = {n}\n") for n in range(2)]
    sources += [Source(f"f{n}", f"student{n}", known.reference_source) for n in range(40)]
    whole = similarity.compare(sources, _given(known))
    assert whole.flagged == 6 + 1
    assert [(c.kind, c.count) for c in whole.cuts] == [("long_programs", 6)]
    budget = similarity.Budget(prints=46 * 200, pair_work=500, pairs=0)
    cut = similarity.compare(sources, _given(known), budget)
    told = {c.kind: c.count for c in cut.cuts}
    assert (told["sample"], told["common"], told["pairs"]) == (200, 2, 1)
    assert (cut.flagged, cut.pairs, cut.groups) == (1, [], [["two0", "two1"]])
