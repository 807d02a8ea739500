"""Where the card number's pull on the win share comes from (issue 25 section 4, RS-N017).

    python benchmarks/roles_numbers.py [--games-a-deal 20] [--players 2] [--seed 7]
        [--jobs 1] [--sets shipped,low-engineer,high-engineer] [--powerless]

Plays the shipped box (``content/roles``) over its 75 deals with the check's greedy
player, ``--games-a-deal`` seeded games a deal (game i on deal i mod 75), for each
named number set, and prints per set Pearson r between the card number and the win
share of its copies (pooled over roles and deals, with the Fisher 95 % interval),
the win share of the lowest and highest five numbers, and each type's pooled win
share against the fair share (the per-game ratio interval). ``--powerless`` also
plays every deal with every card's abilities removed (plain move and build, the
Statue and the numbers kept): the pull the rules give on their own.

Number sets (our rule: one set of six numbers per type, seven for the Engineer):
``shipped`` the game's; ``low-engineer`` Engineers on 1-7 and a snake draft of
8-25 over the other types; ``high-engineer`` Engineers on 19-25, a snake of 1-18.
Only the order of the numbers matters to the engine (the highest takes the Statue,
the lowest acts first), so a set is a choice of which type holds which ranks.
"""
from __future__ import annotations

import argparse
import time
from dataclasses import replace
from types import MappingProxyType

from _common import REPO

from generator.engine.powers.pieces import compose
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.registry import discover_systems
from generator.systems.roles.figures import RatioSums, ratio_interval
from generator.systems.roles.model import TYPES
from generator.systems.roles.content import compile_deals
from generator.systems.roles.playout import DealResult, playtest_deals
from generator.systems.roles.content import read_pack


def snake(numbers: list[int], kinds: tuple[str, ...]) -> dict[str, list[int]]:
    """A snake draft of ``numbers`` (ascending) over ``kinds``: 1 2 3 3 2 1 1 2 3 ..."""
    out: dict[str, list[int]] = {k: [] for k in kinds}
    order = list(kinds)
    for i, n in enumerate(numbers):
        lap, pos = divmod(i, len(order))
        out[order[pos] if lap % 2 == 0 else order[-1 - pos]].append(n)
    return out


SETS = {
    "low-engineer": {"engineer": list(range(1, 8)), **snake(list(range(8, 26)), TYPES[1:])},
    "high-engineer": {"engineer": list(range(19, 26)), **snake(list(range(1, 19)), TYPES[1:])},
}


def report(name: str, result: DealResult, numbers: dict[str, tuple[int, ...]],
           seconds: float) -> None:
    r, (low, high), points = result.correlation()
    by_number: dict[int, list[int]] = {}
    for (_, n), f in result.copies:
        e = by_number.setdefault(n, [0, 0])
        e[0] += f.sums.w
        e[1] += f.sums.d
    ranked = sorted(by_number)
    bottom = sum(by_number[n][0] for n in ranked[:5]) / sum(by_number[n][1] for n in ranked[:5])
    top = sum(by_number[n][0] for n in ranked[-5:]) / sum(by_number[n][1] for n in ranked[-5:])
    fair = result.fair
    flo, fhi = ratio_interval(fair)
    print(f"{name}: {result.games} games, {seconds:.0f} s; number r = {r:.2f} "
          f"[{low:.2f}-{high:.2f}] over {points}; win share numbers {ranked[0]}-{ranked[4]} "
          f"{bottom:.1%}, {ranked[-5]}-{ranked[-1]} {top:.1%}; fair {fair.ratio:.1%} "
          f"[{flo:.1%}-{fhi:.1%}]")
    roles = dict(result.roles)
    kinds: dict[str, RatioSums] = {}
    for ident, f in roles.items():
        kind = next(k for k in TYPES if ident in KIND_OF and KIND_OF[ident] == k)
        s = kinds.get(kind, RatioSums())
        kinds[kind] = RatioSums(*(a + b for a, b in zip(s.as_list(), f.sums.as_list(),
                                                       strict=True)))
    for kind in TYPES:
        s = kinds[kind]
        lo, hi = ratio_interval(s)
        print(f"  {kind:<10} numbers {list(numbers[kind])}: win share {s.ratio:.1%} "
              f"[{lo:.1%}-{hi:.1%}]  (games summed over its roles)")


KIND_OF: dict[str, str] = {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games-a-deal", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--sets", default="shipped,low-engineer,high-engineer")
    parser.add_argument("--powerless", action="store_true")
    args = parser.parse_args()
    kinds = {k: name for name, s in discover_systems().items() for k in s.kinds}
    pack = load_packs([REPO / "content" / "roles"], load_schemas(), kinds).packs[0]
    cards, _, games = read_pack(pack)
    KIND_OF.update({i: c.type for i, c in cards.items()})
    game = games[0][0]
    for name in args.sets.split(","):
        numbers = dict(game.numbers) if name == "shipped" else SETS[name]
        variant = replace(game, numbers=MappingProxyType(
            {k: tuple(v) for k, v in numbers.items()}))
        _, tables = compile_deals(variant, cards)
        runs = [("", tables)]
        if args.powerless:
            plain = compose([])
            runs.append((" powerless", tuple(replace(
                t, with_win=(plain,) * len(t.numbers), without_win=(plain,) * len(t.numbers),
                setup_skyscrapers=0) for t in tables)))
        for suffix, played in runs:
            start = time.process_time()
            result, _ = playtest_deals(played, "greedy", args.games_a_deal * len(tables),
                                       args.seed, args.players, args.jobs)
            report(name + suffix, result, variant.numbers, time.process_time() - start)


if __name__ == "__main__":
    main()
