"""The riddle cache's files: where they live, their fingerprint, and reading one
back only when every proof in it survives replay (issue 8 §2)."""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import json
import pkgutil
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from generator.cachefile import read_keyed, write_text
from generator.sim.cache import digest_sources
from generator.systems.riddle.bookkeeping import plain_text, reward_options
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.box import DEFAULT_GEMS, BlessingCard, Die, GodCard
from generator.systems.riddle.model import Riddle, dump_riddle
from generator.systems.riddle.results import SOLVED, SOLVER_VERSION, ObjectiveResult, RiddleSolve
from generator.systems.riddle.trace import verify_result

CACHE_FOLDER = ".riddlesmith-cache"
"""Default cache folder, inside the pack folder (git-ignored): results stay with
the content they prove and a pack never writes outside its own folder."""


def default_cache_dir(pack_root: Path) -> Path:
    """Where a pack's solver results are cached: ``<pack>/.riddlesmith-cache/``."""
    return pack_root / CACHE_FOLDER


CACHE_FILE_AT_MOST = 4 << 20
"""Bytes a cache file may hold; a larger one is not read (and is replaced)."""


SOLVER_MODULES = tuple(f"generator.systems.riddle.{m}" for m in (
    "blessing_turns", "bookkeeping", "bounds", "box", "cache", "context", "distances",
    "estimate", "game", "gods", "grid", "model", "partners", "pieces", "players", "power_bounds",
    "proofs", "quests", "reach", "results", "schedule", "solver", "spread", "state", "trace", "vocab",
)) + ("generator.sim.search",)
"""Modules whose code decides a stored result, besides the packages below."""
SOLVER_PACKAGES = ("generator.engine", "generator.systems.riddle.goals",
                   "generator.systems.riddle.effects", "generator.systems.riddle.blessings",
                   "generator.systems.riddle.compiled")
"""Packages read whole: the rules engine (moves, god powers), the riddle's goals,
effects and blessing cards, and the compiled proof core."""


COMPILED_ENV = "RIDDLESMITH_COMPILED"
"""``RIDDLESMITH_COMPILED=0`` in the environment turns the compiled core off."""


def compiled_core_off() -> str | None:
    """Why proofs do not go through the compiled core (None: they do). It is on by
    default wherever numba is installed (the ``fast`` extra); ``RIDDLESMITH_COMPILED=0``
    turns it off. Looked up without importing numba."""
    if os.environ.get(COMPILED_ENV, "1") == "0":
        return f"{COMPILED_ENV}=0"
    if importlib.util.find_spec("numba") is None:
        return "numba is not installed"
    return None


def compiled_core_on() -> bool:
    """Whether proofs go through the compiled core: numba installed (the ``fast``
    extra) and not ``RIDDLESMITH_COMPILED=0`` (see :func:`compiled_core_off`). Its first
    run compiles for about 27 s of CPU (said once, :data:`COMPILE_NOTICE`) and each
    process pays about 0.4 s to load it. It may pick another line of the same length,
    so a stored line records which path made it (:func:`riddle_fingerprint`)."""
    return compiled_core_off() is None


COMPILE_NOTICE: ContextVar[Callable[[str], None] | None] = ContextVar(
    "riddlesmith_compile_notice", default=None)
"""Where a proof that is about to compile the compiled core says so (a command's
progress printer; None, the default: nobody is told). Set by the caller around its
proofs (:func:`.proofs.prove_all`, ``solve``), read by :func:`.compiled.warm.announce`."""


@lru_cache(maxsize=1)
def solver_sources() -> str:
    """A hash of the solver's source (:data:`SOLVER_MODULES`, every module of
    :data:`SOLVER_PACKAGES`) and :data:`SOLVER_VERSION`, as the simulators' caches
    hash theirs: an edit to the search, a bound or a rule makes every stored proof
    be searched again, even when nobody bumped the version."""
    names = list(SOLVER_MODULES)
    for package in SOLVER_PACKAGES:
        names.append(package)
        path = importlib.import_module(package).__path__
        names.extend(sorted(m.name for m in pkgutil.walk_packages(path, package + ".")))
    return digest_sources(tuple(names), SOLVER_VERSION)


