"""The places of a reference where a mistake can be made, found in reference.py itself.

Every place is a span of the reference's text: each function, each named step (the value a
local is given, what a function returns), a fragment an author names by quoting it, and the
places the kit derives mistakes at (a reduction's axis and keepdims, a product, a division, a
square root, a parameter with a default). Spans nest or keep apart; each becomes a point of the
error model whose default is its own text with the places inside it as holes, so the reference
is written once, in reference.py, and every program of the model is the reference with some
holes filled otherwise.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

REDUCTIONS = frozenset({"mean", "sum", "max", "min", "var", "std", "median", "prod", "argmax", "argmin"})
CONSTRUCTORS = frozenset({"zeros", "ones", "full", "empty"})
CLAMPS = frozenset({"maximum", "minimum"})  # np.maximum(0.0, x): the ReLU
# The order spans of the same extent nest in: an author's place holds the kit's.
_RANK = {"function": 0, "fragment": 1, "piece": 1, "output": 2, "step": 3}


class AnchorError(ValueError):
    """A place cannot be found in the reference, or crosses another place."""


@dataclass
class Site:
    """A span of the reference that is a point of the error model."""

    name: str
    function: str
    kind: str  # function, step, fragment, or the rule of the kit that derives mistakes there
    start: int  # byte offsets into the reference's UTF-8 text
    end: int
    node: ast.AST | None = None
    step: str = ""  # the step it lies in (its own name for a step)
    via: str = ""  # a point shared by several sites, which this site's default holds
    children: list[Site] = field(default_factory=list)

    @property
    def rank(self) -> int:
        return _RANK.get(self.kind, 4)


@dataclass(frozen=True)
class Shared:
    """A point several sites hold (every reduction's axis in a function, a parameter's uses)."""

    name: str
    function: str
    kind: str
    default: str
    sites: tuple[str, ...]


class Anchors:
    """The reference's places: the template of the error model and each point's default."""

    def __init__(self, source: str, owned: frozenset[str] = frozenset()) -> None:
        """`owned`: functions whose places another challenge's model holds (`uses`): each is
        one hole named after it, filled by that model."""
        self.source = source
        self.raw = source.encode("utf-8")
        self.tree = ast.parse(source)
        self._line_starts = _line_starts(self.raw)
        self.functions = [n for n in self.tree.body if isinstance(n, ast.FunctionDef)]
        self.owned = owned
        self.sites: list[Site] = []
        self.shared: dict[str, Shared] = {}
        self._names: set[str] = set()
        for function in self.functions:
            self._function(function)

    # --- positions ---------------------------------------------------------------------------

    def offset(self, line: int, column: int) -> int:
        return self._line_starts[line - 1] + column

    def span(self, node: ast.AST) -> tuple[int, int]:
        start = self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = self.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
        return start, end

    def text(self, start: int, end: int) -> str:
        return self.raw[start:end].decode("utf-8")

    def code(self, node: ast.AST) -> str:
        return self.text(*self.span(node))

    # --- finding the places ------------------------------------------------------------------

    def _unique(self, wanted: str, function: str) -> str:
        name = wanted
        count = 1
        while name in self._names:
            count += 1
            name = f"{wanted}.{count}"
        self._names.add(name)
        return name

    def _add(self, site: Site) -> Site:
        self.sites.append(site)
        return site

    def _function(self, node: ast.FunctionDef) -> None:
        first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
        start = self.offset(first, 0)
        end = self.offset(node.end_lineno or node.lineno, node.end_col_offset or 0)
        self._names.add(node.name)
        self._add(Site(node.name, node.name, "function", start, end, node, node.name))
        if node.name in self.owned:
            return
        for argument, default in _defaults(node):
            if _number(default) is not None:
                begin, finish = self.span(default)
                name = self._unique(f"{node.name}:default_{argument.arg}", node.name)
                self._add(Site(name, node.name, "default", begin, finish, argument, node.name))
        for statement in _statements(node):
            value = statement.value
            if value is None:
                continue
            if isinstance(statement, ast.Return):
                step = self._unique(f"{node.name}.return", node.name)
            else:
                target = statement.targets[0]
                assert isinstance(target, ast.Name)  # noqa: S101 narrowed by _statements
                step = self._unique(target.id, node.name)
            begin, finish = self.span(value)
            if isinstance(statement, ast.Return) and not isinstance(value, ast.Tuple):
                # what is returned, as a whole: a place of its own around the step, so that a
                # mistake in the step and the output transposed are made together
                output = self._unique(f"{node.name}:output", node.name)
                self._add(Site(output, node.name, "output", begin, finish, statement, step))
            self._add(Site(step, node.name, "step", begin, finish, statement, step))
            self._derived(node, value, step)
        self._share(node.name)

    def _derived(self, function: ast.FunctionDef, value: ast.expr, step: str) -> None:
        numeric = {a.arg for a, d in _defaults(function) if _number(d) is not None}
        given = set(parameters(function)) - numeric
        for node in ast.walk(value):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
                sides = (node.right,) if isinstance(node.op, ast.Sub) else (node.left, node.right)
                if any(_given_term(side, given) for side in sides):
                    self._site(function.name, "input_term", node, step)
            if isinstance(node, ast.Call):
                self._call(function.name, node, step)
            elif isinstance(node, ast.BinOp):
                kind = {ast.MatMult: "product", ast.Div: "division"}.get(type(node.op))
                if kind is not None:
                    self._site(function.name, kind, node, step)
                if isinstance(node.op, ast.Add | ast.Sub) and any(
                    isinstance(side, ast.Name) and side.id in numeric for side in (node.left, node.right)
                ):
                    self._site(function.name, "without_parameter", node, step)
            elif isinstance(node, ast.Name) and node.id in numeric and isinstance(node.ctx, ast.Load):
                begin, finish = self.span(node)
                self._add(
                    Site(f"{function.name}:{node.id}", function.name, "parameter", begin, finish, node, step)
                )

    def _site(self, function: str, kind: str, node: ast.AST, step: str) -> Site:
        begin, finish = self.span(node)
        return self._add(
            Site(self._unique(f"{step}:{kind}", function), function, kind, begin, finish, node, step)
        )

    def _call(self, function: str, node: ast.Call, step: str) -> None:
        name = _called(node)
        if name in REDUCTIONS:
            for keyword in node.keywords:
                if keyword.arg == "axis" and _axis(keyword.value) is not None:
                    self._site(function, "axis", keyword.value, step)
                if (
                    keyword.arg == "keepdims"
                    and isinstance(keyword.value, ast.Constant)
                    and keyword.value.value
                ):
                    begin = self._comma_before(keyword)
                    end = self.span(keyword.value)[1]
                    place = self._unique(f"{step}:keepdims", function)
                    self._add(Site(place, function, "keepdims", begin, end, keyword, step))
        if name in ("var", "std") and not any(k.arg == "ddof" for k in node.keywords):
            self._site(function, "ddof", node, step)
        clamp = name in CLAMPS and _is_numpy(node) and len(node.args) == 2 and not node.keywords
        if clamp and sum(_number(a) is not None for a in node.args) == 1:
            self._site(function, "clamp", node, step)
        if name == "sqrt" and len(node.args) == 1:
            self._site(function, "sqrt", node, step)
        if name in CONSTRUCTORS and _is_numpy(node) and not any(k.arg == "dtype" for k in node.keywords):
            self._site(function, "constructor", node, step)

    def _comma_before(self, keyword: ast.keyword) -> int:
        """Where `, keepdims=True` starts: the comma before the keyword."""
        start = self.offset(keyword.lineno, keyword.col_offset)
        position = start
        while position > 0 and self.raw[position - 1 : position] in (b" ", b"\n", b"\t"):
            position -= 1
        return position - 1 if self.raw[position - 1 : position] == b"," else start

    def _share(self, function: str) -> None:
        """Every reduction's axis and keepdims in `function`, as one point each, when they agree."""
        for kind in ("axis", "keepdims"):
            sites = [s for s in self.sites if s.function == function and s.kind == kind]
            texts = {self.text(s.start, s.end) for s in sites}
            if len(sites) < 2 or len(texts) != 1:
                continue
            name = self._unique(f"{function}:{kind}", function)
            for site in sites:
                site.via = name
            self.shared[name] = Shared(name, function, kind, texts.pop(), tuple(s.name for s in sites))
        uses: dict[str, list[Site]] = {}
        for site in self.sites:
            if site.function == function and site.kind == "parameter":
                uses.setdefault(site.name, []).append(site)
        for name, sites in uses.items():
            self._names.add(name)
            self.shared[name] = Shared(
                name, function, "parameter", self.text(sites[0].start, sites[0].end), ()
            )

    # --- an author's places ------------------------------------------------------------------

    def fragment(self, name: str, code: str | tuple[str, ...], within: str | None = None) -> list[Site]:
        """The place an author names by quoting it (once) in the reference, or in `within`; a
        tuple of quotes is one place in several pieces, `{name#1}`, `{name#2}`..."""
        if name in self._names:
            raise AnchorError(f"{name!r} already names a place of the reference: choose another name")
        self._names.add(name)
        if isinstance(code, str):
            return [self._add(self._found(name, code, within))]
        sites = [
            self._add(self._found(f"{name}#{n}", piece, within)) for n, piece in enumerate(code, start=1)
        ]
        function = sites[0].function
        self.shared[name] = Shared(name, function, "pieces", "", tuple(s.name for s in sites))
        return sites

    def _found(self, name: str, code: str, within: str | None) -> Site:
        scope = [
            s for s in self.sites if s.kind in ("function", "step") and (within is None or s.name == within)
        ]
        if within is not None and not scope:
            raise AnchorError(f"no function or step named {within!r} in the reference")
        wanted = code.encode("utf-8")
        begin, end = (scope[0].start, scope[0].end) if within is not None else (0, len(self.raw))
        found = [begin + m.start() for m in re.finditer(re.escape(wanted), self.raw[begin:end])]
        if len(found) != 1:
            where = f" in {within}" if within else ""
            count = "not" if not found else f"{len(found)} times"
            hint = ", or say within which step" if found else ""
            raise AnchorError(
                f"{code!r} is {count} found in the reference{where}: quote code it has once{hint}"
            )
        start = found[0]
        enclosing = [s for s in self.sites if s.kind == "function" and s.start <= start < s.end]
        steps = [s for s in self.sites if s.kind == "step" and s.start <= start < s.end]
        function = enclosing[0].name if enclosing else ""
        kind = "piece" if "#" in name else "fragment"
        return Site(name, function, kind, start, start + len(wanted), None, steps[0].name if steps else "")

    # --- the template ------------------------------------------------------------------------

    def tree_of_sites(self) -> list[Site]:
        """The sites as a forest, each with the sites directly inside it (laminar, or an error)."""
        ordered = sorted(self.sites, key=lambda s: (s.start, -s.end, s.rank))
        roots: list[Site] = []
        stack: list[Site] = []
        for site in ordered:
            site.children = []
            while stack and not (stack[-1].start <= site.start and site.end <= stack[-1].end):
                stack.pop()
            if stack and site.start < stack[-1].end < site.end:
                raise AnchorError(f"{site.name!r} crosses {stack[-1].name!r}: a place must hold whole places")
            for earlier in roots if not stack else stack[-1].children:
                if earlier.start < site.start < earlier.end < site.end:
                    raise AnchorError(
                        f"{site.name!r} crosses {earlier.name!r}: a place must hold whole places"
                    )
            (stack[-1].children if stack else roots).append(site)
            stack.append(site)
        return roots

    def filled(self, start: int, end: int, inside: list[Site]) -> str:
        """The text of [start, end) with each of `inside` that lies in it as its hole."""
        parts, position = [], start
        for child in inside:
            if child.start < start or child.end > end:
                continue
            parts.append(self.text(position, child.start))
            parts.append("{" + child.name + "}")
            position = child.end
        parts.append(self.text(position, end))
        return "".join(parts)

    def default(self, site: Site) -> str:
        """A point's own text with the points inside it as holes."""
        if site.via:
            return "{" + site.via + "}"
        return self.filled(site.start, site.end, site.children)

    def template(self) -> str:
        return self.filled(0, len(self.raw), self.tree_of_sites())

    def site(self, name: str) -> Site:
        found = [s for s in self.sites if s.name == name]
        if not found:
            raise AnchorError(f"no place named {name!r} in the reference")
        return found[0]

    def part(self, site: Site, node: ast.AST) -> str:
        """The template text of a node inside `site`: its own places kept as holes."""
        start, end = self.span(node)
        return self.filled(start, end, _within(site, start, end))

    def steps_of(self, function: str) -> list[Site]:
        return [s for s in self.sites if s.function == function and s.kind == "step"]


