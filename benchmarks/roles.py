"""Role-game playout speed: playouts/s with random and greedy players, side by side.

    python benchmarks/roles.py [--games 60] [--greedy-games 12] [--seed 1] [--repeat 3]

On the shipped game's first-play deal (``content/roles``), one core, in-process
runner (seeding, policies, round engine, the shared power engine), CPU seconds.
Printed in one run:

0. greedy games per CPU second at 2 and 4 players, the old engine and player
   (tests/systems/roles/reference_play.py) beside the new, on the same seeds,
   and whether every record agrees (winner, win type, rounds, plays);

1. playouts/s and plies/s for 2 and 4 players with random players and with
   greedy players (the greedy one lists every card's plies each round);
2. the ratio random / greedy, and the ratio of a role playout to a plain
   random two-player game of the same power engine with no powers
   (:func:`generator.engine.powers.game.play_random_power_game`): what the
   cards, hands and the Statue cost on top of the engine.
"""
from __future__ import annotations

import argparse
import random
import time

from _common import REPO, best_of

from generator.engine.geometry import Geometry
from generator.engine.powers.game import PowerGame, play_random_power_game
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.sim.montecarlo import run_games
from generator.systems import discover_systems
from generator.systems.roles.content import read_pack
from generator.systems.roles.engine import Table, compile_table
from generator.sim.montecarlo import make_rng
from generator.systems.roles.playout import RoleGames
from tests.systems.roles.reference_play import play_reference


def shipped_table() -> Table:
    kinds = {k: name for name, s in discover_systems().items() for k in s.kinds}
    pack = load_packs([REPO / "content" / "roles"], load_schemas(), kinds).packs[0]
    cards, _, games = read_pack(pack)
    return compile_table(games[0][0], cards)


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
    a = parser.parse_args()
    table = shipped_table()
    for players in (2, 4):
        games = max(a.greedy_games, 12)
        start = time.process_time()
        old = [play_reference(table, "greedy", players, make_rng(a.seed, i))
               for i in range(games)]
        old_s = time.process_time() - start
        play = RoleGames(table, "greedy", players).prepare()
        start = time.process_time()
        new = [play(make_rng(a.seed, i)) for i in range(games)]
        new_s = time.process_time() - start
        same = all(o[:4] == n[:4] for o, n in zip(old, new, strict=True))
        print(f"greedy {players} players, {games} games: old {games / old_s:6.1f} games/CPU s   "
              f"new {games / new_s:6.1f} games/CPU s   ({old_s / new_s:4.2f}x; same records: "
              f"{same})")
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
