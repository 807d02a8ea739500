"""The shipped campaign's numbers (issue 24 §1 and §3), from the real proofs.

The proofs are the ones ``check`` makes: the same :func:`~.proofs.requests_by_count`
requests, answered by :func:`~.proofs.prove_all` from a cache that one check of the
shipped pack filled (``shipped_cache``), so nothing here solves the campaign again.
The designer's measures (key moves, trap rate) are computed on top of those proofs
(:func:`~.measures.measure_solve`, deterministic: seeded playouts, state caps, no
clock), only for the riddles a number needs, and once per riddle and player count.

- A god is *central* to a riddle when one of its objectives has the god's power in
  every shortest line (``power NAME`` among the measures' ``key_parts``) or names it
  among its ``key_moves`` (``take NAME``, ``... with NAME``).
- A riddle *turns on a blessing card* when taking its revealed blessing cards away
  makes an objective longer or impossible: every shortest line plays one.
- A finale's objective has a *unique key move* when its ``key_moves`` hold exactly one
  turn; its trap rate is the share of naive playouts that miss the par.
- Two tiers *tie* when they take the same number of turns at one player count.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from generator.pack.loader import load_packs
from generator.pack.model import Document
from generator.pack.schema import load_schemas
from generator.pipeline import Options, check, kinds_of
from generator.registry import discover_systems
from generator.systems.riddle import proof_shared
from generator.systems.riddle.bookkeeping import plain_text
from generator.systems.riddle.campaign import Campaign, build_campaign
from generator.systems.riddle.measures import measure_solve
from generator.systems.riddle.checks import iter_stockpile_problems
from generator.systems.riddle.proofs import (
    ProofRequest,
    ProofShared,
    playable_counts,
    prove_all,
    requests_by_count,
)
from generator.systems.riddle.results import SOLVED, UNSOLVABLE, RiddleSolve
from generator.systems.riddle.solver import CHECK_BUDGET, solve_riddle

SHIPPED = Path(__file__).resolve().parents[3] / "content" / "riddles"
ALL_COUNTS = (1, 2, 3, 4)
NEEDS_POWER, SAVES = "needs a god power or a blessing", "a god power or a blessing saves"
"""How the solver's reason begins when a power or blessing is on every shortest line,
and when one shortens it."""
SHORTCUT_CODES = ("RS-G108", "RS-G110")
"""The island curve's warning and the deck god's shortcut warning."""


@dataclasses.dataclass(frozen=True)
class Shipped:
    shared: ProofShared
    campaign: Campaign
    solves: dict[tuple[str, int], RiddleSolve]
    measured: Callable[[str, int, str, bool], dict[str, Any] | None]
    effects: dict[str, str]
    docs: dict[str, Document]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory,
            shipped_cache: Callable[[str, Path], None]) -> Shipped:
    loaded = load_packs([SHIPPED], load_schemas(), kinds_of(discover_systems()))
    [pack] = loaded.packs
    shared = proof_shared(pack)
    [campaign] = [build_campaign(d) for d in pack.of_kind("campaign")]
    requests: list[ProofRequest] = [q for r in shared.riddles.values()
                                    for q in requests_by_count(r)]
    cache_root = tmp_path_factory.mktemp("campaign-numbers-cache")
    shipped_cache("riddles", cache_root)
    found = prove_all(requests, shared, cache_dir=cache_root / pack.id)
    solves = {(q.riddle, q.players): found[q] for q in requests if not q.expert}

    @cache
    def measured(rid: str, players: int, tier: str, traps: bool) -> dict[str, Any] | None:
        """One objective's measures (None: not solved, or not measured)."""
        riddle, solve = shared.riddles[rid], solves[(rid, players)]
        one = dataclasses.replace(solve, objectives=tuple(
            o for o in solve.objectives if o.tier == tier))
        [found] = measure_solve(riddle, one, gods=shared.gods, die=shared.die_of(riddle),
                                blessings=shared.blessings, seconds=None, traps=traps).objectives
        return None if found.measures is None else dict(found.measures)

    effects = {d.id: str(d.data.get("effect", "")) for d in pack.of_kind("blessing")}
    docs = {d.id: d for d in pack.of_kind("riddle")}
    return Shipped(shared, campaign, solves, measured, effects, docs)


def central(measures: dict[str, Any] | None, name: str) -> bool:
    """True when the god called ``name`` is central to the measured objective.

    >>> central({"key_moves": ["take Hermes"], "key_parts": ["take Hermes"]}, "Hermes")
    True
    >>> central({"key_moves": [], "key_parts": ["power Pan"]}, "Pan"), central(None, "Pan")
    (True, False)
    >>> central({"key_moves": ["take Apollo"], "key_parts": []}, "Pan")
    False
    """
    if measures is None:
        return False
    word = re.compile(rf"\b{re.escape(name)}\b")
    return (f"power {name}" in measures.get("key_parts", ())
            or any(word.search(move) for move in measures.get("key_moves", ())))


def powered(solve: RiddleSolve, tier: str) -> bool:
    """True when the solver says a power or a blessing is on every shortest line of
    ``tier``, or shortens it (used only to order a search, never for a verdict)."""
    reason = next(o.reason for o in solve.objectives if o.tier == tier)
    return reason.startswith(NEEDS_POWER) or reason.startswith(SAVES)


def solved_tiers(solve: RiddleSolve) -> list[str]:
    return [o.tier for o in solve.objectives if o.status == SOLVED]


def tied_tiers(solve: RiddleSolve) -> list[str]:
    """Tiers that take as many turns as another tier of the same solve."""
    turns = [(o.tier, o.turns) for o in solve.objectives if o.status == SOLVED]
    return [tier for tier, t in turns if sum(1 for _, u in turns if u == t) > 1]


