"""How fast the shipped content builds, in one run.

1. The fragment deck (PDF sheets + one SVG per card): seconds and cards per
   second, check and render apart. Target: under 3 s.
2. Every shipped pack (``content/``) as ``riddlesmith build`` does it: CPU
   seconds cold (no cache: every riddle proof and count is computed) and warm
   (a second build over a filled cache: each proof only replayed), each beside
   the riddle pack's share. Targets (issue 14): cold <= 20 s CPU, warm <= 3 s.

    python benchmarks/build.py [--skip-fragments]
"""
from __future__ import annotations

import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from _common import REPO, best_of

from generator.pipeline import build, check
from generator.systems import Options

COLD_TARGET, WARM_TARGET = 20.0, 3.0


def cpu_of(fn: object) -> float:
    started = time.process_time()
    fn()  # type: ignore[operator]
    return time.process_time() - started


def shipped_content() -> None:
    """Cold and warm builds of every shipped pack, in CPU seconds."""
    packs = sorted(p for p in (REPO / "content").iterdir() if (p / "pack.yaml").is_file())
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "cache"
        options = Options(cache_dir=cache)
        for label, opts in (("cold, no cache", replace(options, cache=False)),
                            ("cold, empty cache", options), ("warm cache", options)):
            out = Path(tmp) / "out"
            total = 0.0
            parts = []
            for pack in packs:
                spent = cpu_of(lambda: build(check([pack], opts), out / pack.name))
                total += spent
                parts.append(f"{pack.name} {spent:.1f} s")
            target = WARM_TARGET if label.startswith("warm") else COLD_TARGET
            print(f"shipped content, {label}: {total:.1f} s CPU ({', '.join(parts)}); "
                  f"target <= {target:.0f} s: {'met' if total <= target else 'MISSED'}")


def main() -> None:
    pack = REPO / "content" / "fragments"
    report = check([pack])
    assert not report.failed(), "the shipped pack must check clean"
    cards = sum(int(d.data.get("copies", 1)) for d in report.packs[0].documents
                if d.kind in ("fragment-card", "when-card"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        t_check = best_of(lambda: check([pack]))
        t_build = best_of(lambda: build(check([pack]), out))
        files = sorted(p for p in (out / report.packs[0].id).rglob("*") if p.is_file())
        size = sum(p.stat().st_size for p in files)
    render = t_build - t_check
    print(f"fragment deck: {cards} cards (fronts + backs), {len(files)} files, {size / 1e6:.1f} MB")
    print(f"  check {t_check:.3f} s, render + write {render:.3f} s, total {t_build:.3f} s")
    print(f"  {cards / t_build:,.0f} cards/s overall; target < 3 s: "
          f"{'met' if t_build < 3 else 'MISSED'} ({t_build / 3:.2f} of the budget)")


if __name__ == "__main__":
    if "--skip-fragments" not in sys.argv:
        main()
    shipped_content()
