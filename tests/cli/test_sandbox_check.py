"""`sandbox check` tells a layer missing here (OFF) from one not used by design, and says why."""

from __future__ import annotations

from grader.sandbox.base import Layer
from grader.sandbox.inside import syscalls
from grader.sandbox.inside.zygote import _own_layers
from service.cli.sandbox import line


def test_a_layer_not_used_by_design_says_why_instead_of_off() -> None:
    unused = Layer("cgroups", False, "RLIMIT_AS and RLIMIT_CPU bound each child", by_design=True)
    assert line(unused) == "-    cgroups        not used, because RLIMIT_AS and RLIMIT_CPU bound each child"
    missing = Layer("namespaces", False, "unavailable: unshare refused")
    assert line(missing).startswith("OFF  namespaces")
    assert line(Layer("seccomp", True, "118 rules")).startswith("on   seccomp")


def test_the_sandboxs_unused_layers_are_marked_by_design() -> None:
    layers = _own_layers(syscalls.Filter(b"", 1), uid_dropped=True, uid=1500000002)
    by_name = {layer.name: layer for layer in layers}
    assert by_name["pid namespace"].by_design
    assert by_name["cgroups"].by_design
    assert not any(layer.by_design for layer in by_name.values() if layer.active)
