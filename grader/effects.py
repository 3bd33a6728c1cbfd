"""What the calls did besides returning, as the parent sees it itself: never the child's word.

Arguments: every call's arrays lie in the argument memory, which the parent filled and reads
back once the child is gone; an argument whose bytes differ from what was sent was changed, and
its array as it was left is what the checks see. (The child may add that it reshaped an
argument in place: a claim that can only count against it.) Helpers: the parent's desk answered
and counted every call. As before, only the calls the child answered get these: one that never
returned fails its tests whatever it did.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from grader.desk import HelperDesk
from grader.report import ChildReport
from grader.wire import job_array


@dataclass(frozen=True)
class ArgumentLayout:
    """Where each call's arrays lie in the argument memory, and what the memory starts as."""

    image: bytes
    arrays: list[dict[str, Any]]  # offset, dtype, shape of each array
    slots: list[list[int]]  # per call, its arrays in slot order (indices into `arrays`)

    def changed(self, call: int, after: bytes) -> dict[int, np.ndarray]:
        """The arguments of `call` that `after` (the memory read back) holds changed."""
        found = {}
        for slot, index in enumerate(self.slots[call]):
            spec = self.arrays[index]
            start = spec["offset"]
            end = start + np.dtype(spec["dtype"]).itemsize * int(np.prod(spec["shape"], dtype=np.int64))
            if after[start:end] != self.image[start:end]:
                found[slot] = job_array(after, spec).copy()
        return found


def observe(report: ChildReport, layout: ArgumentLayout, after: bytes, desk: HelperDesk | None) -> None:
    """Fill in each answered call's changed arguments and helper calls, from the parent's view."""
    unchanged = after == layout.image
    for call, outcome in enumerate(report.calls):
        if not outcome.answered:
            outcome.args_after = {}
            continue
        seen = {} if unchanged else layout.changed(call, after)
        outcome.args_after = {**outcome.args_after, **seen}  # reshaped (the child's word) or changed
        if desk is None:
            continue
        for slot in range(len(desk.helpers[call])):
            record = desk.calls.get((call, slot))
            outcome.helper_counts[slot] = record.count if record is not None else 0
            if record is not None and record.inputs:
                outcome.helper_inputs[slot] = list(record.inputs)
