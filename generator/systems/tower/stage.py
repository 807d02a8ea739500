"""The tower system's model stage and the simulations check hands on (issue 23 §1).

:func:`read_models` is the model stage: every scenario (with the problems met reading
its map), god card and campaign of a pack read once into frozen models.
:func:`models_of` keeps them on the pack (``Pack.stage``), so check, the build, the
report, the print targets and ``playtest`` take these values instead of reading the
documents again (``tests/systems/tower/test_tower_stage.py`` counts the reads of a full
check and build: one a document).

:class:`TowerRun` is the other half: what this run computed from the models, the
engine's games compiled once per (scenario, rules) and every simulator result check
found (playtests, proofs, player and card rates) by its cache key, so the build's
report takes check's results as values. The disk cache only carries results from
one run to the next; with ``--no-cache`` nothing is read or written, and nothing is
computed twice.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.diagnostics import Diagnostic
from generator.pack.model import Document, Pack
from generator.systems.tower.engine import Game
from generator.systems.tower.model import (
    Scenario,
    TowerCampaign,
    Variant,
    build_campaign,
    build_scenario,
    build_variant,
)
from generator.systems.tower.rules import Rules

MODELS, RUN = "tower.models", "tower.run"
"""The tower system's keys in ``Pack.stage``."""


@dataclass(frozen=True, slots=True)
class ScenarioModel:
    """A scenario document, its model (None when its map cannot be read) and the
    problems met reading it."""

    doc: Document
    scenario: Scenario | None
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True, slots=True)
class TowerModels:
    """Every tower document of a pack, read once (pack order)."""

    scenarios: tuple[ScenarioModel, ...]
    variants: tuple[tuple[Variant, Document], ...]
    campaigns: tuple[tuple[TowerCampaign, Document], ...]

    def built(self) -> dict[str, tuple[Scenario, Document]]:
        """The scenarios whose maps read, by id (set-up problems not judged)."""
        return {m.doc.id: (m.scenario, m.doc) for m in self.scenarios
                if m.scenario is not None}


def read_models(pack: Pack) -> TowerModels:
    """The model stage: read every tower document of ``pack`` once (the scenarios
    against their file's text, so map problems point at exact columns inside block
    scalars)."""
    scenarios = []
    for doc in pack.of_kind("tower-scenario"):
        scenario, diags = build_scenario(doc, pack.sources.get(doc.file))
        scenarios.append(ScenarioModel(doc, scenario, tuple(diags)))
    return TowerModels(
        scenarios=tuple(scenarios),
        variants=tuple((build_variant(d), d) for d in pack.of_kind("tower-variant")),
        campaigns=tuple((build_campaign(d), d) for d in pack.of_kind("tower-campaign")))


def models_of(pack: Pack) -> TowerModels:
    """The pack's tower models: read by the model stage on first use, then handed on."""
    return pack.staged(MODELS, TowerModels, lambda: read_models(pack))


@dataclass(slots=True)
class TowerRun:
    """What one run computed from a pack's models: the compiled games, by (scenario,
    rules), and every simulator result, by its cache key (the file name the disk cache
    would give it). A value here is the one the same inputs give again; the store only
    saves computing or reading it twice in a run."""

    games: dict[tuple[Scenario, Rules], Game] = field(default_factory=dict)
    results: dict[str, Any] = field(default_factory=dict)


def run_of(pack: Pack) -> TowerRun:
    """The pack's tower results of this run (empty before ``check``)."""
    return pack.staged(RUN, TowerRun, TowerRun)


__all__ = ["MODELS", "RUN", "ScenarioModel", "TowerModels", "TowerRun", "models_of",
           "read_models", "run_of"]
