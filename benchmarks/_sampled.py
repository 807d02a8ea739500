"""Run the ``riddlesmith`` command line with a CPU sampler and write where the time went.

    python benchmarks/_sampled.py SPLIT.json build content --no-cache --out D

This process *is* the command (``generator.entry.main`` with the arguments
after ``SPLIT.json``); the only addition is a profiling timer (``ITIMER_PROF``,
every :data:`INTERVAL` seconds of CPU time) whose handler records the Python
stack; after the run each sample is filed under a system and a kind of work:

- the **system**: the outermost frame inside ``generator/systems/<name>/``
  (none: ``core`` — loading, validation, the pipeline, writing);
- the **kind**: ``imports`` while any frame is importing a module; else the
  innermost frame that belongs to a known kind: ``simulation`` (simulators,
  solvers, the engine, replays of cached proofs: every module a simulator's
  cache key hashes, see :func:`simulation_files`), ``rendering`` (scenes, text
  fitting, the PDF and SVG backends), ``loading`` (YAML, JSON Schema, pack
  model); samples in no known frame are ``other`` (rule checks, pipeline).

The split is statistical (one sample per 5 ms of CPU); the caller measures the
process's CPU total exactly and scales the shares to it.
"""
from __future__ import annotations

import importlib
import importlib.util
import json
import pkgutil
import signal
import sys
from collections import Counter
from pathlib import Path
from types import FrameType

INTERVAL = 0.005

_SIMULATION = (
    "/generator/sim/", "/generator/engine/",
    # modules a simulator cache does not hash (the rest come from simulation_files())
    "/fragments/sim.py",
)
_HASHED_LISTS = (
    ("generator.systems.tower.sim_checks", "HASHED_MODULES"),
    ("generator.systems.glyphs.sim_checks", "HASHED_MODULES"),
    ("generator.systems.roles.playout", "HASHED_MODULES"),
)
_DESCRIBING = ("model", "grid", "vocab", "content")
"""Hashed modules that describe content rather than simulate it (their frames are
mostly loading): left to the path patterns."""
_RENDERING = (
    "/generator/render/", "/reportlab/", "/svgwrite/", "/PIL/", "/generator/targets.py",
    "/systems/art.py", "/systems/token_art.py",
    "/render.py", "/book.py", "/cards.py", "/sheets.py", "/layout.py", "/aid.py", "/boards.py",
    "/tokens.py", "/maps.py", "/art.py", "/riddle/typography.py", "/riddle/wording.py",
    "/riddle/badges.py", "/riddle/setup_box.py", "/riddle/solutions.py", "/riddle/player_aid.py",
    "/riddle/sky_layout.py", "/riddle/constellation.py",
)
_LOADING = ("/ruamel/", "/yaml/", "/jsonschema/", "/referencing/", "/generator/pack/")


def simulation_files() -> frozenset[str]:
    """The files of every module whose source a simulator's cache hashes (the riddle
    solver's modules and packages, the tower, glyph and role simulators' lists): the
    code that decides a simulated result, so a module added to a cache key is counted
    as simulation without being listed here. Imports those systems: call it after
    the measured run."""
    names: list[str] = []
    from generator.systems.riddle import cache as riddle_cache

    names.extend(riddle_cache.SOLVER_MODULES)
    for package in riddle_cache.SOLVER_PACKAGES:
        path = importlib.import_module(package).__path__
        names.extend(m.name for m in pkgutil.walk_packages(path, package + "."))
    for module, attribute in _HASHED_LISTS:
        names.extend(getattr(importlib.import_module(module), attribute))
    files = set()
    for name in names:
        if name.rsplit(".", 1)[-1] in _DESCRIBING:
            continue
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin:
            files.add(spec.origin.replace("\\", "/"))
    return frozenset(files)


def kind_of(filename: str, simulation: frozenset[str] = frozenset()) -> str | None:
    """The kind of work a frame of ``filename`` does (None: not known; look further out);
    ``simulation``: files that count as simulation besides the patterns."""
    name = filename.replace("\\", "/")
    if name in simulation or any(part in name for part in _SIMULATION):
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


def stack_of(frame: FrameType | None) -> tuple[str, ...]:
    """The file names of the stack ending at ``frame``, innermost first."""
    files = []
    while frame is not None:
        files.append(frame.f_code.co_filename)
        frame = frame.f_back
    return tuple(files)


def classify(stack: tuple[str, ...], simulation: frozenset[str] = frozenset()
             ) -> tuple[str, str]:
    """(system, kind) of a stack of file names, innermost first."""
    system = "core"
    kind: str | None = None
    importing = False
    for filename in stack:
        if filename.startswith("<frozen importlib"):
            importing = True
        if kind is None:
            kind = kind_of(filename, simulation)
        found = system_of(filename)
        if found is not None:
            system = found  # the outermost one wins: keep walking out
    return system, "imports" if importing else (kind or "other")


def main() -> None:
    out = Path(sys.argv[1])
    sys.argv = ["riddlesmith", *sys.argv[2:]]
    stacks: Counter[tuple[str, ...]] = Counter()

    def sample(signum: int, frame: FrameType | None) -> None:
        stacks[stack_of(frame)] += 1

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
        # Classified now, when importing the simulators' module lists costs no sample.
        simulation = simulation_files()
        samples: Counter[tuple[str, str]] = Counter()
        for stack, n in stacks.items():
            samples[classify(stack, simulation)] += n
        out.write_text(json.dumps({"interval": INTERVAL, "samples": [
            [system, kind, n] for (system, kind), n in sorted(samples.items())]}))
    sys.exit(code)


if __name__ == "__main__":
    main()
