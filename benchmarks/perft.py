"""perft of the standard two-player game: counts per depth and leaves per second.

    python benchmarks/perft.py --depth 4 --position fixed
    python benchmarks/perft.py --depth 3 --position fixed --gods apollo minotaur
    python benchmarks/perft.py --replay-powers [--max-count 5000000]

Positions: ``start`` (empty 5x5, player 1 to place) or ``fixed`` (empty board,
player 1 on B3 and D3, player 2 on C2 and C4, player 1 to move), or any
position in the engine's one-line notation. Each count is compared with
tests/engine/data/standard.perft (with ``--gods``: powers.perft) when the file
lists it; a mismatch makes the exit code 1. ``--gods`` names one power per player
("a+b" for two, "-" for none); ``--replay-powers`` counts every record of
powers.perft up to ``--max-count`` leaves (the tests replay the small ones).
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from generator.engine import parse_position, perft
from generator.engine.powers import PowerGame, power_perft, to_power_position
from generator.engine.standard import PerftRecord, parse_perft_records

POSITIONS = {
    "start": "00000/00000/00000/00000/00000 -,-,-,- 1",
    "fixed": "00000/00000/00000/00000/00000 B3,D3,C2,C4 1",
}
DATA = Path(__file__).resolve().parent.parent / "tests" / "engine" / "data" / "standard.perft"
POWERS_DATA = DATA.with_name("powers.perft")


@dataclass(frozen=True, slots=True)
class Options:
    depth: int
    position: str
    gods: tuple[tuple[str, ...], ...] = ()
    replay_powers: bool = False
    max_count: int = 5_000_000


def parse_options(argv: list[str]) -> Options:
    """Fill the options from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3, help="deepest depth to count (default 3)")
    parser.add_argument(
        "--position",
        default="start",
        help="start, fixed, or a position in the one-line notation (default start)",
    )
    parser.add_argument("--gods", nargs=2, metavar=("P1", "P2"), help="power ids per player")
    parser.add_argument("--replay-powers", action="store_true", help="replay powers.perft")
    parser.add_argument("--max-count", type=int, default=5_000_000,
                        help="with --replay-powers: skip larger counts (default 5,000,000)")
    args = parser.parse_args(argv)
    gods = tuple(() if g == "-" else tuple(g.split("+")) for g in args.gods or ())
    return Options(args.depth, POSITIONS.get(args.position, args.position), gods,
                   args.replay_powers, args.max_count)


def load_expected(position: str, gods: tuple[tuple[str, ...], ...] = ()) -> dict[int, int]:
    """Known counts for a position (and gods) from the data files (empty when not listed)."""
    data = POWERS_DATA if gods else DATA
    if not data.exists():
        return {}
    for record in parse_perft_records(data.read_text(encoding="utf-8")):
        if record.position == position and record.gods == gods and not record.marks:
            return dict(record.counts)
    return {}


def count(position: str, gods: tuple[tuple[str, ...], ...], depth: int,
          marks: tuple[int, ...] = ()) -> int:
    """perft of a position, with the players' powers when ``gods`` is not empty."""
    geometry, start = parse_position(position)
    if not gods:
        return perft(geometry, start, depth)
    game = PowerGame(geometry, gods)
    return power_perft(game, to_power_position(start, marks or (0, 0)), depth)


def replay_powers(max_count: int) -> int:
    """Count every record of powers.perft up to ``max_count`` leaves; the exit code."""
    records: tuple[PerftRecord, ...] = parse_perft_records(
        POWERS_DATA.read_text(encoding="utf-8"))
    failed = False
    leaves, seconds = 0, 0.0
    for record in records:
        for depth, expected in record.counts:
            if expected > max_count:
                print(f"{record.id} perft({depth}): skipped ({expected:,} > --max-count)")
                continue
            started = time.perf_counter()
            found = count(record.position, record.gods, depth, record.marks)
            took = time.perf_counter() - started
            leaves, seconds = leaves + found, seconds + took
            ok = found == expected
            failed |= not ok
            verdict = "ok" if ok else f"MISMATCH: expected {expected:,}"
            print(f"{record.id} perft({depth}) = {found:,}  {took:.3f} s  {verdict}")
    rate = leaves / seconds if seconds > 0 else float("inf")
    print(f"total {leaves:,} leaves in {seconds:.1f} s: {rate:,.0f} leaves/s")
    return 1 if failed else 0


def run(options: Options) -> int:
    """Count every depth up to the requested one; return the exit code."""
    if options.replay_powers:
        return replay_powers(options.max_count)
    expected = load_expected(options.position, options.gods)
    if options.gods:  # build the rules once before timing (it loads the schema checker)
        PowerGame(parse_position(options.position)[0], options.gods)
    gods = " gods " + " ".join("+".join(g) or "-" for g in options.gods) if options.gods else ""
    print(f"position: {options.position}{gods}")
    failed = False
    for depth in range(1, options.depth + 1):
        started = time.perf_counter()
        found = count(options.position, options.gods, depth)
        seconds = time.perf_counter() - started
        verdict = ""
        if depth in expected:
            ok = expected[depth] == found
            failed |= not ok
            verdict = "  ok" if ok else f"  MISMATCH: expected {expected[depth]:,}"
        rate = found / seconds if seconds > 0 else float("inf")
        print(f"perft({depth}) = {found:,}  {seconds:.3f} s  {rate:,.0f} nodes/s{verdict}")
    return 1 if failed else 0


def main() -> None:
    sys.exit(run(parse_options(sys.argv[1:])))


if __name__ == "__main__":
    main()
