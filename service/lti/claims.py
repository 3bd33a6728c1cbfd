"""What a validated launch says, as typed values (the id_token's claims, already verified)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from grader.text import Lang

LTI = "https://purl.imsglobal.org/spec/lti/claim/"
AGS_ENDPOINT = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
NRPS_ENDPOINT = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"
DEEP_LINKING = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
DEEP_LINK_LAUNCH = "LtiDeepLinkingRequest"

MEMBERSHIP = "http://purl.imsglobal.org/vocab/lis/v2/membership"
# Context roles only: an institution role ("…/institution/person#Instructor") says nothing of this course.
_TEACHING = {f"{MEMBERSHIP}#{r}" for r in ("Instructor", "Administrator", "ContentDeveloper")} | {
    "Instructor",
    "Administrator",
    "ContentDeveloper",
}
_LEARNING = {f"{MEMBERSHIP}#Learner", "Learner"}


def learning(role: str) -> bool:
    return role in _LEARNING or role.startswith(f"{MEMBERSHIP}/Learner#")


def _teaching(role: str) -> bool:
    return role in _TEACHING or role.startswith(f"{MEMBERSHIP}/Instructor#")  # e.g. a teaching assistant


@dataclass(frozen=True)
class Ags:
    scopes: tuple[str, ...]
    lineitem: str | None
    lineitems: str | None


@dataclass(frozen=True)
class Launch:
    issuer: str
    client_id: str
    deployment_id: str
    message_type: str
    sub: str
    roles: tuple[str, ...]
    context_id: str | None
    context_label: str
    resource_link_id: str | None
    custom: Mapping[str, str]
    document_target: str
    locale: str
    ags: Ags | None
    memberships_url: str | None = None  # the context's roster (NRPS 2.0), where the LMS offers it

    @property
    def teaches(self) -> bool:
        return any(_teaching(r) for r in self.roles)

    @property
    def learns(self) -> bool:
        return any(learning(r) for r in self.roles)

    @property
    def lang(self) -> Lang:
        chosen = self.custom.get("lang", "")
        if chosen in ("es", "en"):
            return "es" if chosen == "es" else "en"
        return "es" if self.locale.lower().startswith("es") else "en"


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def read(body: Mapping[str, Any]) -> Launch:
    context = mapping(body.get(LTI + "context"))
    link = mapping(body.get(LTI + "resource_link"))
    presentation = mapping(body.get(LTI + "launch_presentation"))
    custom = {str(k): str(v) for k, v in mapping(body.get(LTI + "custom")).items()}
    aud = body.get("aud")
    roles = body.get(LTI + "roles")
    return Launch(
        issuer=_text(body.get("iss")),
        client_id=_text(aud[0] if isinstance(aud, list) else aud),
        deployment_id=_text(body.get(LTI + "deployment_id")),
        message_type=_text(body.get(LTI + "message_type")),
        sub=_text(body.get("sub")),
        roles=tuple(r for r in roles if isinstance(r, str)) if isinstance(roles, list) else (),
        context_id=_text(context.get("id")) or None,
        context_label=_text(context.get("label")) or _text(context.get("title")),
        resource_link_id=_text(link.get("id")) or None,
        custom=custom,
        document_target=_text(presentation.get("document_target")) or "iframe",
        locale=_text(presentation.get("locale")),
        ags=_ags(body.get(AGS_ENDPOINT)),
        memberships_url=_memberships(body.get(NRPS_ENDPOINT)),
    )


def _memberships(claim: Any) -> str | None:
    """The memberships URL of an NRPS claim that offers version 2.0 (or names none)."""
    endpoint = mapping(claim)
    versions = endpoint.get("service_versions")
    if isinstance(versions, list) and "2.0" not in versions:
        return None
    return _text(endpoint.get("context_memberships_url")) or None


def _ags(claim: Any) -> Ags | None:
    endpoint = mapping(claim)
    scopes = endpoint.get("scope")
    if not endpoint or not isinstance(scopes, list):
        return None
    return Ags(
        scopes=tuple(s for s in scopes if isinstance(s, str)),
        lineitem=_text(endpoint.get("lineitem")) or None,
        lineitems=_text(endpoint.get("lineitems")) or None,
    )
