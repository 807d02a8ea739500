"""No two modules of the package import each other (STYLE 13: a circle of imports is a
missing lower layer).

Every import counts: relative ones, and those inside functions, where a circle
hides until the one function runs. ``tests/systems/riddle/test_riddle_imports.py``
holds the riddle system's printing modules to the same, type-only imports too.
"""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import generator

ROOT = Path(generator.__file__).parent

KNOWN_CIRCLES = (
    # The riddle package's check_pack and read_sources, which solve_cli imports at the
    # top, while the package imports solve_cli inside run_solve. Not broken yet.
    frozenset({"generator.systems.riddle", "generator.systems.riddle.solve_cli"}),
)
"""Circles that remain (a package and a module that imports it back); a new one fails."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


def import_graph(*, types: bool) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (``from pkg import sub`` names the
    submodule), with the imports under ``TYPE_CHECKING`` when ``types``."""
    modules = {_module_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = set() if types else _type_only(tree)
        deps: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if sub in modules:
                        deps.add(sub)
                    elif target in modules:
                        deps.add(target)
        deps.discard(name)
        graph[name] = deps
    return graph


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for dep in sorted(graph.get(node, ())):
            if dep not in index:
                visit(dep)
                low[node] = min(low[node], low[dep])
            elif dep in on_stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            group = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.add(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_circles_finds_a_circle_and_nothing_else() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [frozenset({"a", "b", "c"})]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_relative_and_function_level_imports() -> None:
    graph = import_graph(types=False)
    assert "generator.render.scene" in graph["generator.render.pdf"]  # from .scene import
    assert "generator.render.fonts" in graph["generator.render.pdf"]  # from . import fonts
    # images.py imports fonts inside the function that draws an SVG picture.
    assert "generator.render.fonts" in graph["generator.render.images"]


def test_no_module_imports_one_that_imports_it_back() -> None:
    new = [sorted(c) for c in circles(import_graph(types=False)) if c not in KNOWN_CIRCLES]
    assert new == []


@pytest.mark.parametrize("package", ["generator.render", "generator.systems.tower"])
def test_render_and_tower_form_no_circle_even_for_types(package: str) -> None:
    graph = import_graph(types=True)
    inside = {m: graph[m] for m in graph if m.startswith(package + ".")}
    assert circles({m: deps & set(inside) for m, deps in inside.items()}) == []


@pytest.mark.parametrize("module", [
    "generator.render.pdf", "generator.render.images",
    "generator.systems.tower.book", "generator.systems.tower.book_back",
    "generator.systems.glyphs.sim_checks", "generator.systems.roles.render",
])
def test_each_module_imports_first_in_a_fresh_interpreter(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
