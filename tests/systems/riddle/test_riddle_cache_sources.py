"""The proof cache is keyed by the solver's own source, so a code change that could
alter a stored result makes it be searched again (the simulators' caches do the same)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from generator.systems.riddle import cache

PRINTING = {"badges", "book", "booklet", "campaign", "campaign_checks", "cards", "checks", "stage",
            "codes", "components", "constellation", "content", "decks", "figures", "french",
            "hints", "labels", "legend", "maps", "tabletop",
            "measures", "measure_memo", "player_aid", "render", "shortcuts",
            "setup_box", "sheets", "sky_layout", "solutions", "solve_cli", "solver_diagnostics",
            "templates",
            "typography", "wording", "__init__"}
"""Riddle modules that print, check content or drive the command line: no stored proof
depends on their code (the measures' cache of ``figures`` hashes ``measures``,
``measure_memo`` and itself on top of the proof's key)."""


def test_every_listed_module_has_a_source_file() -> None:
    for name in cache.SOLVER_MODULES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin and Path(spec.origin).is_file(), name


def test_each_riddle_module_is_either_hashed_or_known_to_print() -> None:
    """A new module of the riddle system must be sorted into one of the two lists."""
    folder = Path(cache.__file__).parent
    hashed = {name.rsplit(".", 1)[1] for name in cache.SOLVER_MODULES
              if name.startswith("generator.systems.riddle.")}
    for path in folder.glob("*.py"):
        assert (path.stem in hashed) != (path.stem in PRINTING), path.name


def test_an_edit_to_a_solver_module_changes_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    before = cache.solver_sources()
    real = Path.read_bytes
    bounds = importlib.util.find_spec("generator.systems.riddle.goals.slots")
    assert bounds is not None and bounds.origin

    def edited(self: Path) -> bytes:
        data = real(self)
        return data + b"\n# edited\n" if str(self) == bounds.origin else data

    cache.solver_sources.cache_clear()
    monkeypatch.setattr(Path, "read_bytes", edited)
    try:
        assert cache.solver_sources() != before
    finally:
        monkeypatch.undo()
        cache.solver_sources.cache_clear()
    assert cache.solver_sources() == before
