"""The authoring kit: an error model from reference.py itself and the lesson's own choices."""

from __future__ import annotations

import numpy as np
import pytest

from grader.calls import call
from grader.errormodel import Deviation
from grader.kit import Context, KitError, Lesson, build
from grader.kit.anchors import AnchorError, Anchors
from grader.replay import Program
from grader.text import Text

REFERENCE = """import numpy as np


def norm(X, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    centred = X - mu
    spread = X.std(axis=1, keepdims=True)
    return centred / np.sqrt(spread**2 + eps)
"""
STEPS = {
    "mu": Text("la media de cada fila", "each row's mean"),
    "spread": Text("la desviación", "the deviation"),
}
rng = np.random.default_rng(7)
TINY = np.array([[1.0, 1.0 + 1e-4, 1.0 - 1e-4], [0.0, 2.0, 4.0]])  # a row whose deviation is near ε
CALLS = [
    call("norm", rng.normal(size=(3, 4))),
    call("norm", rng.normal(size=(4, 4))),
    call("norm", TINY),
    call("norm", TINY, eps=1e-2),
]


def _built(lesson: Lesson, reference: str = REFERENCE):  # type: ignore[no-untyped-def]
    return build(lesson, Context(reference, STEPS, {"norm": "norm(X, eps=1e-5)"}, [], CALLS))


def _ids(lesson: Lesson) -> set[str]:
    return {c.id for p in _built(lesson).model.points for c in p.choices}


def test_the_model_with_no_choice_made_is_reference_py_word_for_word() -> None:
    assert _built(Lesson()).model.reference() == REFERENCE


def test_the_generic_mistakes_are_derived_at_the_reference_s_own_places() -> None:
    ids = _ids(Lesson())
    # the reductions' axis (together and one at a time), ddof, ε, the root, the division, in place
    assert {"norm_by_columns", "norm_over_whole_array", "mu_by_columns", "spread_ddof_1"} <= ids
    assert {"eps_fixed", "eps_default_changed", "eps_ignored", "norm_modifies_X"} <= ids
    assert {"norm_output_without_root", "norm_output_multiplied", "norm_output_transposed"} <= ids


def test_a_derived_mistake_is_told_in_the_step_names_of_challenge_toml() -> None:
    choice = _built(Lesson()).model.choice_by_id("mu_by_columns")
    assert "«la media de cada fila»" in choice.message.es
    assert "“each row's mean”" in choice.message.en
    assert "axis=0" in choice.message.en


def test_the_lesson_names_a_derived_mistake_and_gives_it_words() -> None:
    lesson = Lesson()
    lesson.name(
        "norm_by_columns", "batch_norm", told=("Normalizas por columnas.", "You normalise by columns.")
    )
    model = _built(lesson).model
    assert model.choice_by_id("batch_norm").message.en == "You normalise by columns."
    assert "norm_by_columns" not in {c.id for p in model.points for c in p.choices}


def test_a_lesson_choice_composes_with_the_derived_ones_through_its_holes() -> None:
    lesson = Lesson()
    lesson.at("spread").choice(
        "range_as_spread",
        "X.max(axis={axis}{keepdims}) - X.min(axis={axis}{keepdims})",
        ("a", "a"),
        ("b", "b"),
    )
    model = _built(lesson).model
    both = frozenset(
        {Deviation("spread", "range_as_spread"), Deviation("norm:axis", "norm_by_columns", None)}
    )
    source = model.render(both)
    assert source is not None
    assert "X.max(axis=0, keepdims=True) - X.min(axis=0, keepdims=True)" in source


def test_spellings_are_a_field_of_a_choice_and_share_its_words() -> None:
    lesson = Lesson()
    lesson.at("mu").choice(
        "median",
        "np.median(X, axis=1, keepdims=True)",
        ("d", "d"),
        ("t", "t"),
        spellings=["np.median(X, axis=1)[:, None]"],
    )
    spelt = [c for p in _built(lesson).model.points for c in p.choices if c.id == "median"]
    assert [bool(c.spelling) for c in spelt] == [False, True]
    assert spelt[1].message == spelt[0].message


def test_a_place_in_several_pieces_is_one_point() -> None:
    reference = REFERENCE.replace("return centred / np.sqrt", "return 0.5 * mu + centred / np.sqrt")
    lesson = Lesson()
    lesson.fragment("both", ("X - mu", "0.5 * mu"))
    lesson.at("both").choice("swapped", ("X - 0.5 * mu", "mu"), ("s", "s"), ("s", "s"))
    model = _built(lesson, reference).model
    source = model.render(frozenset({Deviation("both", "swapped")}))
    assert source is not None
    assert "centred = X - 0.5 * mu" in source
    assert "return mu + centred" in source


def test_a_quote_the_reference_does_not_hold_once_is_refused_with_the_fix() -> None:
    lesson = Lesson()
    lesson.fragment("axis", "axis=1")
    with pytest.raises(KitError, match=r"2 times .* say within which step"):
        _built(lesson)
    lesson = Lesson()
    lesson.fragment("nothing", "np.tanh(")
    with pytest.raises(KitError, match="not found"):
        _built(lesson)


def test_an_unknown_place_or_derived_mistake_says_what_there_is() -> None:
    lesson = Lesson()
    lesson.at("sigma").choice("x", "X", ("d", "d"), ("t", "t"))
    with pytest.raises(
        KitError, match=r"'sigma' is no place of the reference \(its places: norm, mu, centred"
    ):
        _built(lesson)
    lesson = Lesson()
    lesson.name("norm_by_rows", "x")
    with pytest.raises(KitError, match="does not derive: norm_by_rows"):
        _built(lesson)


def test_derived_mistakes_the_tests_cannot_tell_are_left_out_and_say_why() -> None:
    built = _built(Lesson())
    why = {p.id: p.why for p in built.pruned}
    # keepdims left out of μ alone breaks the subtraction on every matrix that is not square
    assert why.get("mu_without_keepdims") == "raises"
    kept = {c.id for p in built.model.points for c in p.choices}
    assert not set(why) & kept


def test_a_derived_mistake_that_repeats_a_lesson_choice_is_told_as_the_lesson_s() -> None:
    lesson = Lesson()
    lesson.at("mu").choice("column_means", "X.mean(axis=0, keepdims=True)", ("d", "d"), ("t", "t"))
    why = {p.id: p.why for p in _built(lesson).pruned}
    assert why["mu_by_columns"] == "column_means"


def test_places_that_cross_are_refused() -> None:
    anchors = Anchors(REFERENCE)
    anchors.fragment("cross", "X.mean(axis=1, keepdims=True)\n    centred = X")
    with pytest.raises(AnchorError, match="crosses"):
        anchors.tree_of_sites()


def test_a_derived_in_place_edit_changes_the_argument_and_nothing_else() -> None:
    model = _built(Lesson()).model
    source = model.render(frozenset({Deviation("norm", "norm_modifies_X")}))
    assert source is not None
    edited, plain = Program(source, ""), Program(REFERENCE, "")
    got, want = edited.answer(CALLS[0]), plain.answer(CALLS[0])
    assert np.allclose(got.outputs[0], want.outputs[0])
    assert got.args_after
    assert not want.args_after
