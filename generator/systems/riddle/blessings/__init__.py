"""Blessing cards as one-time powers (RULES.md section 1, "Blessings"): one module
per effect, each declaring a :class:`~._common.BlessingPower` named ``BLESSING``,
listed in :data:`BLESSINGS`. ``BLESSINGS`` maps the ``effect`` of a blessing
card to its power; :mod:`..blessing_turns` plays them in the solver.

How a card comes into play. A collected blessing token puts a face-down card
from the shuffled blessing deck on top of the god deck; it is revealed when the
queue next refills. Which card that is, is chance, so a proof never relies on a
card drawn during play. A riddle names the cards face up in the opening queue at
set-up (``gods: {revealed: [...]}``); those are known and searched.

Decisions (each visible in :mod:`..blessing_turns`):

- A turn may use any number of revealed cards (the rulebook allows it), beside its
  one action (a move then build, or taking a god). The cards resolve before the
  action, in the order the riddle lists them.
- At most one card of a turn changes the move or the build (the cards that do
  all rewrite the same step or build); it composes with the held gods' powers
  through the engine's :class:`~generator.engine.powers.pieces.TurnRules`, and
  the turn must use it (a card discarded for nothing is never better than kept).
- Powers never move the King or the Sphinx unless the card says so
  (``nudge-figure`` does).
- ``order-deck`` is not searched: it reorders hidden cards, and the solver never
  relies on cards drawn from the god deck.
"""
from __future__ import annotations

from collections.abc import Mapping

from generator.systems.riddle.blessings import (
    build_in_place,
    collect_any_token,
    double_climb,
    exchange_piece,
    extra_build_elsewhere,
    extra_step,
    extra_turn,
    far_build,
    gain_any_block,
    gain_dome,
    gain_level1,
    gain_level3,
    level_leap,
    move_two,
    nudge_figure,
    order_deck,
    reclaim_top,
    revive_worker,
    skip_effects,
    swap_workers,
)
from generator.systems.riddle.blessings._common import BlessingPower
from generator.systems.riddle.vocab import table

BLESSINGS: Mapping[str, BlessingPower] = table(__name__, (
    build_in_place.BLESSING,
    collect_any_token.BLESSING,
    double_climb.BLESSING,
    exchange_piece.BLESSING,
    extra_build_elsewhere.BLESSING,
    extra_step.BLESSING,
    extra_turn.BLESSING,
    far_build.BLESSING,
    gain_any_block.BLESSING,
    gain_dome.BLESSING,
    gain_level1.BLESSING,
    gain_level3.BLESSING,
    level_leap.BLESSING,
    move_two.BLESSING,
    nudge_figure.BLESSING,
    order_deck.BLESSING,
    reclaim_top.BLESSING,
    revive_worker.BLESSING,
    skip_effects.BLESSING,
    swap_workers.BLESSING,
))
"""Effect id -> power, for every blessing effect the riddle system knows."""

__all__ = ["BLESSINGS", "BlessingPower"]
