"""The OpenAPI document says everything a generated client needs, and docs/openapi.json is it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from grader.models import Result
from service.api.app import create_app
from service.api.contract import Error
from service.core.settings import Settings
from service.submissions import schemas
from tests.conftest import ROOT

KEPT = ROOT / "docs" / "openapi.json"
ERROR = "#/components/schemas/Error"
SUBMISSION = "#/components/schemas/Submission"
OPERATIONS = {
    ("post", "/v1/submissions"): "create_submission",
    ("get", "/v1/submissions"): "list_submissions",
    ("get", "/v1/submissions/{submission_id}"): "get_submission",
    ("get", "/v1/challenges"): "list_challenges",
    ("get", "/v1/challenges/{challenge_id}"): "get_challenge",
    ("get", "/healthz"): "get_health",
    ("get", "/metrics"): "get_metrics",
}


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return create_app(Settings()).openapi()


def _operations(document: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in document["paths"].items():
        for method, operation in item.items():
            yield method, path, operation


def _ref(response: dict[str, Any], media: str = "application/json") -> str | None:
    schema = response.get("content", {}).get(media, {}).get("schema", {})
    ref: str | None = schema.get("$ref")
    return ref


def test_the_kept_document_is_the_apps(document: dict[str, Any]) -> None:
    assert KEPT.exists(), "docs/openapi.json is missing: run scripts/openapi"
    assert json.loads(KEPT.read_text(encoding="utf-8")) == document, (
        "the app's OpenAPI document changed: run scripts/openapi and commit docs/openapi.json"
    )


def test_operations_have_readable_ids_and_a_tag(document: dict[str, Any]) -> None:
    found = {(method, path): op["operationId"] for method, path, op in _operations(document)}
    assert OPERATIONS.items() <= found.items()
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", name) and "_v1_" not in name for name in found.values())
    assert len(set(found.values())) == len(found)
    assert all(op.get("tags") for _, _, op in _operations(document))
    assert {tag["name"] for tag in document["tags"]} == {"submissions", "challenges", "operations"}


def test_every_response_has_a_body_schema(document: dict[str, Any]) -> None:
    for method, path, operation in _operations(document):
        for status, response in operation["responses"].items():
            content = response.get("content", {})
            assert content, (method, path, status)
            assert all("schema" in media for media in content.values()), (method, path, status)


def test_both_answers_of_a_submission_carry_the_submission(document: dict[str, Any]) -> None:
    for method, path in (("post", "/v1/submissions"), ("get", "/v1/submissions/{submission_id}")):
        responses = document["paths"][path][method]["responses"]
        assert _ref(responses["200"]) == SUBMISSION, path
        assert _ref(responses["202"]) == SUBMISSION, path


def test_every_error_answer_is_the_error_model(document: dict[str, Any]) -> None:
    codes = set()
    for _, path, operation in _operations(document):
        for status, response in operation["responses"].items():
            if int(status) >= 400 and path != "/healthz":  # /healthz's 503 is its Health report
                assert _ref(response) == ERROR, (path, status)
                codes.add(int(status))
    assert codes >= {401, 403, 404, 413, 422, 429, 503}
    detail = document["components"]["schemas"]["Error"]["properties"]["detail"]
    assert {"type": "string"} in detail["anyOf"]  # a sentence, or the list of invalid fields


def test_headers_that_matter_are_documented(document: dict[str, Any]) -> None:
    create = document["paths"]["/v1/submissions"]["post"]
    (idempotency,) = [p for p in create["parameters"] if p["name"].lower() == "idempotency-key"]
    assert idempotency["in"] == "header"
    assert idempotency["description"]
    rate = {"RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"}
    for status in ("200", "202", "429"):
        assert rate <= set(create["responses"][status]["headers"]), status
    for _, path, operation in _operations(document):
        for status in {"429", "503"} & set(operation["responses"]):
            if path != "/healthz":
                assert "Retry-After" in operation["responses"][status]["headers"], (path, status)


def test_examples_of_submission_and_result_are_valid(document: dict[str, Any]) -> None:
    components = document["components"]["schemas"]
    for example in components["Submission"]["examples"]:
        schemas.Submission.model_validate(example)
    for example in components["Result"]["examples"]:
        Result.model_validate(example)
    answers = document["paths"]["/v1/submissions"]["post"]["responses"]
    for status in ("200", "202"):
        shown = answers[status]["content"]["application/json"]["examples"]
        assert shown
        assert all(schemas.Submission.model_validate(e["value"]) for e in shown.values())


def test_the_error_model_reads_what_the_api_sends() -> None:
    sentence = Error.model_validate({"detail": "no submission 'x'"})
    issues = Error.model_validate(
        {"detail": [{"type": "missing", "loc": ["body", "code"], "msg": "Field required"}]}
    )
    assert sentence.detail == "no submission 'x'"
    assert not isinstance(issues.detail, str)
    assert issues.detail[0].loc == ["body", "code"]
