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
                                    "generator.systems.roles.reach"])
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
