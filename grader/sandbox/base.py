"""What every sandbox promises: run one job under limits and hand back capped raw bytes."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from grader.wire import Job


class ExitKind(StrEnum):
    OK = "ok"  # exited by itself
    TIMEOUT = "timeout"  # wall clock or CPU time ran out
    MEMORY = "memory"  # the address-space limit stopped it
    CRASH = "crash"  # killed by a signal of its own making
    OUTPUT = "output"  # returned more than its report holds (printing is never this)
    FORBIDDEN = "forbidden"  # the system-call filter killed it


@dataclass(frozen=True)
class Limits:
    cpu_seconds: float = 5.0
    wall_seconds: float = 10.0
    memory_mb: int = 512
    output_bytes: int = 64 * 1024  # printed text kept; the rest is drained and counted, never fatal
    report_bytes: int = 32 * 1024 * 1024


@dataclass
class SandboxRun:
    """What came out of one child: raw bytes and how it ended. Nothing here is believed yet."""

    report: bytes
    stdout: bytes  # the first of what it printed (stdout and stderr)
    exit_kind: ExitKind
    arguments: bytes = b""  # the argument memory as the child left it, read once it was gone
    exit_code: int | None = None
    signal: int | None = None
    wall_ms: float = 0.0
    notes: list[str] = field(default_factory=list)
    printed_bytes: int = 0  # all it printed, kept or not
    printed_lines: int | None = 0  # how many lines that was; None: too much to count


@dataclass(frozen=True)
class Layer:
    name: str
    active: bool
    detail: str = ""  # what it does; for a layer not used by design, why it is not needed
    by_design: bool = False  # inactive on purpose (other layers cover it), not missing here


class Sandbox(Protocol):
    def run(self, job: Job, limits: Limits) -> SandboxRun:
        """Run one job to its end or its limits; thread-safe; never raises for student faults."""
        ...

    def layers(self) -> list[Layer]:
        """Which isolation layers this sandbox applies."""
        ...

    def close(self) -> None: ...
