"""``playtest --replay I``: game ``I`` of a playtest, turn by turn.

A run seeded ``S`` plays game ``I`` from ``random.Random(derive_seed(S, I))``
(:func:`~generator.sim.montecarlo.make_rng`) with a fresh policy, so replaying it
alone gives the game the run played, on any executor. Each round prints the map
after the enemies' turn and after the builder's action (``.`` ground, digits
levels, ``~`` water, ``T`` a target zone, ``B`` a builder, arrows enemies facing
that way), then how the game ended.
"""
from __future__ import annotations

from generator.engine.geometry import COLUMN_LETTERS
from generator.sim.montecarlo import make_rng
from generator.systems.tower import engine
from generator.systems.tower.game import Action, Game, State, format_state
from generator.systems.tower.policies import load_policy
from generator.systems.tower.rules import name_loss


def square_name(game: Game, sq: int) -> str:
    """``A1`` for square 0 (row-major from the top left)."""
    return f"{COLUMN_LETTERS[sq % game.width]}{sq // game.width + 1}"


def describe_action(game: Game, before: State, action: Action) -> str:
    """``builder 2 B3-C3, builds C4`` (and the longer move, the further pieces, a power's
    other space, Hermes's walks: see :mod:`.player_turn`)."""
    builder, to, build, via, extra, other, more, walks = action
    start = before.builders[builder]
    path = square_name(game, start) + (f"-{square_name(game, via)}" if via >= 0 else "")
    text = ""
    if other >= 0:
        text = (f"sends the enemy on {square_name(game, other)} across, "
                if game.rules.force_enemy else
                f"takes a block off {square_name(game, other)}, ")
    if extra >= 0 and game.rules.build_before_move:
        text += f"builds {square_name(game, extra)} first, "
        extra = -1
    if walks:
        text += "builders walk " + ", ".join(
            f"{square_name(game, b)}-{square_name(game, w)}"
            for b, w in zip(before.builders, walks) if w >= 0)
        text += f", builder {builder + 1}"
    else:
        text += f"builder {builder + 1} {path}-{square_name(game, to)}"
    text += f", builds {square_name(game, build)}" if build >= 0 else ", builds nothing"
    further = [square_name(game, u) for u in (extra, *more) if u >= 0]
    if len(further) == 1:
        text += f", a second piece on {further[0]}"
    elif further:
        text += ", more pieces on " + ", ".join(further)
    return text


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def replay_text(game: Game, scenario: str, policy: str, seed: int, index: int,
                max_rounds: int, variant: str | None = None) -> str:
    """Game ``index`` of a run seeded ``seed``, turn by turn."""
    lines = [f"{scenario}: game {index} of a run seeded {seed}, policy {policy}"
             + (f", with the '{variant}' card" if variant else ""),
             "set-up:", _indent(format_state(game, game.start))]
    last = [game.start]

    def observe(rounds: int, state: State, action: Action | None) -> None:
        if action is None:
            lines.append(f"round {rounds}, enemies:")
        else:
            lines.append(f"round {rounds}, {describe_action(game, last[0], action)}:")
        lines.append(_indent(format_state(game, state)))
        last[0] = state

    result = engine.play_game(game, load_policy(policy).make(game), make_rng(seed, index),
                              max_rounds=max_rounds, observe=observe)
    if result.won:
        lines.append(f"won in {result.rounds} round{'s' if result.rounds != 1 else ''}")
    else:
        lines.append(f"lost in round {result.rounds}: {name_loss(result.lost)}")
    return "\n".join(lines) + "\n"


__all__ = ["describe_action", "replay_text", "square_name"]
