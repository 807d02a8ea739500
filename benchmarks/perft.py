"""perft of the standard two-player game: counts per depth and leaves per second.

    python benchmarks/perft.py --depth 4 --position fixed

Positions: ``start`` (empty 5x5, player 1 to place) or ``fixed`` (empty board,
player 1 on B3 and D3, player 2 on C2 and C4, player 1 to move), or any
position in the engine's one-line notation. Each count is compared with
tests/engine/data/standard.perft when the file lists it; a mismatch makes the
exit code 1.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from generator.engine import parse_position, perft
from generator.engine.standard import parse_perft_records

POSITIONS = {
    "start": "00000/00000/00000/00000/00000 -,-,-,- 1",
    "fixed": "00000/00000/00000/00000/00000 B3,D3,C2,C4 1",
}
DATA = Path(__file__).resolve().parent.parent / "tests" / "engine" / "data" / "standard.perft"


@dataclass(frozen=True, slots=True)
class Options:
    depth: int
    position: str


def parse_options(argv: list[str]) -> Options:
    """Fill the options from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3, help="deepest depth to count (default 3)")
    parser.add_argument(
        "--position",
        default="start",
        help="start, fixed, or a position in the one-line notation (default start)",
    )
    args = parser.parse_args(argv)
    return Options(args.depth, POSITIONS.get(args.position, args.position))


def load_expected(position: str) -> dict[int, int]:
    """Known counts for a position from the data file (empty when it is not listed)."""
    if not DATA.exists():
        return {}
    for record in parse_perft_records(DATA.read_text(encoding="utf-8")):
        if record.position == position:
            return dict(record.counts)
    return {}


def run(options: Options) -> int:
    """Count every depth up to the requested one; return the exit code."""
    geometry, position = parse_position(options.position)
    expected = load_expected(options.position)
    print(f"position: {options.position}")
    failed = False
    for depth in range(1, options.depth + 1):
        started = time.perf_counter()
        count = perft(geometry, position, depth)
        seconds = time.perf_counter() - started
        verdict = ""
        if depth in expected:
            ok = expected[depth] == count
            failed |= not ok
            verdict = "  ok" if ok else f"  MISMATCH: expected {expected[depth]:,}"
        rate = count / seconds if seconds > 0 else float("inf")
        print(f"perft({depth}) = {count:,}  {seconds:.3f} s  {rate:,.0f} nodes/s{verdict}")
    return 1 if failed else 0


def main() -> None:
    sys.exit(run(parse_options(sys.argv[1:])))


if __name__ == "__main__":
    main()
