"""Every reason a launch or a registration is refused with has its words on the refusal page (a
reason without them rendered a 500: Jinja fell back from the missing key to `dict.keys`)."""

from __future__ import annotations

import re

from service.lti.labels import REASONS
from tests.conftest import ROOT

RAISED = re.compile(r'Refused\(\s*"([a-z_]+)"')


def test_every_refusal_reason_has_its_words_in_both_languages() -> None:
    raised = {m for path in (ROOT / "service" / "lti").glob("*.py") for m in RAISED.findall(path.read_text())}
    assert {"keyset", "registration_taken", "key_revoked", "signature"} <= raised
    missing = raised - set(REASONS)
    assert not missing
    assert all(REASONS[reason].es and REASONS[reason].en for reason in raised)
