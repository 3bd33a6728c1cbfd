"""Setups decoded once by the zygote: the first job of a challenge goes in full, later ones
need only the setup's key and the source, and every way grades the same."""

from __future__ import annotations

import dataclasses

from grader.challenge import Challenge
from grader.prepared import prepare
from grader.report import parse_report
from grader.sandbox.uids import default_lock_dir
from grader.sandbox.zygote_process import ZygoteProcess
from grader.wire import Job, decode_job, decode_reference


@dataclasses.dataclass(frozen=True)
class CountingJob(Job):
    sent: list[str] = dataclasses.field(default_factory=list, compare=False)

    def whole(self) -> bytes:
        self.sent.append("whole")
        return super().whole()

    def reference(self) -> bytes:
        self.sent.append("reference")
        return super().reference()


def test_a_job_in_full_and_by_reference_carry_the_same_source() -> None:
    job = Job(b"", "0" * 32, "def f():\n    return 'ñ'\n")
    assert decode_reference(job.reference()) == (job.key, job.source)


def test_the_whole_job_is_the_setup_with_the_source(challenges: dict[str, Challenge]) -> None:
    prepared = prepare(challenges["layer_norm"])
    header, blob = decode_job(prepared.job("x = 1").whole())
    assert header == {**prepared.header, "source": "x = 1"}
    assert bytes(blob) == prepared.blob


def test_later_children_get_only_the_key(challenges: dict[str, Challenge]) -> None:
    prepared = {name: prepare(challenges[name]) for name in ("layer_norm", "bloque")}
    zygote = ZygoteProcess(default_lock_dir(), {})
    try:
        zygote.greet()
        sent: list[str] = []
        for name in ("layer_norm", "bloque", "layer_norm", "bloque", "layer_norm"):
            one = prepared[name]
            job = CountingJob(one.setup, one.setup_key, one.challenge.reference_source, sent)
            run = zygote.run(job, one.challenge.limits)
            report = parse_report(run.report, len(one.calls), 1 << 20)
            assert report.finished and all(call.ok for call in report.calls), name
        # The first child was forked before any setup; each later one holds what came before it.
        assert sent[:2] == ["whole", "whole"]
        assert "reference" in sent[2:] and sent[-1] == "reference"
        assert set(zygote.setups) == {prepared["layer_norm"].setup_key, prepared["bloque"].setup_key}
    finally:
        zygote.close()
