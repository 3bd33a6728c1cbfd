"""Each graded submission's print for the similar-submissions views, made once by the worker
that stored its result (`service.dashboard.fingerprints`): a view reads and compares these,
never the programs. A student's data, erased with their submissions (the foreign key cascades)."""

from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from service.storage.tables import Base


class SubmissionFingerprint(Base):
    """A submission's print, packed: its hashes ascending (uint32), their lines (uint16 pairs)
    and its features; `scheme` says how it was made (another is made again)."""

    __tablename__ = "submission_fingerprints"
    submission_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("submissions.id", ondelete="CASCADE"), primary_key=True
    )
    scheme: Mapped[int] = mapped_column(Integer)
    hashes: Mapped[bytes] = mapped_column(LargeBinary)
    spans: Mapped[bytes] = mapped_column(LargeBinary)
    features: Mapped[str] = mapped_column(Text)
    cut: Mapped[bool] = mapped_column(Boolean)  # longer than a print's budget: a sample kept
