"""Where the greedy role player lists and values its plies: the numba kernel of
:mod:`.compiled` when numba is installed (the ``fast`` extra) and the card's rules are
ones it plays, else Python (:class:`~.policies.PlyValues` over
:func:`~.engine.legal_plies`). Both give the same values in the same order.

``RIDDLESMITH_COMPILED=0`` (the switch every compiled core reads) keeps everything in
Python. Importing this module does not import numba; :func:`kernel` does, once.

The kernel plays :class:`~generator.engine.powers.pieces.TurnRules` made of these
fields (:func:`encode_rules`; any other field set, more than three patterns, entries
or forces, a leap of more than three distances, or more than three builds in a ply:
``None``, and the Python listing): a skyscraper built before moving (required or
not), the move patterns (slide, leap, beside a skyscraper; exclusive or not), an
entry into an occupied space (swap or push), the forces (away, pull, a compass
direction, onto the build, into the vacated space), both workers acting (with no
other power), a build under the worker instead of the usual build, builds around
another worker, a second build on the same space or elsewhere (required or not,
blocks only or not) and the rooftop win. A map of at most 62 squares, no King and
no Sphinx.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from generator.engine.geometry import Geometry
from generator.engine.playouts import compiled_off, numba_cached
from generator.engine.powers.pieces import TurnRules
from generator.engine.powers.stages import Ply, _Turn
from generator.engine.state import State
from generator.systems.roles.model import WORKERS_EACH

WORKER_MASK = (1 << WORKERS_EACH) - 1

_KERNEL: list[Any] = []

MAX_SQUARES = 62
"""The kernel's outcome keys pack a worker's square (plus one) in six bits."""
MAX_WORKERS = 10
"""Five seats of two workers: the kernel's position array and outcome keys hold ten."""

_PATTERNS = {"slide": 0, "leap": 1, "beside-skyscraper": 2}
_FORCES = {"away": 0, "pull": 1, "compass": 2, "onto-build": 3, "vacated": 4}
_COMPASS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
_HANDLED = frozenset({
    "pre_build", "pre_build_no_up", "pre_build_skyscraper", "pre_build_required", "enter",
    "win_by_dome", "extra_same", "extra_same_blocks_only", "extra_same_required",
    "extra_other", "extra_other_blocks_only", "extra_other_required", "move_patterns",
    "patterns_only", "forces", "build_under", "build_around", "build_around_whose",
    "both_act",
    # Read by the round engine (the opponents' next turns), never by the listing:
    "marks_moved_up", "blocks_opponents_up"})
_PLAIN = TurnRules()


def kernel() -> Any | None:
    """The compiled module, or None (numba missing or ``RIDDLESMITH_COMPILED=0``)."""
    if compiled_off() is not None:
        return None
    if not _KERNEL:
        from generator.systems.roles import compiled

        _check_constants(compiled)
        _KERNEL.append(compiled)
    return _KERNEL[0]


def _check_constants(module: Any) -> None:
    """The kernel's copies of the player's weights are the player's."""
    from generator.engine.state import DOME
    from generator.systems.roles import weights
    from generator.systems.roles.model import WORKERS_EACH

    ours = (DOME, weights.WIN_SCORE, weights.HEIGHT_WEIGHT, weights.USEFUL_HEIGHT,
            weights.READY_WEIGHT, weights.THREAT_WEIGHT, weights.ROOFTOP_THREAT_WEIGHT,
            WORKERS_EACH)
    theirs = (module.DOME, module.WIN_SCORE, module.HEIGHT_WEIGHT, module.USEFUL_HEIGHT,
              module.READY_WEIGHT, module.THREAT_WEIGHT, module.ROOFTOP_THREAT_WEIGHT,
              module.WORKERS_EACH)
    if ours != theirs:
        raise RuntimeError("roles/compiled.py's constants differ from the player's")


