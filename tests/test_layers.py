"""Imports flow one way: a module imports only its own layer and the layers below it, and
no modules (nor packages) import each other round in a cycle.

The layers, bottom to top, are those of docs/architecture.md. Every module of the package
is read with `ast` (nothing is imported), so the test sees imports inside functions too.
An import under ``if TYPE_CHECKING:`` is allowed to point upwards: it names a type for the
type checker and never runs, so it makes no dependency at run time.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "coop_helper"

# Bottom to top. A name is a package of coop_helper or one of its top-level modules.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("text helpers and errors", ("errors", "interrupts", "files", "text")),
    ("setup", ("setup",)),
    ("engine and native core", ("engine", "native")),
    ("policies", ("policies",)),
    ("sim", ("sim",)),
    ("atlas and journal", ("atlas", "journal")),
    ("render and the Python API", ("render", "api", "game_setup", "")),  # "": __init__.py
    ("cli and web", ("cli", "web", "__main__")),
)
LAYER_OF = {part: index for index, (_, parts) in enumerate(LAYERS) for part in parts}


@dataclass(frozen=True)
class Import:
    """One import statement's target, as a module of the package."""

    source: str  # the importing module, e.g. coop_helper.sim.pool
    target: str  # the imported module, e.g. coop_helper.sim.traces
    line: int
    type_only: bool  # under `if TYPE_CHECKING:`


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def part_of(module: str) -> str:
    """The package (or top-level module) of coop_helper a module belongs to."""
    bits = module.split(".")
    return bits[1] if len(bits) > 1 else ""


def _resolve(name: str) -> str:
    """The longest prefix of ``name`` that is a module of the package."""
    bits = name.split(".")
    while bits and ".".join(bits) not in MODULES:
        bits.pop()
    return ".".join(bits)


def _type_checking_nodes(tree: ast.Module) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            inside.update(id(child) for stmt in node.body for child in ast.walk(stmt))
    return inside


def imports_of(module: str) -> Iterator[Import]:
    """Every import of the package's own modules in ``module``, wherever it stands."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    type_only = _type_checking_nodes(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            # `from a import b` imports module a.b when there is one, else a name of a
            targets = [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            if target.split(".")[0] != "coop_helper":
                continue
            resolved = _resolve(target)
            if resolved and resolved != module:
                yield Import(module, resolved, node.lineno, id(node) in type_only)


ALL_IMPORTS = [imp for module in MODULES for imp in imports_of(module)]


def _where(imp: Import) -> str:
    return f"{MODULES[imp.source].relative_to(PACKAGE.parent)}:{imp.line} imports {imp.target}"


def test_every_part_of_the_package_has_a_layer():
    assert {part_of(m) for m in MODULES} <= set(LAYER_OF), "add the new part to LAYERS"


def test_no_module_imports_from_a_higher_layer():
    wrong = {
        f"{_where(imp)} ({LAYERS[LAYER_OF[part_of(imp.target)]][0]} is above "
        f"{LAYERS[LAYER_OF[part_of(imp.source)]][0]})"
        for imp in ALL_IMPORTS
        if not imp.type_only and LAYER_OF[part_of(imp.target)] > LAYER_OF[part_of(imp.source)]
    }
    assert not wrong, "\n".join(sorted(wrong))


def test_the_web_page_does_not_import_the_command_line():
    """cli and web stand side by side on the top layer, each calling the layers below; the
    CLI may start the web page (`coop-helper serve`), never the other way round."""
    wrong = {
        _where(imp)
        for imp in ALL_IMPORTS
        if (part_of(imp.source), part_of(imp.target)) == ("web", "cli")
    }
    assert not wrong, "\n".join(sorted(wrong))


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph (its nodes in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def _graph(key: Callable[[str], str]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for imp in ALL_IMPORTS:
        if imp.type_only:
            continue
        source, target = key(imp.source), key(imp.target)
        if source != target:
            graph.setdefault(source, set()).add(target)
    return graph


def test_no_modules_import_each_other_in_a_cycle():
    cycle = _cycle(_graph(lambda module: module))
    assert cycle is None, " -> ".join(cycle or [])


def test_no_packages_import_each_other_in_a_cycle():
    cycle = _cycle(_graph(part_of))
    assert cycle is None, " -> ".join(cycle or [])


@pytest.mark.parametrize(
    ("graph", "cycle"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
        ({"a": {"b"}, "b": {"c"}, "c": set()}, None),
        ({"a": {"a"}}, ["a", "a"]),
    ],
)
def test_the_cycle_finder_finds_a_cycle_and_only_a_cycle(graph, cycle):
    assert _cycle(graph) == cycle


def test_the_walk_sees_an_import_inside_a_function_and_one_for_the_type_checker_only():
    """Imports are read wherever they stand (a lazy import is an import too)."""
    lazy = [imp for imp in ALL_IMPORTS if imp.source == "coop_helper" and not imp.type_only]
    assert [imp.target for imp in lazy] == ["coop_helper.api"]  # inside __getattr__
    typing_only = [imp for imp in ALL_IMPORTS if imp.source == "coop_helper" and imp.type_only]
    assert {imp.target for imp in typing_only} == {"coop_helper.api"}
