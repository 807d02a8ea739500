"""Design aid: seeded mutations of a riddle, scored by the turns its objectives need
without and with god powers (a development script, not shipped content).

    python tools/power_designs.py RIDDLE.yaml [--tries 40] [--seed 1] [--target 7]
                                  [--tier heroic] [--seconds 1.0] [--show 3]

The riddle is read as written (its gods and blessings come from the shipped pack
under ``content/riddles``) and solved for one player with the solver ``check``
uses; then ``--tries`` mutants (one or two random edits each: a tower's height, a
coin's space or levels, a stockpile count, the opening queue's order) are solved
the same way. A mutant counts when ``--tier`` needs a power (no line without one,
a line with) in at least ``--target`` turns and every objective is decided;
the best are printed as YAML, longest line first, then cheapest. Nothing is
written: the designer copies a design into a riddle by hand and finishes it.
"""
from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from generator.pack.loader import load_packs  # noqa: E402
from generator.pack.model import Document  # noqa: E402
from generator.pack.schema import load_schemas  # noqa: E402
from generator.pack.yamlload import load_yaml  # noqa: E402
from generator.systems.riddle.box import (
    BlessingCard,
    Die,
    GodCard,
    build_blessing,
    build_die,
    build_god,
)
from generator.systems.riddle.model import build_riddle
from generator.systems.riddle.results import SOLVED  # noqa: E402
from generator.systems.riddle.solve_cli import _kinds  # noqa: E402
from generator.systems.riddle.solver import CHECK_BUDGET, solve_riddle  # noqa: E402

NEEDS_POWER = "needs a god power"
PIECES = ("level1", "level2", "level3", "dome")


@dataclass(frozen=True)
class Cards:
    gods: dict[str, GodCard]
    blessings: dict[str, BlessingCard]
    dice: dict[str, Die]


@dataclass(frozen=True)
class Score:
    """One design's verdicts: per tier (turns, needs a power) or None when undecided."""

    tiers: dict[str, tuple[int, bool] | None]
    seconds: float
    firsts: dict[str, int | None]

    def line(self) -> str:
        parts = []
        for tier, verdict in self.tiers.items():
            if verdict is None:
                parts.append(f"{tier} -")
            else:
                parts.append(f"{tier} {verdict[0]}t{'*' if verdict[1] else ''}"
                             f"/{self.firsts.get(tier)}")
        return f"{', '.join(parts)}  ({self.seconds:.2f} s CPU)"


def load_cards(content: Path) -> Cards:
    loaded = load_packs([content], load_schemas(), _kinds())
    gods: dict[str, GodCard] = {}
    blessings: dict[str, BlessingCard] = {}
    dice: dict[str, Die] = {}
    for pack in loaded.packs:
        gods.update({d.id: build_god(d) for d in pack.of_kind("god")})
        blessings.update({d.id: build_blessing(d) for d in pack.of_kind("blessing")})
        dice.update({d.id: build_die(d) for d in pack.of_kind("die")})
    return Cards(gods, blessings, dice)


def score(data: dict[str, Any], cards: Cards, seconds: float) -> Score | None:
    """Solve ``data`` (a riddle as YAML data) as ``check`` would, for one player."""
    text = yaml.safe_dump(data, sort_keys=False)
    doc = load_yaml(text, "design.yaml").documents[0]
    riddle, diags = build_riddle(Document("riddle", str(data["id"]), "design.yaml", doc), text)
    if riddle is None or any(d.severity == "error" for d in diags):
        return None
    started = time.process_time()
    try:
        solve = solve_riddle(riddle, 1, gods=cards.gods, die=cards.dice.get(riddle.die or ""),
                             blessings=cards.blessings, budget=CHECK_BUDGET, seconds=seconds)
    except ValueError:
        return None
    spent = time.process_time() - started
    tiers: dict[str, tuple[int, bool] | None] = {}
    firsts: dict[str, int | None] = {}
    for o in solve.objectives:
        firsts[o.tier] = o.optimal_first_moves
        tiers[o.tier] = (o.turns or 0, NEEDS_POWER in o.reason) if o.status == SOLVED else None
    return Score(tiers, spent, firsts)