def encode_rules(k: Any, rules: TurnRules) -> Any | None:
    """The kernel's int64 array for ``rules`` (``k``: the kernel module), or None when
    the kernel does not play them (see the module notes)."""
    import numpy as np

    for name in TurnRules.__slots__:
        if name not in _HANDLED and getattr(rules, name) != getattr(_PLAIN, name):
            return None
    if rules.pre_build and not rules.pre_build_skyscraper:
        return None
    if rules.both_act and replace(rules, both_act="") != _PLAIN:
        return None  # both workers acting with another power
    if len(rules.move_patterns) > k.MAX_PATTERNS or len(rules.enter) > k.MAX_ENTERS or \
            len(rules.forces) > k.MAX_FORCES:
        return None
    builds = (1 if rules.pre_build else 0) + 1 + (1 if rules.extra_same else 0) + (
        1 if rules.extra_other else 0)
    if builds > 3:
        return None
    # The engine's own flags (which rules merge plies of one outcome, pair two builds
    # once, build one plain piece), read from a generation call's inputs.
    turn = _Turn(Geometry.rectangle(1, 1), rules, False, True, None, 0)
    r = np.zeros(k.R_SIZE, dtype=np.int64)
    r[k.R_BOTH] = 1 if rules.both_act else 0
    r[k.R_PRE_SKY] = 1 if rules.pre_build else 0
    r[k.R_PRE_REQUIRED] = 1 if rules.pre_build and rules.pre_build_required else 0
    r[k.R_PRE_NO_UP] = 1 if rules.pre_build and rules.pre_build_no_up else 0
    r[k.R_WIN_DOME] = 1 if rules.win_by_dome else 0
    r[k.R_SAME] = 1 if rules.extra_same else 0
    r[k.R_SAME_BLOCKS] = 1 if rules.extra_same_blocks_only else 0
    r[k.R_SAME_REQUIRED] = 1 if rules.extra_same_required else 0
    r[k.R_OTHER] = 1 if rules.extra_other else 0
    r[k.R_OTHER_BLOCKS] = 1 if rules.extra_other_blocks_only else 0
    r[k.R_OTHER_REQUIRED] = 1 if rules.extra_other_required else 0
    r[k.R_PAIRS_ONCE] = 1 if turn.pairs_once else 0
    r[k.R_PLAIN_BUILDS] = 1 if turn.plain_builds else 0
    r[k.R_DEDUPE] = 1 if turn.dedupe or rules.both_act else 0
    r[k.R_UNDER] = 1 if rules.build_under else 0
    if rules.build_around:
        r[k.R_AROUND] = 1 if rules.build_around_whose == "own" else 2
    r[k.R_PATTERNS_ONLY] = 1 if rules.patterns_only else 0
    r[k.R_PATTERNS] = len(rules.move_patterns)
    for i, (kind, distances, directions, _) in enumerate(rules.move_patterns):
        if len(distances) > 3 and kind == "leap":
            return None
        base = k.R_PATTERN0 + 6 * i
        r[base] = _PATTERNS[kind]
        r[base + 1] = directions
        r[base + 2] = len(distances) if kind == "leap" else 0
        for t, d in enumerate(distances[:3] if kind == "leap" else ()):
            r[base + 3 + t] = d
    r[k.R_ENTERS] = len(rules.enter)
    for i, (enter_mode, enter_targets, _) in enumerate(rules.enter):
        r[k.R_ENTER0 + 2 * i] = 0 if enter_mode == "swap" else 1
        r[k.R_ENTER0 + 2 * i + 1] = 0 if enter_targets == "opponents" else 1
    r[k.R_FORCES] = len(rules.forces)
    for i, (mode, compass, targets, required, _) in enumerate(rules.forces):
        base = k.R_FORCE0 + 5 * i
        r[base] = _FORCES[mode]
        r[base + 1], r[base + 2] = _COMPASS[compass]
        r[base + 3] = 0 if targets == "opponents" else 1
        r[base + 4] = 1 if required else 0
    return r


