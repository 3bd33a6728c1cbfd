"""Operations endpoints: `/healthz` and `/metrics`."""

from __future__ import annotations

from fastapi import APIRouter, Response
from starlette.concurrency import run_in_threadpool

from service.api import health, metrics
from service.submissions import schemas
from service.web.deps import Db, Tasks

router = APIRouter(tags=["operations"])
METRICS = {
    "description": "Prometheus' text format",
    "content": {"text/plain": {"schema": {"type": "string"}}},
}


@router.get("/healthz", responses={503: {"model": schemas.Health, "description": "not ready"}})
async def get_health(response: Response, queue: Tasks, db: Db) -> schemas.Health:
    """200 when the database, the broker and a worker's sandbox are usable; lists the sandbox layers."""
    report = await run_in_threadpool(health.check, db, queue)
    response.status_code = 200 if report.status == "ok" else 503
    return report


@router.get("/metrics", response_class=Response, responses={200: METRICS})
async def get_metrics(db: Db) -> Response:
    body = await run_in_threadpool(metrics.render, db)
    return Response(body, media_type="text/plain; version=0.0.4; charset=utf-8")
