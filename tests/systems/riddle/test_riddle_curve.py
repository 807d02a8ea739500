"""The shipped campaign's difficulty curve (issue 13 §4).

Within each island, in riddle-number order, the hardest objective of a riddle
(the most turns its shortest one-player solution takes) never needs fewer turns
than the hardest objective of an earlier riddle of the island; each island's last
riddle has an objective that only a god power or a blessing card solves; and at
least six objectives of the campaign use one on their shortest line. The verdicts
come from the path ``check`` takes (``riddle.proofs.prove_all``), with its cache in
``tmp_path``, without counting first moves (the book's solve counts them).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.registry import discover_systems
from generator.systems.riddle import proof_shared
from generator.systems.riddle.campaign import build_campaign
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.proofs import ProofRequest, playable_counts, prove_all
from generator.systems.riddle.results import SOLVED, RiddleSolve

SHIPPED = Path(__file__).resolve().parents[3] / "content" / "riddles"
NEEDS_POWER = "needs a god power or a blessing"
"""How the solver's reason begins when no line without a power exists."""


def hardest(solve: RiddleSolve) -> int:
    """Turns of the riddle's hardest objective (every objective must be proven)."""
    unproven = [o.tier for o in solve.objectives if o.status != SOLVED or o.turns is None]
    assert not unproven, f"{solve.riddle}: not proven: {unproven}"
    return max(o.turns or 0 for o in solve.objectives)


def falls(curve: list[tuple[int, str, int]]) -> list[str]:
    """The riddles of one island (number, id, hardest turns) whose hardest objective
    takes fewer turns than an earlier riddle's.

    >>> falls([(1, "a", 3), (2, "b", 5), (7, "c", 4)])
    ['c (4 turns after 5)']
    >>> falls([(1, "a", 3), (2, "b", 3)])
    []
    """
    out, top = [], 0
    for _, rid, turns in sorted(curve):
        if turns < top:
            out.append(f"{rid} ({turns} turns after {top})")
        top = max(top, turns)
    return out


@pytest.fixture(scope="module")
def proven(tmp_path_factory: pytest.TempPathFactory, shipped_cache: Callable[[str, Path], None]
           ) -> tuple[dict[str, Riddle], dict[str, tuple[str, ...]], dict[str, RiddleSolve]]:
    loaded = load_packs([SHIPPED], load_schemas(), kinds_of(discover_systems()))
    [pack] = loaded.packs
    shared = proof_shared(pack)
    [campaign] = [build_campaign(d) for d in pack.of_kind("campaign")]
    islands = {i.id: i.riddles for i in campaign.islands}
    # One player where the riddle allows it (``solver.expect`` is written for one).
    requests = {rid: ProofRequest(rid, min(playable_counts(r)))
                for rid, r in shared.riddles.items()}
    cache = tmp_path_factory.mktemp("curve-cache")
    shipped_cache("riddles", cache)  # the proofs one check of the campaign stores
    solves = prove_all(list(requests.values()), shared, cache_dir=cache / pack.id)
    return dict(shared.riddles), islands, {rid: solves[q] for rid, q in requests.items()}


def test_within_each_island_the_hardest_objective_never_gets_easier(proven: tuple[
        dict[str, Riddle], dict[str, tuple[str, ...]], dict[str, RiddleSolve]]) -> None:
    riddles, islands, solves = proven
    bad = {}
    for island, ids in islands.items():
        curve = [(riddles[rid].number, rid, hardest(solves[rid])) for rid in ids]
        if falls(curve):
            bad[island] = falls(curve)
    assert not bad, bad


def test_each_island_ends_on_a_riddle_that_needs_a_power(proven: tuple[
        dict[str, Riddle], dict[str, tuple[str, ...]], dict[str, RiddleSolve]]) -> None:
    riddles, islands, solves = proven
    for island, ids in islands.items():
        last = max(ids, key=lambda rid: riddles[rid].number)
        top = hardest(solves[last])
        needs = [o.tier for o in solves[last].objectives
                 if o.turns == top and o.reason.startswith(NEEDS_POWER)]
        assert needs, f"{island}: {last}'s hardest objective is solved without a power"


def test_six_objectives_use_a_power_on_their_shortest_line(proven: tuple[
        dict[str, Riddle], dict[str, tuple[str, ...]], dict[str, RiddleSolve]]) -> None:
    _, _, solves = proven
    powered = [f"{rid} {o.tier}" for rid, solve in solves.items() for o in solve.objectives
               if o.status == SOLVED and o.reason.startswith(NEEDS_POWER)
               and any(step.get("power") for step in o.steps)]
    assert len(powered) >= 6, powered
