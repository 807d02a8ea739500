"""The riddle search with god powers, old against new in one run (issue 22 §6).

Exports ``--against`` (a git revision, default ``main``) to a temporary folder and
measures it and this working tree on the same content (this tree's
``content/riddles``), each in its own process:

- the Python A* with powers on every objective of every shipped riddle at one
  player (``RiddleGame(..., powers=True)``, ``--budget`` expanded states each, no
  time cap, so both trees expand the same states): expanded and generated states
  per CPU second, and whether both found the same costs and counts;
- with ``--solve ID,ID`` (or ``all``): the CPU seconds of ``riddlesmith solve`` of
  each riddle, every objective at one player with powers and the measures;
- with ``--check``: the CPU seconds of a cold ``riddlesmith check content/riddles``
  (an empty cache folder) and whether its proof lines (pars) are the same;
- with ``--build``: the CPU seconds of a cold ``riddlesmith build content/riddles
  --no-cache --jobs 1`` (proofs, the designer's measures of every one-player objective,
  the book) and whether both trees wrote the same files, byte for byte (report.json
  included).

``--new REV`` measures a revision instead of this tree (edits may go on meanwhile).

Prints old, new and the ratio side by side.

    python benchmarks/riddle_speed.py [--against main] [--new REV] [--budget 2000]
        [--solve all] [--check] [--build]
"""
from __future__ import annotations

import argparse
import filecmp
import json
import re
import resource
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from _common import REPO

CONTENT = REPO / "content" / "riddles"

ASTAR = r"""
import json, sys, time
from pathlib import Path
sys.path.insert(0, str(Path.cwd() / "benchmarks"))
from solver import iter_shipped
from generator.sim.search import astar
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
budget = int(sys.argv[2])
rows = []
for case in iter_shipped(Path(sys.argv[1])):
    ctx = compile_riddle(case.riddle, 1)
    for j in range(len(ctx.objectives)):
        game = RiddleGame(ctx, j, gods=case.gods, die=case.die, powers=True,
                          blessings=case.blessings)
        cpu = time.process_time()
        found = astar(game, budget=budget)
        rows.append([f"{case.label}#{j}", found.status, found.cost, found.expanded,
                     found.generated, time.process_time() - cpu])
print(json.dumps(rows))
"""


def export(rev: str, into: Path) -> Path:
    """The tree of ``rev`` written under ``into``."""
    data = subprocess.run(["git", "-C", str(REPO), "archive", rev], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def child_cpu(cmd: list[str], cwd: Path) -> tuple[float, str, str]:
    """(CPU seconds of the child process, its stdout, its stderr)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout, done.stderr


def riddle_ids() -> list[str]:
    ids = []
    for path in sorted((CONTENT / "riddles").glob("*.yaml")):
        found = re.search(r"^id: (\S+)", path.read_text(), re.MULTILINE)
        if found:
            ids.append(found.group(1))
    return ids


def proof_lines(stderr: str) -> list[str]:
    """The check's progress lines that state proofs, without their timings."""
    return [re.sub(r"\s*\([0-9.]+ s\)$", "", line.split("] ", 1)[1])
            for line in stderr.splitlines() if "riddles: " in line and "] " in line]


def timeless(text: str) -> object:
    """A solve's JSON without its ``seconds`` fields (the only ones that vary)."""
    def strip(value: object) -> object:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k != "seconds"}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    return strip(json.loads(text or "null"))


