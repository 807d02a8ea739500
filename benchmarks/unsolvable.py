"""Generated riddles without a turn limit: how many objectives end unproven, before and
after the relaxed game of ``generator/systems/riddle/reach.py`` (issue 22 §5).

Generates ``--riddles`` riddles from ``--seed`` (``tests/systems/riddle/reference.py``'s
generator, or with ``--gods`` its variant with real god powers and revealed blessing
cards, ``reference_gods.py``), drops every turn limit, and solves each objective twice
with the same caps (``--budget`` states, ``--seconds`` CPU seconds per objective, no
first-move count): with the old behaviour (``rule_out_reach=False``) and with the new
one. Prints the verdicts of each (unproven split into budget and chance), the CPU
seconds of each, and every objective whose verdict changed; a change other than
unproven -> unsolvable is an error (exit 1). The compiled core is warmed first so its
compile time is in neither column.

    python benchmarks/unsolvable.py [--riddles 300] [--seed 1] [--gods]
                                    [--budget 200000] [--seconds 30]
"""
from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import Counter

from _common import REPO  # noqa: F401 - puts the repository on sys.path

from generator.sim.search import DEFAULT_BUDGET
from generator.systems.riddle.cache import compiled_core_on
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.results import UNPROVEN, ObjectiveResult
from generator.systems.riddle.solver import SECONDS_PER_OBJECTIVE, solve_objective
from tests.systems.riddle.reference import FUZZ_GODS, random_riddle_text, riddle_of_text
from tests.systems.riddle.reference_gods import (
    ALL_GODS,
    POWER_BLESSINGS,
    random_god_riddle_text,
)


def verdict(result: ObjectiveResult) -> str:
    """The status, with unproven split by why (chance, or a cap)."""
    if result.status != UNPROVEN:
        return result.status
    return "unproven (chance)" if result.reason.startswith("chance") else "unproven (caps)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--riddles", type=int, default=300, help="riddles to generate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--gods", action="store_true",
                        help="real god powers and revealed blessings in every riddle")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                        help="states each search may expand")
    parser.add_argument("--seconds", type=float, default=SECONDS_PER_OBJECTIVE,
                        help="CPU seconds per objective")
    args = parser.parse_args()
    if compiled_core_on():
        from generator.systems.riddle.compiled.warm import warm
        print(warm())
    rng = random.Random(args.seed)
    gods = ALL_GODS if args.gods else FUZZ_GODS
    blessings = POWER_BLESSINGS if args.gods else None
    counts: dict[str, Counter[str]] = {"before": Counter(), "after": Counter()}
    cpu = {"before": 0.0, "after": 0.0}
    changed: list[str] = []
    failed = False
    objectives = 0
    for i in range(args.riddles):
        text, players = random_god_riddle_text(rng, blessings=i % 2 == 1) if args.gods \
            else random_riddle_text(rng)
        text = re.sub(r"^turn_limit: .*\n", "", text, flags=re.MULTILINE)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        for j, objective in enumerate(ctx.objectives):
            objectives += 1
            got = {}
            for label, new in (("before", False), ("after", True)):
                started = time.process_time()
                got[label] = solve_objective(ctx, j, gods=gods, blessings=blessings,
                                             budget=args.budget, seconds=args.seconds,
                                             count_first_moves=False, rule_out_reach=new)
                cpu[label] += time.process_time() - started
                counts[label][verdict(got[label])] += 1
            old, now = verdict(got["before"]), verdict(got["after"])
            if old != now:
                ok = old.startswith("unproven") and now == "unsolvable"
                failed |= not ok
                changed.append(f"{'' if ok else 'ERROR '}riddle {i} objective "
                               f"{objective.tier} ({players}p): {old} -> {now}: "
                               f"{got['after'].reason}")
    what = "with god powers and blessings" if args.gods else "with the fuzz's gods"
    print(f"{args.riddles} generated riddles without a turn limit ({what}, seed {args.seed}): "
          f"{objectives} objectives; caps {args.budget} states, {args.seconds:g} CPU s each")
    kinds = ("solved", "unsolvable", "unproven (caps)", "unproven (chance)")
    print(f"{'':8}" + "".join(f"{k:>19}" for k in kinds) + f"{'CPU s':>10}")
    for label in ("before", "after"):
        print(f"{label:8}" + "".join(f"{counts[label][k]:>19}" for k in kinds)
              + f"{cpu[label]:>10.1f}")
    for line in changed:
        print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
