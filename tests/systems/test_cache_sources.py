"""Simulation caches are keyed by their simulator's source: editing the code that
computes a cached figure (a rule fixed in the engine, a policy changed) must not
leave the old figures in ``check`` and the build report.

Each key is computed twice, the second time with one hashed module's source
changed (:func:`generator.sim.cache.digest_sources` reads the file its spec names).
"""
from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

import generator.sim.cache as sim_cache
from generator.systems.fragments.report import cached_report
from generator.systems.fragments.settings import GameSettings
from generator.systems.roles import playout


def _edited(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, module: str) -> None:
    """From now on, ``module``'s source reads as its text plus a comment."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    copy = tmp_path / "edited.py"
    copy.write_text(Path(spec.origin).read_text(encoding="utf-8") + "# edited\n",
                    encoding="utf-8")
    real = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> object:
        found = real(name, package)
        return SimpleNamespace(origin=str(copy)) if name == module else found

    monkeypatch.setattr(sim_cache.importlib.util, "find_spec", find_spec)


def _roles_key() -> str:
    doc = SimpleNamespace(data={"kind": "role-game", "id": "g"})
    card = SimpleNamespace(data={"kind": "role-card", "id": "c"})
    return playout._fingerprint(doc, [card], 12, 3, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("module", ["generator.systems.roles.engine",
                                    "generator.systems.roles.policies",
                                    "generator.systems.roles.reach",
                                    # the engine's power modules play the cards' abilities
                                    "generator.engine.powers.abilities.leap",
                                    "generator.engine.powers.abilities._force",
                                    "generator.engine.powers.fast",
                                    "generator.engine.powers.registry",
                                    "generator.engine.state"])
def test_the_roles_playout_key_follows_the_simulator_source(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, module: str) -> None:
    before = _roles_key()
    assert _roles_key() == before  # the key itself is stable
    _edited(monkeypatch, tmp_path, module)
    assert _roles_key() != before


def test_the_fragments_report_file_follows_the_simulator_source(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    settings = GameSettings(games=2)

    def files(run: Callable[[], object]) -> set[str]:
        run()
        return {p.name for p in (tmp_path / "cache").iterdir()}

    first = files(lambda: cached_report(4, settings, tmp_path / "cache"))
    _edited(monkeypatch, tmp_path, "generator.systems.fragments.sim")
    assert files(lambda: cached_report(4, settings, tmp_path / "cache")) > first


def _glyph_key() -> str:
    from generator.systems.glyphs.model import Table
    from generator.systems.glyphs.sim_checks import DEFAULT_SETTINGS, fingerprint

    table = Table(n=2, symbol_of=(), symbols=(), cards=(), degrees=(), specials=(),
                  special_active=0, rewards=(), tokens=(), slots=(), whirlpool_curse=0,
                  whirlpool_remaining=3, patterns=())
    return fingerprint(table, DEFAULT_SETTINGS)


def _tower_key() -> str:
    from generator.systems.tower.sim_checks import digest_sources

    return digest_sources()


@pytest.mark.parametrize(("key", "module"), [
    (_glyph_key, "generator.systems.glyphs.sim_checks"),  # computes the curve's figures
    (_glyph_key, "generator.sim.stats"),  # the Wilson intervals in the curve
    (_glyph_key, "generator.systems.glyphs.solver"),
    (_tower_key, "generator.systems.tower.sim_checks"),  # decides when a proof is searched
    (_tower_key, "generator.sim.stats"),
    (_tower_key, "generator.systems.tower.engine"),
    (_tower_key, "generator.systems.tower.game"),
    (_tower_key, "generator.systems.tower.enemy_turn"),
    (_tower_key, "generator.systems.tower.player_turn"),
])
def test_the_glyph_and_tower_keys_follow_every_module_that_computes_a_stored_figure(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, key: Callable[[], str],
        module: str) -> None:
    before = key()
    _edited(monkeypatch, tmp_path, module)
    assert key() != before
