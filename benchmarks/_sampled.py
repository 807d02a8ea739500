"""Run the ``riddlesmith`` command line with a CPU sampler and write where the time went.

    python benchmarks/_sampled.py SPLIT.json build content --no-cache --out D

This process *is* the command (``generator.entry.main`` with the arguments
after ``SPLIT.json``); the only addition is a profiling timer (``ITIMER_PROF``,
every :data:`INTERVAL` seconds of CPU time) whose handler files the sample
under a system and a kind of work, read from the Python stack:

- the **system**: the outermost frame inside ``generator/systems/<name>/``
  (none: ``core`` — loading, validation, the pipeline, writing);
- the **kind**: ``imports`` while any frame is importing a module; else the
  innermost frame that belongs to a known kind: ``simulation`` (simulators,
  solvers, the engine, replays of cached proofs), ``rendering`` (scenes, text
  fitting, the PDF and SVG backends), ``loading`` (YAML, JSON Schema, pack
  model); samples in no known frame are ``other`` (rule checks, pipeline).

The split is statistical (one sample per 5 ms of CPU); the caller measures the
process's CPU total exactly and scales the shares to it.
"""
from __future__ import annotations

import json
import signal
import sys
from collections import Counter
from pathlib import Path
from types import FrameType

INTERVAL = 0.005

_SIMULATION = (
    "/generator/sim/", "/generator/engine/",
    # riddle
    "/riddle/solver.py", "/riddle/game.py", "/riddle/bounds.py", "/riddle/bookkeeping.py",
    "/riddle/state.py", "/riddle/proofs.py", "/riddle/trace.py", "/riddle/goals/",
    "/riddle/effects/", "/riddle/blessings/", "/riddle/power_bounds.py",
    "/riddle/blessing_turns.py", "/riddle/gods.py", "/riddle/cache.py", "/riddle/players.py",
    # glyphs
    "/glyphs/sim_checks.py", "/glyphs/playtest.py", "/glyphs/game.py", "/glyphs/policies.py",
    "/glyphs/solver.py", "/glyphs/board.py",
    # tower
    "/tower/engine.py", "/tower/playtest.py", "/tower/policies/", "/tower/proof.py",
    "/tower/sim_checks.py", "/tower/rules.py",
    # fragments, roles
    "/fragments/sim.py", "/roles/engine.py", "/roles/playout.py", "/roles/policies.py",
    "/roles/reach.py",
)
_RENDERING = (
    "/generator/render/", "/reportlab/", "/svgwrite/", "/PIL/", "/generator/targets.py",
    "/systems/art.py", "/systems/token_art.py",
    "/render.py", "/book.py", "/cards.py", "/sheets.py", "/layout.py", "/aid.py", "/boards.py",
    "/tokens.py", "/maps.py", "/art.py", "/riddle/typography.py", "/riddle/wording.py",
    "/riddle/badges.py", "/riddle/setup_box.py", "/riddle/solutions.py", "/riddle/player_aid.py",
    "/riddle/sky_layout.py", "/riddle/constellation.py",
)
_LOADING = ("/ruamel/", "/yaml/", "/jsonschema/", "/referencing/", "/generator/pack/")


def kind_of(filename: str) -> str | None:
    """The kind of work a frame of ``filename`` does (None: not known; look further out)."""
    name = filename.replace("\\", "/")
    if any(part in name for part in _SIMULATION):
        return "simulation"
    if any(part in name for part in _RENDERING):
        return "rendering"
    if any(part in name for part in _LOADING):
        return "loading"
    return None


def system_of(filename: str) -> str | None:
    name = filename.replace("\\", "/")
    head, found, tail = name.partition("/generator/systems/")
    if not found or "/" not in tail:
        return None
    return tail.split("/", 1)[0]


def classify(frame: FrameType | None) -> tuple[str, str]:
    """(system, kind) of the stack ending at ``frame``."""
    system = "core"
    kind: str | None = None
    importing = False
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename.startswith("<frozen importlib"):
            importing = True
        if kind is None:
            kind = kind_of(filename)
        found = system_of(filename)
        if found is not None:
            system = found  # the outermost one wins: keep walking out
        frame = frame.f_back
    return system, "imports" if importing else (kind or "other")


def main() -> None:
    out = Path(sys.argv[1])
    sys.argv = ["riddlesmith", *sys.argv[2:]]
    samples: Counter[tuple[str, str]] = Counter()

    def sample(signum: int, frame: FrameType | None) -> None:
        samples[classify(frame)] += 1

    signal.signal(signal.SIGPROF, sample)
    signal.setitimer(signal.ITIMER_PROF, INTERVAL, INTERVAL)
    code: int | str | None = 0
    try:
        from generator.entry import main as entry

        entry()
    except SystemExit as stop:
        code = stop.code
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        out.write_text(json.dumps({"interval": INTERVAL, "samples": [
            [system, kind, n] for (system, kind), n in sorted(samples.items())]}))
    sys.exit(code)


if __name__ == "__main__":
    main()
