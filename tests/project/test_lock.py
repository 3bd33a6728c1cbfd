"""requirements.lock (the Dockerfile's install) holds exactly pyproject's runtime pins, each hashed.

pyproject.toml is where versions are chosen; the lock adds what they pull in and the hashes. A pin
changed without `scripts/lock` fails here.
"""

from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import ROOT

ENTRY = re.compile(r"^(?P<name>[A-Za-z0-9._-]+)==(?P<version>\S+)(?P<rest>[^\n]*(?:\n    [^\n]*)*)", re.M)


def _pins() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = {}
    for line in project["dependencies"]:
        requirement = Requirement(line)
        (spec,) = requirement.specifier  # one exact pin each
        assert spec.operator == "==", line
        pins[str(canonicalize_name(requirement.name))] = spec.version
    return pins


def _locked() -> dict[str, tuple[str, str]]:
    text = (ROOT / "requirements.lock").read_text()
    return {canonicalize_name(m["name"]): (m["version"], m["rest"]) for m in ENTRY.finditer(text)}


def test_every_runtime_pin_is_locked_at_its_version() -> None:
    locked = _locked()
    differ = {
        name: (version, locked.get(name, ("missing", ""))[0])
        for name, version in _pins().items()
        if locked.get(name, ("", ""))[0] != version
    }
    assert not differ, f"pyproject != requirements.lock (run scripts/lock): {differ}"


def test_every_locked_package_carries_hashes() -> None:
    locked = _locked()
    assert len(locked) > len(_pins())  # what the pins pull in is locked too
    unhashed = [name for name, (_, rest) in locked.items() if "--hash=sha256:" not in rest]
    assert not unhashed


def test_the_lock_takes_from_pyproject_only_its_pins() -> None:
    """A pin dropped from pyproject leaves the lock too."""
    direct = {name for name, (_, rest) in _locked().items() if "autograder (pyproject.toml)" in rest}
    assert direct == set(_pins())