def mutate(data: dict[str, Any], rng: random.Random, gods: list[str]) -> dict[str, Any]:
    """One or two random edits of a riddle's data (a copy)."""
    out = copy.deepcopy(data)
    for _ in range(rng.randint(1, 2)):
        kind = rng.choice(("height", "coin", "levels", "stock", "queue"))
        rows = [r.split() for r in out["map"]["grid"].strip().splitlines()]
        cells = [(y, x) for y, row in enumerate(rows) for x, c in enumerate(row)
                 if c in ".1234"]
        if kind == "height" and cells:
            y, x = rng.choice(cells)
            rows[y][x] = rng.choice(".123")
            out["map"]["grid"] = "\n".join(" ".join(r) for r in rows) + "\n"
        elif kind == "coin" and out.get("coins") and cells:
            coin = rng.choice(out["coins"])
            y, x = rng.choice(cells)
            taken = {c["at"] for c in out["coins"]}
            at = f"{chr(ord('A') + x)}{y + 1}"
            if at not in taken:
                coin["at"] = at
        elif kind == "levels" and out.get("coins"):
            coin = rng.choice(out["coins"])
            coin["levels"] = [rng.randint(1, 4)]
        elif kind == "stock":
            piece = rng.choice(PIECES)
            count = out["stockpile"].get(piece, 0) + rng.choice((-1, 1))
            out["stockpile"][piece] = max(0, min(6, count))
        elif kind == "queue" and out.get("gods"):
            queue = list(out["gods"].get("queue", []))
            if queue and rng.random() < 0.5:
                queue[rng.randrange(len(queue))] = rng.choice(gods)
                queue = list(dict.fromkeys(queue))
            else:
                rng.shuffle(queue)
            out["gods"]["queue"] = queue
            out["gods"]["deck"] = list(dict.fromkeys(queue + out["gods"].get("deck", [])))
    return out


def acceptable(result: Score | None, tier: str, target: int, seconds: float) -> bool:
    if result is None or any(v is None for v in result.tiers.values()):
        return False
    verdict = result.tiers.get(tier)
    return (verdict is not None and verdict[1] and verdict[0] >= target
            and result.seconds <= seconds)


def show(data: dict[str, Any]) -> str:
    """The edited parts of a design, compact, as a riddle file writes them."""
    lines = ["map:", "  grid: |"]
    lines += [f"    {row}" for row in data["map"]["grid"].strip().splitlines()]
    lines.append("coins:")
    for coin in data.get("coins", []):
        lines.append(f"  - {{at: {coin['at']}, colour: {coin['colour']}, "
                     f"levels: {coin['levels']}}}")
    stock = ", ".join(f"{k}: {v}" for k, v in data["stockpile"].items())
    lines.append(f"stockpile: {{{stock}}}")
    if "gods" in data:
        lines.append(f"gods: {yaml.safe_dump(data['gods'], default_flow_style=True).strip()}")
    return "\n".join(lines)


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("riddle", type=Path)
    parser.add_argument("--tries", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=int, default=7, help="turns wanted on --tier")
    parser.add_argument("--tier", default="heroic")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="CPU seconds a design may cost (proofs and counts)")
    parser.add_argument("--show", type=int, default=3)
    parser.add_argument("--content", type=Path, default=REPO / "content" / "riddles")
    args = parser.parse_args(argv)
    cards = load_cards(args.content)
    base = yaml.safe_load(args.riddle.read_text(encoding="utf-8"))
    first = score(base, cards, 3 * args.seconds)
    print(f"as written: {first.line() if first else 'does not build'}")
    rng = random.Random(args.seed)
    found: list[tuple[int, float, int, dict[str, Any], Score]] = []
    for i in range(args.tries):
        data = mutate(base, rng, sorted(cards.gods))
        result = score(data, cards, 3 * args.seconds)
        if acceptable(result, args.tier, args.target, args.seconds):
            assert result is not None
            verdict = result.tiers[args.tier]
            assert verdict is not None
            found.append((-verdict[0], result.seconds, i, data, result))
            print(f"try {i}: {result.line()}")
    found.sort(key=lambda f: f[:3])
    print(f"{len(found)} of {args.tries} mutants fit")
    for _, _, i, data, result in found[:args.show]:
        print(f"--- try {i}: {result.line()}")
        print(show(data))
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
