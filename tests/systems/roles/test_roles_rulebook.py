"""The New York rulebook's cards that the power vocabulary expresses (our own short
names, no rulebook wording): each passes the timing and power checks and plays on an
open board, and the ones it cannot express are listed here on purpose."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pytest

from generator.engine.geometry import Geometry
from generator.engine.powers.registry import POWERS
from generator.engine.powers.turn import list_plies
from generator.engine.state import state_from_heights
from generator.systems.roles.checks import allowed_timings
from generator.systems.roles.engine import card_rules
from generator.systems.roles.model import Ability, RoleCard

EXPRESSED: dict[str, list[tuple[str, str, dict[str, Any]]]] = {
    "engineer": [("start-of-turn", "build-skyscraper-first", {}),
                 ("win-condition", "win-by-dome", {})],
    "ironworker": [("your-build", "build-two-spaces", {"required": True})],
    "crane-operator": [("your-build", "build-same-twice", {"required": True,
                                                            "blocks_only": False})],
    "broadway-actors": [("your-turn", "both-workers-act", {})],
    "firefighter": [("start-of-turn", "build-under", {"timing": "before-move"})],
    "foreman": [("your-build", "build-around", {"whose": "neighbour"}),
                ("your-build", "build-two-spaces", {"required": True})],
    "nypd-officer": [("your-move", "push-into", {})],
    "street-vendor": [("end-of-turn", "force-onto-build", {})],
    "subway-operator": [("your-move", "slide", {"exclusive": True})],
    "taxi-driver": [("your-move", "leap", {"exclusive": True})],
    "tour-bus-driver": [("game-setup", "place-skyscraper", {}),
                        ("your-move", "move-beside-skyscraper", {"exclusive": True})],
}
NOT_EXPRESSED = ("night-guard", "reporter", "fashion-designer")
"""Making an opponent move a worker, a force that slides to the first free space, and
pulling any neighbour of the start space into it: no piece of the vocabulary yet."""


def _card(ident: str) -> RoleCard:
    abilities = tuple(Ability(t, "text", p, MappingProxyType(params))
                      for t, p, params in EXPRESSED[ident])
    return RoleCard(ident, "builder", "rulebook", (1,), ident, False, abilities)


@pytest.mark.parametrize("ident", sorted(EXPRESSED))
def test_rulebook_card_is_expressed_and_plays(ident: str) -> None:
    card = _card(ident)
    for ability in card.abilities:
        assert ability.power in POWERS and ability.timing in allowed_timings(ability.power)
    with_win, without_win, _, _ = card_rules(card)
    g = Geometry.rectangle(5, 5)
    heights = [0] * 25
    heights[g.square("C2")] = 1
    state = state_from_heights(heights, [g.square("E1")], [g.square("B2"), g.square("D4"),
                                                           g.square("C3"), -1])
    for rules in (with_win, without_win):
        assert list_plies(g, state, 0b0011, rules, opponents=0b0100)

