"""The fragment deck, the When cards and the answer tokens for the print targets.

The same scenes as the home-printing sheets (:mod:`.render`), handed over as
:class:`~generator.render.deck.Deck` values: ``pro`` and ``tts`` and the
fold-and-glue sheets are written from these by the render kit.
"""
from __future__ import annotations

from generator.pack.model import Pack, pick_text
from generator.render.deck import Deck, TokenSet
from generator.render.scene import Circle, Group, Scene
from generator.systems import Options
from generator.systems.fragments.art import BACK_ART, dress
from generator.systems.fragments.layout import card_geometry
from generator.systems.fragments.render import (
    TOKEN_DIAMETER, TOKEN_KEYS, dressed_token, fragment_back, fragment_front, when_side,
)
from generator.systems.fragments.settings import settings_for
from generator.systems.token_art import token_art_of


def _source(pack: Pack) -> tuple[str, int, int] | None:
    """Where the decks are set up: the game document's ``card`` settings; None (the print
    targets then report at ``print.card`` in ``pack.yaml``) when it has none."""
    games = pack.of_kind("fragment-game")
    if not games or "card" not in games[0].data:
        return None
    doc = games[0]
    return (doc.file, *doc.locate(("card",), key=True))


def fragment_decks(pack: Pack, options: Options) -> list[Deck]:
    """The fragment deck (one shared back) and the When cards (two-sided), copies included."""
    settings = settings_for(pack)
    source = _source(pack)
    lang = options.lang
    geo = card_geometry(pack, settings)
    title = pick_text(settings.title, lang)
    cards = sorted(pack.of_kind("fragment-card"),
                   key=lambda d: (str(d.data.get("category", "")), d.id))
    total = sum(int(c.data.get("copies", 1)) for c in cards)
    back = dress(fragment_back(geo, settings, lang), settings.document, "any", pack, geo, BACK_ART)
    fronts: list[Scene] = []
    backs: list[Scene] = []
    names: list[str] = []
    for card in cards:
        for _ in range(int(card.data.get("copies", 1))):
            fronts.append(dress(fragment_front(card, len(fronts) + 1, total, geo, settings, lang),
                                card, "front", pack, geo))
            backs.append(dress(back, card, "back", pack, geo))
            names.append(pick_text(card.data["text"], lang))
    decks: list[Deck] = []
    if fronts:
        decks.append(Deck("fragments", f"{title}: fragment cards", geo.width, geo.height,
                          geo.bleed, tuple(fronts), tuple(backs), tuple(names), source))
    only: list[Scene] = []
    other: list[Scene] = []
    when_names: list[str] = []
    for when in sorted(pack.of_kind("when-card"), key=lambda d: d.id):
        a = dress(when_side(when, "only", geo, settings, lang), when, "front", pack, geo)
        b = dress(when_side(when, "except", geo, settings, lang), when, "back", pack, geo)
        for _ in range(int(when.data.get("copies", 1))):
            only.append(a)
            other.append(b)
            when_names.append(f"When: {pick_text(when.data.get('only', ''), lang)}")
    if only:
        decks.append(Deck("when", f"{title}: When cards", geo.width, geo.height, geo.bleed,
                          tuple(only), tuple(other), tuple(when_names), source))
    return decks


def fragment_token_sets(pack: Pack, options: Options) -> list[TokenSet]:
    """The green (valid) and red (invalid) answer tokens."""
    settings = settings_for(pack)
    size = TOKEN_DIAMETER
    r = size / 2
    art = token_art_of(pack)

    def face(which: str) -> Scene:
        drawn = dressed_token(r, r, which, art)
        # The sheet's picture runs past the disc to the cut line; a virtual token is the disc.
        kids = (Group(tuple(drawn), clip=Circle(r, r, r)),) if art.keys_for(TOKEN_KEYS[which]) else drawn
        return Scene(size, size, tuple(kids), id=f"token-{which}")

    valid, invalid = face("valid"), face("invalid")
    tokens = (valid,) * settings.valid_tokens + (invalid,) * settings.invalid_tokens
    names = ("valid answer (+1)",) * settings.valid_tokens + ("invalid answer (-1)",) * settings.invalid_tokens
    title = pick_text(settings.title, options.lang)
    return [TokenSet("answer-tokens", f"{title}: answer tokens", size, tokens, True, names)]