def riddle_fingerprint(riddle: Riddle, players: int, budget: int, *,
                       gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                       expert: bool = False, count_first_moves: bool = False,
                       blessings: Mapping[str, BlessingCard] | None = None) -> str:
    """A hash of everything a result depends on: the riddle's rules content (not its
    story or title), the queue's gods (pieces, power, quest, name), the revealed blessing
    cards (effect, name), the die, the player count, the budget, the mode and
    the solver's own source (:func:`solver_sources`).

    The names are there because a stored line names the cards it uses ("take Atlas
    from the queue"): a renamed card must not leave the old name in the book, nor
    fail the replay's comparison of solutions (a false RS-G106)."""
    data = dump_riddle(riddle)
    for prose in ("title", "story", "rules"):
        data.pop(prose, None)
    queue: dict[str, object] = {
        g: [list(gods[g].pieces), gods[g].power, gods[g].quest.id, gods[g].quest.level,
            gods[g].quest.reward, plain_text(gods[g].name)]
        for g in riddle.gods.queue if gods and g in gods}
    for b in riddle.gods.revealed:  # a revealed blessing's effect is what the solver plays
        card = blessings.get(b) if blessings else None
        queue[f"blessing:{b}"] = None if card is None else [
            card.effect, plain_text(card.name) if card.name is not None else card.id]
    die_data = None if die is None else {
        "gems": list(die.gems),
        "faces": [[f.colour, list(reward_options(f.reward))] for f in die.faces]}
    blob = json.dumps({"riddle": data, "gods": queue, "die": die_data, "players": players,
                       "budget": budget, "expert": expert, "solver": solver_sources(),
                       "first_moves": count_first_moves, "compiled": compiled_core_on()},
                      sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def read_entry(path: Path, fingerprint: str, riddle: Riddle, players: int, *,
                gods: Mapping[str, GodCard] | None, die: Die | None, expert: bool,
                doubts: bool = False,
                blessings: Mapping[str, BlessingCard] | None = None
                ) -> tuple[RiddleSolve | None, str]:
    """A stored result that passes verification, else None and what was wrong with
    it (``""`` when there was nothing worth reporting: no entry, or one that is
    never trusted by design).

    ``doubts`` also returns an entry with unproven or unsolvable objectives as it is
    (its solved ones are still replayed): for showing a verdict that a check in the
    same run has just recomputed, never for a diagnostic."""
    stored = read_keyed(path, fingerprint, CACHE_FILE_AT_MOST)  # a regular, size-capped JSON object
    if stored is None:
        return None, ""
    try:
        solve = RiddleSolve(str(stored["riddle"]), int(stored["players"]),
                            tuple(ObjectiveResult.from_json(o) for o in stored["objectives"]),
                            bool(stored.get("expert", False)))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError,
            RecursionError):
        return None, "it is not a readable result"
    if solve.riddle != riddle.id or solve.players != players or solve.expert != expert:
        return None, "it is for another riddle, player count or mode"
    if [o.tier for o in solve.objectives] != [o.tier for o in riddle.objectives]:
        return None, "its objectives are not the riddle's"
    if any(o.status != SOLVED for o in solve.objectives) and not doubts:
        return None, ""  # never trusted: see solve_cached
    ctx = None
    for result, raw in zip(solve.objectives, stored["objectives"]):
        if result.status != SOLVED:
            continue
        # The fingerprint covers everything the replay reads (riddle, player count,
        # mode, queue, die, blessings), so a line replayed once in this process need
        # not be replayed again when check, the book and the report read it.
        memo_key = _memo_key(fingerprint, raw)
        problem = _VERIFIED.get(memo_key)
        if problem is None:
            if ctx is None:
                ctx = compile_riddle(riddle, players, expert=expert,
                                     gems=len(die.gems) if die is not None else DEFAULT_GEMS)
            problem = verify_result(ctx, result, gods=gods, die=die, blessings=blessings)
            _remember(memo_key, problem)
        if problem:
            return None, problem
    return solve, ""


def write_entry(path: Path, fingerprint: str, solve: RiddleSolve) -> bool:
    """Store ``solve`` under ``fingerprint`` in the format :func:`.cache.read_entry` reads.

    The wall-clock seconds are left out (stored as 0): a cache entry is a proof,
    not a measurement, and the same proof must give the same file on every run. A solve
    the CPU-seconds cap cut (:attr:`~.results.ObjectiveResult.capped`) is not stored:
    it depends on the machine's speed.
    """
    if any(o.capped for o in solve.objectives):
        return False
    record = {"fingerprint": fingerprint, "solver": SOLVER_VERSION, **solve.to_json(),
              "expert": solve.expert}
    for entry, result in zip(record["objectives"], solve.objectives):
        entry["seconds"] = 0.0
        entry["setup"] = result.setup
        entry["boards"] = list(result.boards)
        entry["trace"] = [list(step) for step in result.trace]
    text = json.dumps(record, indent=1, sort_keys=True) + "\n"
    # The run that wrote it hands its proofs on as values (:class:`.proofs.ProofStore`);
    # a later run reads the file back and replays every line once.
    return write_text(path, text)


def _memo_key(fingerprint: str, raw: object) -> tuple[str, str]:
    return fingerprint, json.dumps(raw, sort_keys=True, default=str)


def _remember(key: tuple[str, str], problem: str) -> None:
    if len(_VERIFIED) >= VERIFIED_AT_MOST:
        _VERIFIED.clear()  # then it starts afresh
    _VERIFIED[key] = problem


VERIFIED_AT_MOST = 4096
"""Replayed lines :func:`read_entry` remembers per process (then it starts afresh)."""
_VERIFIED: dict[tuple[str, str], str] = {}
