"""A pack's role documents read into models (:func:`read_pack`) and their rule checks
(:func:`check_pack`): where the system's check, build, playouts and playtest start."""
from __future__ import annotations

from generator.diagnostics import Diagnostic
from generator.pack.model import Document, Pack
from generator.systems.roles import checks
from generator.systems.roles.model import RoleCard, RoleGame, build_card, build_game


def read_pack(pack: Pack) -> tuple[dict[str, RoleCard], dict[str, Document],
                                   list[tuple[RoleGame, str, Document]]]:
    """The cards (by id, with their documents) and the games of a pack."""
    docs = {doc.id: doc for doc in pack.of_kind("role-card")}
    cards = {ident: build_card(doc) for ident, doc in docs.items()}
    games = [(*build_game(doc), doc) for doc in pack.of_kind("role-game")]
    return cards, docs, games


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


__all__ = ["check_pack", "read_pack"]
