"""What a Santowerini pack's scenario book prints, from the pack's models (the model
stage, :func:`.stage.models_of`): the campaign's title, story and ranks, its scenarios
in playing order, the enemies' order and the god cards (variants). Every page of the
book and the pieces printed beside it (boards, tokens, the player aid) lay this out;
:mod:`.book` and :mod:`.book_back` both read it."""
from __future__ import annotations

from dataclasses import dataclass

from generator.pack.model import Document, Pack, pick_text
from generator.systems.tower.labels import label as L
from generator.systems.tower.model import Scenario, TowerCampaign, Variant
from generator.systems.tower.render import text_of
from generator.systems.tower.rules import ENEMY_TYPES
from generator.systems.tower.scoring import RANKS
from generator.systems.tower.stage import models_of


@dataclass(frozen=True, slots=True)
class BookContent:
    """What the book prints, read from the pack."""

    title: str
    subtitle: str
    story: str
    scenarios: tuple[tuple[Scenario, Document], ...]  # in playing order
    enemy_order: tuple[str, ...]
    ranks: tuple[tuple[int, str], ...]
    variants: tuple[Variant, ...]


def default_ranks(lang: str | None) -> tuple[tuple[int, str], ...]:
    """The ranks of a campaign without its own, named in ``lang``."""
    return tuple((points, L("t-rank-" + name.lower().replace(" ", "-"), lang))
                 for points, name in RANKS)


def read_book(pack: Pack, lang: str | None) -> BookContent:
    """Scenarios in campaign order (others after, by number), the campaign's texts and ranks."""
    models = models_of(pack)
    scenarios = models.built()
    campaigns = sorted(models.campaigns, key=lambda entry: entry[1].id)
    campaign: TowerCampaign | None = campaigns[0][0] if campaigns else None
    ordered: list[tuple[Scenario, Document]] = []
    if campaign is not None:
        for ident in dict.fromkeys(campaign.scenarios):
            if ident in scenarios:
                ordered.append(scenarios.pop(ident))
    ordered.extend(sorted(scenarios.values(), key=lambda item: (item[0].number, item[0].id)))
    variants = tuple(sorted((v for v, _ in models.variants),
                            key=lambda v: (v.difficulty != "easy", v.god or "", v.id)))
    pack_title = pick_text(pack.data.get("title", pack.id), lang)
    if campaign is None:
        return BookContent(pack_title, L("t-default-subtitle", lang), "", tuple(ordered),
                           ENEMY_TYPES, default_ranks(lang), variants)
    ranks = default_ranks(lang) if campaign.ranks is None else tuple(
        (r.points, text_of(r.name, lang)) for r in campaign.ranks)
    return BookContent(text_of(campaign.title, lang), pack_title,
                       text_of(campaign.story, lang) if campaign.story else "",
                       tuple(ordered), campaign.enemy_order, ranks, variants)


__all__ = ["BookContent", "default_ranks", "read_book"]
