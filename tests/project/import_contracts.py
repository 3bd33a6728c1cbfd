"""An import-linter contract that says what a package may import, not what it may not.

`type = "only"` (registered in pyproject.toml's `[tool.importlinter]`): every module under
`source_modules` imports, of the root packages, only its own package's modules and those under
`allowed_modules`. A module added anywhere else later is forbidden to it without being listed,
which a `forbidden` contract cannot say.
"""

from __future__ import annotations

from dataclasses import dataclass

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


@dataclass(frozen=True)
class Illegal:
    importer: str
    imported: str
    lines: tuple[int, ...]


def _under(module: str, packages: set[str]) -> bool:
    return any(module == package or module.startswith(package + ".") for package in packages)


class OnlyContract(Contract):
    type_name = "only"

    source_modules = fields.ListField(subfield=fields.ModuleField())
    allowed_modules = fields.ListField(subfield=fields.ModuleField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        sources = {module.name for module in self.source_modules}  # type: ignore[attr-defined]
        allowed = sources | {module.name for module in self.allowed_modules}  # type: ignore[attr-defined]
        illegal = [
            Illegal(importer, imported, _lines(graph, importer, imported))
            for importer in sorted(m for m in graph.modules if _under(m, sources))
            for imported in sorted(graph.find_modules_directly_imported_by(importer))
            if not _under(imported, allowed)
        ]
        return ContractCheck(kept=not illegal, warnings=None, metadata={"illegal": illegal})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for found in check.metadata["illegal"]:
            lines = ", ".join(map(str, found.lines))
            output.print_error(f"- {found.importer} -> {found.imported} (l.{lines})", bold=False)
        output.new_line()


def _lines(graph: ImportGraph, importer: str, imported: str) -> tuple[int, ...]:
    details = graph.get_import_details(importer=importer, imported=imported)
    return tuple(detail["line_number"] for detail in details)
