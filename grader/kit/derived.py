"""The mistakes every NumPy challenge can have, derived from the reference's own code.

At each reduction its axis and keepdims; at each product a transpose; at each division the
division left out or made a product; at each square root the root left out; at each parameter
with a default the value fixed, the default changed or the parameter left out; at each array
built from nothing an integer dtype; each function's output transposed and each function
changing the array it receives. Each is told in the author's step names (words.py). Which of
them the hidden tests can tell apart is decided when the challenge is built (`pruning.py`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace

from grader.errormodel import Choice
from grader.kit import words
from grader.kit.anchors import Anchors, Site, number, parameters, term_label
from grader.text import Text

_OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}


@dataclass(frozen=True)
class Derived:
    """A mistake the kit derived: its place (the point) and the choice made there."""

    point: str
    choice: Choice
    rule: str


class Deriver:
    def __init__(self, anchors: Anchors, steps: Mapping[str, Text], signatures: Mapping[str, str]) -> None:
        self.anchors = anchors
        self.steps = steps
        self.signatures = signatures
        self._returning = self._first_single_return()

    def all(self) -> list[Derived]:
        found: list[Derived] = []
        rules: dict[str, Callable[[Site], Iterator[Derived]]] = {
            "axis": self._axis,
            "keepdims": self._keepdims,
            "product": self._product,
            "division": self._division,
            "sqrt": self._sqrt,
            "ddof": self._ddof,
            "default": self._default,
            "without_parameter": self._without_parameter,
            "constructor": self._constructor,
            "input_term": self._input_term,
            "clamp": self._clamp,
        }
        for site in self.anchors.sites:
            rule = rules.get(site.kind)
            if rule is not None:
                found.extend(rule(site))
        for shared in self.anchors.shared.values():
            found.extend(self._shared(shared.name))
        for function in self.anchors.functions:
            if function.name not in self.anchors.owned:
                found.extend(self._returned(function))
                found.extend(self._in_place(function))
        return _distinct(found)

    # --- names -------------------------------------------------------------------------------

    def names(self, step: str) -> Text:
        """The lesson's words for a step, quoted; its code where it has none."""
        return words.quoted([self.words(step)])

    def words(self, step: str) -> Text:
        site = self.anchors.site(step)
        local = step.split(".")[0] if not step.endswith(".return") else "return"
        if local == "return" and site.function != self._returning:
            local = ""
        found = self.steps.get(local)
        if found is not None:
            return found
        code = (
            self.anchors.code(site.node.value)
            if isinstance(site.node, ast.Assign | ast.Return) and site.node.value
            else step
        )
        return Text(code, code)

    def mention(self, node: ast.AST) -> Text:
        """An operand as the lesson names it: a step's words, or its code."""
        if isinstance(node, ast.Name) and node.id in self.steps:
            sites = [s for s in self.anchors.sites if s.kind == "step" and s.name == node.id]
            if sites:
                return self.names(node.id)
        code = self.anchors.code(node)
        return Text(code, code)

    def _first_single_return(self) -> str:
        """The function challenge.toml's `return` step speaks of: the first whose return is one array."""
        for function in self.anchors.functions:
            if function.name in self.anchors.owned:
                continue
            returns = [s for s in self.anchors.steps_of(function.name) if s.name.endswith(".return")]
            if returns and not isinstance(getattr(returns[0].node, "value", None), ast.Tuple):
                return function.name
        return ""

    def _choice(
        self,
        point: str,
        rule: str,
        choice_id: str,
        code: str,
        told: tuple[Text, Text],
        value: float | None = None,
    ) -> Derived:
        did, message = told
        choice_id = choice_id.replace(".return", "_output").replace(".", "_")
        return Derived(point, Choice(id=choice_id, code=code, did=did, message=message, value=value), rule)

    # --- the rules ---------------------------------------------------------------------------

    def _axis(self, site: Site) -> Iterator[Derived]:
        want = int(number(site.node) or 0)  # type: ignore[arg-type]
        for got, suffix in _other_axes(want):
            yield self._choice(
                site.name,
                "axis",
                f"{site.step}_{suffix}",
                repr(got),
                words.axis(self.names(site.step), got, want),
            )

    def _keepdims(self, site: Site) -> Iterator[Derived]:
        yield self._choice(
            site.name, "keepdims", f"{site.step}_without_keepdims", "", words.keepdims(self.names(site.step))
        )

    def _shared(self, name: str) -> Iterator[Derived]:
        shared = self.anchors.shared[name]
        steps = [self.anchors.site(s).step for s in shared.sites]
        names = words.quoted([self.words(s) for s in dict.fromkeys(steps)]) if steps else Text("", "")
        if shared.kind == "axis":
            want = int(shared.default)
            for got, suffix in _other_axes(want):
                yield self._choice(
                    name, "axis", f"{shared.function}_{suffix}", repr(got), words.axis(names, got, want)
                )
        elif shared.kind == "keepdims":
            yield self._choice(
                name, "keepdims", f"{shared.function}_without_keepdims", "", words.keepdims(names)
            )
        elif shared.kind == "parameter":
            parameter = name.split(":", 1)[1]
            value = self._default_of(shared.function, parameter)
            if value is not None:
                yield self._choice(
                    name,
                    "parameter",
                    f"{parameter}_fixed",
                    "{value}",
                    words.parameter_fixed(parameter),
                    value,
                )

    def _product(self, site: Site) -> Iterator[Derived]:
        node = site.node
        assert isinstance(node, ast.BinOp)  # noqa: S101 a product site is a BinOp
        a = self.anchors
        left, right = a.part(site, node.left), a.part(site, node.right)
        code = a.code(node)
        names = self.names(site.step)
        yield self._choice(
            site.name,
            "product",
            f"{site.step}_transposed",
            f"({left} @ {right}).T",
            words.transposed(names, code),
        )
        for side, other, where in ((node.right, node.left, "right"), (node.left, node.right, "left")):
            if isinstance(side, ast.Attribute) and side.attr == "T":
                inner = a.part(site, side.value)
                written = (
                    f"{inner} @ {a.part(site, other)}"
                    if where == "left"
                    else f"{a.part(site, other)} @ {inner}"
                )
                shown = a.code(side.value)
                plain = f"{shown} @ {a.code(other)}" if where == "left" else f"{a.code(other)} @ {shown}"
                yield self._choice(
                    site.name,
                    "product",
                    f"{site.step}_without_transpose",
                    written,
                    words.transpose_changed(names, plain, code),
                )
                return
        for side, where in ((node.left, "left"), (node.right, "right")):
            wrapped = _wrap(a.part(site, side), side)
            written = f"{wrapped}.T @ {right}" if where == "left" else f"{left} @ {wrapped}.T"
            shown = _wrap(a.code(side), side) + ".T"
            plain = f"{shown} @ {a.code(node.right)}" if where == "left" else f"{a.code(node.left)} @ {shown}"
            yield self._choice(
                site.name,
                "product",
                f"{site.step}_{where}_transposed",
                written,
                words.transpose_changed(names, plain, code),
            )

    def _division(self, site: Site) -> Iterator[Derived]:
        node = site.node
        assert isinstance(node, ast.BinOp)  # noqa: S101 a division site is a BinOp
        a = self.anchors
        left, right = a.part(site, node.left), a.part(site, node.right)
        shown_left, shown_right = self.mention(node.left), self.mention(node.right)
        names = self.names(site.step)
        yield self._choice(
            site.name,
            "division",
            f"{site.step}_not_divided",
            _wrap(left, node.left),
            words.not_divided(names, shown_left, shown_right),
        )
        yield self._choice(
            site.name,
            "division",
            f"{site.step}_multiplied",
            f"{_wrap(left, node.left)} * {_wrap(right, node.right)}",
            words.multiplied(names, shown_left, shown_right),
        )

    def _sqrt(self, site: Site) -> Iterator[Derived]:
        node = site.node
        assert isinstance(node, ast.Call)  # noqa: S101 a square root site is a call
        inner = self.anchors.part(site, node.args[0])
        told = words.without_root(self.names(site.step), self.mention(node.args[0]))
        yield self._choice(site.name, "sqrt", f"{site.step}_without_root", f"({inner})", told)

    def _ddof(self, site: Site) -> Iterator[Derived]:
        called = self.anchors.part(site, site.node)  # type: ignore[arg-type]
        if called.endswith(")"):
            told = words.sample_ddof(self.names(site.step))
            yield self._choice(site.name, "ddof", f"{site.step}_ddof_1", called[:-1] + ", ddof=1)", told)

    def _default(self, site: Site) -> Iterator[Derived]:
        argument = site.node
        assert isinstance(argument, ast.arg)  # noqa: S101 a default site keeps its parameter
        value = self._default_of(site.function, argument.arg)
        if value:
            told = words.default_changed(argument.arg, self.signatures.get(site.function, site.function))
            yield self._choice(
                site.name, "default", f"{argument.arg}_default_changed", "{value}", told, value / 10
            )

    def _without_parameter(self, site: Site) -> Iterator[Derived]:
        node = site.node
        assert isinstance(node, ast.BinOp)  # noqa: S101 the site is a sum with the parameter
        numeric = {a.arg for a, d in _defaults(self._function(site.function)) if number(d) is not None}
        for side, other in ((node.right, node.left), (node.left, node.right)):
            if (
                isinstance(side, ast.Name)
                and side.id in numeric
                and (side is node.right or isinstance(node.op, ast.Add))
            ):
                kept = self.anchors.part(site, other)
                told = words.parameter_ignored(self.names(site.step), side.id, self.anchors.code(node))
                yield self._choice(site.name, "without_parameter", f"{side.id}_ignored", kept, told)
                return

    def _input_term(self, site: Site) -> Iterator[Derived]:
        """A term the function was given (an argument, or an entry of one) left out of a sum."""
        node = site.node
        assert isinstance(node, ast.BinOp)  # noqa: S101 an input term's site is a sum
        function = self._function(site.function)
        numeric = {a.arg for a, d in _defaults(function) if number(d) is not None}
        given = set(parameters(function)) - numeric
        sides = (
            ((node.right, node.left),)
            if isinstance(node.op, ast.Sub)
            else ((node.right, node.left), (node.left, node.right))
        )
        for dropped, kept in sides:
            base = dropped.value if isinstance(dropped, ast.Subscript) else dropped
            if isinstance(base, ast.Name) and base.id in given:
                label = term_label(dropped)
                told = words.term_left_out(
                    self.names(site.step), self.anchors.code(dropped), self.anchors.code(node)
                )
                yield self._choice(
                    site.name,
                    "input_term",
                    f"{site.step}_without_{label}",
                    _wrap(self.anchors.part(site, kept), kept),
                    told,
                )

    def _clamp(self, site: Site) -> Iterator[Derived]:
        """np.maximum(0.0, x), the ReLU, left out: x as it is."""
        node = site.node
        assert isinstance(node, ast.Call)  # noqa: S101 a clamp's site is a call
        kept = next(a for a in node.args if number(a) is None)
        called = _called_name(node)
        told = words.clamp_left_out(self.names(site.step), self.anchors.code(node))
        yield self._choice(
            site.name,
            "clamp",
            f"{site.step}_without_{called}",
            _wrap(self.anchors.part(site, kept), kept),
            told,
        )

    def _constructor(self, site: Site) -> Iterator[Derived]:
        built = self.anchors.part(site, site.node)  # type: ignore[arg-type]
        if built.endswith(")"):
            yield self._choice(
                site.name,
                "constructor",
                f"{site.step}_integer_dtype",
                built[:-1] + ", dtype=int)",
                words.integer_dtype(self.names(site.step)),
            )

    def _returned(self, function: ast.FunctionDef) -> Iterator[Derived]:
        for site in self.anchors.sites:
            if site.function == function.name and site.kind == "output":
                told = words.output_transposed(function.name, self.names(site.step))
                yield self._choice(
                    site.name, "output", f"{function.name}_output_transposed", f"({{{site.step}}}).T", told
                )
                return

    def _in_place(self, function: ast.FunctionDef) -> Iterator[Derived]:
        """The first step computed from an argument by + − × ÷, done on the argument itself."""
        arguments = {
            a.arg for a in function.args.args if a.arg not in {d.arg for d, _ in _defaults(function)}
        }
        a = self.anchors
        whole = a.site(function.name)
        for site in a.steps_of(function.name):
            statement = site.node
            if not isinstance(statement, ast.Assign) or not isinstance(statement.value, ast.BinOp):
                continue
            value = statement.value
            symbol = _OPERATORS.get(type(value.op))
            edited = _edited(value, arguments, symbol)
            if symbol is None or edited is None:
                continue
            parameter, other = edited
            target = statement.targets[0]
            assert isinstance(target, ast.Name)  # noqa: S101 a step assigns one name
            begin, finish = a.span(statement)
            indent = " " * statement.col_offset
            rewritten = f"{parameter} {symbol}= {_wrap(a.part(site, other), other)}\n{indent}{target.id} = {parameter}"
            inside = whole.children
            code = a.filled(whole.start, begin, inside) + rewritten + a.filled(finish, whole.end, inside)
            written = f"{parameter} {symbol}= {a.code(other)}"
            found = self._choice(
                function.name,
                "in_place",
                f"{function.name}_modifies_{parameter}",
                code,
                words.modifies(parameter, written, self.names(site.name)),
            )
            yield Derived(found.point, replace(found.choice, argument=parameter), found.rule)
            return

    # --- helpers -----------------------------------------------------------------------------

    def _function(self, name: str) -> ast.FunctionDef:
        return next(f for f in self.anchors.functions if f.name == name)

    def _default_of(self, function: str, parameter: str) -> float | None:
        for argument, default in _defaults(self._function(function)):
            if argument.arg == parameter:
                return number(default)
        return None


