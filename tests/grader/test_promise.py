"""The lesson's promise, computed with the student's own pieces together, and weighted so that
breaking it cannot pass.

For atencion_causal the student's `mascara_causal(T)` is fed to their own `atencion` (an `Own`
argument: computed in the child by the student's code, from numbers the parent chose); for
bloque, their block is built on their own `layer_norm`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from grader.authoring import PROMISE_CAP, own
from grader.challenge import ChallengeError, load_challenges
from grader.grade import Grader
from grader.models import Result
from tests.conftest import ROOT

ATENCION = """

def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
"""
# The submission: the past forbidden and the future open, exactly backwards.
BACKWARDS = (
    "import numpy as np\n\n\ndef mascara_causal(T):\n    return np.tril(np.full((T, T), -np.inf), k=-1)\n"
    + ATENCION
)


def _failed(result: Result) -> set[str]:
    return {t.id for t in result.tests if not t.passed}


def test_a_mask_that_lets_the_future_through_fails_causality_and_scores_at_most_60(grader: Grader) -> None:
    result = grader.grade("atencion_causal", BACKWARDS, "en")
    assert result.status == "done"
    assert result.score <= PROMISE_CAP
    assert "causality_with_your_mask" in _failed(result)
    assert any(t.category == "causality" and not t.passed for t in result.tests)
    assert [d.id for d in result.diagnoses] == ["wrong_triangle"]
    told = next(t for t in result.tests if t.id == "causality_with_your_mask").message
    assert "moved the first three by" in told


def test_the_students_own_mask_is_the_one_fed_to_their_attention(grader: Grader) -> None:
    """An attention that is right with the parent's mask, fed a mask of zeros of its own author."""
    zeros = "import numpy as np\n\n\ndef mascara_causal(T):\n    return np.zeros((T, T))\n" + ATENCION
    result = grader.grade("atencion_causal", zeros, "en")
    assert "causality" not in _failed(result)  # the parent's mask: atencion alone is right
    assert "causality_with_your_mask" in _failed(result)
    assert result.score <= PROMISE_CAP


def test_a_mask_that_raises_is_told_as_the_masks_exception(grader: Grader) -> None:
    raising = "import numpy as np\n\n\ndef mascara_causal(T):\n    return np.ones(T, T)\n" + ATENCION
    result = grader.grade("atencion_causal", raising, "en")
    assert "causality_with_your_mask" in _failed(result)
    told = [c.message for c in result.causes]
    assert len(told) == 1, told
    assert told[0].startswith("Your mascara_causal raised TypeError")


def test_a_missing_mask_is_named_where_the_attention_needed_it(grader: Grader) -> None:
    result = grader.grade("atencion_causal", "import numpy as np\n" + ATENCION, "en")
    promise = next(t for t in result.tests if t.id == "causality_with_your_mask")
    assert not promise.passed
    assert "mascara_causal" in promise.message
    assert next(t for t in result.tests if t.id == "causality").passed


def test_attention_that_reads_no_past_does_not_keep_the_promise(grader: Grader) -> None:
    """Each position reading only itself is causal, and no attention: the promise asks both."""
    code = (
        "import numpy as np\n\n\ndef mascara_causal(T):\n    return np.triu(np.full((T, T), -np.inf), k=1)\n"
        "\n\ndef atencion(Q, K, V, mascara=None):\n    return V.copy(), np.eye(len(Q), len(K))\n"
    )
    result = grader.grade("atencion_causal", code, "en")
    promise = next(t for t in result.tests if t.id == "causality_with_your_mask")
    assert not promise.passed
    assert "do not read the past" in promise.message


def test_a_block_that_mixes_rows_with_a_right_layer_norm_scores_at_most_60(grader: Grader) -> None:
    reference = grader.challenges["bloque"].reference_source
    mixing = reference.replace(
        '    return layer_norm(second_sum, p["gamma2"], p["beta2"])',
        "    centred = second_sum - second_sum.mean(axis=0)\n"
        '    return p["gamma2"] * centred / np.sqrt(centred.var(axis=0) + 1e-5) + p["beta2"]',
    )
    assert mixing != reference
    result = grader.grade("bloque", mixing, "en")
    assert "rows_stay_apart" in _failed(result)
    assert result.score <= PROMISE_CAP
    assert all(t.passed for t in result.tests if t.id.startswith("ln_"))  # its layer_norm is right


def test_the_block_is_built_on_the_students_own_layer_norm(grader: Grader) -> None:
    """A right block on a layer norm by columns: the block's rows mix through it."""
    code = (ROOT / "tests/corpora/bloque/catalogue/ln_column_block_ok.py").read_text()
    result = grader.grade("bloque", code, "en")
    promise = next(t for t in result.tests if t.id == "rows_stay_apart")
    assert not promise.passed
    assert result.score <= PROMISE_CAP


def test_the_traced_promise_call_traces_the_attention_alone(grader: Grader) -> None:
    """The mask is computed before the tracer starts: the lesson's values of atencion's lines."""
    prepared = grader.prepared("atencion_causal")
    index = next(i for i, c in enumerate(prepared.calls) if len(c.functions) > 1)
    trace = prepared.lesson_trace(index)
    assert trace is not None
    mask_lines = range(4, 6)  # reference.py: def mascara_causal(T): return ...
    assert trace
    assert not any(t.line in mask_lines for t in trace)


def test_an_own_value_takes_numbers_only() -> None:
    with pytest.raises(TypeError, match="must be numbers"):
        own("mascara_causal", np.ones(3))  # type: ignore[arg-type]


def test_a_promise_too_light_to_fail_is_refused(tmp_path: Path) -> None:
    folder = shutil.copytree(ROOT / "challenges" / "atencion_causal", tmp_path / "atencion_causal")
    tests = folder / "tests.py"
    source = tests.read_text()
    assert source.count("points=17,") == 1
    tests.write_text(source.replace("points=17,", "points=3,"))
    with pytest.raises(ChallengeError, match="give it at least 17 points"):
        load_challenges(tmp_path)
