"""What the docs name in backticks, and whether it is there.

A path (`service/storage/results.py`, `tests/worker/`, `api/routes_submissions.py` from
`service/`), a module or what it defines (`grader.text.Text`, `results.store_graded` when one
module of the code is called `results`, `ErrorModel.searched_sets` when one class is called
`ErrorModel`), a file named alone (`test_supervisor.py`: some file of the repository is called
so), and the folders of CONTRIBUTING.md's layout are looked up in the repository's files.
What is not ours (`np.where`, `redis://`, `/dev/null`) is not a reference and is left alone.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import itertools
import posixpath
import re
import subprocess
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import ModuleType

CODE = ("service", "grader", "benchmarks")  # where modules and classes are looked up
FILE_ENDINGS = (".py", ".md", ".toml", ".js", ".json", ".lock", ".html", ".sql", ".yml", ".ini")
NOT_A_PATH = re.compile(r"[\s<>{}*…$~:,=]|^\.|^/")
DATA_FILE = re.compile(r"[\w-]+\.(csv|key|secret|txt|log|pem|sqlite)")
LAYOUT_NAME = re.compile(r"[\w.<>-]+/|[\w-]+\.\w+|\.\.")  # a folder, a file, a range's dots
LINK = re.compile(r"\]\(([^)\s]+)\)")
INLINE_CODE = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^(```|~~~)")
DOTTED = re.compile(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\(.*\))?")


@dataclass(frozen=True)
class Reference:
    doc: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}: `{self.text}`"


@dataclass(frozen=True)
class Tree:
    """The repository's files (tracked or about to be), as paths relative to its root."""

    root: Path
    files: frozenset[str]

    @classmethod
    def of(cls, root: Path) -> Tree:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        return cls(root, frozenset(path for path in listed if (root / path).exists()))

    def without(self, path: str) -> Tree:
        """The tree as if `path` (a file, or a folder and all it holds) were renamed away."""
        gone = path.rstrip("/")
        return Tree(self.root, frozenset(f for f in self.files if f != gone and not f.startswith(gone + "/")))

    @cached_property
    def folders(self) -> frozenset[str]:
        return frozenset("/".join(f.split("/")[:n]) for f in self.files for n in range(1, f.count("/") + 1))

    @cached_property
    def tops(self) -> frozenset[str]:
        return frozenset(f.split("/")[0] for f in self.files)

    @cached_property
    def service_packages(self) -> frozenset[str]:
        return frozenset(f.split("/")[1] for f in self.files if re.fullmatch(r"service/\w+/__init__\.py", f))

    @cached_property
    def names(self) -> frozenset[str]:
        return frozenset(f.rsplit("/", 1)[-1] for f in self.files)

    @cached_property
    def modules(self) -> dict[str, list[str]]:
        """Each module's last name, with the dotted modules of our code that end so."""
        found: dict[str, list[str]] = {}
        for module in self._code_modules():
            found.setdefault(module.rsplit(".", 1)[-1], []).append(module)
        return found

    @cached_property
    def classes(self) -> dict[str, list[str]]:
        """Each class name defined at the top of a module of our code, with those modules."""
        found: dict[str, list[str]] = {}
        for module in self._code_modules():
            source = (self.root / self.file_of(module)).read_text()  # type: ignore[operator]
            for node in ast.parse(source).body:
                if isinstance(node, ast.ClassDef):
                    found.setdefault(node.name, []).append(module)
        return found

    def _code_modules(self) -> Iterator[str]:
        for path in sorted(self.files):
            if path.endswith(".py") and path.split("/")[0] in CODE:
                yield path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")

    def is_there(self, path: str) -> bool:
        path = path.rstrip("/")
        return path in self.files or path in self.folders

    def file_of(self, module: str) -> str | None:
        stem = module.replace(".", "/")
        for candidate in (stem + ".py", stem + "/__init__.py"):
            if candidate in self.files:
                return candidate
        return None


def inline_code(text: str) -> Iterator[tuple[int, str]]:
    """Each backticked span outside fenced blocks, with its line number."""
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            for match in INLINE_CODE.finditer(line):
                yield number, match.group(1)


def links(text: str) -> Iterator[tuple[int, str]]:
    """Each relative Markdown link's target (`[x](docs/lti.md#setup)`), with its line number."""
    for number, line in enumerate(text.splitlines(), start=1):
        for match in LINK.finditer(line):
            if not re.match(r"\w+:", match.group(1)):  # not http:, mailto:...
                yield number, match.group(1)


def headings(text: str) -> set[str]:
    """The anchors of a Markdown file's headings, as GitHub makes them."""
    return {
        re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        for line in text.splitlines()
        if line.startswith("#")
    }


