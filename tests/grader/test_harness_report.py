"""What the child reports besides outputs: only the arguments a call changed."""

from __future__ import annotations

from grader.grade import Grader


def test_untouched_arguments_are_not_sent_back(grader: Grader) -> None:
    prepared = grader.prepared("bloque")
    report = prepared.run_in_process(prepared.challenge.reference_source)
    assert report.finished
    assert all(call.ok for call in report.calls)
    assert all(call.args_after == {} for call in report.calls)


def test_a_changed_argument_comes_back_and_fails_purity(grader: Grader) -> None:
    code = "def layer_norm(X, gamma, beta, eps=1e-5):\n    gamma[0] = 7.0\n    return X.copy()\n"
    prepared = grader.prepared("layer_norm")
    report = prepared.run_in_process(code)
    assert all(set(call.args_after) == {1} for call in report.calls)
    assert all(call.args_after[1][0] == 7.0 for call in report.calls)
    purity = next(t for t in grader.grade("layer_norm", code).tests if t.id == "inputs_untouched")
    assert not purity.passed


def test_an_argument_reshaped_in_place_counts_as_changed(grader: Grader) -> None:
    code = "def layer_norm(X, gamma, beta, eps=1e-5):\n    X.shape = (X.size,)\n    return X.copy()\n"
    report = grader.prepared("layer_norm").run_in_process(code)
    assert all(call.args_after[0].ndim == 1 for call in report.calls)
