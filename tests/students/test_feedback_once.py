"""The feedback fragment tells each thing once: code as code, one line for tests that never ran."""

from __future__ import annotations

from grader.grade import Grader
from service.students.feedback import code_spans, fragment
from tests.conftest import ROOT

BATCH_NORM = (ROOT / "tests/corpora/layer_norm/catalogue/batch_norm.py").read_text()
SYNTAX_ERROR = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return (X\n"
NEAR_NAME = "import numpy as np\n\ndef layernorm(X, gamma, beta, eps=1e-5):\n    return X\n"


def test_quoted_code_is_code_and_the_rest_stays_escaped() -> None:
    assert str(code_spans("la línea `x = a < b` y <b>")) == "la línea <code>x = a &lt; b</code> y &lt;b&gt;"
    assert str(code_spans("un ` suelto")) == "un ` suelto"


def test_a_file_that_does_not_load_tells_its_tests_in_one_line(grader: Grader) -> None:
    told = grader.grade_in("layer_norm", SYNTAX_ERROR, ("es", "en"))
    spanish = str(fragment(told["es"], "es", with_style=False))
    assert "No se ejecutaron: el archivo no carga." in spanish
    assert "ag-group" not in spanish
    assert "no se pudo comprobar" not in spanish
    assert spanish.count("línea 4") == 1  # the message says its line; the heading does not again
    english = str(fragment(told["en"], "en", with_style=False))
    assert "Not run: the file does not load." in english


def test_a_misnamed_function_is_asked_about_with_its_name_as_code(grader: Grader) -> None:
    result = grader.grade("layer_norm", NEAR_NAME, lang="en")
    html = str(fragment(result, "en", with_style=False))
    assert "Did you mean <code>layernorm</code>?" in html
    assert "Not run: a function the challenge asks for is missing." in html


def test_the_diagnoses_and_the_line_quote_code_without_backticks(grader: Grader) -> None:
    result = grader.grade("layer_norm", BATCH_NORM, lang="es")
    assert result.localisation is not None
    assert "`" in result.localisation.message  # the grader quotes the line between backticks
    html = str(fragment(result, "es", with_style=False))
    assert "`" not in html
    assert "<code>media = np.mean(X, axis=0)</code>" in html
    assert html.index("ag-diagnoses") < html.index(f'data-line="{result.localisation.line}"')
    assert html.index(f'data-line="{result.localisation.line}"') < html.index("ag-tests")
