"""How fast the fragment deck builds (PDF sheets + one SVG per card), in one run.

Prints seconds and cards per second for the whole build, and the split between
check and render. Target: the shipped deck builds in under 3 s.

    python benchmarks/build.py
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from _common import REPO, best_of

from generator.pipeline import build, check


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
    main()
