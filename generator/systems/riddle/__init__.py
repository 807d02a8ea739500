"""Sphinx riddles: cooperative Santorini puzzles, their gods, blessings, die,
campaign and constellation tree (RULES.md section 1).

Document kinds: ``riddle``, ``god``, ``blessing``, ``die``, ``campaign``,
``constellation`` (schemas in ``schemas/``; commented templates in
:mod:`.templates`). Modules, each with one job:

- :mod:`.grid`: the ASCII map (legend, cells, positions inside the block scalar);
- :mod:`.model`: frozen models and ``build_riddle(doc) -> (Riddle | None, diagnostics)``;
- :mod:`.goals` / :mod:`.effects`: the goal and end-of-turn effect registries,
  one small module per entry (:mod:`.vocab` says what each provides);
- :mod:`.state`: :class:`~.state.RiddleState` and the turn bookkeeping rules;
- :mod:`.context`: ``compile_riddle(riddle, players) -> RiddleContext``;
- :mod:`.players`: which workers each seat moves, by player count;
- :mod:`.partners`: when the 2-player answer is the 4-player one (and its line
  rewritten for 4 players);
- :mod:`.checks`: the rule checks of a riddle; :mod:`.campaign_checks`: those of
  campaigns and the constellation tree; :mod:`.codes`: their diagnostic codes.

**Interface for the solver** (``solver.py`` / ``search.py``, written later)::

    ctx = compile_riddle(riddle, players=1, expert=False, plain_turns=True)
    state = ctx.start                                   # RiddleState, turn 0
    # one turn: choose an action, e.g. a move-then-build with the engine
    board = engine.apply_move(ctx.geometry, state.board, move)
    state = state._replace(board=board, stock=state.stock.take(piece))
    for s in after_build(ctx, state, build_square):     # coin/token on that space;
        for nxt in finish_turn(ctx, s):                 # one state per group choice
            ...                                         # turn+1, rewards, effects
    objective.goal.is_met(ctx, state)                   # judged at end of turn
    objective.goal.min_turns(ctx, state)                # admissible A* bound
    is_over(ctx, state)                                 # ending objective, 2nd worker
                                                        # destroyed, or turn limit

- ``goal.is_met(ctx, state) -> bool`` on an end-of-turn state (``state.turn`` is
  the number of the turn just played; objectives are never judged at set-up).
- ``goal.min_turns(ctx, state) -> int``: 0 when met, >= 1 otherwise,
  ``vocab.UNREACHABLE`` when never; admissible while ``ctx.plain_turns`` holds
  (one worker moves once and one piece is built per turn: no powers, no
  blessings). Compile with ``plain_turns=False`` when powers may act.
- ``goal.deadline() -> int | None`` and ``type(goal).CHANCE`` (``sphinx_wins``:
  a proof must not rely on it; ``model.iter_goal_tree`` walks nested goals).
- ``effect.apply(ctx, state, turn) -> tuple[RiddleState, ...]``: every outcome the
  group may choose (ties are theirs), never empty; ``turn`` = turn just played.
- ``players.movers_for(players, seat)`` gives the worker mask for
  ``engine.list_moves(..., movers=...)``; the Wanderer rule (3 players) needs
  the solver's own history, kept in ``RiddleState.extra`` with anything else
  it tracks (gods held, queue, blessing cards).
- Sunk spaces carry the dome bit, so the engine needs no change for them; count
  domes with ``state.real_domes``.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from generator.diagnostics import Diagnostic, Severity
from generator.sim.search import DEFAULT_BUDGET
from generator.pack.model import Document, Pack
from generator.systems import (
    PrintSource,
    Artefact,
    BuildOption,
    Command,
    CommandOption,
    CommandRequest,
    Figure,
    Options,
    ProgressFn,
    SystemSetup,
)
from generator.systems.riddle import campaign_checks, checks
from generator.systems.riddle.measures import CHILDREN_AT_MOST as MEASURE_CHILDREN
from generator.systems.riddle.proofs import ProofShared
from generator.systems.riddle.quests import iter_quest_problems
from generator.systems.riddle.box import build_blessing, build_die, build_god
from generator.systems.riddle.campaign import build_campaign, build_constellation
from generator.systems.riddle.model import Riddle, build_riddle
from generator.systems.riddle.results import ObjectiveResult

KINDS = ("riddle", "god", "blessing", "die", "campaign", "constellation")


def read_sources(pack: Pack) -> dict[str, str]:
    """The text of each riddle file (kept by the loader), so map problems point at
    exact columns inside block scalars."""
    return {doc.file: pack.sources[doc.file] for doc in pack.of_kind("riddle")
            if doc.file in pack.sources}


def proof_shared(pack: Pack) -> ProofShared:
    """The riddles (those that build), gods, dice and blessings of a pack, for :mod:`.proofs`
    (from the model stage: :func:`.stage.models_of`)."""
    from generator.systems.riddle.stage import models_of

    return models_of(pack).shared()


def unsound_riddles(pack: Pack, diagnostics: Iterable[Diagnostic]) -> set[str]:
    """The riddles not to prove: each with an error of its own among ``diagnostics``, or
    naming a god, a revealed blessing card or a die that has one (a proof reads them).
    The others are proven whatever else is wrong in the pack (issue 22 §4)."""
    from generator.systems.riddle.stage import models_of

    broken = pack.in_error(diagnostics)
    out: set[str] = set()
    for doc, riddle, _ in models_of(pack).riddles:
        if ("riddle", doc.id) in broken or riddle is None:
            out.add(doc.id)
            continue
        uses = [("god", g) for g in riddle.gods.deck + riddle.gods.queue]
        uses += [("blessing", b) for b in riddle.gods.revealed]
        uses += [("die", riddle.die)] if riddle.die else []
        if any(use in broken for use in uses):
            out.add(doc.id)
    return out


def _iter_solver_results(pack: Pack, options: Options, unsound: Collection[str] = ()
                         ) -> Iterator[Diagnostic]:
    """Prove every riddle's objectives for every player count it allows (cached by
    content hash), on the command's executor, one progress line per riddle; the
    ``unsound`` riddles (:func:`unsound_riddles`) are left out."""
    from generator.systems import cache_dir_for
    from generator.systems.riddle.bookkeeping import plain_text
    from generator.systems.riddle.proofs import (
        ProofRequest,
        iter_count_diagnostics,
        prove_all,
        requests_by_count,
    )
    from generator.systems.riddle.shortcuts import (
        REPORT_BUDGET,
        iter_shortcut_diagnostics,
        revealed_by_god,
        shortcut_gods,
        shortcut_players,
        shortcut_riddles,
    )

    from generator.systems.riddle.stage import models_of, proofs_of

    models = models_of(pack)
    shared = models.shared()
    shared = replace(shared, riddles={rid: r for rid, r in shared.riddles.items()
                                      if rid not in unsound})
    store = proofs_of(pack)
    wanted = {rid: requests_by_count(r) for rid, r in shared.riddles.items()}
    solves = prove_all([q for qs in wanted.values() for q in qs], shared,
                       cache_dir=cache_dir_for(pack, options), executor=options.executor,
                       progress=options.progress, label=f"{pack.id}: proofs", gate=True,
                       store=store)
    # The shortcut report (:mod:`.shortcuts`): each deck god revealed beside the queue.
    revealed = {key: r for riddle in shared.riddles.values()
                for key, r in shortcut_riddles(riddle, shared.gods).items()}
    by_key = {key: ProofRequest(key, shortcut_players(r), budget=REPORT_BUDGET)
              for key, r in revealed.items()}
    other = prove_all(list(by_key.values()), replace(shared, riddles=revealed),
                      cache_dir=cache_dir_for(pack, options), executor=options.executor,
                      progress=options.progress, label=f"{pack.id}: deck gods", store=store) \
        if by_key else {}
    names = {g: plain_text(card.name) for g, card in shared.gods.items()}
    for doc in pack.of_kind("riddle"):
        if doc.id in shared.riddles:
            riddle = shared.riddles[doc.id]
            yield from iter_count_diagnostics(riddle, doc, [solves[q] for q in wanted[doc.id]])
            base = next((solves[q] for q in wanted[doc.id]
                         if q.players == shortcut_players(riddle)), None)
            gods = shortcut_gods(riddle, shared.gods)
            if base is not None and gods:
                found = {key: other[q] for key, q in by_key.items() if q in other}
                yield from iter_shortcut_diagnostics(
                    riddle, doc, base, revealed_by_god(riddle, found, gods), names)
    campaigns = models.campaigns
    if campaigns:  # the islands' difficulty along the campaign (RS-G108, RS-G109)
        from generator.systems.riddle.measures import island_difficulties

        one = {rid: solves[q] for rid, qs in wanted.items() for q in qs
               if q.players == 1 and not q.expert}
        found_difficulty = island_difficulties([c for c, _ in campaigns], shared.riddles, one,
                                               gods=shared.gods, dice=shared.dice,
                                               blessings=shared.blessings)
        for campaign, doc in campaigns:
            yield from campaign_checks.iter_island_difficulty(campaign, doc, found_difficulty)


def check_pack(pack: Pack) -> list[Diagnostic]:
    """Every rule check of the riddle system on a pack, on its models (:mod:`.stage`)."""
    from generator.systems.riddle.stage import models_of

    models = models_of(pack)
    out: list[Diagnostic] = []
    gods = dict(models.gods)
    blessings = [d.id for d in pack.of_kind("blessing")]
    effects = {d.id: str(d.data.get("effect", "")) for d in pack.of_kind("blessing")}
    die_docs = pack.of_kind("die")
    campaigns = models.campaigns
    riddle_docs = pack.of_kind("riddle")
    infos = {d.id: campaign_checks.riddle_info(d) for d in riddle_docs}
    for doc, riddle, diags in models.riddles:
        out.extend(diags)
        out.extend(campaign_checks.iter_island_membership(infos[doc.id], doc, [c for c, _ in campaigns]))
        if riddle is not None:
            out.extend(_iter_riddle_problems(riddle, doc, gods, blessings,
                                             [d.id for d in die_docs], effects))
    out.extend(checks.iter_number_problems(riddle_docs, "riddle"))
    out.extend(checks.iter_number_problems(pack.of_kind("blessing"), "blessing"))
    out.extend(checks.iter_number_problems(pack.of_kind("god"), "god card"))
    for doc in pack.of_kind("god"):
        out.extend(iter_quest_problems(gods[doc.id], doc))
    for campaign, doc in campaigns:
        out.extend(d for d in campaign_checks.iter_campaign_problems(campaign, doc, infos)
                   # an island may wait only for a riddle left out for its own errors
                   if d.code != "RS-G019" or not pack.may_lack("riddle"))
    for constellation, doc in models.constellations:
        out.extend(campaign_checks.iter_constellation_problems(constellation, doc, gods))
    for doc in die_docs:
        out.extend(checks.iter_die_problems(models.dice[doc.id], doc))
    return out


def _iter_riddle_problems(riddle: Riddle, doc: Document, gods: dict[str, Any],
                          blessings: list[str], dice: list[str],
                          effects: Mapping[str, str]) -> Iterator[Diagnostic]:
    yield from checks.iter_coin_problems(riddle, doc)
    yield from checks.iter_slot_problems(riddle, doc)
    yield from checks.iter_ending_problems(riddle, doc)
    yield from checks.iter_player_problems(riddle, doc)
    yield from checks.iter_vocabulary_problems(riddle, doc)
    yield from checks.iter_god_setup_problems(riddle, doc, gods)
    yield from checks.iter_reference_problems(riddle, doc, blessings, dice)
    # A god or a revealed blessing that is unknown, or left out for its own error, brings
    # pieces nobody can count: the stockpile waits until that error (reported) is fixed.
    if all(g in gods for g in riddle.gods.deck + riddle.gods.queue) and all(
            b in effects for b in riddle.gods.revealed):
        yield from checks.iter_stockpile_problems(riddle, doc, gods, effects)


def _count_line(result: ObjectiveResult) -> dict[str, Any]:
    """One objective at one player count, for ``report.json``: its verdict, whether the
    powers were searched, who moves which workers and the shortest line found."""
    return {"tier": result.tier, "status": result.status, "turns": result.turns,
            "powers_searched": result.powers_searched, "workers": result.setup,
            "line": list(result.solution)}


@dataclass(frozen=True, slots=True)
class RiddleSystem:
    name: str = "riddle"
    kinds: tuple[str, ...] = KINDS

    def check(self, pack: Pack, options: Options) -> list[Diagnostic]:
        from generator.systems.riddle.cards import iter_card_art_problems, iter_card_overflow

        out = check_pack(pack)
        out.extend(iter_card_overflow(pack, options))
        out.extend(iter_card_art_problems(pack, options))
        # A riddle with errors is not proven; every other one is (issue 22 §4).
        unsound = unsound_riddles(pack, out)
        out.extend(d for d in _iter_solver_results(pack, options, unsound) if d.code != "RS-G105")
        if options.extra.get("booklet") and not any(d.severity is Severity.ERROR for d in out):
            from generator.systems import cache_dir_for
            from generator.systems.riddle.render import iter_booklet_fit_problems

            out.extend(iter_booklet_fit_problems(
                pack, replace(options, cache_dir=cache_dir_for(pack, options))))
        return out

    def build(self, pack: Pack, options: Options, progress: ProgressFn) -> list[Artefact]:
        from generator.systems import cache_dir_for
        from generator.systems.riddle.render import build_artefacts

        return build_artefacts(pack, replace(options, cache_dir=cache_dir_for(pack, options)),
                               progress)

    def report(self, pack: Pack, options: Options) -> dict[str, Any]:
        from generator.systems import cache_dir_for
        from generator.systems.riddle.proofs import (
            ProofRequest,
            prove_all,
            requests_by_count,
            seats,
        )
        from generator.systems.riddle.results import SOLVED

        from generator.systems.riddle.stage import models_of, proofs_of

        counts = {kind: len(pack.of_kind(kind)) for kind in KINDS}
        riddles = [r for _, r, _ in models_of(pack).riddles]
        counts["coins"] = sum(len(r.coins) for r in riddles if r is not None)
        counts["objectives"] = sum(len(r.objectives) for r in riddles if r is not None)
        shared = proof_shared(pack)
        store = proofs_of(pack)
        ordered = sorted(shared.riddles.values(), key=lambda r: r.number)
        # The same requests as the book's, so the build has already cached them.
        requests = [ProofRequest(r.id, 1, count_first_moves=True) for r in ordered
                    if seats(r, 1)]
        solves = prove_all(requests, shared, cache_dir=cache_dir_for(pack, options),
                           executor=options.executor, store=store)
        from generator.systems.riddle.figures import measured_solves

        measured = measured_solves({q.riddle: solves[q] for q in requests}, shared,
                                   cache_dir_for(pack, options), store, options.executor)
        difficulty: dict[str, Any] = {}
        for request in requests:
            solve = measured[request.riddle] or solves[request]
            difficulty[request.riddle] = [
                {"tier": o.tier, "status": o.status, "turns": o.turns, "states": o.states,
                 # Effective branching factor: b with b**turns = states expanded.
                 "branching": round(o.states ** (1 / o.turns), 2) if o.turns else None,
                 "optimal_first_moves": o.optimal_first_moves,
                 "unique_first_move": (o.optimal_first_moves == 1
                                       if o.optimal_first_moves is not None else None),
                 "reason": o.reason,
                 # The designer's measures (README, "Riddle measures for the designer").
                 "measures": o.measures}
                for o in solve.objectives]
        # Every player count, as check proved them (from its cache; shown, never judged).
        by_count = {r.id: requests_by_count(r) for r in ordered}
        counted = prove_all([q for qs in by_count.values() for q in qs], shared,
                            cache_dir=cache_dir_for(pack, options), executor=options.executor,
                            stored_doubts=True, gate=True, store=store)
        turns = {rid: {str(q.players): {o.tier: o.turns if o.status == SOLVED else o.status
                                        for o in counted[q].objectives} for q in qs}
                 for rid, qs in by_count.items()}
        # The par and a shortest line at every count: a one-player line is nobody else's
        # (issue 22 §3). Each step names the player whose worker moves ("P2 W3 ...").
        lines = {rid: {str(q.players): [_count_line(o) for o in counted[q].objectives]
                       for q in qs} for rid, qs in by_count.items()}
        return {"counts": counts, "solver": {"players": 1, "riddles": difficulty,
                                             "turns_by_players": turns,
                                             "lines_by_players": lines}}

    def figures(self, pack: Pack, options: Options,
                other: Pack | None) -> list[Figure]:
        """Pars, optimal first moves and, for each riddle whose solver inputs differ from
        ``other``'s, the designer's measures, for ``riddlesmith diff`` (:mod:`.figures`)."""
        from generator.systems import cache_dir_for
        from generator.systems.riddle.figures import iter_measure_figures, iter_par_figures

        shared = proof_shared(pack)
        return [*iter_par_figures(self.report(pack, options)),
                *iter_measure_figures(shared, proof_shared(other) if other else None,
                                      cache_dir_for(pack, options), options.executor)]

    def decks(self, pack: Pack, options: Options) -> list[Any]:
        """The god and blessing decks, for the print targets."""
        from generator.systems.riddle.decks import riddle_decks

        return riddle_decks(pack, options)

    def table_pieces(self, pack: Pack, options: Options) -> list[Any]:
        """The maps, tokens, tiles and the Sphinx's board, for ``--target tts``."""
        from generator.systems.riddle.tabletop import riddle_pieces

        return riddle_pieces(pack, options)

    def table_dice(self, pack: Pack, options: Options) -> list[Any]:
        """The Sphinx's dice, for ``--target tts``."""
        from generator.systems.riddle.tabletop import riddle_dice

        return riddle_dice(pack, options)

    def books(self, pack: Pack, options: Options, progress: ProgressFn) -> list[Any]:
        """The riddle book with its chapters, for the print targets."""
        from generator.systems import cache_dir_for
        from generator.systems.riddle.decks import riddle_books

        return riddle_books(pack, replace(options, cache_dir=cache_dir_for(pack, options)),
                            progress)

    def booklet_books(self, pack: Pack, options: Options, progress: ProgressFn,
                      page: tuple[float, float]) -> list[Any]:
        """The riddle book laid out for a booklet page (see :mod:`.booklet`), for ``--booklet``."""
        from generator.systems import cache_dir_for
        from generator.systems.riddle.decks import riddle_books

        return riddle_books(pack, replace(options, cache_dir=cache_dir_for(pack, options)),
                            progress, page)

    def token_kinds(self, pack: Pack, options: Options) -> list[Any]:
        """The keys of ``print.tokens`` (token artwork) the printed components answer to."""
        from generator.systems.riddle.components import token_kinds
        from generator.systems.riddle.content import read_content

        return token_kinds(read_content(pack, options.lang))

    def run_solve(self, request: CommandRequest) -> tuple[int, str]:
        from generator.systems.riddle.solve_cli import run_solve

        v = request.values
        return run_solve(request.pack, request.target, v.get("players"), v.get("objective"),
                         v.get("budget"), request.fmt, notice=request.notice,
                         powers=not v.get("no_powers"),
                         measures=v.get("measures") != "off", seconds=v.get("seconds"))

    def warm(self, notice: ProgressFn) -> str:
        """Compile the solver's compiled core ahead of its first proof (``riddlesmith
        warm``): a no-op without numba or with ``RIDDLESMITH_COMPILED=0``."""
        from generator.systems.riddle.compiled.warm import warm

        return warm(notice)

    def templates(self) -> dict[str, str]:
        from generator.systems.riddle.templates import TEMPLATES

        return dict(TEMPLATES)

    def starter_files(self, pack_id: str) -> dict[str, str]:
        from generator.systems.riddle.templates import starter_files

        return starter_files(pack_id)

    def setup(self, app: SystemSetup) -> None:
        """Register its kinds with their shipped schemas and its ``RS-G`` codes."""
        from generator.registry import add_shipped
        from generator.systems.riddle.codes import EXPLANATIONS

        from generator.systems.riddle.labels import TABLE as LABELS

        add_shipped(app, "G", EXPLANATIONS)
        app.add_labels(LABELS)
        app.add_print_source(PrintSource(
            decks=self.decks, books=self.books, booklet_books=self.booklet_books,
            token_kinds=self.token_kinds, table_pieces=self.table_pieces,
            table_dice=self.table_dice, figures=self.figures))
        app.add_build_option(BuildOption(
            "solutions", "Riddle books: solutions at the back (upside down), in their own PDF, "
            "or none.", ("appendix", "separate", "none")))
        app.add_warmer(self.warm)
        app.add_command(Command(
            "solve", ("riddle",), self.run_solve,
            (CommandOption("players", "Player count (default 1).", minimum=1, maximum=4),
             CommandOption("objective", "Solve one objective only (default: all).",
                           kind="choice", choices=("silver", "gold", "heroic", "godlike")),
             CommandOption("budget", f"States each search may expand (default "
                           f"{DEFAULT_BUDGET:,}; a riddle's own limit may lower it, never "
                           "raise it).", minimum=1),
             CommandOption("seconds", "Stop each objective after N CPU seconds (default: "
                           "no such cap: the state caps decide, at the same state on every "
                           "machine). A result this cap stops depends on the machine's "
                           "speed and says so.", minimum=1),
             CommandOption("no-powers", "Search without the god powers and blessing cards in "
                           "play, to compare with the par as played (a line that needs a "
                           "power is still searched with them).", kind="flag"),
             CommandOption("measures", "The designer's measures of each solved objective "
                           "(shortest lines, key moves, trap rate, estimate gap, unused "
                           f"pieces; default on; each part stops after {MEASURE_CHILDREN:,} "
                           "generated states, the same on every machine).", kind="choice",
                           choices=("on", "off")))))


SYSTEM = RiddleSystem()

__all__ = [
    "KINDS", "SYSTEM", "RiddleSystem", "build_blessing", "build_campaign",
    "build_constellation", "build_die", "build_god", "build_riddle", "check_pack",
    "read_sources",
]
