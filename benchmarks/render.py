"""How fast the riddle campaign prints: book, maps, cards, aids and sheets, in one run.

Solving is timed apart from rendering: the first build fills a solver cache (a fresh
temporary folder, so every objective is searched), the next builds read it, as a build
after ``check`` does. Prints both, the pages written and pages per second. Target: the
shipped campaign renders in under 5 s once the solver's results are cached.

    python benchmarks/render.py [PACK] [--budget N]

``--budget`` caps the states each objective's search expands (default: the riddles' own
setting), for a quick look at a campaign whose hardest riddles take minutes to prove.
"""
from __future__ import annotations

import argparse
import io
import tempfile
import time
from pathlib import Path

from _common import REPO, best_of
from pypdf import PdfReader

from generator.pipeline import check
from generator.systems import Artefact, Options
from generator.systems.riddle.render import build_artefacts

TARGET_S = 5.0


def _quiet(_: str) -> None:
    return None


def count_pages(artefacts: list[Artefact]) -> int:
    return sum(len(PdfReader(io.BytesIO(a.data)).pages) for a in artefacts
               if a.path.endswith(".pdf"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack", nargs="?", default=str(REPO / "content" / "riddles"))
    parser.add_argument("--budget", type=int, default=None)
    args = parser.parse_args()
    report = check([Path(args.pack)])
    assert not report.failed(), "the pack must check clean"
    pack = report.packs[0]
    extra = {"solver_budget": args.budget} if args.budget else {}
    with tempfile.TemporaryDirectory() as tmp:
        options = Options(cache_dir=Path(tmp), extra=extra)
        start = time.perf_counter()
        artefacts = build_artefacts(pack, options, _quiet)  # solves and fills the cache
        cold = time.perf_counter() - start
        warm = best_of(lambda: build_artefacts(pack, options, _quiet))
    pages = count_pages(artefacts)
    maps = sum(1 for a in artefacts if a.path.startswith("maps/"))
    size = sum(len(a.data) for a in artefacts)
    riddles = len(pack.of_kind("riddle"))
    print(f"riddle campaign '{pack.id}': {riddles} riddles, {len(artefacts)} files "
          f"({maps} map SVGs), {pages} PDF pages, {size / 1e6:.1f} MB")
    print(f"  first build (solver included, nothing cached): {cold:.2f} s")
    print(f"  solver alone, about: {max(cold - warm, 0.0):.2f} s")
    print(f"  build with the solver's results cached: {warm:.2f} s, {pages / warm:,.1f} pages/s")
    print(f"  target < {TARGET_S:g} s (cached): {'met' if warm < TARGET_S else 'MISSED'} "
          f"({warm / TARGET_S:.2f} of the budget)")
    try:
        import _rl_accel  # type: ignore[import-not-found]  # noqa: F401
        print("  reportlab accelerator (rl-accel): installed")
    except ImportError:
        print("  reportlab accelerator (rl-accel): not installed; PDF writing is about "
              "2.5x slower without it (same bytes)")


if __name__ == "__main__":
    main()
