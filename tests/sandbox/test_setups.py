"""Setups decoded once by the zygote: the first job of a challenge goes in full, later ones
need only the setup's key and the source, and every way grades the same. Waiting children
warm up on the setup last graded, under their filter already."""

from __future__ import annotations

import dataclasses
import os
import time
from pathlib import Path

import pytest

from grader.challenge import Challenge
from grader.grade import Grader
from grader.prepared import prepare
from grader.report import parse_report
from grader.sandbox.base import ExitKind
from grader.sandbox.idle import WINDOW, OthersMeter
from grader.sandbox.inside import channel, harness, warmup
from grader.sandbox.uids import default_lock_dir
from grader.sandbox.zygote_client import BUSY_GAP, ZygoteProcess
from grader.wire import Job, decode_job, decode_reference
from tests.sandbox.processes import sandboxed, zygotes


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
    assert decode_reference(job.reference()) == (job.key, job.source, -1)


def test_the_whole_job_is_the_setup_with_the_source(challenges: dict[str, Challenge]) -> None:
    prepared = prepare(challenges["layer_norm"])
    header, blob = decode_job(prepared.job("x = 1").whole())
    assert header == {**prepared.header, "source": "x = 1", "trace": -1}
    assert bytes(blob) == b""  # the arrays are in the argument memory, not in the job


def test_later_children_get_only_the_key(challenges: dict[str, Challenge]) -> None:
    prepared = {name: prepare(challenges[name]) for name in ("layer_norm", "bloque")}
    zygote = ZygoteProcess(default_lock_dir(), {})
    try:
        zygote.greet()
        sent: list[str] = []
        for name in ("layer_norm", "bloque", "layer_norm", "bloque", "layer_norm"):
            one = prepared[name]
            desk = one.new_desk()
            job = CountingJob(
                one.setup, one.setup_key, one.challenge.reference_source, one.layout.image, desk, sent=sent
            )
            run = zygote.run(job, one.challenge.limits)
            report = one.observe(parse_report(run.report, len(one.calls), 1 << 20), run.arguments, desk)
            assert report.finished, name
            assert all(call.ok for call in report.calls), name
        # The first child was forked before any setup; each later one holds what came before it.
        assert sent[:2] == ["whole", "whole"]
        assert "reference" in sent[2:]
        assert sent[-1] == "reference"
        assert set(zygote.setups) == {prepared["layer_norm"].setup_key, prepared["bloque"].setup_key}
    finally:
        zygote.close()


def test_stand_ins_answer_every_call_of_every_challenge(challenges: dict[str, Challenge]) -> None:
    """The warm-up on a setup exercises all its calls: the stand-ins raise on none of them."""
    for challenge in challenges.values():
        prepared = prepare(challenge)
        setup = harness.load_setup(prepared.setup)
        job = Job(b"", warmup.WARM_KEY, warmup.stand_in_source(setup.header["required"]))
        chunks: list[bytes] = []
        memory = bytearray(warmup.memory_size(setup.header["arrays"]))
        harness.run(job.reference(), chunks.append, memory, warmup.echo, {warmup.WARM_KEY: setup})
        report = parse_report(b"".join(chunks), len(prepared.calls), 1 << 20)
        assert report.finished, challenge.id
        assert all(call.ok for call in report.calls), challenge.id


def test_the_zygote_is_told_which_setup_to_warm_up_on(challenges: dict[str, Challenge]) -> None:
    """Jobs with room between them on an idle machine: warm up on the last one's setup. Back to
    back, or on a machine with no CPU to spare: not at all."""
    prepared = {name: prepare(challenges[name]) for name in ("layer_norm", "bloque")}
    zygote = ZygoteProcess(default_lock_dir(), {})

    def grade(name: str, spare: bool, pause: float) -> str | None:
        one = prepared[name]
        time.sleep(pause)
        run = zygote.run(one.job(one.challenge.reference_source), one.challenge.limits, spare)
        assert run.exit_kind == ExitKind.OK
        return zygote.hinted

    try:
        zygote.greet()
        for name in ("layer_norm", "bloque", "layer_norm", "bloque"):
            assert grade(name, spare=True, pause=2 * BUSY_GAP) == prepared[name].setup_key
        for name in ("layer_norm", "bloque"):
            assert grade(name, spare=True, pause=0) == channel.NO_WARMUP
        assert grade("layer_norm", spare=True, pause=2 * BUSY_GAP) == prepared["layer_norm"].setup_key
        assert grade("bloque", spare=False, pause=2 * BUSY_GAP) == channel.NO_WARMUP
    finally:
        zygote.close()


TICKS = os.sysconf("SC_CLK_TCK")


def _machine_idle_and_ours() -> tuple[float, float, float]:
    """(now, CPU seconds every core spent idle since boot, CPU seconds this process used)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    mine = os.times()
    return time.monotonic(), (int(fields[4]) + int(fields[5])) / TICKS, mine.user + mine.system


def test_the_others_meter_leaves_out_our_own_cpu() -> None:
    """A busy loop of our own is not someone else's load: over the same window the meter reads the
    machine's busy CPUs less the ones this process used. Judged against that window's own
    readings, not against an idle machine, so whatever else runs on the machine cannot decide."""
    meter = OthersMeter(lambda: [])
    assert meter.others_cpus() is None
    windows = []
    for _ in range(3):
        start = _machine_idle_and_ours()
        deadline = time.monotonic() + WINDOW + 0.05
        while time.monotonic() < deadline:
            pass
        others = meter.others_cpus()
        end = _machine_idle_and_ours()
        assert others is not None
        elapsed = end[0] - start[0]
        busy = (os.cpu_count() or 1) - (end[1] - start[1]) / elapsed
        ours = (end[2] - start[2]) / elapsed
        windows.append((ours, busy, others))
    ours, busy, others = max(windows)  # the window in which the loop got the most CPU
    assert ours > 0
    # Kernel ticks are 10 ms: over a third of a second each reading is off by a few hundredths.
    assert others == pytest.approx(max(0.0, busy - ours), abs=0.2)


def test_waiting_children_are_filtered_before_any_job(grader: Grader) -> None:
    """The filter is installed while the child waits: read from /proc, on the trusted side."""
    assert grader.grade("layer_norm", "x = 1").score == 0
    waiting = [p for p in sandboxed() if p.pid not in {z.pid for z in zygotes()}]
    assert waiting
    for child in waiting:
        status = dict(
            line.split(":", 1) for line in Path(f"/proc/{child.pid}/status").read_text().splitlines()
        )
        assert status["Seccomp"].strip() == "2", child
        assert status["NoNewPrivs"].strip() == "1", child


def test_past_the_most_setups_jobs_go_in_full(challenges: dict[str, Challenge]) -> None:
    one = prepare(challenges["layer_norm"])
    zygote = ZygoteProcess(default_lock_dir(), {})
    try:
        zygote.greet()
        zygote.setups = {f"{n:032x}": n + 1 for n in range(channel.MAX_SETUPS)}  # as if it were full
        sent: list[str] = []
        for _ in range(3):
            job = CountingJob(
                one.setup, one.setup_key, one.challenge.reference_source, one.layout.image, sent=sent
            )
            run = zygote.run(job, one.challenge.limits)
            assert parse_report(run.report, len(one.calls), 1 << 20).finished
        assert sent == ["whole"] * 3
        assert one.setup_key not in zygote.setups
    finally:
        zygote.close()
