"""The error model's runs kept on disk: read back as computed, by a process that runs no program."""

from __future__ import annotations

import dataclasses
import stat
from pathlib import Path

import numpy as np
import pytest

from grader import runs_store
from grader.challenge import Challenge
from grader.diagnosis import diagnose
from grader.prepared import PreparedChallenge, prepare
from tests.conftest import catalogue


@pytest.fixture(scope="module")
def warmed(challenges: dict[str, Challenge], tmp_path_factory: pytest.TempPathFactory) -> PreparedChallenge:
    """layer_norm warmed with a cache folder of its own: it computed its runs and wrote them."""
    prepared = prepare(challenges["layer_norm"], tmp_path_factory.mktemp("cache"))
    prepared.warm()
    return prepared


def _folder(prepared: PreparedChallenge) -> Path:
    kept_in = prepared.runs._kept_in
    assert kept_in is not None
    return kept_in


def _same(a: object, b: object) -> bool:
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    if isinstance(a, tuple | list) and isinstance(b, tuple | list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


def test_a_warmed_start_reads_every_run_back_as_computed_and_runs_no_program(
    warmed: PreparedChallenge, challenges: dict[str, Challenge]
) -> None:
    again = prepare(challenges["layer_norm"], _folder(warmed))
    again.warm()
    assert again.runs._probes == warmed.runs._probes
    computed = dict(warmed.runs._outcomes)
    for key, outcome in computed.items():
        back = again.runs.outcome(*key)
        if outcome is None or back is None:
            assert outcome is back
            continue
        fields = [f.name for f in dataclasses.fields(outcome)]
        assert all(_same(getattr(outcome, f), getattr(back, f)) for f in fields), key
    assert again.runs._programs == {}


def test_a_first_diagnosis_without_warming_reads_the_kept_runs(
    warmed: PreparedChallenge, challenges: dict[str, Challenge]
) -> None:
    source = (catalogue("layer_norm") / "batch_norm.py").read_text()
    cold = prepare(challenges["layer_norm"])
    read = prepare(challenges["layer_norm"], _folder(warmed))
    stories = [diagnose(p, p.run_in_process(source), {t.id for t in p.challenge.tests}) for p in (cold, read)]
    assert stories[0] == stories[1]
    assert stories[1].deviations
    assert len(read.runs._programs) < len(cold.runs._programs) / 10


def test_the_files_are_the_grader_users_alone(warmed: PreparedChallenge) -> None:
    folder = _folder(warmed)
    [kept] = folder.glob("runs-*.bin")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600


def test_a_file_that_does_not_parse_is_computed_again(
    warmed: PreparedChallenge, challenges: dict[str, Challenge], tmp_path: Path
) -> None:
    [kept] = _folder(warmed).glob("runs-*.bin")
    broken = tmp_path / kept.name
    broken.write_bytes(kept.read_bytes()[: kept.stat().st_size // 2])
    assert runs_store.load(broken) is None
    again = prepare(challenges["layer_norm"], tmp_path)
    again.warm()
    assert again.runs._programs  # computed
    assert runs_store.load(broken) is not None  # and written whole


def test_a_changed_challenge_reads_nothing_of_the_old_one(
    warmed: PreparedChallenge, challenges: dict[str, Challenge]
) -> None:
    original = challenges["layer_norm"]
    point = original.model.points[0]
    changed_point = dataclasses.replace(point, default=point.default + " ")
    model = dataclasses.replace(original.model, points=(changed_point, *original.model.points[1:]))
    runs = warmed.runs
    digests = {
        runs_store.fingerprint(m, runs.calls, runs.helpers_source, list(runs.calls_of))
        for m in (original.model, model)
    }
    assert len(digests) == 2
    first = runs.calls[0].args[0]
    assert isinstance(first, np.ndarray)
    calls = (dataclasses.replace(runs.calls[0], args=(first + 1e-9,)), *runs.calls[1:])
    assert (
        runs_store.fingerprint(original.model, calls, runs.helpers_source, list(runs.calls_of)) not in digests
    )


def test_what_one_diagnosis_ran_is_kept_for_the_next_and_a_warming_completes_it(
    challenges: dict[str, Challenge], tmp_path: Path
) -> None:
    source = (catalogue("layer_norm") / "batch_norm.py").read_text()
    failed = {t.id for t in challenges["layer_norm"].tests}
    first = prepare(challenges["layer_norm"], tmp_path)
    story = diagnose(first, first.run_in_process(source), failed)
    first.keep()
    [kept] = tmp_path.glob("runs-*.bin")
    partial = runs_store.load(kept)
    assert partial is not None
    assert not partial.complete
    second = prepare(challenges["layer_norm"], tmp_path)
    assert diagnose(second, second.run_in_process(source), failed) == story
    assert second.runs._programs == {}
    second.warm()
    complete = runs_store.load(kept)
    assert complete is not None
    assert complete.complete
    assert len(complete) > len(partial)


def test_nothing_is_written_when_nothing_was_computed(
    challenges: dict[str, Challenge], tmp_path: Path
) -> None:
    prepared = prepare(challenges["layer_norm"], tmp_path)
    prepared.keep()
    assert list(tmp_path.iterdir()) == []


def test_a_file_others_may_write_is_not_read(warmed: PreparedChallenge, tmp_path: Path) -> None:
    [kept] = _folder(warmed).glob("runs-*.bin")
    copied = tmp_path / "private" / kept.name
    copied.parent.mkdir(mode=0o700)
    copied.write_bytes(kept.read_bytes())
    assert runs_store.load(copied) is not None
    copied.chmod(0o620)
    assert runs_store.load(copied) is None
    copied.chmod(0o600)
    copied.parent.chmod(0o777)
    assert runs_store.load(copied) is None
