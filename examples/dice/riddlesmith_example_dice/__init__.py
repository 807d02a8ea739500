"""Dice challenge cards: an example third-party game system for riddlesmith.

Each ``dice-card`` asks a player to roll some six-sided dice and reach a target
sum, with a few rerolls after a miss. The system brings everything a game system
needs, in this one module and :mod:`.cards`, and imports riddlesmith's public API
only (:mod:`generator.api`):

- its document kind and the JSON Schema of it (``schemas/dice-card.schema.json``);
- its diagnostic codes with their explanations (``riddlesmith explain RS-D001``);
- a rule check (a target the dice cannot reach, ``RS-D001``), a seeded
  simulation of each card's odds (``RS-D002``), and riddlesmith's own fit check
  of the printed text (``RS-R001``);
- a printed deck (duplex card sheets and one SVG per card, :mod:`.cards`);
- a ``playtest`` command (``riddlesmith playtest PACK CARD --rerolls 1``).

It is registered in ``pyproject.toml`` as the ``dice`` entry point of the
``riddlesmith.systems`` group. The walk-through is riddlesmith's ``docs/plugins.md``.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from generator import api

KIND = "dice-card"
UNREACHABLE = "RS-D001"
ODDS = "RS-D002"

CODES = (
    api.Code(UNREACHABLE, api.Severity.ERROR, "dice target out of reach",
             why="The dice on the card can never roll the target (n dice roll n to 6n), so the "
                 "challenge cannot be won; change the target or the number of dice.",
             example="kind: dice-card\nid: giant-leap\ntitle: Giant leap\ndice: 2\n"
                     "target: 13    # two dice roll at most 12"),
    api.Code(ODDS, api.Severity.INFO, "dice card odds",
             why="A note with each card's chance of success, from seeded rolls with the "
                 "rerolls the deck allows, to judge how hard the deck is.",
             example="kind: dice-card\nid: steady-hand\ntitle: Steady hand\ndice: 2\ntarget: 9"),
)
"""The codes of this system: ``RS-D`` is its letter (no other installed system may use them)."""

POLICIES = ("reroll-all", "reroll-low")
"""After a miss, reroll every die, or only the dice showing 1 to 3."""

CHECK_GAMES = 2000
CHECK_SEED = 1
CHECK_REROLLS = 1


def iter_unreachable(cards: list[api.Document]) -> Iterator[api.Diagnostic]:
    """``RS-D001`` for each card whose target its dice can never roll (a pure rule check)."""
    for card in cards:
        dice, target = int(card.data["dice"]), int(card.data["target"])
        if target > 6 * dice:
            yield card.diag(UNREACHABLE, f"{dice} dice roll at most {6 * dice}; the target "
                            f"{target} can never be reached", ("target",),
                            hint=f"a target of {6 * dice} or less, or more dice")


def play(dice: int, target: int, rerolls: int, policy: str, rng: random.Random) -> bool:
    """One challenge: roll ``dice`` dice, reroll after a miss (``policy``); True if reached."""
    rolled = [rng.randint(1, 6) for _ in range(dice)]
    for _ in range(rerolls):
        if sum(rolled) >= target:
            break
        rolled = [rng.randint(1, 6) if policy == "reroll-all" or value <= 3 else value
                  for value in rolled]
    return sum(rolled) >= target


def successes(dice: int, target: int, rerolls: int, policy: str, games: int, seed: int) -> int:
    """How many of ``games`` challenges succeed; game *i* is seeded from (seed, *i*)."""
    return sum(play(dice, target, rerolls, policy, api.make_rng(seed, i)) for i in range(games))


@dataclass(frozen=True, slots=True)
class DiceSystem:
    name: str = "dice"
    kinds: tuple[str, ...] = (KIND,)

    def setup(self, app: api.SystemSetup) -> None:
        """Register everything the system brings, in one place: its kind with its JSON
        Schema, its codes, its deck for the print targets and its playtest command."""
        for kind, schema in api.read_schemas(__name__).items():
            app.add_kind(kind, schema)
        app.add_codes(CODES)
        app.add_print_source(api.PrintSource(decks=self.decks))
        app.add_command(api.Command(
            "playtest", (KIND,), self.run_playtest,
            (api.CommandOption("rerolls", "Rerolls after a miss (default 1).", "int",
                               minimum=0, maximum=5),),
            policies=POLICIES))

    def check(self, pack: api.Pack, options: api.Options) -> list[api.Diagnostic]:
        from riddlesmith_example_dice.cards import fit_flavour

        cards = pack.of_kind(KIND)
        out = list(iter_unreachable(cards))
        for card in cards:
            if card.data.get("text"):  # RS-R001 and friends, at the text's line
                out.extend(api.diagnose_fit(fit_flavour(str(card.data["text"])), card.file,
                                            *card.locate(("text",)), pointer="/text",
                                            what="flavour text"))
            dice, target = int(card.data["dice"]), int(card.data["target"])
            if target <= 6 * dice:
                won = successes(dice, target, CHECK_REROLLS, POLICIES[0], CHECK_GAMES, CHECK_SEED)
                out.append(card.diag(ODDS, f"'{card.id}' succeeds "
                                     f"{api.format_rate(won, CHECK_GAMES)} of {CHECK_GAMES} "
                                     f"games with {CHECK_REROLLS} reroll", ("target",)))
        return out

    def build(self, pack: api.Pack, options: api.Options,
              progress: api.ProgressFn) -> list[api.Artefact]:
        from riddlesmith_example_dice.cards import build_artefacts

        return build_artefacts(pack, options)

    def decks(self, pack: api.Pack, options: api.Options) -> list[api.Deck]:
        """The deck, for the ``pro`` and ``tts`` targets and fold-and-glue sheets."""
        from riddlesmith_example_dice.cards import dice_deck

        return [dice_deck(pack, options)]

    def report(self, pack: api.Pack, options: api.Options) -> dict[str, Any]:
        rates = {}
        for card in pack.of_kind(KIND):
            won = successes(int(card.data["dice"]), int(card.data["target"]), CHECK_REROLLS,
                            POLICIES[0], CHECK_GAMES, CHECK_SEED)
            rates[card.id] = round(won / CHECK_GAMES, 4)
        return {"games": CHECK_GAMES, "rerolls": CHECK_REROLLS, "success": rates}

    def templates(self) -> dict[str, str]:
        return {KIND: TEMPLATE}

    def starter_files(self, pack_id: str) -> dict[str, str]:
        return {"pack.yaml": PACK_TEMPLATE.replace("{pack_id}", pack_id),
                "cards/steady-hand.yaml": TEMPLATE.split("\n", 1)[1].replace("{id}", "steady-hand")}

    def run_playtest(self, request: api.CommandRequest) -> tuple[int, str]:
        report = api.check([Path(request.pack)])
        cards = {card.id: card for pack in report.packs for card in pack.of_kind(KIND)}
        card = cards.get(request.target)
        if card is None:
            return 2, (f"riddlesmith: no dice card '{request.target}' in {request.pack} "
                       f"(cards: {', '.join(sorted(cards)) or 'none'})")
        values = request.values
        games, seed = int(values["games"]), int(values["seed"])
        rerolls = CHECK_REROLLS if values.get("rerolls") is None else int(values["rerolls"])
        policy = str(values["policy"])
        if policy not in POLICIES:
            return 2, f"riddlesmith: unknown policy '{policy}' (dice: {', '.join(POLICIES)})"
        dice, target = int(card.data["dice"]), int(card.data["target"])
        won = successes(dice, target, rerolls, policy, games, seed)
        low, high = api.wilson_interval(won, games)
        if request.fmt == "json":
            return 0, json.dumps({"card": card.id, "games": games, "seed": seed,
                                  "policy": policy, "rerolls": rerolls, "successes": won,
                                  "success_rate": won / games,
                                  "success_rate_ci95": [low, high]}, indent=2)
        return 0, (f"{card.id}: {dice} dice, target {target}, {rerolls} reroll(s), {policy}\n"
                   f"success {api.format_rate(won, games)} over {games} games (seed {seed})")


TEMPLATE = """# folder: cards/{id}.yaml
kind: dice-card
id: {id}
title: Steady hand             # printed at the top of the card
text: Breathe, then throw.     # optional flavour text
dice: 2                        # six-sided dice rolled (1-6)
target: 9                      # the sum to reach; n dice roll at most 6n
copies: 1                      # how many of this card to print
"""

PACK_TEMPLATE = """kind: pack
id: {pack_id}
title: Dice challenges
version: 0.1.0
systems: [dice]
include:
  - cards/*.yaml
"""

SYSTEM = DiceSystem()

__all__ = ["CODES", "DiceSystem", "KIND", "POLICIES", "SYSTEM", "iter_unreachable", "play",
           "successes"]
