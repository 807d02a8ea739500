"""A proof stops on a count of listed player actions (Morpheus's hoard): never a hang."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.systems.tower import proof
from generator.systems.tower.player_turn import list_actions
from generator.systems.tower.playtest import load_game

PACK = Path(__file__).resolve().parents[3] / "content" / "tower"


def test_a_hoarded_stock_lists_many_actions() -> None:
    """Why the cap exists: the listing grows with the pieces on Morpheus's card."""
    game, _ = load_game(PACK, "harbour-light", "morpheus")
    sizes = [len(list_actions(game, game.start._replace(stored=k))) for k in (0, 4, 8)]
    assert sizes[0] < sizes[1] < sizes[2] and sizes[2] > 100 * sizes[0], sizes


def test_past_the_cap_the_proof_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = load_game(PACK, "harbour-light", "morpheus")
    monkeypatch.setattr(proof, "ACTIONS_AT_MOST", 50)
    found = proof.prove_win(game, budget=1_000_000, horizon=40, robust_turns=1)
    assert found.status == proof.UNKNOWN
    assert "player actions were listed" in found.reason


def test_within_the_cap_the_verdict_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cap only ever turns a verdict into "unknown": a proof that fits gives the
    same answer with the cap far away."""
    game, _ = load_game(PACK, "fish-steps")
    capped = proof.prove_win(game, with_line=False)
    monkeypatch.setattr(proof, "ACTIONS_AT_MOST", 10**12)
    assert proof.prove_win(game, with_line=False).status == capped.status
