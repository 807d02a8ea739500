"""``docs/architecture.md`` names every module of the core (outside the systems'
own folders, which it names by folder) and every system folder: a module added
without a word in the guide fails here."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text("utf-8")


def test_every_core_module_is_named_in_the_architecture_guide() -> None:
    missing = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        rel = path.relative_to(ROOT / "generator")
        if rel.parts[0] == "systems" and len(rel.parts) > 2:
            continue  # a system's own modules: its folder is named
        if path.name == "__init__.py" or rel.parts[0] == "render" and "fonts" in rel.parts:
            continue
        named = ["/".join(rel.parts[:i]) + "/" for i in range(2, len(rel.parts))]
        if any(f"`{folder}`" in DOC or f"`{folder.split('/', 1)[1]}`" in DOC
               for folder in named):
            continue  # a subpackage the guide names by its folder (engine/powers/...)
        if path.name not in DOC and str(rel) not in DOC:
            missing.append(str(rel))
    assert missing == [], f"name these in docs/architecture.md: {missing}"


def test_every_system_folder_is_named() -> None:
    for folder in sorted(p for p in (ROOT / "generator" / "systems").iterdir() if p.is_dir()
                         and (p / "__init__.py").exists()):
        assert f"systems/{folder.name}/" in DOC, folder.name
