"""`/v1/student-links`: a platform that authenticates its students itself asks for a signed,
expiring link to one student's challenge page, to open or embed in an iframe."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import APIRouter, Request

from service.core.errors import Forbidden, Invalid
from service.students import grants
from service.students.schemas import StudentLink, StudentLinkIn
from service.web.deps import Challenges, CurrentCaller, SessionSecret

router = APIRouter(prefix="/v1/student-links", tags=["students"])
ERRORS: dict[int | str, dict[str, str]] = {
    401: {"description": "no or bad API key"},
    403: {"description": "course not allowed for this key"},
    422: {"description": "invalid body or unknown challenge"},
}


@router.post("", status_code=201, responses=ERRORS)
def create_student_link(
    body: StudentLinkIn, caller: CurrentCaller, known: Challenges, secret: SessionSecret, request: Request
) -> StudentLink:
    """A link to the challenge page of one student of one of the caller's courses."""
    if body.challenge not in known:
        raise Invalid(f"unknown challenge {body.challenge!r}; known: {', '.join(known)}")
    if not caller.may_use(body.course):
        raise Forbidden(f"this API key may not use course {body.course!r}")
    grant = grants.PageGrant(
        platform_id=caller.platform_id,
        key_id=caller.key_id,
        course=body.course,
        student=body.student,
        challenge=body.challenge,
        lang=body.lang,
        expires_at=grants.expiry(body.expires_in),
        frame_origin=body.frame_origin,
    )
    url = request.url_for("student_page").include_query_params(t=grants.sign(secret, grant))
    return StudentLink(url=str(url), expires_at=datetime.fromtimestamp(grant.expires_at, UTC))
