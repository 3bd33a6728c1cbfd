"""`/v1/challenges`: what students can be asked to write."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter

from grader.challenge import Challenge
from service.api.contract import errors
from service.core.errors import NotFound
from service.submissions import schemas
from service.web.deps import Challenges

router = APIRouter(prefix="/v1/challenges", tags=["challenges"])


def _functions(challenge: Challenge) -> list[schemas.Function]:
    return [schemas.Function(name=f.name, signature=f.signature) for f in challenge.functions]


@router.get("", responses=errors(422))
def list_challenges(known: Challenges, lang: Literal["es", "en"] = "es") -> list[schemas.ChallengeSummary]:
    return [
        schemas.ChallengeSummary(id=c.id, title=c.title(lang), functions=_functions(c))
        for c in known.values()
    ]


@router.get("/{challenge_id}", responses=errors(404, 422))
def get_challenge(
    challenge_id: str, known: Challenges, lang: Literal["es", "en"] = "es"
) -> schemas.ChallengeDetail:
    challenge = known.get(challenge_id)
    if challenge is None:
        raise NotFound(f"no challenge {challenge_id!r}")
    return schemas.ChallengeDetail(
        id=challenge.id,
        title=challenge.title(lang),
        functions=_functions(challenge),
        version=challenge.version,
        lang=lang,
        statement=challenge.statement(lang),
        max_points=challenge.max_points,
        starter=challenge.starter,
    )