def ratio(old: float, new: float) -> str:
    return f"{old / new:5.2f}x" if new > 0 else "  -  "


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="main", help="the old revision")
    parser.add_argument("--new", default="", help="the new revision (default: this tree)")
    parser.add_argument("--budget", type=int, default=2000,
                        help="states each A* with powers expands at most")
    parser.add_argument("--solve", default="", help="riddle ids (comma-separated) or 'all'")
    parser.add_argument("--check", action="store_true", help="time a cold check too")
    parser.add_argument("--build", action="store_true",
                        help="time a cold build too (and compare its files)")
    args = parser.parse_args(argv)
    python = sys.executable
    same = True
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"old": export(args.against, Path(tmp) / "old"),
                 "new": export(args.new, Path(tmp) / "new") if args.new else REPO}
        rows = {}
        for name, tree in trees.items():
            _, out, err = child_cpu([python, "-c", ASTAR, str(CONTENT), str(args.budget)], tree)
            if not out.strip():
                print(err)
                return 1
            rows[name] = json.loads(out)
        expanded = {n: sum(r[3] for r in rs) for n, rs in rows.items()}
        generated = {n: sum(r[4] for r in rs) for n, rs in rows.items()}
        cpu = {n: sum(r[5] for r in rs) for n, rs in rows.items()}
        agree = [r[:5] for r in rows["old"]] == [r[:5] for r in rows["new"]]
        same &= agree
        print(f"A* with powers, {len(rows['new'])} objectives at one player, budget "
              f"{args.budget}: expanded {expanded['old']} / {expanded['new']}, "
              f"generated {generated['old']} / {generated['new']} (same statuses, costs and "
              f"counts: {agree})")
        for what, counts in (("expanded", expanded), ("generated", generated)):
            rate = {n: counts[n] / cpu[n] for n in rows}
            print(f"  {what} states per CPU second   old {rate['old']:9.0f}   new "
                  f"{rate['new']:9.0f}   {ratio(rate['new'], rate['old'])}")
        print(f"  CPU seconds   old {cpu['old']:.2f}   new {cpu['new']:.2f}   "
              f"{ratio(cpu['old'], cpu['new'])}")
        ids = riddle_ids() if args.solve == "all" else [i for i in args.solve.split(",") if i]
        totals = {"old": 0.0, "new": 0.0}
        if ids:
            print("solve (one player, powers, measures), CPU seconds:   old     new   ratio")
        for rid in ids:
            got = {}
            for name, tree in trees.items():
                got[name] = child_cpu([python, "-m", "generator.cli", "solve", str(CONTENT),
                                       rid, "--format", "json"], tree)
                totals[name] += got[name][0]
            equal = timeless(got["old"][1]) == timeless(got["new"][1])
            same &= equal
            print(f"  {rid:24} {got['old'][0]:7.2f} {got['new'][0]:7.2f}  "
                  f"{ratio(got['old'][0], got['new'][0])}"
                  + ("" if equal else "  OUTPUT DIFFERS"))
        if ids:
            print(f"  {'total':24} {totals['old']:7.2f} {totals['new']:7.2f}  "
                  f"{ratio(totals['old'], totals['new'])}")
        if args.check:
            checked = {}
            for name, tree in trees.items():
                cache = Path(tmp) / f"cache-{name}"
                cache.mkdir()
                checked[name] = child_cpu([python, "-m", "generator.cli", "check", str(CONTENT),
                                           "--cache-dir", str(cache), "-v"], tree)
            equal = proof_lines(checked["old"][2]) == proof_lines(checked["new"][2])
            same &= equal
            print(f"cold check content/riddles, CPU seconds: old {checked['old'][0]:.2f}  new "
                  f"{checked['new'][0]:.2f}  {ratio(checked['old'][0], checked['new'][0])} "
                  f"(same proofs: {equal})")
        if args.build:
            built = {}
            for name, tree in trees.items():
                out = Path(tmp) / f"build-{name}"
                built[name] = child_cpu([python, "-m", "generator.cli", "build", str(CONTENT),
                                         "--no-cache", "--jobs", "1", "--out", str(out)], tree)
            equal = same_files(Path(tmp) / "build-old", Path(tmp) / "build-new")
            same &= equal
            print(f"cold build content/riddles, CPU seconds: old {built['old'][0]:.2f}  new "
                  f"{built['new'][0]:.2f}  {ratio(built['old'][0], built['new'][0])} "
                  f"(same files, byte for byte: {equal})")
    return 0 if same else 1


def same_files(left: Path, right: Path) -> bool:
    """Whether two folders hold the same files with the same bytes."""
    compared = filecmp.dircmp(left, right)
    if compared.left_only or compared.right_only or compared.funny_files:
        return False
    _, differ, errors = filecmp.cmpfiles(left, right, compared.common_files, shallow=False)
    return not differ and not errors and all(
        same_files(left / sub, right / sub) for sub in compared.common_dirs)


if __name__ == "__main__":
    sys.exit(main())
