"""A function may return a tuple of arrays: declared in challenge.toml, checked in the parent."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from grader.challenge import Challenge, ChallengeError, load_challenge
from grader.grade import Grader
from grader.prepared import MAX_OUTPUT_ELEMENTS, prepare
from grader.report import parse_report
from grader.wire import Tag, encode_array, encode_record

MANIFEST = """
id = "pair"
title = { es = "Par", en = "Pair" }

[[functions]]
name = "split"
signature = "split(X)"
returns = 2
"""
TESTS = """
import numpy as np
from grader.authoring import HiddenTest, call, text
from grader.checks import matches_reference

TESTS = [
    HiddenTest(
        id="split",
        category="comparison",
        points=1,
        title=text("parte", "splits"),
        hint=text("pista", "hint"),
        calls=(call("split", np.arange(6.0).reshape(2, 3)), call("split", np.ones((4, 2)))),
        check=matches_reference(),
    )
]
"""
MISTAKES = """
from grader.authoring import Mistake, text

MISTAKES = [
    Mistake(id="second_doubled", message=text("doble", "doubled"), code='''
def split(X):
    return X.sum(axis=1), 2 * X.max(axis=1)
'''),
    Mistake(id="second_negated", message=text("negado", "negated"), code='''
def split(X):
    return X.sum(axis=1), -X.max(axis=1)
'''),
]
"""
REFERENCE = "import numpy as np\n\n\ndef split(X):\n    return X.sum(axis=1), X.max(axis=1)\n"


def _folder(root: Path, reference: str = REFERENCE) -> Path:
    folder = root / "pair"
    folder.mkdir()
    files = {
        "challenge.toml": MANIFEST,
        "statement.es.md": "# Par\n",
        "statement.en.md": "# Pair\n",
        "reference.py": reference,
        "tests.py": TESTS,
        "mistakes.py": MISTAKES,
    }
    for name, content in files.items():
        (folder / name).write_text(content, encoding="utf-8")
    return folder


@pytest.fixture
def pair(tmp_path: Path) -> Challenge:
    return load_challenge(_folder(tmp_path))


def _grade(grader: Grader, challenge: Challenge, body: str) -> tuple[float, str, list[str]]:
    code = "import numpy as np\n\n\ndef split(X):\n" + body
    result = Grader({"pair": challenge}, grader.sandbox).grade("pair", code, lang="en")
    return result.score, result.tests[0].message, [d.id for d in result.diagnoses]


def test_a_tuple_or_a_list_of_arrays_scores(grader: Grader, pair: Challenge) -> None:
    assert _grade(grader, pair, "    return X.sum(axis=1), X.max(axis=1)\n")[0] == 100
    assert _grade(grader, pair, "    return [X.sum(axis=1), np.max(X, axis=1)]\n")[0] == 100


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("    return X.sum(axis=1)\n", "returned a single array, but split must return a tuple of 2"),
        ("    return X, X, X\n", "returned a tuple of 3 arrays, but split must return a tuple of 2"),
        ("    return X.sum(axis=1), 'max'\n", "returned tuple[ndarray, str]"),
        ("    return ()\n", "returned tuple[]"),
        ("    return (X,) * 20\n", "returned tuple[ndarray, ndarray"),
    ],
)
def test_a_wrong_return_is_named(grader: Grader, pair: Challenge, body: str, said: str) -> None:
    score, message, diagnoses = _grade(grader, pair, body)
    assert score == 0
    assert said in message
    assert diagnoses == []


def test_diagnosis_compares_every_array_of_the_tuple(grader: Grader, pair: Challenge) -> None:
    score, message, diagnoses = _grade(grader, pair, "    return X.sum(axis=1), -X.max(axis=1)\n")
    assert score == 0
    assert "element 1 of the tuple" in message
    assert diagnoses == ["second_negated"]


def test_declared_names_are_used_in_feedback(grader: Grader, tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    manifest = MANIFEST.replace("returns = 2", 'returns = 2\noutputs = ["total", "maximo"]')
    (folder / "challenge.toml").write_text(manifest, encoding="utf-8")
    named = load_challenge(folder)
    message = _grade(grader, named, "    return X.sum(axis=1), -X.max(axis=1)\n")[1]
    assert "(maximo: is off by up to" in message
    message = _grade(grader, named, "    return X.sum(axis=1)\n")[1]
    assert "must return a tuple of 2 arrays (total, maximo)" in message
    (folder / "challenge.toml").write_text(manifest.replace(', "maximo"', ""), encoding="utf-8")
    with pytest.raises(
        ChallengeError, match=r"functions\[0\]: outputs names 1 arrays but returns = 2: name all 2"
    ):
        load_challenge(folder)


def test_a_tuple_subclass_cannot_lie_about_its_items(grader: Grader, pair: Challenge) -> None:
    body = (
        "    class Liar(tuple):\n"
        "        def __len__(self):\n            return 2\n"
        "        def __iter__(self):\n            return iter((X.sum(axis=1), X.max(axis=1)))\n"
        "    return Liar((X.sum(axis=1), X.max(axis=1), X))\n"
    )
    assert "returned a tuple of 3 arrays" in _grade(grader, pair, body)[1]


def test_a_single_array_function_rejects_a_tuple(grader: Grader) -> None:
    code = "def layer_norm(X, gamma, beta, eps=1e-5):\n    return (X,)\n"
    result = grader.grade("layer_norm", code, lang="en")
    assert result.score == 0
    assert all(
        "returned a tuple of 1 arrays, but layer_norm must return a single array" in t.message
        for t in result.tests
    )


def test_a_reference_returning_other_than_declared_is_refused(tmp_path: Path) -> None:
    challenge = load_challenge(_folder(tmp_path, reference="def split(X):\n    return X.sum(axis=1)\n"))
    with pytest.raises(ChallengeError, match="returns other than declared"):
        prepare(challenge)


def test_returns_out_of_range_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "challenge.toml").write_text(MANIFEST.replace("returns = 2", "returns = 0"), encoding="utf-8")
    with pytest.raises(ChallengeError, match=r"functions\[0\]\.returns: too small"):
        load_challenge(folder)


def _item(call: int, position: int, array: np.ndarray) -> bytes:
    return encode_record(Tag.OUTPUT_ITEM, call, struct.pack("<H", position) + encode_array(array))


def _report(*records: bytes) -> bytes:
    return encode_record(Tag.LOADED, 0) + b"".join(records) + encode_record(Tag.CALL_DONE, 0)


def test_the_parser_keeps_every_item_in_order() -> None:
    report = parse_report(
        _report(_item(0, 0, np.ones(2)), _item(0, 1, np.zeros((3, 1)))), 1, MAX_OUTPUT_ELEMENTS
    )
    (outcome,) = report.calls
    assert report.protocol_error is None
    assert outcome.as_tuple
    assert outcome.returns(2)
    assert [o.shape for o in outcome.outputs] == [(2,), (3, 1)]
    assert outcome.output is outcome.outputs[0]


@pytest.mark.parametrize(
    "records",
    [
        (_item(0, 1, np.ones(2)),),
        (_item(0, 0, np.ones(2)), _item(0, 0, np.ones(2))),
        (encode_record(Tag.OUTPUT, 0, encode_array(np.ones(2))), _item(0, 0, np.ones(2))),
        (_item(0, 0, np.ones(2)), encode_record(Tag.OUTPUT, 0, encode_array(np.ones(2)))),
        tuple(_item(0, i, np.ones(1)) for i in range(9)),
    ],
)
def test_the_parser_refuses_items_out_of_order(records: tuple[bytes, ...]) -> None:
    assert parse_report(_report(*records), 1, MAX_OUTPUT_ELEMENTS).protocol_error is not None


def test_compare_tells_minus_inf_from_plus_inf_and_nan() -> None:
    from grader.checks import compare

    want = np.array([0.0, -np.inf])
    assert compare(np.array([0.0, -np.inf]), want, 0.0, 0.0).passed
    assert not compare(np.array([0.0, np.inf]), want, 0.0, 0.0).passed
    assert not compare(np.array([0.0, np.nan]), want, 0.0, 0.0).passed


def test_shared_checks_look_at_every_array_or_one_part() -> None:
    from grader.authoring import Observed, call
    from grader.checks import matches_reference, same_shape
    from grader.report import CallOutcome

    def outcome(*arrays: np.ndarray) -> CallOutcome:
        return CallOutcome(outputs=arrays, as_tuple=True, done=True)

    seen = Observed(
        calls=(call("split", np.ones(2)),),
        student=(outcome(np.ones(2), np.zeros((2, 2))),),
        expected=(outcome(np.ones(2), np.ones(2)),),
    )
    assert seen.parts(0) == 2
    assert matches_reference(part=0)(seen).passed
    verdict = matches_reference()(seen)
    assert not verdict.passed
    assert verdict.detail is not None
    assert verdict.detail("en") == "element 1 of the tuple: returned shape (2, 2) instead of (2,)"
    assert not same_shape(part=1)(seen).passed
    assert same_shape(part=0)(seen).passed
