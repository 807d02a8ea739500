"""The designer's measures (issue 22 §2): CPU seconds per shipped riddle, one player.

    python benchmarks/measures.py [--content content] [--only LABEL] [--seconds 30]
                                  [--playouts 200] [--cap 1000]

Every riddle of the shipped content (packs under ``--content`` that use the riddle
system) is solved at one player as ``riddlesmith solve`` solves it (first moves not
counted), then each solved objective is measured in the game whose shortest line
the solver's turns are (:func:`generator.systems.riddle.measures.measures_game`).
Printed per objective: par, the CPU seconds of the measures (the optimal DAG and
the playouts), the states they expanded, and the measures' text line; per riddle,
the total. Then what ``check`` adds for the island difficulty check
(:func:`~generator.systems.riddle.measures.island_difficulties`: every estimate
gap, the trap rates only where an island's gaps are all 0), in CPU seconds.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from _common import REPO

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.systems.riddle.box import build_blessing, build_die, build_god
from generator.systems.riddle.campaign import build_campaign
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.measures import (
    SECONDS,
    Measures,
    island_difficulties,
    measure_objective,
    measures_game,
)
from generator.systems.riddle.model import build_riddle
from generator.systems.riddle.results import SOLVED
from generator.systems.riddle.solve_cli import _kinds
from generator.systems.riddle.solver import solve_riddle


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--content", type=Path, default=REPO / "content",
                        help="folder of packs (default: the shipped content)")
    parser.add_argument("--only", default="", help="riddles whose id contains this")
    parser.add_argument("--seconds", type=float, default=SECONDS,
                        help="CPU seconds each part of an objective's measures may take (a "
                             "safety net: the cap on generated states binds first)")
    parser.add_argument("--playouts", type=int, default=200, help="naive playouts")
    parser.add_argument("--cap", type=int, default=1000, help="distinct shortest lines counted")
    args = parser.parse_args(argv)
    loaded = load_packs([args.content], load_schemas(), _kinds())
    total = 0.0
    stopped = 0
    for pack in loaded.packs:
        riddle_docs = pack.of_kind("riddle")
        if not riddle_docs:
            continue
        gods = {d.id: build_god(d) for d in pack.of_kind("god")}
        dice = {d.id: build_die(d) for d in pack.of_kind("die")}
        blessings = {d.id: build_blessing(d) for d in pack.of_kind("blessing")}
        riddles = {}
        solves = {}
        for doc in riddle_docs:
            riddle, _ = build_riddle(doc, pack.sources.get(doc.file))
            if riddle is None or 1 not in riddle.players:
                continue
            riddles[riddle.id] = riddle
            if args.only not in riddle.id:
                continue
            die = dice.get(riddle.die or "")
            solve = solve_riddle(riddle, 1, gods=gods, die=die, blessings=blessings,
                                 count_first_moves=False)
            solves[riddle.id] = solve
            ctx = compile_riddle(riddle, 1, gems=len(die.gems) if die else 3)
            tiers = [o.tier for o in ctx.objectives]
            spent = 0.0
            for result in solve.objectives:
                if result.status != SOLVED or not result.turns:
                    print(f"{riddle.id:24} {result.tier:8} {result.status}")
                    continue
                game = measures_game(ctx, tiers.index(result.tier), result, gods=gods,
                                     die=die, blessings=blessings)
                cpu = time.process_time()
                m: Measures = measure_objective(game, result.turns, seconds=args.seconds,
                                                playouts=args.playouts, cap=args.cap)
                used = time.process_time() - cpu
                spent += used
                stopped += bool(m.stopped)
                powers = "powers" if game.powers.active or game.blessings.active else "plain"
                print(f"{riddle.id:24} {result.tier:8} par {result.turns:2} {powers:6} "
                      f"{used:6.2f} s {m.states:7} states  {m.text()}", flush=True)
            total += spent
            print(f"{riddle.id:24} total    {spent:6.2f} s", flush=True)
        cpu = time.process_time()
        island_difficulties([build_campaign(d) for d in pack.of_kind("campaign")], riddles,
                            solves, gods=gods, dice=dice, blessings=blessings)
        island = time.process_time() - cpu
        print(f"{pack.id}: measures {total:.2f} CPU s in all ({stopped} objectives stopped "
              f"on a limit); the island difficulty check's measures {island:.2f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
