"""A function the challenge asks for, not found, but defined under a name close to it
(`layernorm` for `layer_norm`): the name the student most likely meant it as."""

from __future__ import annotations

import ast
import difflib

# difflib's ratio of the names in lower case: a dropped underscore or another case is close, two
# different functions of one challenge (`atencion`, `mascara_causal`) or another word are not.
CUTOFF = 0.75


def defined_functions(source: str) -> tuple[str, ...]:
    """The names of the functions the file defines at its top level (read, never run)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return ()
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef)
    return tuple(node.name for node in tree.body if isinstance(node, kinds))


def closest(wanted: str, defined: tuple[str, ...], taken: frozenset[str]) -> str | None:
    """The defined name closest to `wanted`, if close enough; never one of the names the
    challenge asks for (`taken`: that function is right where it is)."""
    candidates = {name.lower(): name for name in defined if name not in taken and name != wanted}
    found = difflib.get_close_matches(wanted.lower(), list(candidates), n=1, cutoff=CUTOFF)
    return candidates[found[0]] if found else None
