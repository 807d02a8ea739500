"""A pack's role documents read into models (:func:`read_pack`) and their rule checks
(:func:`check_pack`): where the system's check, build, playouts and playtest start."""
from __future__ import annotations

from collections.abc import Mapping

from generator.diagnostics import Diagnostic
from generator.pack.model import Document, Pack
from generator.systems.roles import checks
from generator.systems.roles.engine import Table, compile_table
from generator.systems.roles.model import (
    Deal,
    RoleCard,
    RoleGame,
    build_card,
    build_game,
    iter_deals,
)


MODELS = "roles.models"
"""The role system's key in ``Pack.stage``."""


def read_pack(pack: Pack) -> tuple[dict[str, RoleCard], dict[str, Document],
                                   list[tuple[RoleGame, str, Document]]]:
    """The cards (by id, with their documents) and the games of a pack: the role system's
    model stage, read on first use and kept in ``Pack.stage`` for the rest of the run,
    so check, the playouts, the build and the report take the same models (read them,
    never change them)."""
    stored = pack.stage.get(MODELS)
    if stored is None:
        stored = pack.stage[MODELS] = _read(pack)
    return stored


def _read(pack: Pack) -> tuple[dict[str, RoleCard], dict[str, Document],
                               list[tuple[RoleGame, str, Document]]]:
    docs = {doc.id: doc for doc in pack.of_kind("role-card")}
    cards = {ident: build_card(doc) for ident, doc in docs.items()}
    games = [(*build_game(doc), doc) for doc in pack.of_kind("role-game")]
    return cards, docs, games


def compile_deals(game: RoleGame, cards: Mapping[str, RoleCard]
                  ) -> tuple[tuple[Deal, ...], tuple[Table, ...]]:
    """Every deal of the game and its table."""
    deals = iter_deals(game, cards)
    return deals, tuple(compile_table(game, cards, deal) for deal in deals)


DEALS = "roles.deals"
"""The key in ``Pack.stage`` of the compiled deals of the pack's games, by game id."""


def deals_of(pack: Pack, game: RoleGame) -> tuple[tuple[Deal, ...], tuple[Table, ...]]:
    """Every deal of a game of ``pack`` and its table (its cards from :func:`read_pack`),
    compiled once a run and kept with the pack's models."""
    compiled: dict[str, tuple[tuple[Deal, ...], tuple[Table, ...]]] = \
        pack.stage.setdefault(DEALS, {})
    if game.id not in compiled:
        compiled[game.id] = compile_deals(game, read_pack(pack)[0])
    return compiled[game.id]


def check_pack(pack: Pack) -> list[Diagnostic]:
    """Every rule check of the role system on a pack (pure)."""
    cards, docs, games = read_pack(pack)
    out: list[Diagnostic] = []
    for ident, card in cards.items():
        out.extend(checks.iter_legacy_problems(docs[ident]))
        out.extend(checks.iter_card_problems(card, docs[ident]))
    for game, problem, doc in games:
        out.extend(checks.iter_legacy_problems(doc))
        out.extend(checks.iter_board_problems(game, problem, doc))
        out.extend(checks.iter_deck_problems(game, doc, cards, pack.rejected_ids,
                                             pack.may_lack("role-card")))
    return out


__all__ = ["DEALS", "MODELS", "check_pack", "compile_deals", "deals_of", "read_pack"]
