"""What an LMS's roster answers are taken for, without a server: a member as NRPS writes one, the
next page's link as written, and the answers a hostile or broken LMS sends (tests/lti/test_roster.py
reads the test LMS's roster end to end)."""

from __future__ import annotations

from typing import Any

import pytest

from service.lti import contexts, roster
from service.lti.roster import Unreadable
from service.roster.store import Listing, Member

LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"


def test_a_learner_is_taken_under_the_student_id_of_their_launches() -> None:
    assert roster.member({"user_id": "ana", "roles": [LEARNER], "name": "Ana  Ruiz"}) == Member(
        "ana", "Ana Ruiz", "active"
    )
    assert roster.member({"user_id": "ben", "roles": ["Learner"], "status": "Inactive"}) == Member(
        "ben", None, "inactive"
    )
    long_sub = "u" * 255  # a valid LMS id, too long for a student id
    odd = roster.member({"user_id": long_sub, "roles": [LEARNER]})
    assert isinstance(odd, Member)
    assert odd.student == contexts.student_id(long_sub)  # the digest its launches submit under too
    assert odd.student.startswith("lti-")


@pytest.mark.parametrize(
    "entry",
    [
        "ana",
        {"roles": [LEARNER]},
        {"user_id": "", "roles": [LEARNER]},
        {"user_id": "x" * 256, "roles": [LEARNER]},
        {"user_id": "ana\n", "roles": [LEARNER]},
        {"user_id": 42, "roles": [LEARNER]},
        {"user_id": "ana", "roles": LEARNER},
        {"user_id": "ana", "roles": [LEARNER] * 51},
        {"user_id": "ana", "roles": [LEARNER], "status": 1},
    ],
)
def test_an_entry_the_spec_does_not_allow_is_refused(entry: Any) -> None:
    assert roster.member(entry) is False


def test_who_is_not_a_learner_now_is_not_on_the_roster_and_not_counted_refused() -> None:
    assert roster.member({"user_id": "prof", "roles": [INSTRUCTOR]}) is None
    assert roster.member({"user_id": "gone", "roles": [LEARNER], "status": "Deleted"}) is None


def test_a_name_loses_its_control_and_direction_characters_and_is_capped() -> None:
    found = roster.member({"user_id": "eve", "roles": [LEARNER], "name": "Eve\u202e\u0000 " + "x" * 500})
    assert isinstance(found, Member)
    assert found.name is not None
    assert found.name.startswith("Eve x")
    assert len(found.name) == roster.MAX_NAME


def test_a_page_of_another_context_or_no_container_is_unreadable() -> None:
    members = [{"user_id": "ana", "roles": [LEARNER]}, {"user_id": 7}]
    assert roster.page_members({"context": {"id": "c1"}, "members": members}, "c1") == (
        [Member("ana", None, "active")],
        1,
    )
    with pytest.raises(Unreadable, match="another context"):
        roster.page_members({"context": {"id": "c2"}, "members": members}, "c1")
    bodies: list[Any] = [None, [], {"members": {}}, {"context": {"id": "c1"}}]
    for body in bodies:
        with pytest.raises(Unreadable, match="not a membership container"):
            roster.page_members(body, "c1")


def test_the_next_link_is_read_as_written_its_case_kept() -> None:
    headers = {
        "Link": '<https://lms.example/ctx/Members?cursor=AbC>; rel="next", <https://lms.example/d>; rel="differences"'
    }
    assert roster.next_page(headers) == "https://lms.example/ctx/Members?cursor=AbC"
    assert roster.next_page({"link": '<https://lms.example/x>; rel="differences"'}) is None
    assert roster.next_page({}) is None


class Pages:
    """A connector answering from a dict of URL -> (body, next URL), recording what it was asked."""

    def __init__(self, pages: dict[str, tuple[Any, str | None]]) -> None:
        self.pages = pages
        self.asked: list[str] = []

    def make_service_request(self, scopes: list[str], url: str, accept: str) -> dict[str, Any]:
        assert scopes == [roster.NRPS_SCOPE]
        assert accept == roster.CONTAINER
        self.asked.append(url)
        body, following = self.pages[url]
        return {"body": body, "headers": {"Link": f'<{following}>; rel="next"'} if following else {}}


def _page(*students: str) -> dict[str, Any]:
    return {"context": {"id": "c1"}, "members": [{"user_id": s, "roles": [LEARNER]} for s in students]}


def test_every_page_is_read_and_a_member_listed_twice_counts_once() -> None:
    pages = Pages({"u1": (_page("ana", "ben"), "u2"), "u2": (_page("ben", "cai"), None)})
    found = roster.fetch(pages, "u1", "c1")  # type: ignore[arg-type]
    assert found == Listing({s: Member(s, None, "active") for s in ("ana", "ben", "cai")}, 0)
    assert pages.asked == ["u1", "u2"]


def test_a_next_link_back_to_a_page_read_ends_the_reading() -> None:
    pages = Pages({"u1": (_page("ana"), "u2"), "u2": (_page("ben"), "u1")})
    with pytest.raises(Unreadable, match="already read"):
        roster.fetch(pages, "u1", "c1")  # type: ignore[arg-type]
    assert pages.asked == ["u1", "u2"]


def test_too_many_pages_or_members_is_refused_not_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(roster, "MAX_PAGES", 3)
    endless = Pages({f"u{n}": (_page(f"s{n}"), f"u{n + 1}") for n in range(10)})
    with pytest.raises(Unreadable, match="more than 3 pages"):
        roster.fetch(endless, "u0", "c1")  # type: ignore[arg-type]
    monkeypatch.setattr(roster, "MAX_MEMBERS", 3)
    crowded = Pages({"u0": (_page("a", "b", "c", "d"), None)})
    with pytest.raises(Unreadable, match="more than 3 members"):
        roster.fetch(crowded, "u0", "c1")  # type: ignore[arg-type]
