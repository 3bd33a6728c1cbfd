"""Deep Linking: the instructor's pick (a challenge and the page's language) becomes one LTI resource
link, with a line item out of 100, whose custom parameters carry the pick into every launch."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import requests
from pylti1p3.deep_link_resource import DeepLinkResource
from pylti1p3.exception import LtiException
from pylti1p3.lineitem import LineItem

from grader.challenge import Challenge
from grader.text import Lang
from service.lti import adapter, claims, registrations, values
from service.lti.adapter import Refused
from service.storage.db import Database

SCORE_MAXIMUM = 100


@dataclass(frozen=True)
class Answer:
    jwt: str
    return_url: str
    lang: Lang
    frame_origin: str


def resource(challenge: Challenge, lang: Lang, launch_url: str) -> DeepLinkResource:
    title = challenge.title(lang)
    line_item = LineItem().set_score_maximum(SCORE_MAXIMUM).set_label(title).set_resource_id(challenge.id)
    return (
        DeepLinkResource()
        .set_url(launch_url)
        .set_title(title)
        .set_custom_params({"challenge": challenge.id, "lang": lang})
        .set_lineitem(line_item)
    )


def answer(
    db: Database,
    params: Mapping[str, str],
    known: Mapping[str, Challenge],
    launch_url: str,
    outgoing: requests.Session,
) -> Answer:
    launch_id = params.get("launch_id", "")
    if not launch_id.startswith("lti1p3-launch-"):
        raise Refused("expired", "no launch id")
    launch = adapter.restored_launch(db, launch_id, outgoing)
    body = launch.get_launch_data()
    read = claims.read(body)
    if read.message_type != claims.DEEP_LINK_LAUNCH or not read.teaches:
        raise Refused("role", "not a deep-linking request of someone who teaches")
    challenge = known.get(params.get("challenge", ""))
    if challenge is None:
        raise Refused("challenge", f"picked {params.get('challenge')!r}")
    chosen = params.get("lang", "")
    lang: Lang = "es" if chosen == "es" else "en" if chosen == "en" else read.lang
    try:
        jwt = launch.get_deep_link().get_response_jwt([resource(challenge, lang, launch_url)])
    except LtiException as error:
        raise Refused("message", str(error)) from error
    values.take(db, launch_id)  # one answer per request
    settings = claims.mapping(body.get(claims.DEEP_LINKING))
    return_url = str(settings.get("deep_link_return_url", ""))
    try:
        registrations.origin(return_url)
    except ValueError as error:
        raise Refused("message", "deep_link_return_url is no http(s) URL") from error
    with db.transaction() as session:
        row = registrations.find(session, read.issuer, read.client_id)
        frame_origin = row.frame_origin if row is not None else ""
    return Answer(jwt, return_url, lang, frame_origin)
