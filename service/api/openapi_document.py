"""The API's OpenAPI document, the contract clients are generated from; a copy is kept in the repo.

`python -m service.api.openapi_document docs/openapi.json` writes the copy (`scripts/openapi`);
with `--check` it only says whether the copy is the app's document.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute

from service.api import examples
from service.api.contract import Error

DESCRIPTION = """\
**Authentication.** Every `/v1/submissions` request carries a platform's API key:
`Authorization: Bearer <key>` (created with `autograder keys create`).

**Errors.** Every error answer has the body `{"detail": ...}` (the `Error` schema): a sentence,
or for an invalid request the list of its invalid parts. 401 no or bad key, 403 course not allowed
for the key, 404 unknown id, 413 code too large, 422 invalid request, 429 rate limited and 503 not
ready (both with `Retry-After`).

**Rate limits.** Submissions are limited per API key and per student, per minute; every answer of
`POST /v1/submissions` says where the caller stands (`RateLimit-Limit`, `RateLimit-Remaining`,
`RateLimit-Reset`).
"""

SUBMISSION = "#/components/schemas/Submission"
ERROR = "#/components/schemas/Error"
FASTAPI_422 = "#/components/schemas/HTTPValidationError"
TAGS = [
    {"name": "submissions", "description": "Submit code, wait for its grading, read and list results"},
    {"name": "challenges", "description": "What students can be asked to write"},
    {"name": "operations", "description": "Health and metrics, for operators"},
]


def operation_id(route: APIRoute) -> str:
    """The handler's name (`create_submission`), so generated clients read like the README."""
    return route.name


def build(app: FastAPI) -> dict[str, Any]:
    document = get_openapi(
        title=app.title,
        version=app.version,
        summary=app.summary,
        description=DESCRIPTION,
        routes=app.routes,
        tags=TAGS,
    )
    schemas = document["components"]["schemas"]
    schemas["Submission"]["examples"] = [examples.GRADED.model_dump(mode="json")]
    schemas["Result"]["examples"] = [examples.RESULT.model_dump(mode="json")]
    _add_submission_examples(document)
    _errors_are_the_error_model(document)
    return document


def _errors_are_the_error_model(document: dict[str, Any]) -> None:
    """Every error the app answers goes through its handlers, which send `{"detail": ...}`: an
    error response described without a body, or with FastAPI's own 422 model, gets the Error."""
    components = document["components"]["schemas"]
    error = Error.model_json_schema(ref_template="#/components/schemas/{model}")
    for name, schema in error.pop("$defs", {}).items():
        components.setdefault(name, schema)
    components.setdefault("Error", error)
    for item in document["paths"].values():
        for operation in item.values():
            for status, response in operation["responses"].items():
                media = response.get("content", {}).get("application/json", {})
                if status >= "400" and media.get("schema", {}).get("$ref") in (None, FASTAPI_422):
                    response["content"] = {"application/json": {"schema": {"$ref": ERROR}}}
    for unused in ("HTTPValidationError", "ValidationError"):
        if unused in components and unused not in json.dumps(document["paths"]):
            del components[unused]


def _add_submission_examples(document: dict[str, Any]) -> None:
    """Named examples on every answer that carries a Submission (added here, after FastAPI,
    which drops the null fields of the examples it is given)."""
    for item in document["paths"].values():
        for operation in item.values():
            for status, named in examples.SUBMISSION_ANSWERS.items():
                media = operation["responses"].get(status, {}).get("content", {}).get("application/json")
                if media is not None and media["schema"] == {"$ref": SUBMISSION}:
                    media["examples"] = {
                        name: {"summary": summary, "value": example.model_dump(mode="json")}
                        for name, (summary, example) in named.items()
                    }


def install(app: FastAPI) -> None:
    """Serve `build(app)` at `/openapi.json`, built once."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = build(app)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def serialized(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write (or check) the API's OpenAPI document")
    parser.add_argument("path", type=Path, help="where the document is kept, e.g. docs/openapi.json")
    parser.add_argument("--check", action="store_true", help="only say whether the file is up to date")
    args = parser.parse_args(argv)
    from service.api.app import create_app  # the app imports this module
    from service.core.settings import Settings

    current = serialized(create_app(Settings()).openapi())
    if args.check:
        kept = args.path.read_text(encoding="utf-8") if args.path.exists() else ""
        if kept != current:
            print(f"{args.path} differs from the app's document: run scripts/openapi", file=sys.stderr)
            return 1
        return 0
    args.path.parent.mkdir(parents=True, exist_ok=True)
    args.path.write_text(current, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
