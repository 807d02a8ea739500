"""Truth with powers searched (issue 22 §5): the solver's default against the slow
references over generated riddles with god powers and blessing cards.

Generates ``--riddles`` riddles from ``--seed`` (``tests/systems/riddle/reference_truth.py``:
a third with gods in the opening queue, a third with revealed blessing cards, a third
with both) and compares each objective with plain breadth-first search (turns,
verdicts, optimal first moves, every visited state's estimate), replays every printed
line with the independent legality checker, compares ``optimal_lines``, ``key_moves``
and ``key_parts`` with plain enumeration, A* with a cost horizon and with a cap on
generated states with breadth-first turns, and solves every fourth riddle again with
the solver's caps on generated states with powers made tight. Prints the riddles,
the objectives compared, the disagreements by kind (expected 0) and the CPU seconds;
``--show N`` prints the first N disagreeing riddles. Exit 1 on any disagreement.
The tests run a slice of 150 riddles (``tests/systems/riddle/test_riddle_truth.py``).

    python benchmarks/truth.py [--riddles 2000] [--seed 1] [--show 3]
"""
from __future__ import annotations

import argparse
import sys
import time

from _common import REPO  # noqa: F401 - puts the repository on sys.path

from tests.systems.riddle.reference import KINDS
from tests.systems.riddle.reference_truth import Truth, fuzz_truth

CHUNK = 100
"""Riddles per seed: seed ``--seed * 1,000,003 + i`` generates the i-th chunk."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--riddles", type=int, default=2000, help="riddles to generate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=3, help="disagreeing riddles to print")
    args = parser.parse_args(argv)
    cpu = time.process_time()
    total = Truth()
    for i in range((args.riddles + CHUNK - 1) // CHUNK):
        count = min(CHUNK, args.riddles - i * CHUNK)
        total.add(fuzz_truth(args.seed * 1_000_003 + i, count))
        print(f"  {total.riddles} riddles, {len(total.disagreements)} disagreements so far, "
              f"{time.process_time() - cpu:.0f} CPU s", flush=True)
    for text in total.bad[:args.show]:
        print(text)
    t = total
    print(f"truth: {t.riddles} generated riddles (seed {args.seed}; {t.with_gods} with gods "
          f"in the opening queue, {t.with_cards} with revealed blessing cards, {t.with_both} "
          f"with both; {t.valid} valid)")
    print(f"objectives compared with breadth-first search: {t.decided} ({t.skipped} skipped "
          f"over the reference's state cap; {t.powered} with a power or a card in play; "
          f"{t.solved} solved, {t.unsolvable} unsolvable, {t.shorter} shorter or solvable only "
          f"with powers; {t.not_searched} answers without powers searched, {t.tight} solved "
          f"again under tight caps); {t.checked_states} states' estimates checked")
    print(f"lines replayed by the legality checker: {t.replayed}; measures compared with plain "
          f"enumeration: {t.measured} ({t.capped_lines} with optimal_lines capped); A* runs "
          f"compared: {t.astar_runs} ({t.children_stops} stopped by the cap on generated "
          "states)")
    print("disagreements by kind: " + ", ".join(f"{kind} {t.kinds.get(kind, 0)}"
                                                for kind in KINDS))
    print(f"disagreements: {len(t.disagreements)}; CPU {time.process_time() - cpu:.1f} s")
    return 1 if t.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
