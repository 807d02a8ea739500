"""Santowerini: the solo tower-defence mode (RULES.md section 2).

Document kinds: ``tower-scenario`` (a map, its enemies, level and story),
``tower-campaign`` (scenarios in order, enemy order, god-card pile, ranks) and
``tower-variant`` (an easy or expert god card as named rule hooks). Schemas
are in ``schemas/``; commented templates in :mod:`.templates`. Modules, each
with one job:

- :mod:`.rules`: constants, the Decisions as :class:`~.rules.Rules` fields;
- :mod:`.variants`: the hook registry (``HOOKS``) turning god cards into ``Rules``;
- :mod:`.grid`: the ASCII map; :mod:`.model`: frozen models, ``build_*`` readers,
  ``compile_game`` and ``game_from_map``; :mod:`.stage`: the model stage (a pack's
  documents read once a run, ``models_of``) and the run's compiled games and results;
- :mod:`.engine`: the exact, pure engine; :mod:`.scoring`: points and ranks;
- :mod:`.checks`: the rule checks; :mod:`.codes`: their diagnostic codes.

**Engine API** (for policies, Monte Carlo playtests and executors)::

    from generator.systems.tower import engine
    from generator.systems.tower.model import compile_game, game_from_map

    game = compile_game(scenario, rules)     # or game_from_map(text, ["dark-male C5 N"])
    state = game.start                        # State(levels, builders, enemies, facings, stored)
    # every scenario starts with the enemy turn
    state, lost = engine.enemy_turn(game, state, dice)          # dice: explicit chance node
    state, lost = engine.play_enemy_turn(game, state, rng)      # dice from a random.Random
    denominator, outcomes = engine.enemy_turn_outcomes(game, state)  # exact chance node
    #   each Outcome(state, lost, weight, culprit); weights sum to denominator
    actions = engine.list_actions(game, state)                  # [] -> lost (LOSS_STUCK)
    state = engine.apply_action(game, state, actions[0])        # (builder, to, build, via, extra, other, more, walks)
    engine.is_won(state)                                        # every enemy defeated
    result = engine.play_game(game, policy, rng, max_rounds=100)  # GameResult(won, lost, rounds, state)
    odds = engine.loss_odds(game)             # exact P(lose before the player's first move)
    scoring.score_scenario(game, level, result.state, first_attempt=True).points

- ``State`` is a NamedTuple of int tuples (hashable: key transposition tables on
  it). ``levels[sq]``: 0-3 blocks, 4 = domed; ``builders``/``enemies``: squares,
  -1 once defeated; enemies are in ``game.rules.enemy_order`` (``game.types``
  names them); ``facings``: 0 N, 1 E, 2 S, 3 W. ``sq = row * width + col``,
  ``game.name(sq)`` gives ``"C3"``.
- ``lost`` is a bit set of ``rules.LOSS_BUILDINGS | LOSS_TARGET | LOSS_BUILDERS |
  LOSS_STUCK``: every loss condition true when the turn stopped (0: play on).
  The enemy turn never wins; only a player's crush can (check ``is_won``).
- Dice: ``engine.dice_count(game, state)`` dice per enemy turn, one movement
  die per enemy still on the board in enemy order; with the Hestia-like
  ``double-attack`` hook, as many attack dice come first. ``enemy_turn``
  raises ValueError on a wrong count.
- A policy is ``policy(game, state, actions, rng) -> action``
  (``engine.random_policy`` picks uniformly). Nothing reads global state;
  the same seed gives the same game.
- ``Rules`` (frozen) holds every Decision and hook; ``variant.apply(rules)`` or
  ``variants.apply_hooks`` derive a variant's rules; ``game.with_rules(r)``
  recompiles a game under other rules.
- Speed, one core, 5x5 maps with 2-4 enemies: 6,600-13,000 uniformly random
  games/s (3,700-9,000 with the extra-move card); a one-ply greedy policy that
  applies every action and scores it, 1,200-4,600 games/s. ``loss_odds`` with
  four enemies: about 7 ms (40 ms with the double-attack card).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.diagnostics import Diagnostic, Severity
from generator.pack.model import Pack
from generator.systems import (
    PrintSource,
    Command,
    SystemSetup,
    REPLAY_OPTION,
    Artefact,
    CommandOption,
    CommandRequest,
    Figure,
    Options,
    ProgressFn,
)
from generator.systems.tower import checks
from generator.systems.tower.engine import Game, LossOdds, State
from generator.systems.tower.model import (
    Scenario,
    TowerCampaign,
    Variant,
    build_campaign,
    build_scenario,
    build_variant,
    compile_game,
    game_from_map,
)
from generator.systems.tower.rules import BASE_RULES, Rules
from generator.systems.tower.stage import TowerRun, models_of, run_of

KINDS = ("tower-scenario", "tower-campaign", "tower-variant")


def check_pack(pack: Pack, run: TowerRun | None = None) -> list[Diagnostic]:
    """Every rule check of the tower system on a pack's models (:func:`.stage.models_of`);
    ``run`` (the run's store) compiles each game once."""
    from generator.systems.tower.sim_checks import game_of

    def compiled(scenario: Scenario, rules: Rules) -> Game:
        return game_of(scenario, rules, run)

    models = models_of(pack)
    out: list[Diagnostic] = []
    scenarios: dict[str, tuple[Scenario | None, Any]] = {}
    clean: dict[str, tuple[Scenario, LossOdds]] = {}
    for model in models.scenarios:
        doc, scenario, diags = model.doc, model.scenario, list(model.diagnostics)
        scenarios[doc.id] = (scenario, doc)
        out.extend(diags)
        if scenario is None:
            continue
        setup = list(checks.iter_setup_problems(scenario, doc))
        out.extend(setup)
        if any(d.severity is Severity.ERROR for d in diags + setup):
            continue  # the engine needs a sound set-up
        odds = checks.first_turn_odds(scenario, compile=compiled)
        clean[doc.id] = (scenario, odds)
        out.extend(checks.iter_first_turn_problems(scenario, doc, odds))
    variants: dict[str, Variant] = {}
    for variant, doc in models.variants:
        variants[doc.id] = variant
        out.extend(checks.iter_variant_problems(variant, doc))
    kinds = {d.id: d.kind for d in pack.documents}
    for campaign, doc in models.campaigns:
        out.extend(checks.iter_campaign_problems(campaign, doc, scenarios, variants, kinds,
                                                      pack.rejected_ids))
        out.extend(checks.iter_campaign_odds(campaign, doc, clean, variants, compiled))
    return out


@dataclass(frozen=True, slots=True)
class TowerSystem:
    name: str = "tower"
    kinds: tuple[str, ...] = KINDS

    def check(self, pack: Pack, options: Options) -> list[Diagnostic]:
        from generator.systems import cache_dir_for
        from generator.systems.tower.bookfit import iter_book_fit_problems
        from generator.systems.tower.decks import iter_scenario_art_problems
        from generator.systems.tower.sim_checks import check_simulations, settings_for

        run = run_of(pack)
        out = check_pack(pack, run)
        out.extend(iter_scenario_art_problems(pack, options))
        if not any(d.severity is Severity.ERROR for d in out):
            # The book is laid out only for sound scenarios, as the build would.
            out.extend(iter_book_fit_problems(pack, options))
        # A document with errors is not simulated; every other one is (issue 22 §4).
        # Every result is kept in the run's store, for the report.
        out.extend(check_simulations(pack, cache_dir_for(pack, options), settings_for(pack),
                                     unsound=pack.in_error(out), progress=options.progress,
                                     run=run))
        return out

    def warm(self, notice: ProgressFn) -> str:
        """Compile the lookahead policy's kernel ahead of its first playtest (``riddlesmith
        warm``): a no-op without numba or with ``RIDDLESMITH_COMPILED=0``."""
        from generator.systems.tower.policies.lookahead import warm_kernel

        return warm_kernel()

    def build(self, pack: Pack, options: Options, progress: ProgressFn) -> list[Artefact]:
        from generator.systems.tower.build import build_artefacts

        return build_artefacts(pack, options, progress)

    def report(self, pack: Pack, options: Options) -> dict[str, Any]:
        from generator.systems import cache_dir_for
        from generator.systems.tower.sim_checks import report_simulations, settings_for

        return report_simulations(pack, cache_dir_for(pack, options), settings_for(pack),
                                  run_of(pack))

    def figures(self, pack: Pack, options: Options,
                other: Pack | None) -> list[Figure]:
        """Each scenario's win rate (with its interval) and proof (for ``riddlesmith diff``)."""
        out = []
        for ident, entry in self.report(pack, options)["playtests"].items():
            ci = entry.get("ci95")
            out.append(Figure("tower-scenario", ident, f"win rate ({entry.get('policy')})",
                              entry.get("win_rate"), tuple(ci) if ci else None, "win-rate"))
            if "proof" in entry:
                out.append(Figure("tower-scenario", ident, "proof", entry["proof"]))
        return out

    def books(self, pack: Pack, options: Options, progress: ProgressFn) -> list[Any]:
        """The scenario book with its chapters, for the print targets."""
        from generator.systems.tower.decks import tower_books

        return tower_books(pack, options, progress)

    def booklet_books(self, pack: Pack, options: Options, progress: ProgressFn,
                      page: tuple[float, float]) -> list[Any]:
        """The scenario book laid out for a booklet page (its narrow layouts), for ``--booklet``."""
        from generator.systems.tower.decks import tower_books

        return tower_books(pack, options, progress, page)

    def decks(self, pack: Pack, options: Options) -> list[Any]:
        """The god cards, for the print targets."""
        from generator.systems.tower.decks import tower_decks

        return tower_decks(pack, options)

    def token_sets(self, pack: Pack, options: Options) -> list[Any]:
        """Tiles and enemy markers, for the print targets."""
        from generator.systems.tower.decks import tower_token_sets

        return tower_token_sets(pack, options)

    def table_pieces(self, pack: Pack, options: Options) -> list[Any]:
        """Every scenario's board, for ``--target tts``."""
        from generator.systems.tower.decks import tower_pieces

        return tower_pieces(pack, options)

    def token_kinds(self, pack: Pack, options: Options) -> list[Any]:
        """The keys of ``print.tokens`` (token artwork) the tiles and markers answer to."""
        from generator.systems.tower.decks import tower_token_kinds

        return tower_token_kinds(pack, options)

    def run_playtest(self, request: CommandRequest) -> tuple[int, str]:
        from generator.systems.tower.playtest import run_playtest

        v = request.values
        variants = tuple(v.get("variant") or ())
        if v.get("replay") is not None:
            if len(variants) > 1 or v.get("comparing"):
                return 2, "riddlesmith: --replay plays one game: one --policy, one --variant"
            return run_playtest(request.pack, request.target, v["games"], v["policy"],
                                v["seed"], v.get("jobs"), v.get("scheduler"), request.fmt,
                                request.progress, variant=variants[0] if variants else None,
                                replay=v["replay"])
        if variants:
            if v.get("comparing"):
                return 2, ("riddlesmith: compare players or god cards, not both at once "
                           "(one --policy with --variant)")
            from generator.systems.tower.variant_compare import run_variant_playtests

            return run_variant_playtests(request.pack, request.target, v["games"],
                                         v["policy"], v["seed"], v.get("jobs"),
                                         v.get("scheduler"), request.fmt, request.progress,
                                         variants)
        return run_playtest(request.pack, request.target, v["games"], v["policy"], v["seed"],
                            v.get("jobs"), v.get("scheduler"), request.fmt, request.progress)

    def templates(self) -> dict[str, str]:
        from generator.systems.tower.templates import TEMPLATES

        return dict(TEMPLATES)

    def starter_files(self, pack_id: str) -> dict[str, str]:
        from generator.systems.tower.templates import starter_files

        return starter_files(pack_id)

    def setup(self, app: SystemSetup) -> None:
        """Register its kinds with their shipped schemas and its ``RS-T`` codes."""
        from generator.registry import add_shipped
        from generator.systems.tower.codes import EXPLANATIONS

        from generator.systems.tower.policies import DEFAULT_POLICY, policy_names
        from generator.systems.tower.sim_skill import SKILL_ORDER

        from generator.systems.tower.labels import TABLE as LABELS

        add_shipped(app, "T", EXPLANATIONS)
        app.add_labels(LABELS)
        app.add_print_source(PrintSource(
            decks=self.decks, token_sets=self.token_sets, books=self.books,
            booklet_books=self.booklet_books, token_kinds=self.token_kinds,
            table_pieces=self.table_pieces, figures=self.figures))
        app.add_warmer(self.warm)
        app.add_command(Command(
            "playtest", ("tower-scenario",), self.run_playtest,
            (CommandOption("variant", "A god card (tower-variant id) to play beside the "
                           "plain game on the same seeds, with the difference and its 95 % "
                           "interval; repeat it for several.", kind="str", multiple=True),
             REPLAY_OPTION),
            policies=(DEFAULT_POLICY, *(p for p in policy_names() if p != DEFAULT_POLICY)),
            skill_order=SKILL_ORDER))


SYSTEM = TowerSystem()

__all__ = [
    "BASE_RULES", "Game", "KINDS", "LossOdds", "Rules", "SYSTEM", "Scenario", "State",
    "TowerCampaign", "TowerSystem", "Variant", "build_campaign", "build_scenario",
    "build_variant", "check_pack", "compile_game", "game_from_map",
]
