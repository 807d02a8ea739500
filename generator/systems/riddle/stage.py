"""The riddle system's model stage and the proofs it hands on (issue 23 §1).

The pipeline runs load -> validate -> model -> check -> render. For riddles the model
stage is :func:`read_models`: every riddle, god, die, blessing card, campaign and
constellation of a pack read once into frozen models, with the riddles' own
diagnostics. :func:`models_of` keeps them on the pack (``Pack.stage``), so check, the
build, the report, the print targets and ``diff`` all take these values instead of
reading the documents again: a full build reads each document once
(``tests/systems/riddle/test_riddle_stage.py`` counts).

:class:`~.proofs.ProofStore` is the other half: the proofs ``check`` computes (or reads from the
disk cache) in this run, handed on to the book, the report and the figures as values.
The disk cache only carries results from one run to the next.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.diagnostics import Diagnostic
from generator.pack.model import Document, Pack
from generator.systems.riddle.box import (
    BlessingCard,
    Die,
    GodCard,
    build_blessing,
    build_die,
    build_god,
)
from generator.systems.riddle.campaign import (
    Campaign,
    Constellation,
    build_campaign,
    build_constellation,
)
from generator.systems.riddle.model import Riddle, build_riddle
from generator.systems.riddle.proofs import ProofShared, ProofStore

MODELS, PROOFS = "riddle.models", "riddle.proofs"
"""The riddle system's keys in ``Pack.stage``."""


@dataclass(frozen=True, slots=True)
class RiddleModels:
    """Every riddle document of a pack, read once (pack order)."""

    riddles: tuple[tuple[Document, Riddle | None, tuple[Diagnostic, ...]], ...]
    gods: Mapping[str, GodCard]
    dice: Mapping[str, Die]
    blessings: Mapping[str, BlessingCard]
    campaigns: tuple[tuple[Campaign, Document], ...]
    constellations: tuple[tuple[Constellation, Document], ...]

    def built(self) -> dict[str, Riddle]:
        """The riddles that read without errors, by id."""
        return {doc.id: riddle for doc, riddle, _ in self.riddles if riddle is not None}

    def shared(self) -> ProofShared:
        """What every proof reads: the riddles that read, the gods, the dice, the cards."""
        return ProofShared(self.built(), self.gods, self.dice, self.blessings)


def read_models(pack: Pack) -> RiddleModels:
    """The model stage: read every document of the riddle kinds of ``pack`` once
    (the riddles against their file's text, so their diagnostics point inside maps)."""
    riddles = []
    for doc in pack.of_kind("riddle"):
        riddle, diags = build_riddle(doc, pack.sources.get(doc.file))
        riddles.append((doc, riddle, tuple(diags)))
    return RiddleModels(
        riddles=tuple(riddles),
        gods={d.id: build_god(d) for d in pack.of_kind("god")},
        dice={d.id: build_die(d) for d in pack.of_kind("die")},
        blessings={d.id: build_blessing(d) for d in pack.of_kind("blessing")},
        campaigns=tuple((build_campaign(d), d) for d in pack.of_kind("campaign")),
        constellations=tuple((build_constellation(d), d) for d in pack.of_kind("constellation")))


def models_of(pack: Pack) -> RiddleModels:
    """The pack's riddle models: read by the model stage on first use, then handed on."""
    models = pack.stage.get(MODELS)
    if not isinstance(models, RiddleModels):
        models = pack.stage[MODELS] = read_models(pack)
    return models


def proofs_of(pack: Pack) -> ProofStore:
    """The pack's proofs of this run (empty before ``check``)."""
    store = pack.stage.get(PROOFS)
    if not isinstance(store, ProofStore):
        store = pack.stage[PROOFS] = ProofStore()
    return store


__all__ = ["MODELS", "PROOFS", "RiddleModels", "models_of", "proofs_of",
           "read_models"]
