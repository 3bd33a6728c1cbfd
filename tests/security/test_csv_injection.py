"""Gradebook exports never hand a spreadsheet a formula from a platform's ids."""

from __future__ import annotations

import csv
import io

from fastapi.testclient import TestClient

from tests.backend import KeyMaker
from tests.security.conftest import Instructor, log_in, post

FORMULAS = ['=HYPERLINK("http://x.example","ok")', "+1+1", "-2+3", "@SUM(A1:A2)"]


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_cells_that_a_spreadsheet_would_run_are_neutralised(
    client: TestClient, instructor: Instructor, new_key: KeyMaker
) -> None:
    platform = new_key("uni", ["=course"])
    for student in [*FORMULAS, "plain"]:
        post(client, platform, "=course", student)
    instructor("prof@uni.example", "a-long-password", "=course")
    log_in(client, "prof@uni.example", "a-long-password")
    for export in ("gradebook.csv", "attempts.csv"):
        answer = client.get(f"/dashboard/courses/%3Dcourse/{export}")
        assert answer.status_code == 200, export
        students = {row[0] for row in _rows(answer.text)[1:]}
        assert students == {"'" + f for f in FORMULAS} | {"plain"}, export
        assert all(not cell.startswith(("=", "+", "-", "@")) for row in _rows(answer.text) for cell in row)
