"""A waiting request takes a worker's message as its answer only when it parses as this
submission's Submission: whatever the order of its keys, never a bare status, another
submission's view or a document that merely starts like one."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from service.policies.late import Due
from service.submissions import records, schemas

ID = "a" * 32


def _view(submission_id: str = ID) -> schemas.Submission:
    return records.public(
        submission_id=submission_id,
        status="queued",
        challenge="layer_norm",
        student="ana",
        course="c1",
        created_at=datetime(2026, 1, 5, tzinfo=UTC),
        finished_at=None,
        result=None,
        due=Due(),
    )


def test_the_view_is_recognised_whatever_the_order_of_its_keys() -> None:
    fields = json.loads(_view().model_dump_json())
    reordered = json.dumps(dict(reversed(list(fields.items())))).encode()
    assert not reordered.startswith(b'{"id"')
    found = records.published_view(reordered, ID)
    assert found is not None
    assert found.id == ID


def test_a_bare_status_another_view_or_a_look_alike_is_not_the_answer() -> None:
    assert records.published_view(b"done", ID) is None
    assert records.published_view(_view("b" * 32).model_dump_json().encode(), ID) is None
    assert records.published_view(b'{"id":"' + ID.encode() + b'", "status": 7}', ID) is None
