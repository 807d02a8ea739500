"""The objectives whose par with powers is undecided, after the proofs ``check`` runs.

Proves what ``check`` proves of a riddle pack (every objective, every player count
the riddles allow, no cache, in this process) and lists each objective whose result
keeps the line without powers because the search for a shorter line with them
stopped on its caps ("not ruled out"), with the gods of the riddle's opening queue
and revealed blessings; then the count, and the CPU seconds of the whole run.

    python benchmarks/powers_undecided.py [--pack content/riddles] [--json OUT]
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from _common import REPO

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.registry import discover_systems
from generator.systems.riddle import proof_shared
from generator.systems.riddle.proofs import prove_all, requests_by_count
from generator.systems.riddle.results import SOLVED
from generator.systems.riddle.solver import NOT_RULED_OUT


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pack", type=Path, default=REPO / "content" / "riddles")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    pack = load_packs([args.pack], load_schemas(), kinds_of(discover_systems())).packs[0]
    shared = proof_shared(pack)
    requests = [q for r in shared.riddles.values() for q in requests_by_count(r)]
    started = time.process_time()
    solves = prove_all(requests, shared, cache_dir=None, gate=True)
    cpu = time.process_time() - started
    rows = []
    for q, solve in solves.items():
        riddle = shared.riddles[q.riddle]
        for o in solve.objectives:
            rows.append({"riddle": q.riddle, "players": q.players, "tier": o.tier,
                         "status": o.status, "turns": o.turns,
                         "undecided": o.status == SOLVED and NOT_RULED_OUT in o.reason,
                         "queue": list(riddle.gods.queue),
                         "revealed": list(riddle.gods.revealed), "reason": o.reason,
                         "states": o.states, "seconds": round(o.seconds, 2)})
    undecided = [r for r in rows if r["undecided"]]
    for r in undecided:
        print(f"{r['riddle']} {r['players']}p {r['tier']}: {r['turns']} turns without "
              f"powers; queue {', '.join(r['queue']) or '-'}; revealed "
              f"{', '.join(r['revealed']) or '-'} ({r['seconds']} s)")
    ones = sum(1 for r in undecided if r["players"] == 1)
    print(f"undecided with powers: {len(undecided)} of {len(rows)} objective x player-count "
          f"results ({ones} at one player, {len(undecided) - ones} at 2-4)")
    print(f"CPU seconds of the proofs: {cpu:.1f}")
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
