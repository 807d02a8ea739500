"""The glyph simulation cache is an optimisation, never a source of truth: an entry
that these settings could not have produced is recomputed, and hostile files at the
cache path (wrong shapes, FIFOs) are ignored, never followed or waited on."""
from __future__ import annotations

import json
import os
from pathlib import Path

from generator.systems.glyphs.content import load_pack
from generator.systems.glyphs.sim_checks import CACHE_PREFIX, SimSettings, consistent, simulate
from tests.systems.glyphs.conftest import load_small, write_pack

TINY = SimSettings(games=2, grids=1, budget=200)


def small_table(tmp_path: Path):  # type: ignore[no-untyped-def]
    loaded, problems = load_pack(load_small(write_pack(tmp_path / "p")))
    assert not problems and loaded.table is not None
    return loaded.table


def cache_file(folder: Path) -> Path:
    (found,) = [p for p in folder.iterdir() if p.name.startswith(CACHE_PREFIX)]
    return found


def test_a_tampered_entry_is_recomputed(tmp_path: Path) -> None:
    table, cache = small_table(tmp_path), tmp_path / "cache"
    fresh = simulate(table, TINY, cache)
    path = cache_file(cache)
    stored = json.loads(path.read_text())
    assert consistent(stored["result"], table, TINY)
    stored["result"]["curve"][0]["wins"] = TINY.games + 5  # more wins than games
    path.write_text(json.dumps(stored))
    assert simulate(table, TINY, cache) == fresh
    assert consistent(json.loads(path.read_text())["result"], table, TINY)  # rewritten


def test_wrong_shapes_and_fifos_are_ignored(tmp_path: Path) -> None:
    table, cache = small_table(tmp_path), tmp_path / "cache"
    fresh = simulate(table, TINY, cache)
    path = cache_file(cache)
    for text in ("[]", "null", "{\"fingerprint\": 1}", "[" * 200_000):
        path.write_text(text)
        assert simulate(table, TINY, cache) == fresh
    path.unlink()
    os.mkfifo(path)
    assert simulate(table, TINY, cache) == fresh  # returns: the FIFO is never opened blocking


def test_every_module_deciding_a_stored_figure_is_hashed() -> None:
    # Each module a hashed one imports from the glyph system (at the top or inside a
    # function, as the planner imports its numba kernel) is hashed too: a change to how
    # the games are played must change the key.
    import ast
    import importlib.util

    from generator.systems.glyphs.sim_checks import HASHED_MODULES

    # The model compiles documents into the Table the fingerprint hashes whole; content
    # and checks only load and judge them; replay prints one game (playtest --replay).
    loading = {"generator.systems.glyphs.model", "generator.systems.glyphs.content",
               "generator.systems.glyphs.checks", "generator.systems.glyphs.replay"}
    glyphs = [m for m in HASHED_MODULES if m.startswith("generator.systems.glyphs.")]
    assert "generator.systems.glyphs.compiled" in glyphs
    for name in glyphs:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin
        tree = ast.parse(Path(spec.origin).read_text("utf-8"))
        used = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module
                and n.module.startswith("generator.systems.glyphs.")}
        used |= {f"generator.systems.glyphs.{a.name}" for n in ast.walk(tree)
                 if isinstance(n, ast.ImportFrom) and n.module == "generator.systems.glyphs"
                 for a in n.names}
        assert used - loading <= set(HASHED_MODULES), (name, sorted(used - loading
                                                                    - set(HASHED_MODULES)))