def _within(site: Site, start: int, end: int) -> list[Site]:
    """The outermost sites under `site` that lie inside [start, end)."""
    found: list[Site] = []

    def visit(children: list[Site]) -> None:
        for child in children:
            if start <= child.start and child.end <= end:
                found.append(child)
            elif child.start < end and start < child.end:
                visit(child.children)

    visit(site.children)
    return found


def _line_starts(raw: bytes) -> list[int]:
    starts = [0]
    for index, byte in enumerate(raw):
        if byte == 0x0A:
            starts.append(index + 1)
    return starts


def _statements(function: ast.FunctionDef) -> Iterator[ast.Assign | ast.Return]:
    """The function's steps in source order: assignments to one name, and returns."""
    for node in _walk_in_order(function.body):
        if isinstance(node, ast.Return) or (
            isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        ):
            yield node


def _walk_in_order(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    for statement in body:
        yield statement
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(statement, name, None)
            if isinstance(inner, list):
                yield from _walk_in_order([s for s in inner if isinstance(s, ast.stmt)])


def _defaults(function: ast.FunctionDef) -> list[tuple[ast.arg, ast.expr]]:
    positional = function.args.posonlyargs + function.args.args
    pairs = list(
        zip(positional[len(positional) - len(function.args.defaults) :], function.args.defaults, strict=True)
    )
    pairs += [
        (a, d)
        for a, d in zip(function.args.kwonlyargs, function.args.kw_defaults, strict=True)
        if d is not None
    ]
    return pairs


def _number(node: ast.expr) -> float | None:
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int | float)
        and not isinstance(node.value, bool)
    ):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return None if inner is None else -inner
    return None


def number(node: ast.expr) -> float | None:
    """The number a default is written as, or None."""
    return _number(node)


def _axis(node: ast.expr) -> int | None:
    value = _number(node)
    return int(value) if value is not None and value == int(value) else None


def _called(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    if isinstance(node.func, ast.Name):
        return node.func.id
    return None


def _is_numpy(node: ast.Call) -> bool:
    return (
        isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in ("np", "numpy")
    )


def _given_term(node: ast.expr, given: set[str]) -> bool:
    """An argument of the function, or an entry of one (p["b1"]): a term the lesson adds."""
    if isinstance(node, ast.Subscript):
        node = node.value
    return isinstance(node, ast.Name) and node.id in given


def term_label(node: ast.expr) -> str:
    """How a term is named in an id: `Y`, `b1` for p["b1"]."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return str(node.slice.value)
    return node.id if isinstance(node, ast.Name) else "term"


def parameters(function: ast.FunctionDef) -> list[str]:
    return [a.arg for a in function.args.posonlyargs + function.args.args + function.args.kwonlyargs]
