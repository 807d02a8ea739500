"""The forcing abilities that complete the New York cards, each pinned on a small
hand position: ``order-move`` (a neighbour's owner must move it), ``force-line``
(north or south to the first free space), ``force-into-vacated`` (any neighbour of
the start space into it), the ``required`` forces, and the rooftop-only win.
Their lockstep with the slow reference is in test_engine_abilities.py."""
from __future__ import annotations

from typing import Any

from generator.engine import parse_position
from generator.engine.powers import compose, list_plies, make_power
from generator.engine.powers.turn import Ply


def _list(text: str, *powers: tuple[str, dict[str, Any]]) -> tuple[list[Ply], set[str]]:
    """The plies of worker 0 (workers 2 and 3 are the opponents') and their
    descriptions ``moves|builds|win`` as in test_engine_powers."""
    geometry, position = parse_position(text)
    rules = compose((p, make_power(p, params)) for p, params in powers)
    plies = list_plies(geometry, position.state, 0b0001, rules, opponents=0b1100)
    name = geometry.name
    described = set()
    for ply in plies:
        moves = " ".join(f"W{i}>{name(sq)}" for i, sq in ply.moves)
        builds = " ".join(f"{name(sq)}:{'D' if p == 3 else p + 1}" for sq, p in ply.builds)
        described.add(f"{moves}|{builds}|{'win' if ply.win else ''}")
    return plies, described


def test_order_move_makes_the_neighbour_step_and_leaves_the_choice_to_its_owner() -> None:
    plies, text = _list("0000~0 A1,-,C1,- 1", ("order-move", {}))
    assert text == {"W0>B1 W2>D1|A1:1|"}  # C1 must step; B1 is taken, so only D1
    assert all(p.owner_chooses and p.powers == ("order-move",) for p in plies)
    _, stuck = _list("000a~0 A1,-,C1,- 1", ("order-move", {}))  # D1 is domed: C1 is stuck
    assert stuck == {"W0>B1|A1:1|"}
    _, optional = _list("0000~0 A1,-,C1,- 1", ("order-move", {"required": False}))
    assert optional == {"W0>B1 W2>D1|A1:1|", "W0>B1|A1:1|"}
    _, climb = _list("0002~0 A1,-,C1,- 1", ("order-move", {}))  # D1 two levels up
    assert climb == {"W0>B1|A1:1|"}
    _, far = _list("00000~0 A1,-,D1,- 1", ("order-move", {}))  # nobody next to B1
    assert far == {"W0>B1|A1:1|", "W0>B1|C1:1|"}


def test_order_move_comes_after_the_build() -> None:
    # W0 A1 -> B1 raises B2 to level 2: the ordered worker on C1 (level 0) can no
    # longer climb onto it; after a build on A1 it still can.
    _, text = _list("000/010 A1,-,C1,- 1", ("order-move", {}))
    assert "W0>B1 W2>C2|B2:2|" in text and "W0>B1 W2>B2|B2:2|" not in text
    assert "W0>B1 W2>B2|A1:1|" in text


def test_force_line_passes_over_anything_to_the_first_free_space() -> None:
    _, text = _list("00/00/00/00 A1,-,B2,B3 1", ("force-line", {}))
    assert "W0>A2 W2>B4|A1:1|" in text  # B2 south over B3 to B4
    assert "W0>A2 W3>B4|A1:1|" in text  # B3 south to B4
    assert "W0>A2 W2>B1|A1:1|" in text  # B2 north to B1
    assert "W0>A2 W3>B1|A3:1|" in text  # B3 north over B2 to B1
    assert not any(t.startswith("W0>A2|") for t in text)  # a must when possible
    _, sideways = _list("00/00/00/00 A1,-,B2,B3 1", ("force-line", {"directions": ["E"]}))
    assert all(t.count("W") == 1 for t in sideways)  # the edge is east of both: no force


def test_force_line_stops_at_the_sea() -> None:
    _, text = _list("00/0~/00 A1,-,B1,- 1", ("force-line", {"directions": ["S"]}))
    assert not any("W2>" in t for t in text)  # the sea on B2 comes first


def test_force_into_vacated_pulls_any_neighbour_of_the_start_space() -> None:
    _, text = _list("000/000/000 B2,C3,A1,- 1", ("force-into-vacated", {}))
    assert "W0>B1 W2>B2|C1:1|" in text  # A1 is diagonal, not straight behind
    assert "W0>B1 W1>B2|C1:1|" in text  # the player's own worker too
    assert not any(t.startswith("W0>B1|") for t in text)  # a must when possible
    _, pull = _list("000/000/000 B2,C3,A1,- 1", ("pull", {}))
    assert "W0>B1 W2>B2|C1:1|" not in pull
    _, alone = _list("000/000/000 B2,-,-,- 1", ("force-into-vacated", {}))
    assert "W0>B1|C1:1|" in alone


def test_required_force_onto_the_build() -> None:
    _, text = _list("000/000 A1,-,C1,- 1", ("force-onto-build", {"required": True}))
    assert "W0>B2 W2>B1|B1:1|" in text and "W0>B2|B1:1|" not in text
    assert "W0>B2|A1:1|" in text  # C1 is not next to A1: nothing to force


def test_win_by_dome_needs_a_rooftop_not_a_skyscraper() -> None:
    plies, text = _list("0030/0000 A1,-,D2,- 1", ("build-skyscraper-first", {}),
                        ("win-by-dome", {}))
    assert plies and all(p.builds[0][1] == 3 for p in plies)  # a skyscraper first
    wins = {t for t in text if t.endswith("win")}
    assert wins and all("C1:D" in t for t in wins)  # only capping C1 wins
    _, atlas = _list("0000~0 A1,-,F1,- 1", ("atlas", {}), ("win-by-dome", {}))
    assert "W0>B1|C1:D|" in atlas  # a dome on the ground is no rooftop