class KernelLister:
    """The kernel's arrays for one geometry, its scratch space, and the encoded rules of
    every rules object met (kept with the object, so an id is never reused)."""

    def __init__(self, k: Any, geometry: Geometry, reach: tuple[int, ...]) -> None:
        import numpy as np

        self.k = k
        self.geometry = geometry
        self.fits = geometry.size <= MAX_SQUARES
        self.g = np.array([geometry.build_neighbours, geometry.move_neighbours, reach],
                          dtype=np.int64)
        self.b = np.zeros((k.B_ROWS, k.B_WIDTH), dtype=np.int64)
        self.out = np.zeros(k.MAX_PLIES, dtype=np.int64)
        self.keys = np.zeros((k.TABLE, 3), dtype=np.int64)
        self.plies = np.zeros((k.MAX_PLIES, k.Y_WIDTH), dtype=np.int64)
        self.ties = np.zeros(2 * k.MAX_PLIES + 4, dtype=np.int64)
        self._ties = 0
        self._head = [geometry.width, geometry.height, geometry.size, geometry.land]
        self._pad = [0] * (k.P_W0 - k.P_SUPPLY - 3)
        self._stamp = 0
        self._array = np.array
        self._int64 = np.int64
        self._rules: dict[tuple[int, bool], tuple[TurnRules, Any]] = {}
        self._encoded: dict[TurnRules, Any] = {}
        self._single = encode_rules(k, _PLAIN)

    def encoded(self, rules: TurnRules, no_skyscraper: bool) -> Any | None:
        """The encoded rules (``no_skyscraper``: none left to build before moving)."""
        key = (id(rules), no_skyscraper)
        found = self._rules.get(key)
        if found is None:
            played = replace(rules, pre_build="", pre_build_skyscraper=False,
                             pre_build_required=False) if no_skyscraper else rules
            if played not in self._encoded:
                self._encoded[played] = encode_rules(self.k, played)
            found = (rules, self._encoded[played])
            self._rules[key] = found
        return found[1]

    def run(self, state: State, supply: tuple[int, int, int], seat: int, holds: bool,
             rules: TurnRules, keep: bool = False) -> int | None:
        """List and value the legal plies of ``seat`` under ``rules`` (with the Statue
        when ``holds``) in :func:`~.engine.legal_plies`'s order: their count (values in
        ``out``, with ``keep`` the plies in ``plies``), or None when the kernel does not
        play this position or these rules."""
        if not self.fits or state.king >= 0 or state.sphinx >= 0 or \
                len(state.workers) > MAX_WORKERS:
            return None
        r = self.encoded(rules, bool(rules.pre_build_skyscraper and not supply[2]))
        if r is None:
            return None
        workers = state.workers
        present = 0
        occ = 0
        for i, sq in enumerate(workers):
            if sq >= 0:
                present |= 1 << i
                occ |= 1 << sq
        mine = present & (WORKER_MASK << WORKERS_EACH * seat)
        self._stamp += 2  # the kernel takes a second one for both workers acting
        p = self._array([*self._head, state.l1, state.l2, state.l3, state.domes, occ, seat,
                         present & ~mine, mine, 1 if holds else 0, *supply, 0, 0, self._stamp,
                         len(workers), 0, 1 if keep else 0, 0, 0, *workers],
                        dtype=self._int64)
        k = self.k
        k.list_values(p, r, self._single, self.g, self.b, self.out, self.keys, self.plies,
                      self.ties)
        self._stamp = int(p[k.P_STAMP])
        self._ties = int(p[k.P_TIES])
        count = int(p[k.P_COUNT])
        return None if count > k.MAX_PLIES else count

    def schedule(self) -> list[int]:
        """The tie-break schedule of the last :meth:`run` (see
        :func:`~.policies.pick_scheduled`)."""
        schedule: list[int] = self.ties[:self._ties].tolist()
        return schedule

    def values(self, state: State, supply: tuple[int, int, int], seat: int, holds: bool,
               rules: TurnRules) -> tuple[list[int], list[int]] | None:
        """The greedy values of :meth:`run` and their tie-break schedule (None where it
        gives None)."""
        count = self.run(state, supply, seat, holds, rules)
        if count is None:
            return None
        values: list[int] = self.out[:count].tolist()
        return values, self.schedule()

    def ply(self, index: int, rules: TurnRules) -> Ply:
        """Kept ply ``index`` of the last :meth:`run` with ``keep``: its worker,
        relocations, builds and win (the powers: the rooftop's when it wins by one, the
        only power the round engine reads)."""
        k = self.k
        row = self.plies[index].tolist()
        nm, nb = row[k.Y_MOVES], row[k.Y_BUILDS]
        moves = tuple((row[k.Y_MOVES + 1 + 2 * i], row[k.Y_MOVES + 2 + 2 * i])
                      for i in range(nm))
        builds = tuple((row[k.Y_BUILDS + 1 + 2 * i], row[k.Y_BUILDS + 2 + 2 * i])
                       for i in range(nb))
        powers = (rules.win_by_dome,) if row[k.Y_CONDITION] else ()
        return Ply(row[k.Y_WORKER], moves, builds, bool(row[k.Y_WIN]), False, powers)


COMPILE_NOTICE = ("roles: compiling the greedy player's ply listing once, about 40 s of CPU "
                  "(later runs load it from numba's cache; 'riddlesmith warm' does it ahead)")


def compiled_already() -> bool:
    """Whether numba's cache holds machine code for the kernel, so the first listing loads
    it instead of compiling it (about 40 s of CPU); True without the kernel (nothing to
    compile). See :func:`~generator.engine.playouts.numba_cached`."""
    k = kernel()
    return True if k is None else numba_cached(k.list_values)


def compile_notice(progress: Any) -> None:
    """Tell ``progress`` (when given) of the compile before the first greedy game, when
    the kernel is on and not compiled yet: the wait is the compile, not the games."""
    if progress is not None and kernel() is not None and not compiled_already():
        progress(COMPILE_NOTICE)


def warm_kernel() -> str:
    """Compile the kernel now, or load it from numba's cache (``riddlesmith warm``), by
    listing one turn of every kind it plays on a small board; one line says how long
    that took (CPU seconds), or why there is nothing to do."""
    import time

    off = compiled_off()
    if off is not None:
        return f"the role player's compiled listing is off ({off}): nothing to compile"
    from generator.engine.powers.pieces import compose
    from generator.engine.powers.registry import make_power
    from generator.systems.roles.weights import within_two

    started = time.process_time()
    k = kernel()
    geometry = Geometry.rectangle(5, 5)
    lister = KernelLister(k, geometry, within_two(geometry.build_neighbours))
    state = State(1 << 6, 0, 0, 1 << 18, (0, 4, 20, 24))
    for power in ("build-skyscraper-first", "both-workers-act", "push-away"):
        rules = compose([(power, make_power(power, {}))])
        assert lister.values(state, (9, 9, 9), 0, True, rules) is not None
    return (f"the role player's compiled listing is ready ({time.process_time() - started:.1f} s "
            "of CPU: about 40 s to compile on a first run, under 1 s to load later)")
