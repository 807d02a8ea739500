"""How fast the shipped content builds, in one run.

1. The fragment deck (PDF sheets + one SVG per card): seconds and cards per
   second, check and render apart. Target: under 3 s.
2. Every shipped pack (``content/``) built by the command line itself, in a
   fresh process, CPU seconds of that process (start-up and imports included,
   as ``/usr/bin/time`` counts them). Targets (issue 14): cold <= 20 s CPU,
   warm <= 3 s.

   - cold, no cache: ``riddlesmith build content --no-cache`` (check and build
     share one throwaway cache, so each simulation runs once);
   - cold, empty cache: the same into an empty ``--cache-dir`` (the same work:
     a check of the line above);
   - warm cache: again over that filled cache (each proof only replayed).

   Beside the cold line: the CPU seconds per system and per kind of work
   (simulation, rendering, loading, imports, other), from a CPU sampler in the
   command's process (``benchmarks/_sampled.py``; shares of ~5 ms samples,
   scaled to the measured total).

3. Which install this is: pure Python, or the ``fast`` extra with the riddle
   solver's compiled core on (the default wherever numba is installed), and
   whether numba's cache held the core's machine code before the cold build
   (cold: that build includes compiling it, about 30 s of CPU). With ``--jit``,
   also the core's first-call cost (``riddlesmith warm`` in a fresh process over an
   empty cache: the compile) and its cached-load cost (the same again).

    python benchmarks/build.py [--skip-fragments] [--cold-only] [--jit]

Run it in both installs (``pip install .`` and ``pip install '.[fast]'``; or
``RIDDLESMITH_COMPILED=0`` for the Python path of the fast install).
"""
from __future__ import annotations

import compileall
import json
import os
import resource
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from _common import REPO, best_of

from generator.pipeline import build, check

COLD_TARGET, WARM_TARGET = 20.0, 3.0
KINDS = ("simulation", "rendering", "loading", "imports", "other")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_cli(args: list[str], split: Path, env: dict[str, str] | None = None) -> float:
    """CPU seconds (user + system) of one ``riddlesmith`` run in a fresh process."""
    before = _children_cpu()
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "_sampled.py"), str(split),
                           *args, "--quiet"], cwd=REPO, capture_output=True, text=True,
                          check=False, env=env)
    spent = _children_cpu() - before
    if done.returncode != 0:
        sys.exit(f"riddlesmith {' '.join(args)} failed ({done.returncode}):\n"
                 f"{done.stdout}{done.stderr}")
    return spent


def describe_split(split: Path, total: float) -> list[str]:
    """Lines of the per-system and per-kind CPU seconds of a sampled run."""
    rows = json.loads(split.read_text())["samples"]
    count = sum(n for _, _, n in rows) or 1
    by_system: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    by_kind: dict[str, float] = defaultdict(float)
    for system, kind, n in rows:
        seconds = total * n / count
        by_system[system][kind] += seconds
        by_kind[kind] += seconds
    lines = ["  by kind: " + ", ".join(f"{k} {by_kind[k]:.1f} s ({by_kind[k] / total:.0%})"
                                       for k in KINDS if by_kind.get(k))]
    for system, kinds in sorted(by_system.items(), key=lambda item: -sum(item[1].values())):
        spent = sum(kinds.values())
        parts = ", ".join(f"{k} {kinds[k]:.1f}" for k in KINDS if kinds.get(k, 0) >= 0.05)
        lines.append(f"  {system:<10} {spent:5.1f} s  ({parts})")
    lines.append(f"  ({count} samples of ~5 ms CPU, scaled to the measured total)")
    return lines


def install_line() -> str:
    """Which install runs the proofs, and whether the compiled core's JIT cache was warm
    (numba's cache already holds its machine code for these sources)."""
    from generator.systems.riddle.cache import compiled_core_off

    off = compiled_core_off()
    if off is not None:
        return f"install: pure Python proofs (compiled core off: {off})"
    import numba

    from generator.systems.riddle.compiled.search import cache_dir, kernel_module
    from generator.systems.riddle.compiled.warm import jit_cached

    kernel = kernel_module()
    warm = kernel is not None and jit_cached(kernel)
    state = "warm (each process loads it)" if warm else \
        "cold (the first cold build below includes compiling it, about 30 s of CPU)"
    return (f"install: fast extra (numba {numba.__version__}), compiled core on; its JIT "
            f"cache {cache_dir().name} was {state}")


def jit_costs() -> str:
    """The compiled core's first call (a compile, over an empty cache) and a later
    process's cached load, each ``riddlesmith warm`` in a fresh process (CPU seconds)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, XDG_CACHE_HOME=tmp)
        env.pop("NUMBA_CACHE_DIR", None)
        split = Path(tmp) / "split.json"
        first = run_cli(["warm"], split, env)
        cached = run_cli(["warm"], split, env)
    return (f"compiled core JIT: first call {first:.1f} s CPU (riddlesmith warm over an empty "
            f"cache: compiles), cached load {cached:.1f} s CPU (the same again; each a whole "
            "process, start-up included)")


def shipped_content(cold_only: bool = False) -> None:
    """Cold and warm builds of every shipped pack by the command line, in CPU seconds.

    The package's modules are byte-compiled first, as ``pip install .`` (the README's
    install) leaves them: with ``PYTHONDONTWRITEBYTECODE`` set, a run from a source
    tree would otherwise compile every module again in each process (~0.2-0.4 s)."""
    compileall.compile_dir(REPO / "generator", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        split = Path(tmp) / "split.json"
        cache = Path(tmp) / "cache"
        runs = [("cold, no cache", ["--no-cache"])]
        if not cold_only:
            runs += [("cold, empty cache", ["--cache-dir", str(cache)]),
                     ("warm cache", ["--cache-dir", str(cache)])]
        for label, extra in runs:
            total = run_cli(["build", "content", "--out", str(Path(tmp) / "out"), *extra], split)
            target = WARM_TARGET if label.startswith("warm") else COLD_TARGET
            print(f"shipped content, {label}: {total:.1f} s CPU; target <= {target:.0f} s: "
                  f"{'met' if total <= target else 'MISSED'}")
            if label != "cold, empty cache":
                print("\n".join(describe_split(split, total)))


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


def run(argv: list[str]) -> None:
    """Parse the options (``--help`` prints the docs above) and run the benchmark."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--skip-fragments", action="store_true",
                        help="leave out the fragment deck's own timing")
    parser.add_argument("--cold-only", action="store_true", help="only the cold, no-cache build")
    parser.add_argument("--jit", action="store_true",
                        help="also the compiled core's first-compile and cached-load costs")
    args = parser.parse_args(argv)
    print(install_line())
    if not args.skip_fragments:
        main()
    shipped_content(cold_only=args.cold_only)
    if args.jit:
        from generator.systems.riddle.cache import compiled_core_on

        print(jit_costs() if compiled_core_on() else "compiled core JIT: not measured (off)")


if __name__ == "__main__":
    run(sys.argv[1:])
