"""Role-game playout speed: playouts/s with random and greedy players, side by side.

    python benchmarks/roles.py [--games 60] [--greedy-games 12] [--deal-games 75]
                               [--seed 1] [--repeat 3]

One core, in-process, CPU seconds (time.process_time). Printed in one run:

0. greedy games per CPU second at 2 and 4 players over every deal of the shipped
   game (``content/roles``; game ``i`` on deal ``i mod D``, as ``playtest`` and
   ``check`` play them), three players on the same seeds: the player of commit
   43d6456 (tests/systems/roles/reference_play.py, its own round engine), today's
   player before the second speed pass (reference_greedy.py, commit 9518316) and
   the current one; whether every record agrees (winner, win type, rounds, plays);
   and issue 25's target: at least 10x today's player at 4 players (today's about
   16 games/CPU s in the issue: 160), met or not; random players over the deals,
   the 43d6456 round engine beside the current one;

1. on the first-play deal, playouts/s and plies/s for 2 and 4 players with random
   players and with greedy players (the greedy one values every card of its hand
   each round);
2. the ratio random / greedy, and the ratio of a role playout to a plain
   random two-player game of the same power engine with no powers
   (:func:`generator.engine.powers.game.play_random_power_game`): what the
   cards, hands and the Statue cost on top of the engine.

The references play on the current shared power engine, so what that engine gains
they gain too: the ratios are the gain of the role player and round engine alone.
"""
from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from _common import REPO, best_of

from generator.engine.geometry import Geometry
from generator.engine.powers.game import PowerGame, play_random_power_game
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.sim.montecarlo import run_games
from generator.registry import discover_systems
from generator.systems.roles.content import read_pack
from generator.systems.roles.engine import GameRecord, Table, compile_table
from generator.sim.montecarlo import make_rng
from generator.systems.roles.content import compile_deals
from generator.systems.roles.playout import DealGames, RoleGames
from tests.systems.roles.reference_greedy import play_today
from tests.systems.roles.reference_play import play_reference

TARGET_RATIO = 10.0
"""Issue 25 §5: the greedy player at 4 players, at least 10x today's."""
TARGET_RATE = 160.0
"""The same target in games per CPU second (today's player: about 16 in the issue)."""


def shipped_tables() -> tuple[Table, tuple[Table, ...]]:
    """The shipped game's first-play table and the table of every deal."""
    kinds = {k: name for name, s in discover_systems().items() for k in s.kinds}
    pack = load_packs([REPO / "content" / "roles"], load_schemas(), kinds).packs[0]
    cards, _, games = read_pack(pack)
    return compile_table(games[0][0], cards), compile_deals(games[0][0], cards)[1]


def timed(play: Callable[[int], GameRecord], games: int) -> tuple[float, list[GameRecord]]:
    """(CPU seconds, records) of games ``0..games-1``."""
    start = time.process_time()
    records = [play(i) for i in range(games)]
    return time.process_time() - start, records


def compare_deals(tables: tuple[Table, ...], players: int, games: int, seed: int
                  ) -> tuple[float, float, float, bool]:
    """Greedy games per CPU second over the deals: (commit 43d6456, today's, current),
    and whether all three give the same records."""
    deal = DealGames(tables, "greedy", players).prepare()
    old_s, old = timed(lambda i: play_reference(tables[i % len(tables)], "greedy", players,
                                                make_rng(seed, i)), games)
    today_s, today = timed(lambda i: play_today(tables[i % len(tables)], players,
                                                make_rng(seed, i)), games)
    new_s, new = timed(lambda i: deal(make_rng(seed, i), i)[1], games)
    same = all(o[:4] == t[:4] == n[:4] for o, t, n in zip(old, today, new, strict=True))
    return games / old_s, games / today_s, games / new_s, same


def rate(table: Table, policy: str, players: int, games: int, seed: int,
         repeat: int) -> tuple[float, float]:
    """(playouts/s, turns/s) of ``games`` seeded games."""
    simulation = RoleGames(table, policy, players)
    turns = sum(len(r.plays) * n for r, n in run_games(simulation, games, seed).counts)
    seconds = best_of(lambda: run_games(simulation, games, seed), repeat)
    return games / seconds, turns / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--greedy-games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--deal-games", type=int, default=75)
    a = parser.parse_args()
    table, tables = shipped_tables()
    games = max(a.deal_games, 1)
    for players in (2, 4):
        old, today, new, same = compare_deals(tables, players, games, a.seed)
        print(f"greedy {players} players, {games} games over {len(tables)} deals: 43d6456 "
              f"{old:6.1f}   today {today:6.1f}   new {new:6.1f} games/CPU s   "
              f"(new/today {new / today:5.2f}x; same records: {same})")
        rnd_deal = DealGames(tables, "random", players).prepare()
        rnd_old, _ = timed(lambda i: play_reference(tables[i % len(tables)], "random", players,
                                                    make_rng(a.seed, i)), games * 4)
        rnd_new, _ = timed(lambda i: rnd_deal(make_rng(a.seed, i), i)[1], games * 4)
        print(f"random {players} players, {games * 4} games over the deals: 43d6456 "
              f"{games * 4 / rnd_old:6.1f}   new {games * 4 / rnd_new:6.1f} games/CPU s")
        if players == 4:
            met = new >= TARGET_RATIO * today and new >= TARGET_RATE
            print(f"target at 4 players: {TARGET_RATIO:g}x today's ({TARGET_RATIO * today:.1f}) "
                  f"and >= {TARGET_RATE:g} games/CPU s: {'met' if met else 'NOT met'} "
                  f"({new / today:.2f}x, {new:.1f} games/CPU s)")
    plain = PowerGame(Geometry.rectangle(5, 5), ((), ()))
    base_games = a.games
    base = base_games / best_of(lambda: [play_random_power_game(plain, random.Random(s))
                                         for s in range(base_games)], a.repeat)
    print(f"plain power engine, random 2-player games: {base:8.1f} games/s")
    for players in (2, 4):
        rnd, rnd_turns = rate(table, "random", players, a.games, a.seed, a.repeat)
        greedy, greedy_turns = rate(table, "greedy", players, a.greedy_games, a.seed, a.repeat)
        print(f"{players} players  random: {rnd:8.1f} playouts/s ({rnd_turns:7.0f} turns/s)   "
              f"greedy: {greedy:7.2f} playouts/s ({greedy_turns:6.0f} turns/s)")
        print(f"           random/greedy = {rnd / greedy:5.1f}x   plain game / role random = "
              f"{base / rnd:5.1f}x")


if __name__ == "__main__":
    main()
