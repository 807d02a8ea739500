"""Proofs of many riddles at once: through the cache, on an executor, one line per riddle.

``check`` and ``build`` want the solver's verdicts on every riddle of a pack, for
several player counts, with and without counting the optimal first moves.
:func:`prove_all` takes that list of :class:`ProofRequest` values and

1. reuses every stored result that survives replay (:func:`.cache.read_entry`);
2. cuts what is left into one task per objective (objectives are searched
   independently, so a riddle with four objectives keeps four workers busy) and
   runs them on the executor the command was given (``--jobs``: a process pool;
   ``--scheduler``: Dask; none: this process, in order);
3. puts each riddle's verdicts back together in objective order, writes them to
   the cache and reports one progress line per riddle, in the pack's order
   whatever order the workers finish in, as soon as that order allows: riddles are
   searched a group at a time (one riddle in this process, a few per pool worker),
   so lines come while the proofs run, not all at the end.

A task's result does not depend on where it ran: the search is deterministic
and capped by the states it expands, so one process and many give the same
verdicts, the same cache files (which leave out the seconds a search took) and
the same diagnostics; tests build both ways and compare every byte. No CPU-seconds
cap applies in ``check`` and ``build`` (:data:`~.solver.SECONDS_PER_OBJECTIVE`), so a
verdict does not depend on the machine's speed or load either; ``solve --seconds``
sets one, and a result it stops is reported unproven and never trusted from the cache.

``check`` asks for every player count a riddle allows (:func:`requests_by_count`)
and reports what is left unproven per objective (:func:`iter_count_diagnostics`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator.diagnostics import Diagnostic
from generator.pack.model import Document
from generator.sim.executors import Executor, InProcessExecutor
from generator.systems import ProgressFn
from generator.systems.riddle.cache import (
    COMPILE_NOTICE,
    compiled_core_on,
    read_entry,
    riddle_fingerprint,
    write_entry,
)
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.box import DEFAULT_GEMS, BlessingCard, Die, GodCard
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.partners import FOUR, TWO, as_four_players
from generator.systems.riddle.results import (
    SOLVED,
    UNPROVEN,
    UNSOLVABLE,
    ObjectiveResult,
    RiddleSolve,
)
from generator.systems.riddle.solver import (
    CHECK_BUDGET,
    effective_budget,
    solve_riddle,
    worker_assignments,
)
from generator.systems.riddle.solver_diagnostics import iter_solver_diagnostics


@dataclass(frozen=True, slots=True)
class ProofRequest:
    """One :class:`RiddleSolve` wanted: a riddle, a player count and how to search.

    ``budget`` None means :data:`~.solver.CHECK_BUDGET` (a riddle's ``solver.nodes``
    may lower it, never raise it).
    """

    riddle: str
    players: int = 1
    count_first_moves: bool = False
    budget: int | None = None
    expert: bool = False


@dataclass(frozen=True, slots=True)
class ProofShared:
    """What every task reads: the riddles by id, the gods and the dice (sent to a
    worker once per run, not once per task)."""

    riddles: Mapping[str, Riddle]
    gods: Mapping[str, GodCard]
    dice: Mapping[str, Die]
    blessings: Mapping[str, BlessingCard] = field(default_factory=dict)

    def die_of(self, riddle: Riddle) -> Die | None:
        return self.dice.get(riddle.die) if riddle.die else None


def seats(riddle: Riddle, players: int) -> bool:
    """True when ``players`` players can share the riddle's workers (RULES 1).

    >>> from types import SimpleNamespace as NS
    >>> seats(NS(board=NS(workers=(1, 2, 3, 4))), 3), seats(NS(board=NS(workers=(1,))), 2)
    (True, False)
    """
    try:
        worker_assignments(players, len(riddle.board.workers))
    except ValueError:
        return False
    return True


def playable_counts(riddle: Riddle) -> tuple[int, ...]:
    """The player counts a riddle allows whose workers the players can share
    (a count its map cannot serve is RS-G017's business, not the solver's).

    >>> from types import SimpleNamespace as NS
    >>> playable_counts(NS(players=(1, 2, 3, 4), board=NS(workers=(1, 2, 3, 4))))
    (1, 2, 3, 4)
    """
    return tuple(n for n in riddle.players if seats(riddle, n))


def requests_by_count(riddle: Riddle) -> list[ProofRequest]:
    """What ``check`` proves of a riddle: every player count it allows; one player's
    optimal first moves counted too, so the request is the book's and the report's
    (one search and one cache entry, not a proof in check and the same proof again
    in the build)."""
    return [ProofRequest(riddle.id, n, count_first_moves=n == 1)
            for n in playable_counts(riddle)]


def prove_objective(shared: ProofShared, request: ProofRequest, tier: str, *,
                    from_two_players: bool = True) -> ObjectiveResult:
    """The verdict on one objective (a task: module level, so a worker can unpickle it).

    The par is the game as played at every player count (issue 22 §1, §3): the search for
    a shorter line with the opening queue's powers runs at each count the riddle allows
    (unless the riddle opts out, ``solver.powers``). On the shipped pack this costs about
    35 CPU seconds more than searching it at one player only (cold ``check``: 29 -> 64 s,
    the compiled core's compile left out), and finds seven shorter pars at 2 and 4
    players that the one-player search never saw (three-pillars' gold at 2 players:
    8 turns without powers, 4 with)."""
    riddle = shared.riddles[request.riddle]
    [result] = solve_riddle(riddle, request.players, gods=shared.gods, die=shared.die_of(riddle),
                            blessings=shared.blessings,
                            budget=_budget(request, riddle), tiers=(tier,),
                            expert=request.expert, from_two_players=from_two_players,
                            count_first_moves=request.count_first_moves).objectives
    return result


def _budget(request: ProofRequest, riddle: Riddle) -> int:
    return effective_budget(request.budget or CHECK_BUDGET, riddle)


def _cache_path(cache_dir: Path, shared: ProofShared, request: ProofRequest) -> tuple[Path, str]:
    riddle = shared.riddles[request.riddle]
    fingerprint = riddle_fingerprint(riddle, request.players, _budget(request, riddle),
                                     gods=shared.gods, die=shared.die_of(riddle),
                                     expert=request.expert,
                                     count_first_moves=request.count_first_moves,
                                     blessings=shared.blessings)
    return cache_dir / f"{riddle.id}-{fingerprint[:24]}.json", fingerprint


@dataclass(slots=True)
class _Pending:
    """A request being put together: its cache slot and its objectives' verdicts."""

    request: ProofRequest
    path: Path | None
    fingerprint: str
    problem: str
    results: list[ObjectiveResult | None]
    partial: bool = False  # some objectives were not searched (see prove_all's gate)


@dataclass(slots=True)
class ProofStore:
    """The proofs of one run, by request: what ``check`` proved, handed on as values.

    ``whole`` holds complete answers (every objective searched or taken from the
    disk cache). ``gated`` holds the answers a gated :func:`~.proofs.prove_all` left
    partial (objectives the riddle's smallest player count did not prove are not
    searched at the others), keyed also by that smallest count: only a gated call
    over the same counts may take them."""

    whole: dict[ProofRequest, RiddleSolve] = field(default_factory=dict)
    gated: dict[tuple[ProofRequest, int], RiddleSolve] = field(default_factory=dict)
    measures: dict[str, list[tuple[str, dict[str, Any]]]] = field(default_factory=dict)
    """The designer's measures of this run, by :func:`~.figures.measures_fingerprint`."""


def prove_all(requests: Sequence[ProofRequest], shared: ProofShared, *,
              cache_dir: Path | None, executor: Executor | None = None,
              progress: ProgressFn | None = None, label: str = "",
              stored_doubts: bool = False, gate: bool = False,
              store: ProofStore | None = None) -> dict[ProofRequest, RiddleSolve]:
    """Every request's :class:`RiddleSolve` (see the module notes).

    ``cache_dir`` None neither reads nor writes a cache; ``stored_doubts`` takes
    stored unproven and unsolvable verdicts as they are (for display only: see
    :func:`.cache.read_entry`). ``executor`` None runs here, in order.
    ``progress`` gets one line per riddle once all of its requests are answered,
    in the order the riddles first appear in ``requests`` (see
    :func:`progress_line`). With ``gate``, a riddle's other player counts are
    searched only for the objectives its smallest requested count proved; the
    rest are reported unproven without a search (what the smallest count found
    says it already) and such partial answers are not cached. A 4-player request
    asked beside its 2-player one is answered last: each objective the 2-player
    proof answers for 4 players too (:mod:`.partners`) is taken from it, the rest
    searched. ``store`` (the run's :class:`ProofStore`) answers what this run has
    already proven, and keeps every answer given here, as values. Raises
    ``ValueError`` for a request whose player count the riddle's workers cannot
    serve.
    """
    solves: dict[ProofRequest, RiddleSolve] = {}
    pending: list[_Pending] = []
    smallest: dict[tuple[str, bool], int] = {}
    for r in requests:
        smallest[_mode_of(r)] = min(r.players, smallest.get(_mode_of(r), r.players))
    for request in dict.fromkeys(requests):
        riddle = shared.riddles[request.riddle]
        worker_assignments(request.players, len(riddle.board.workers))
        known = None if store is None else store.whole.get(request) or (
            store.gated.get((request, smallest[_mode_of(request)])) if gate else None)
        if known is not None:
            solves[request] = known
            continue
        path, fingerprint, problem = None, "", ""
        if cache_dir is not None:
            path, fingerprint = _cache_path(cache_dir, shared, request)
            stored, problem = read_entry(path, fingerprint, riddle, request.players,
                                         gods=shared.gods, die=shared.die_of(riddle),
                                         expert=request.expert, doubts=stored_doubts,
                                         blessings=shared.blessings)
            if stored is not None:
                solves[request] = stored
                continue
        pending.append(_Pending(request, path, fingerprint, problem,
                                [None] * len(riddle.objectives)))
    lines = _ProgressLines(requests, set(solves), progress, label)
    asked = set(requests)
    notice = COMPILE_NOTICE.set(progress)
    try:
        if pending and executor is not None and not isinstance(executor, InProcessExecutor):
            _compile_here(progress)
        for group in _groups(pending, executor):
            paired = [p for p in group if _partner(p.request) in asked]
            first = [p for p in group if p not in paired
                     and (not gate or p.request.players == smallest[_mode_of(p)])]
            later = [p for p in group if p not in first and p not in paired]
            _run_waves((first, later, paired), gate, smallest, shared, executor, solves, lines)
        lines.advance(solves)  # riddles answered from the cache after the last search
    finally:
        COMPILE_NOTICE.reset(notice)
    if store is not None:
        partial = {p.request for p in pending if p.partial}
        for request in requests:
            if request in partial:
                store.gated[(request, smallest[_mode_of(request)])] = solves[request]
            else:
                store.whole[request] = solves[request]
    return {r: solves[r] for r in requests}


RIDDLES_PER_WORKER = 2
"""Riddles searched together per worker of a pool (see :func:`_groups`)."""


def _groups(pending: Sequence[_Pending], executor: Executor | None) -> Iterator[list[_Pending]]:
    """``pending`` cut into groups of whole riddles, in request order, searched one group
    after the other so that progress lines come as riddles finish, not all at the end
    (issue 22 §4: the waves of every player count ran over the whole pack, so no riddle
    was finished before the last wave). In this process a group is one riddle; a pool
    gets :data:`RIDDLES_PER_WORKER` riddles per worker at a time, enough tasks to keep
    its workers busy. A riddle's requests (and so its gate and its 4-player pairing)
    always share a group: the answers do not depend on the grouping."""
    size = 1 if executor is None or isinstance(executor, InProcessExecutor) \
        else RIDDLES_PER_WORKER * max(1, executor.workers)
    by_riddle: dict[str, list[_Pending]] = {}
    for entry in pending:
        by_riddle.setdefault(entry.request.riddle, []).append(entry)
    riddles = list(by_riddle.values())
    for start in range(0, len(riddles), size):
        yield [entry for riddle in riddles[start:start + size] for entry in riddle]


def _compile_here(progress: ProgressFn | None) -> None:
    """Before proofs go to a pool of workers: compile the compiled core here when it is
    on and not compiled yet (with the notice), so that the workers load it rather than
    each compile it (about 30 s of CPU each)."""
    if not compiled_core_on():
        return
    try:
        from generator.systems.riddle.compiled.search import kernel_module
        from generator.systems.riddle.compiled.warm import jit_cached, warm
    except ImportError:  # numpy is not installed: the proofs run in Python
        return
    kernel = kernel_module()
    if kernel is not None and not jit_cached(kernel):
        warm(progress)


def _run_waves(waves: tuple[list[_Pending], ...], gate: bool,
               smallest: Mapping[tuple[str, bool], int], shared: ProofShared,
               executor: Executor | None, solves: dict[ProofRequest, RiddleSolve],
               lines: _ProgressLines) -> None:
    """Search the waves of :func:`prove_all` in order (see its notes)."""
    first, _, paired = waves
    for wave in waves:
        if wave is paired:  # 4 players answered by the 2-player proof where it is theirs
            _from_two_players(wave, shared, solves)
        if wave is not first and gate:
            heads = {_mode_of(r): s for r, s in solves.items()
                     if r.players == smallest[_mode_of(r)]}
            for entry in wave:
                head = heads[_mode_of(entry)]
                for j, result in enumerate(head.objectives):
                    if result.status != SOLVED and entry.results[j] is None:
                        entry.results[j] = _not_searched(result, head.players)
                        entry.partial = True
        _run_wave(wave, shared, executor, solves, lines,
                  prove_searched if wave is paired else prove_objective)


def _partner(request: ProofRequest) -> ProofRequest | None:
    """The 2-player request whose proof may answer a 4-player one (:mod:`.partners`)."""
    return replace(request, players=TWO) if request.players == FOUR else None


def _from_two_players(wave: list[_Pending], shared: ProofShared,
                      solves: Mapping[ProofRequest, RiddleSolve]) -> None:
    """Fill each 4-player entry's objectives that its 2-player proof answers (the rest
    are searched, see :func:`prove_searched`)."""
    for entry in wave:
        partner = _partner(entry.request)
        two = solves.get(partner) if partner is not None else None
        if two is None or two.warnings:
            continue
        riddle = shared.riddles[entry.request.riddle]
        die = shared.die_of(riddle)
        ctx = compile_riddle(riddle, FOUR, expert=entry.request.expert,
                             gems=len(die.gems) if die is not None else DEFAULT_GEMS)
        for j, result in enumerate(two.objectives):
            if entry.results[j] is None:
                entry.results[j] = as_four_players(ctx, j, result, gods=shared.gods, die=die)


def _mode_of(item: ProofRequest | _Pending) -> tuple[str, bool]:
    request = item.request if isinstance(item, _Pending) else item
    return request.riddle, request.expert


def _not_searched(head: ObjectiveResult, players: int) -> ObjectiveResult:
    """The answer for an objective not searched because the smallest count did not prove it."""
    return ObjectiveResult(head.tier, UNPROVEN, None, (), None, 0, 0.0,
                           f"not searched: not proven for {_mode(players)} either")


def prove_searched(shared: ProofShared, request: ProofRequest, tier: str) -> ObjectiveResult:
    """:func:`prove_objective` by the request's own search (its 2-player proof, when
    asked for too, did not answer it: searching it again would not either)."""
    return prove_objective(shared, request, tier, from_two_players=False)


def _run_wave(wave: list[_Pending], shared: ProofShared, executor: Executor | None,
              solves: dict[ProofRequest, RiddleSolve], lines: _ProgressLines,
              prove: Callable[[ProofShared, ProofRequest, str], ObjectiveResult]
              = prove_objective) -> None:
    """Search every objective of ``wave`` still without an answer; finish each request
    as its last answer arrives."""
    where = [(i, j) for i, p in enumerate(wave) for j, r in enumerate(p.results) if r is None]
    tasks = [(wave[i].request, shared.riddles[wave[i].request.riddle].objectives[j].tier)
             for i, j in where]
    for entry in wave:
        if all(r is not None for r in entry.results):  # nothing to search: answered at once
            solves[entry.request] = _finish(entry, shared)
    lines.advance(solves)
    for index, result in (executor or InProcessExecutor()).run(prove, shared, tasks):
        i, j = where[index]
        entry = wave[i]
        entry.results[j] = result
        if all(r is not None for r in entry.results):
            solves[entry.request] = _finish(entry, shared)
            lines.advance(solves)


def _finish(entry: _Pending, shared: ProofShared) -> RiddleSolve:
    """The request's verdicts together; stored in the cache when there is one."""
    riddle = shared.riddles[entry.request.riddle]
    objectives = tuple(r for r in entry.results if r is not None)
    solve = RiddleSolve(riddle.id, entry.request.players, objectives, entry.request.expert)
    if entry.problem:
        name = entry.path.name if entry.path is not None else ""
        solve = replace(solve, warnings=(f"cached result {name} discarded and recomputed: "
                                         f"{entry.problem}",))
    if entry.path is not None and not entry.partial:
        write_entry(entry.path, entry.fingerprint, solve)
    return solve


class _ProgressLines:
    """One line per riddle, in request order, as soon as it and every riddle before it
    are answered."""

    def __init__(self, requests: Sequence[ProofRequest], cached: set[ProofRequest],
                 progress: ProgressFn | None, label: str) -> None:
        self._order: dict[str, list[ProofRequest]] = {}
        for r in requests:
            self._order.setdefault(r.riddle, []).append(r)
        self._queue = list(self._order)
        self._cached = cached
        self._progress = progress
        self._label = label

    def advance(self, solves: Mapping[ProofRequest, RiddleSolve]) -> None:
        while self._queue and all(r in solves for r in self._order[self._queue[0]]):
            requests = self._order[self._queue.pop(0)]
            if self._progress is None:
                continue
            searched = [solves[r] for r in requests if r not in self._cached]
            seconds = sum(o.seconds for s in searched for o in s.objectives)
            self._progress(progress_line(self._label, [solves[r] for r in requests],
                                         seconds if searched else None))


def progress_line(label: str, solves: Sequence[RiddleSolve], seconds: float | None) -> str:
    """``"pack: riddle: silver 3, gold 5 [2p 3, 6; 3p 3, unproven] (0.42 s)"``: the first
    solve's turns per objective, the other player counts' in brackets, and the seconds
    their searches took (``cached`` when every one came from the cache).

    >>> from generator.systems.riddle.results import ObjectiveResult as O
    >>> one = RiddleSolve("r", 1, (O("silver", "solved", 3, (), None, 5, 0.0),))
    >>> two = RiddleSolve("r", 2, (O("silver", "unproven", None, (), None, 9, 0.0),))
    >>> progress_line("pack", [one, two], 0.25)
    'pack: r: silver 3 [2p unproven] (0.25 s)'
    >>> progress_line("pack", [one], None)
    'pack: r: silver 3 (cached)'
    """
    def turns(solve: RiddleSolve) -> Iterator[str]:
        for o in solve.objectives:
            yield str(o.turns) if o.turns is not None else o.status

    by_count: dict[tuple[int, bool], RiddleSolve] = {}
    for solve in solves:  # with and without counting first moves: the same turns
        by_count.setdefault((solve.players, solve.expert), solve)
    head, *rest = by_count.values()
    text = ", ".join(f"{o.tier} {t}" for o, t in zip(head.objectives, turns(head)))
    if rest:
        text += " [" + "; ".join(f"{s.players}p{' expert' if s.expert else ''} "
                                 f"{', '.join(turns(s))}" for s in rest) + "]"
    took = "cached" if seconds is None else f"{seconds:.2f} s"
    warnings = "".join(f"; warning: {w}" for s in solves for w in s.warnings)
    return f"{label}: {head.riddle}: {text} ({took}){warnings}"


def iter_count_diagnostics(riddle: Riddle, doc: Document, solves: Sequence[RiddleSolve]
                           ) -> Iterator[Diagnostic]:
    """The solver's diagnostics for one riddle proven for several player counts.

    The first count's solve (the smallest) gets every diagnostic of
    :func:`~.solver_diagnostics.iter_solver_diagnostics`. For an objective proven for that
    count, the other counts are reported too:
    RS-G101 (error) when it is unsolvable for some of them, else RS-G107 (warning)
    when some are left unproven: one diagnostic per objective, at its ``tier``
    line, naming those counts, the counts it is proven for, and why the smallest
    one was left unproven. A cache entry discarded on the way is reported once
    (RS-G106).
    """
    if not solves:
        return
    head, *rest = solves
    yield from iter_solver_diagnostics(riddle, doc, [head])
    for solve in rest:
        for warning in solve.warnings:
            yield doc.diag("RS-G106", f"{warning} ({_mode(solve.players)})", ("id",),
                           hint="a cache is never trusted without replaying its proofs")
    for j, objective in enumerate(riddle.objectives):
        tier = objective.tier
        proven = [s.players for s in solves for o in s.objectives
                  if o.tier == tier and o.status == SOLVED]
        if head.players not in proven:
            continue  # the first count's own diagnostic (RS-G101, RS-G102) says it already
        for status in (UNSOLVABLE, UNPROVEN):
            failed = [(s.players, o) for s in rest for o in s.objectives
                      if o.tier == tier and o.status == status]
            if not failed:
                continue
            counts, first = _counts([n for n, _ in failed]), failed[0][1]
            if status == UNSOLVABLE:
                yield doc.diag("RS-G101", f"the {tier} objective can never be achieved "
                               f"({counts}): {first.reason}", ("objectives", j, "tier"),
                               hint="narrow the riddle's players: to the counts it suits, or "
                               "change the map")
                break
            also = f" (proven for {_counts(proven, 'and')})" if proven else ""
            why = first.reason if len(failed) == 1 else f"{_mode(failed[0][0])}: {first.reason}"
            yield doc.diag("RS-G107", f"the {tier} objective is not proven achievable for "
                           f"{counts}{also}: {why}",
                           ("objectives", j, "tier"),
                           hint="the book leaves those turns out; raise solver.nodes, narrow "
                           "players:, or simplify")
    yield from _iter_undecided(riddle, doc, solves)


def _iter_undecided(riddle: Riddle, doc: Document, solves: Sequence[RiddleSolve]
                    ) -> Iterator[Diagnostic]:
    """RS-G111 (a note), one per objective at its ``tier`` line: the counts whose par is
    the shortest line without god powers because the search for a shorter one with
    them stopped on its cap (:data:`~.solver.NOT_RULED_OUT`), with each count's turns.
    A riddle that opts out of the powers (``solver: {powers: false}``) has no such note."""
    if not riddle.solver.powers:
        return
    for j, objective in enumerate(riddle.objectives):
        open_ = [(s.players, o.turns) for s in solves for o in s.objectives
                 if o.tier == objective.tier and o.status == SOLVED and not o.powers_searched]
        if not open_:
            continue
        turns = ", ".join(f"{t} turn{'s' if t != 1 else ''} at {_mode(n)}" for n, t in open_)
        yield doc.diag("RS-G111", f"the {objective.tier} objective's par with god powers is "
                       f"not decided for {_counts([n for n, _ in open_], 'and')}: the shortest "
                       f"line without them is kept ({turns}), and a shorter one with them is "
                       "not ruled out", ("objectives", j, "tier"),
                       hint="the book marks these pars with *; `riddlesmith solve --budget N` "
                       "searches further")


def _mode(players: int) -> str:
    return f"{players} player{'s' if players != 1 else ''}"


def _counts(counts: Sequence[int], conjunction: str = "or") -> str:
    """The player counts in words.

    >>> _counts([1]), _counts([3]), _counts([2, 3, 4]), _counts([1, 2], "and")
    ('1 player', '3 players', '2, 3 or 4 players', '1 and 2 players')
    """
    if len(counts) == 1:
        return _mode(counts[0])
    return ", ".join(str(n) for n in counts[:-1]) + f" {conjunction} {counts[-1]} players"


__all__ = ["ProofRequest", "ProofShared", "iter_count_diagnostics", "requests_by_count", "playable_counts", "seats", "progress_line", "prove_all",
           "prove_objective", "prove_searched"]
