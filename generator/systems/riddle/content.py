"""A riddle pack read for printing: the models in campaign order, the paper and duplex shift.

The lowest layer of the riddle system's printing: the book, the card sheets and
the campaign sheets all take a :class:`RiddleContent`, and none of them imports
another printing module to get it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.pack.model import Document, Pack, pick_text
from generator.render.sheets import back_offset_setting
from generator.systems import Options, paper_of
from generator.systems.riddle.box import BlessingCard, Die, GodCard
from generator.systems.riddle.campaign import Campaign, Constellation
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.proofs import ProofStore
from generator.systems.riddle.stage import models_of, proofs_of


@dataclass(frozen=True, slots=True)
class RiddleContent:
    """A riddle pack read for printing."""

    pack_id: str
    title: str
    description: str
    riddles: tuple[tuple[Riddle, Document], ...]  # in campaign order
    gods: dict[str, GodCard]
    god_docs: tuple[Document, ...]  # by number, then id
    blessings: tuple[tuple[BlessingCard, Document], ...]  # by number
    dice: dict[str, Die]
    campaign: Campaign | None
    constellation: Constellation | None
    constellation_title: str
    proofs: ProofStore = field(default_factory=ProofStore)  # this run's, from check


def _number_key(doc: Document) -> tuple[int, str]:
    number = doc.data.get("number")
    return (number if isinstance(number, int) else 1 << 20, doc.id)


def read_content(pack: Pack, lang: str | None) -> RiddleContent:
    """The models of a pack (:mod:`.stage`, read once a run) for printing in ``lang``;
    riddles in campaign order (unlisted ones after, by number)."""
    models = models_of(pack)
    campaigns = sorted(models.campaigns, key=lambda c: c[1].id)
    campaign = campaigns[0][0] if campaigns else None
    read = {doc.id: (riddle, doc) for doc, riddle, _ in models.riddles if riddle is not None}
    built = {doc.id: read[doc.id] for doc in sorted(pack.of_kind("riddle"), key=_number_key)
             if doc.id in read}
    order: list[str] = []
    if campaign is not None:
        for island in campaign.islands:
            order += [rid for rid in island.riddles if rid in built and rid not in order]
    order += [rid for rid in built if rid not in order]
    god_docs = tuple(sorted(pack.of_kind("god"), key=_number_key))
    blessings = tuple(sorted(((models.blessings[d.id], d) for d in pack.of_kind("blessing")),
                             key=lambda p: (p[0].number, p[0].id)))
    skies = sorted(models.constellations, key=lambda c: c[1].id)
    return RiddleContent(
        pack_id=pack.id,
        title=pick_text(pack.data.get("title", pack.id), lang),
        description=pick_text(pack.data.get("description", ""), lang).strip(),
        riddles=tuple(built[rid] for rid in order),
        gods={d.id: models.gods[d.id] for d in god_docs},
        god_docs=god_docs,
        blessings=blessings,
        dice={d.id: models.dice[d.id] for d in sorted(pack.of_kind("die"), key=lambda d: d.id)},
        campaign=campaign,
        constellation=skies[0][0] if skies else None,
        constellation_title=pick_text(skies[0][1].data.get("title", ""), lang) if skies else "",
        proofs=proofs_of(pack),
    )


def back_offset_of(pack: Pack, options: Options) -> tuple[float, float]:
    return back_offset_setting(options.back_offset, pack.data.get("print", {}))


__all__ = ["RiddleContent", "back_offset_of", "paper_of", "read_content"]