def _defaults(function: ast.FunctionDef) -> list[tuple[ast.arg, ast.expr]]:
    positional = function.args.posonlyargs + function.args.args
    return list(
        zip(positional[len(positional) - len(function.args.defaults) :], function.args.defaults, strict=True)
    )


def _called_name(node: ast.Call) -> str:
    return node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "call")


def _edited(value: ast.BinOp, arguments: set[str], symbol: str | None) -> tuple[str, ast.expr] | None:
    """(the argument an in-place edit would change, the other operand), or None."""
    if isinstance(value.left, ast.Name) and value.left.id in arguments:
        return value.left.id, value.right
    if symbol in ("+", "*") and isinstance(value.right, ast.Name) and value.right.id in arguments:
        return value.right.id, value.left
    return None


def _other_axes(want: int) -> list[tuple[int | None, str]]:
    if want in (1, -1):
        return [(0, "by_columns"), (None, "over_whole_array")]
    if want == 0:
        return [(1, "by_rows"), (None, "over_whole_array")]
    return [(None, "over_whole_array")]


def _wrap(code: str, node: ast.AST) -> str:
    """`code` in brackets unless it is one term (a name, an attribute, a call, a subscript)."""
    if isinstance(node, ast.Name | ast.Attribute | ast.Call | ast.Subscript | ast.Constant):
        return code
    return f"({code})"


def _distinct(found: list[Derived]) -> list[Derived]:
    """One choice per id (a second one at another place gets a number) and per code at a point."""
    seen: set[tuple[str, str]] = set()
    ids: dict[str, int] = {}
    kept = []
    for derived in found:
        if (derived.point, derived.choice.code) in seen:
            continue
        seen.add((derived.point, derived.choice.code))
        base = derived.choice.id
        ids[base] = ids.get(base, 0) + 1
        if ids[base] > 1:
            derived = Derived(derived.point, _renamed(derived.choice, f"{base}_{ids[base]}"), derived.rule)
        kept.append(derived)
    return kept


def _renamed(choice: Choice, new: str) -> Choice:
    return replace(choice, id=new)
