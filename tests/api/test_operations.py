"""/healthz, /metrics and the OpenAPI docs."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import delete

from service.storage.db import Database
from service.storage.tables import WorkerBeat
from service.submissions.keys import CreatedKey
from tests.backend import auth


def test_healthz_reports_database_broker_and_sandbox_layers(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200, response.text
    health = response.json()
    assert health["status"] == "ok"
    assert health["database"]
    assert health["broker"]
    assert health["sandbox"]
    assert health["workers"] >= 1
    assert health["layers"]
    assert all({"name", "active"} <= set(layer) for layer in health["layers"])
    assert (health["warming"], health["waiting_for"], health["since"]) == ([], [], None)


def test_healthz_names_the_error_models_a_worker_still_warms(client: TestClient, db: Database) -> None:
    """Usable (200) meanwhile: the worker grades those challenges without the error model's search."""
    starting = WorkerBeat(name="starting-worker", layers="[]", warming="bloque,layer_norm")
    with db.transaction() as session:
        session.add(starting)
    try:
        health = client.get("/healthz")
        assert health.status_code == 200
        assert health.json()["warming"] == ["bloque", "layer_norm"]
    finally:
        with db.transaction() as session:
            session.execute(delete(WorkerBeat).where(WorkerBeat.name == "starting-worker"))


def test_metrics_count_submissions_by_status_and_grading_time(client: TestClient, key: CreatedKey) -> None:
    payload = {"challenge": "layer_norm", "code": "x = 1\n", "student": "s", "course": "c"}
    assert client.post("/v1/submissions?wait=20", json=payload, headers=auth(key)).status_code == 200
    text = client.get("/metrics").text
    assert 'autograder_submissions{status="error"} 1.0' in text
    assert "autograder_queue_depth 0.0" in text
    assert "autograder_grading_seconds_count 1.0" in text
    assert 'autograder_request_seconds_count{operation="submit",waited="true"}' in text


def test_openapi_docs_are_served(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    schema = client.get("/openapi.json").json()
    assert {"/v1/submissions", "/v1/submissions/{submission_id}", "/v1/challenges", "/healthz"} <= set(
        schema["paths"]
    )
