"""The riddle system's modules import each other in one direction only (issue 14 §4).

Every ``from generator.systems.riddle... import`` counts, also those under
``TYPE_CHECKING`` and inside functions: a circle hidden behind a lazy import is
still a missing lower layer.
"""
from __future__ import annotations

import ast
from pathlib import Path

import generator.systems.riddle as riddle_pkg

PACKAGE = "generator.systems.riddle"
ROOT = Path(riddle_pkg.__file__).parent


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join([PACKAGE, *parts])


def import_graph() -> dict[str, set[str]]:
    """Module -> the riddle modules it imports (packages resolved to their __init__)."""
    modules = {_module_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                target = node.module
                if target.startswith(PACKAGE) and target in modules and target != name:
                    deps.add(target)
        graph[name] = deps
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as a path that ends where it starts, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                return stack[stack.index(dep):] + [dep]
            if dep not in state:
                found = visit(dep)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_find_cycle_sees_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_printing_modules_form_no_circle() -> None:
    graph = import_graph()
    printing = {f"{PACKAGE}.{m}" for m in ("cards", "render", "sheets", "book", "maps", "content",
                                           "typography", "wording", "badges", "setup_box",
                                           "solutions", "player_aid", "sky_layout",
                                           "constellation")}
    sub = {m: graph[m] & printing for m in printing}
    assert find_cycle(sub) is None
    assert f"{PACKAGE}.render" not in set().union(*(graph[m] for m in printing))
