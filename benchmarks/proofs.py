"""The riddle proofs of ``check`` on one process and on a pool, side by side in one run.

Proves what ``check`` proves of a riddle pack (every objective, every player count
the riddles allow, no cache) first in this process, then on a pool of ``--jobs``
workers, and prints the wall seconds of each, the speed-up as a ratio, the CPU
seconds per player count, and whether both gave the same verdicts (they must).

    python benchmarks/proofs.py [--jobs J] [--pack content/riddles]
"""
from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from _common import REPO

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.sim.executors import InProcessExecutor, LocalPoolExecutor
from generator.registry import discover_systems
from generator.systems.riddle import proof_shared
from generator.systems.riddle.proofs import prove_all, requests_by_count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--pack", type=Path, default=REPO / "content" / "riddles")
    args = parser.parse_args()
    pack = load_packs([args.pack], load_schemas(), kinds_of(discover_systems())).packs[0]
    shared = proof_shared(pack)
    requests = [q for r in shared.riddles.values() for q in requests_by_count(r)]
    runs, walls = {}, {}
    for label, executor in (("1 process", InProcessExecutor()),
                            (f"pool of {args.jobs}", LocalPoolExecutor(args.jobs))):
        with executor:
            started = time.perf_counter()
            runs[label] = prove_all(requests, shared, cache_dir=None, executor=executor,
                                    gate=True)
            walls[label] = time.perf_counter() - started
            print(f"{label}: {walls[label]:.1f} s wall for {len(requests)} riddle x "
                  "player-count proofs")
    (one_label, one), (many_label, many) = runs.items()
    print(f"speed-up of the pool: {walls[one_label] / walls[many_label]:.2f}x "
          f"({one_label} / {many_label}, same run)")
    same = all(one[q] == many[q] for q in requests)
    by_count: dict[int, float] = {}
    for q, solve in one.items():
        spent = sum(o.seconds for o in solve.objectives)
        by_count[q.players] = by_count.get(q.players, 0.0) + spent
    print("search seconds by player count (1 process): "
          + ", ".join(f"{n}p {s:.1f} s" for n, s in sorted(by_count.items())))
    longest = max(((o.seconds, q.riddle, q.players, o.tier) for q, solve in one.items()
                   for o in solve.objectives))
    print(f"longest single task (no pool can beat it): {longest[1]} {longest[2]}p "
          f"{longest[3]}, {longest[0]:.1f} s")
    print(f"same verdicts on both: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