def test_twenty_two_riddles_over_four_islands_all_in_the_campaign(shipped: Shipped) -> None:
    islands = shipped.campaign.islands
    listed = [rid for island in islands for rid in island.riddles]
    assert len(islands) >= 4
    assert len(listed) >= 22
    assert sorted(listed) == sorted(shipped.shared.riddles)
    # Numbered as played: campaign order is number order.
    numbers = [shipped.shared.riddles[rid].number for rid in listed]
    assert numbers == sorted(numbers)


def test_every_objective_is_proven_at_every_player_count_allowed(shipped: Shipped) -> None:
    open_ = [f"{rid} {n}p {o.tier}: {o.status}" for (rid, n), s in shipped.solves.items()
             for o in s.objectives if o.status != SOLVED]
    assert not open_, open_


def test_narrower_player_counts_say_why(shipped: Shipped) -> None:
    """A riddle that does not allow 1-4 players says why in a comment just above its
    ``players:`` line."""
    silent = []
    for path in sorted((SHIPPED / "riddles").glob("*.yaml")):
        lines = path.read_text("utf-8").splitlines()
        rid = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("id:"))
        if tuple(shipped.shared.riddles[rid].players) == ALL_COUNTS:
            continue
        at = next(i for i, line in enumerate(lines) if line.startswith("players:"))
        if not (at and lines[at - 1].startswith("#")):
            silent.append(rid)
    assert not silent, silent


def test_each_god_is_central_to_a_riddle(shipped: Shipped) -> None:
    """Searched among the objectives of the riddles whose opening queue holds the god,
    at every player count they allow, those a power shortens first; the first objective
    found is enough."""
    riddles = shipped.shared.riddles
    order = [rid for island in shipped.campaign.islands for rid in island.riddles]
    missing = []
    for god, card in sorted(shipped.shared.gods.items()):
        name = plain_text(card.name)
        candidates = [(rid, n, tier) for rid in order if god in riddles[rid].gods.queue
                      for n in playable_counts(riddles[rid])
                      for tier in solved_tiers(shipped.solves[(rid, n)])]
        candidates.sort(key=lambda c: not powered(shipped.solves[c[:2]], c[2]))
        if not any(central(shipped.measured(rid, n, tier, False), name)
                   for rid, n, tier in candidates):
            missing.append(god)
    assert len(shipped.shared.gods) == 10
    assert not missing, missing


def test_three_riddles_turn_on_a_blessing_card(shipped: Shipped) -> None:
    """Without its revealed blessing cards, an objective of the riddle takes more turns
    at one player, or cannot be done: the solver proves it, or the piece count does
    (RS-G015: the coins need more pieces than the riddle supplies without the cards)."""
    turning = []
    for rid, riddle in shipped.shared.riddles.items():
        if not riddle.gods.revealed:
            continue
        bare = dataclasses.replace(riddle, gods=dataclasses.replace(riddle.gods, revealed=()))
        without = solve_riddle(bare, 1, gods=shipped.shared.gods,
                               die=shipped.shared.die_of(bare), blessings=shipped.shared.blessings,
                               budget=CHECK_BUDGET, count_first_moves=False, seconds=None)
        short = {o.tier for o in riddle.objectives for d in iter_stockpile_problems(
            bare, shipped.docs[rid], dict(shipped.shared.gods), shipped.effects)
            if d.code == "RS-G015" and f"the {o.tier} objective " in d.message}
        with_ = {o.tier: o.turns for o in shipped.solves[(rid, 1)].objectives}
        if any(with_[o.tier] is not None
               and (o.status == UNSOLVABLE or o.tier in short
                    or (o.status == SOLVED and (o.turns or 0) > (with_[o.tier] or 0)))
               for o in without.objectives):
            turning.append(rid)
    assert len(turning) >= 3, turning


def test_each_island_ends_on_a_unique_key_move_that_traps(shipped: Shipped) -> None:
    """At one player, the last riddle of every island has an objective whose shortest
    lines share exactly one key move and that naive play misses at least half the time."""
    riddles = shipped.shared.riddles
    weak = {}
    for island in shipped.campaign.islands:
        last = max(island.riddles, key=lambda rid: riddles[rid].number)
        found = [(tier, m["key_moves"], m["trap_rate"])
                 for tier in solved_tiers(shipped.solves[(last, 1)])
                 if (m := shipped.measured(last, 1, tier, True)) is not None]
        if not any(len(keys) == 1 and trap is not None and trap >= 0.5
                   for _, keys, trap in found):
            weak[last] = found
    assert not weak, weak


def test_tiers_never_tie(shipped: Shipped) -> None:
    tied = {f"{rid} {n}p": tied_tiers(s) for (rid, n), s in shipped.solves.items()
            if tied_tiers(s)}
    assert not tied, tied


def test_no_shortcut_warning_and_nothing_silenced(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> None:
    """``check`` warns of no deck god's shortcut and no island that gets easier, and no
    riddle or campaign silences a riddle code to get there."""
    silenced = [f"{p.name}:{n}" for p in sorted(SHIPPED.rglob("*.yaml"))
                for n, line in enumerate(p.read_text("utf-8").splitlines(), 1)
                if re.search(r"riddlesmith:\s*ignore", line)]
    assert not silenced, silenced
    shipped_cache("riddles", tmp_path)
    report = check([SHIPPED], Options(cache_dir=tmp_path))
    warned = [f"{Path(d.file).name}:{d.line} {d.code}" for d in report.diagnostics
              if d.code in SHORTCUT_CODES]
    assert not warned, warned