def layout(text: str) -> Iterator[tuple[int, str]]:
    """The paths CONTRIBUTING.md's layout block draws: the names that start a line (a folder's
    contents indented under it); a line indented as far as the descriptions continues one."""
    lines = text.splitlines()
    start = lines.index("## Layout") + 2  # the fence opens the line after the heading
    end = lines.index("```", start)
    column = re.search(r"\s{2,}\S", lines[start]).end() - 1  # type: ignore[union-attr]
    parents: list[tuple[int, str]] = []
    for number, line in enumerate(lines[start:end], start=start + 1):
        indent = len(line) - len(line.lstrip())
        if indent >= column or not line.strip():
            continue
        parents = [(depth, name) for depth, name in parents if depth < indent]
        prefix = parents[-1][1] if parents else ""
        for name in itertools.takewhile(LAYOUT_NAME.fullmatch, line.split()):
            if name == "..":
                continue  # `challenge.py .. grade.py`: a range, its ends are checked
            if "<" not in name:
                yield number, prefix + name
            if name.endswith("/"):
                parents.append((indent, prefix + name))


@dataclass(frozen=True)
class Checker:
    tree: Tree
    columns: dict[str, frozenset[str]]  # each table of the metadata, with its columns

    def missing(self, doc: str, text: str) -> list[Reference]:
        found = [Reference(doc, n, t) for n, t in inline_code(text) if not self.exists(t)]
        found += [Reference(doc, n, t) for n, t in links(text) if not self.link_exists(doc, t)]
        if doc == "CONTRIBUTING.md":
            found += [Reference(doc, n, p) for n, p in layout(text) if not self.tree.is_there(p)]
        return found

    def link_exists(self, doc: str, target: str) -> bool:
        """Whether a relative link's file is there and, with `#heading`, has that heading."""
        path, _, anchor = target.partition("#")
        full = posixpath.normpath(posixpath.join(posixpath.dirname(doc), path)) if path else doc
        if not self.tree.is_there(full):
            return False
        return not anchor or anchor in headings((self.tree.root / full).read_text())

    def exists(self, text: str) -> bool:
        """Whether what the span names is there; True for what does not name anything of ours."""
        if "/" in text:
            return self._path_exists(text)
        if text.endswith(FILE_ENDINGS) and text.count(".") == 1:
            return text in self.tree.names or bool(NOT_A_PATH.search(text))  # `*_tables.py`: a pattern
        if DATA_FILE.fullmatch(text):
            return True  # a file the service writes or serves (`gradebook.csv`), not one of ours
        dotted = DOTTED.fullmatch(text)
        return dotted is None or self._name_exists(dotted.group(1))

    def _path_exists(self, text: str) -> bool:
        path, _, test = text.partition("::")
        path = re.sub(r":\d+$", "", path)  # `cli/main.py:11`
        if NOT_A_PATH.search(path) or "://" in text:
            return True
        first = path.split("/")[0]
        candidates = [path] if first in self.tree.tops else []
        if first in self.tree.service_packages:
            candidates.append("service/" + path)  # CONTRIBUTING names service's files from service/
        if not candidates:
            return True
        there = [full for full in candidates if self.tree.is_there(full)]
        return bool(there) and (not test or f"def {test}(" in (self.tree.root / there[0]).read_text())

    def _name_exists(self, dotted: str) -> bool:
        """Whether one reading of the name is there: a table's column, a module of ours or what
        it defines, or what the one class of that name defines; a name with no such reading is
        not ours."""
        first, *rest = dotted.split(".")
        readings: list[bool] = []
        if first in self.columns:
            readings.append(len(rest) == 1 and rest[0] in self.columns[first])  # `results.document`
        if first in CODE:
            readings.append(self._module_attribute(dotted))
        if len(self.tree.modules.get(first, ())) == 1:
            readings.append(self._module_attribute(self.tree.modules[first][0] + "." + ".".join(rest)))
        if len(self.tree.classes.get(first, ())) == 1:
            readings.append(self._module_attribute(self.tree.classes[first][0] + "." + dotted))
        return not readings or any(readings)

    def _module_attribute(self, dotted: str) -> bool:
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            if self.tree.file_of(".".join(parts[:cut])) is not None:
                return self._has(importlib.import_module(".".join(parts[:cut])), parts[cut:])
        return False

    def _has(self, owner: object, names: list[str]) -> bool:
        for name in names:
            if not hasattr(owner, name):
                return name in _fields(owner)  # an instance's field: the class has no attribute
            owner = getattr(owner, name)
            if isinstance(owner, ModuleType) and self.tree.file_of(owner.__name__) is None:
                return False  # a module imported earlier whose file is not in this tree
        return True


def _fields(owner: object) -> set[str]:
    """What an instance has that its class may not: a dataclass's or Pydantic model's fields and
    what its methods assign to `self`, its bases' included."""
    fields: set[str] = set()
    for kind in getattr(owner, "__mro__", ()):
        fields |= {*getattr(kind, "__annotations__", {}), *getattr(kind, "model_fields", {})}
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(kind)))
        except (OSError, TypeError):
            continue  # a builtin, or a class without source
        fields |= {
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        }
    return fields
