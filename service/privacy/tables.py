"""What was erased and when: a record of each erasure that holds none of the erased data."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.storage.instants import Instant
from service.storage.tables import Base, now


class Erasure(Base):
    """A student's data erased on request (`kind` "request"), or the code of old submissions
    erased by the retention period (`kind` "retention"): counts, never whose or what."""

    __tablename__ = "erasures"
    id: Mapped[int] = mapped_column(primary_key=True)
    platform_id: Mapped[int | None] = mapped_column(ForeignKey("platforms.id", ondelete="CASCADE"))
    course_id: Mapped[int | None] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(20))
    asked_by: Mapped[str] = mapped_column(String(100))  # "command line", or "API key <prefix>"
    submissions: Mapped[int] = mapped_column(Integer, default=0)
    refused_attempts: Mapped[int] = mapped_column(Integer, default=0)
    roster_rows: Mapped[int] = mapped_column(Integer, default=0)
    lti_identities: Mapped[int] = mapped_column(Integer, default=0)
    erased_at: Mapped[datetime] = mapped_column(Instant(), default=now)
