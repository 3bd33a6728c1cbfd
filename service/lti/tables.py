"""The LTI tool's tables: registered platforms, their deployments, the tool's keys, launch state,
the links instructors placed, and each score sent back to a platform's gradebook."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from service.storage.instants import Instant
from service.storage.tables import Base, Platform, now


class LtiRegistration(Base):
    """One LMS (issuer + client id) as registered with the tool; it acts as one tenancy platform."""

    __tablename__ = "lti_registrations"
    __table_args__ = (UniqueConstraint("issuer", "client_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    platform_id: Mapped[int] = mapped_column(ForeignKey("platforms.id", ondelete="CASCADE"), index=True)
    api_key_id: Mapped[int] = mapped_column(ForeignKey("api_keys.id", ondelete="CASCADE"))
    issuer: Mapped[str] = mapped_column(String(500))
    client_id: Mapped[str] = mapped_column(String(500))
    login_url: Mapped[str] = mapped_column(String(2000))  # the platform's OIDC authorization endpoint
    token_url: Mapped[str] = mapped_column(String(2000))  # its OAuth2 token endpoint (AGS)
    jwks_url: Mapped[str] = mapped_column(String(2000))
    token_audience: Mapped[str | None] = mapped_column(String(2000))
    frame_origin: Mapped[str] = mapped_column(String(300))  # the origin whose pages frame the tool
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)
    platform: Mapped[Platform] = relationship(lazy="joined")
    deployments: Mapped[list[LtiDeployment]] = relationship(lazy="selectin", cascade="all, delete-orphan")


class LtiDeployment(Base):
    __tablename__ = "lti_deployments"
    registration_id: Mapped[int] = mapped_column(
        ForeignKey("lti_registrations.id", ondelete="CASCADE"), primary_key=True
    )
    deployment_id: Mapped[str] = mapped_column(String(255), primary_key=True)


class LtiToolKey(Base):
    """A key pair of the tool: the newest signs; the keys not retired are published in its JWKS."""

    __tablename__ = "lti_tool_keys"
    id: Mapped[int] = mapped_column(primary_key=True)
    kid: Mapped[str] = mapped_column(String(100), unique=True)
    private_pem: Mapped[str] = mapped_column(Text)
    public_jwk: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)
    retired_at: Mapped[datetime | None] = mapped_column(Instant())


class LtiValue(Base):
    """Launch state kept between requests (nonces, launches, hand-offs), each with its expiry."""

    __tablename__ = "lti_values"
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    expires_at: Mapped[datetime] = mapped_column(Instant(), index=True)


class LtiContext(Base):
    """An LMS course (context) and the course of the tool's model it is: one platform's, by slug."""

    __tablename__ = "lti_contexts"
    __table_args__ = (UniqueConstraint("registration_id", "context_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    registration_id: Mapped[int] = mapped_column(ForeignKey("lti_registrations.id", ondelete="CASCADE"))
    context_id: Mapped[str] = mapped_column(String(255))
    course: Mapped[str] = mapped_column(String(200))
    score_mode: Mapped[str] = mapped_column(String(10), default="best")  # "best" or "last"
    memberships_url: Mapped[str | None] = mapped_column(String(2000))  # its NRPS roster, from a launch


class LtiLink(Base):
    """A resource link placed in an LMS course: its challenge and where its scores go."""

    __tablename__ = "lti_links"
    __table_args__ = (UniqueConstraint("context_id", "resource_link_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    context_id: Mapped[int] = mapped_column(ForeignKey("lti_contexts.id", ondelete="CASCADE"))
    resource_link_id: Mapped[str] = mapped_column(String(255))
    deployment_id: Mapped[str] = mapped_column(String(255))
    challenge: Mapped[str] = mapped_column(String(100))
    lang: Mapped[str] = mapped_column(String(2))
    lineitem_url: Mapped[str | None] = mapped_column(String(2000))
    lineitems_url: Mapped[str | None] = mapped_column(String(2000))
    scopes: Mapped[str] = mapped_column(Text, default="")  # the AGS scopes the platform granted, spaced
    context: Mapped[LtiContext] = relationship(lazy="joined")


class LtiLearner(Base):
    """The LMS user id (`sub`) behind a student id of a context's course, for the scores sent back."""

    __tablename__ = "lti_learners"
    context_id: Mapped[int] = mapped_column(
        ForeignKey("lti_contexts.id", ondelete="CASCADE"), primary_key=True
    )
    student: Mapped[str] = mapped_column(String(200), primary_key=True)
    sub: Mapped[str] = mapped_column(String(255))


class LtiScore(Base):
    """One attempt made through an LTI link, and the passing of its score to the LMS gradebook."""

    __tablename__ = "lti_scores"
    submission_id: Mapped[str] = mapped_column(
        ForeignKey("submissions.id", ondelete="CASCADE"), primary_key=True
    )
    link_id: Mapped[int] = mapped_column(ForeignKey("lti_links.id", ondelete="CASCADE"), index=True)
    student: Mapped[str] = mapped_column(String(200))
    state: Mapped[str] = mapped_column(String(10), default="waiting")  # waiting, sent, failed
    score_sent: Mapped[float | None] = mapped_column(Float)
    tries: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)
    sent_at: Mapped[datetime | None] = mapped_column(Instant())
    tried_at: Mapped[datetime | None] = mapped_column(Instant())  # or re-sent by the sweeper
