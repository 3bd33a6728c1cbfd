"""A submission's print in the database: stored (made again when its scheme changed), and read
back for the programs a view shows."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from sqlalchemy import Connection, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from service.dashboard.fingerprint_tables import SubmissionFingerprint
from service.dashboard.fingerprints import SCHEME, Packed, spans_of
from service.storage.tables import Submission


def store(connection: Connection, submission_id: str, packed: Packed) -> None:
    """Insert the submission's print, or replace the one it has (a regrade stores the same)."""
    values = {
        "submission_id": submission_id,
        "scheme": SCHEME,
        "hashes": packed.hashes,
        "spans": packed.spans,
        "features": packed.features,
        "cut": packed.cut,
    }
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(SubmissionFingerprint).values(values)
    replaced = {k: statement.excluded[k] for k in values if k != "submission_id"}
    connection.execute(statement.on_conflict_do_update(index_elements=["submission_id"], set_=replaced))


def spans(session: Session, submission_ids: Iterable[str]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Each of these submissions' hashes and their lines (`fingerprints.spans_of`)."""
    query = select(
        SubmissionFingerprint.submission_id, SubmissionFingerprint.hashes, SubmissionFingerprint.spans
    ).where(SubmissionFingerprint.submission_id.in_(list(submission_ids)))
    return {key: spans_of(hashes, lines) for key, hashes, lines in session.execute(query)}


def codes(session: Session, submission_ids: Iterable[str]) -> dict[str, str]:
    """The programs a page shows side by side."""
    query = select(Submission.id, Submission.code).where(Submission.id.in_(list(submission_ids)))
    return {key: code for key, code in session.execute(query)}
