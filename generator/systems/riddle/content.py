"""A riddle pack read for printing: the models in campaign order, the paper and duplex shift.

The lowest layer of the riddle system's printing: the book, the card sheets and
the campaign sheets all take a :class:`RiddleContent`, and none of them imports
another printing module to get it.
"""
from __future__ import annotations

from dataclasses import dataclass

from generator.pack.model import Document, Pack, pick_text
from generator.render.sheets import back_offset_setting
from generator.systems import Options, paper_of
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


def _number_key(doc: Document) -> tuple[int, str]:
    number = doc.data.get("number")
    return (number if isinstance(number, int) else 1 << 20, doc.id)


def read_content(pack: Pack, lang: str | None) -> RiddleContent:
    """The models of a pack; riddles in campaign order (unlisted ones after, by number)."""
    campaigns = sorted(pack.of_kind("campaign"), key=lambda d: d.id)
    campaign = build_campaign(campaigns[0]) if campaigns else None
    built: dict[str, tuple[Riddle, Document]] = {}
    for doc in sorted(pack.of_kind("riddle"), key=_number_key):
        riddle, _ = build_riddle(doc, pack.sources.get(doc.file))
        if riddle is not None:
            built[doc.id] = (riddle, doc)
    order: list[str] = []
    if campaign is not None:
        for island in campaign.islands:
            order += [rid for rid in island.riddles if rid in built and rid not in order]
    order += [rid for rid in built if rid not in order]
    god_docs = tuple(sorted(pack.of_kind("god"), key=_number_key))
    blessings = tuple(sorted(((build_blessing(d), d) for d in pack.of_kind("blessing")),
                             key=lambda p: (p[0].number, p[0].id)))
    skies = sorted(pack.of_kind("constellation"), key=lambda d: d.id)
    return RiddleContent(
        pack_id=pack.id,
        title=pick_text(pack.data.get("title", pack.id), lang),
        description=pick_text(pack.data.get("description", ""), lang).strip(),
        riddles=tuple(built[rid] for rid in order),
        gods={d.id: build_god(d) for d in god_docs},
        god_docs=god_docs,
        blessings=blessings,
        dice={d.id: build_die(d) for d in sorted(pack.of_kind("die"), key=lambda d: d.id)},
        campaign=campaign,
        constellation=build_constellation(skies[0]) if skies else None,
        constellation_title=pick_text(skies[0].data.get("title", ""), lang) if skies else "",
    )


def back_offset_of(pack: Pack, options: Options) -> tuple[float, float]:
    return back_offset_setting(options.back_offset, pack.data.get("print", {}))


__all__ = ["RiddleContent", "back_offset_of", "paper_of", "read_content"]
