"""Playtests: many seeded games of one scenario under one policy, summarised.

:func:`playtest` plays games ``0 .. n-1`` with the Monte Carlo runner
(:mod:`generator.sim.montecarlo`: game ``i`` draws from
``random.Random(derive_seed(seed, i))``) on the executor the options choose
(:mod:`generator.sim.executors`), and summarises them in a
:class:`PlaytestResult`: wins with a Wilson 95 % interval, losses by reason,
mean turns, score and bonus rates. Results are identical whichever executor
runs the games.

Figures, precisely:

- a *turn* is an enemy turn (every game starts with one); a game that reaches
  ``max_rounds`` enemy turns undecided counts as a loss for reason
  ``max-rounds``;
- loss reasons are the engine's flags in words, joined with ``+`` when one
  enemy turn made several true at once (``target+builders``);
- scores are those of won games, counting the first-attempt bonus (each
  playtest game is a first attempt); bonus rates are shares of won games.

:func:`run_playtest` is the ``riddlesmith playtest`` command without the
command line: it loads a pack, finds the scenario, runs the playtest and
formats it (``text`` or ``json``), returning ``(exit code, text)``.

>>> from generator.systems.tower.model import game_from_map
>>> game = game_from_map("T . .\\n. 1 .\\n. B .\\nB . .", ["dark-male C4 N"])
>>> result = playtest(game, "greedy", 20, seed=3)
>>> result.games, result.wins + sum(n for _, n in result.losses)
(20, 20)
>>> result == playtest(game, "greedy", 20, seed=3, jobs=1)
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.diagnostics import Diagnostic, Severity
from generator.pack.loader import UsageError, load_packs
from generator.pack.model import Document, Pack
from generator.pack.schema import load_schemas, suggest
from generator.sim.executors import ExecutorUnavailable, make_executor
from generator.sim.budget import Budget
from generator.sim.montecarlo import Progress, RunResult, run_games, run_until
from generator.sim.stats import (
    Histogram,
    format_mean,
    format_rate,
    make_histogram,
    mean_interval,
    mean_of,
    merge_histograms,
    wilson_interval,
)
from generator.registry import discover_systems
from generator.systems.tower import checks, engine
from generator.systems.tower.engine import Game
from generator.systems.tower.model import Scenario, Text, compile_game
from generator.systems.tower.policies import DEFAULT_POLICY, load_policy, policy_names
from generator.systems.tower.rules import (
    BASE_RULES,
    LOSS_REASONS,
    MAX_ROUNDS_REASON,
    Rules,
    name_loss,
)
from generator.systems.tower.scoring import MORE_BLOCKS_FOR_BONUS, POINTS_PER_BONUS, count_blocks
from generator.systems.tower.stage import models_of

FORMATS = ("text", "json")
DEFAULT_GAMES = 1000
DEFAULT_SEED = 0
DEFAULT_MAX_ROUNDS = 100
"""Enemy turns after which an undecided game stops (a loss for reason ``max-rounds``)."""
GameRecord = tuple[int, int, int, int, int]
"""One game: (won, loss flags, enemy turns, builders all alive, block bonus) as ints."""


@dataclass(frozen=True, slots=True)
class TowerGames:
    """A picklable simulation for the runner: one game of ``game`` under a named policy.

    ``prepare()`` runs once per task (in the worker): it makes the policy for
    the game, so its tables are built once, not per game.
    """

    game: Game
    policy: str
    max_rounds: int = DEFAULT_MAX_ROUNDS

    def prepare(self) -> Any:
        game = self.game
        policy = load_policy(self.policy).make(game)
        max_rounds = self.max_rounds
        start_blocks = count_blocks(game.start.levels)

        def play(rng: Any) -> GameRecord:
            result = engine.play_game(game, policy, rng, max_rounds=max_rounds)
            end = result.state
            alive = int(all(b >= 0 for b in end.builders))
            blocks = int(count_blocks(end.levels) - start_blocks >= MORE_BLOCKS_FOR_BONUS)
            if result.won:
                return (1, 0, result.rounds, alive, blocks)
            return (0, result.lost, result.rounds, 0, 0)

        return play


@dataclass(frozen=True, slots=True)
class PlaytestResult:
    """The summary of a playtest (see the module notes for each figure)."""

    policy: str
    games: int
    seed: int
    level: int
    max_rounds: int
    wins: int
    ci95: tuple[float, float]
    losses: tuple[tuple[str, int], ...]  # (reason, games), sorted by reason
    turns_won: Histogram
    turns_lost: Histogram
    builders_alive: int  # won games with both builders standing
    more_blocks: int  # won games with the block bonus
    first_win: int | None  # the lowest index of a won game (replay it), None: no win
    first_loss: int | None
    both_bonuses: int = 0  # won games with both bonuses (for the score's interval)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_turns(self) -> float:
        """Mean enemy turns per game (won or not)."""
        return mean_of(self.turns_won + self.turns_lost) if self.games else 0.0

    @property
    def mean_score(self) -> float:
        """Mean points of a won game (0.0 without wins)."""
        if not self.wins:
            return 0.0
        bonuses = self.wins + self.builders_alive + self.more_blocks  # first attempt: every win
        return self.level + POINTS_PER_BONUS * bonuses / self.wins

    @property
    def scores(self) -> Histogram:
        """Points of each won game (first attempt: every win), as a histogram."""
        one = self.builders_alive + self.more_blocks - 2 * self.both_bonuses
        none = self.wins - one - self.both_bonuses
        base = self.level + POINTS_PER_BONUS
        return make_histogram({base: none, base + POINTS_PER_BONUS: one,
                               base + 2 * POINTS_PER_BONUS: self.both_bonuses})

    @property
    def turns(self) -> Histogram:
        """Enemy turns of every game, won or lost."""
        return merge_histograms(self.turns_won, self.turns_lost)

    @property
    def bonus_counts(self) -> tuple[tuple[str, int], ...]:
        """Won games with each measured bonus (every playtest win is a first attempt)."""
        return (("builders alive", self.builders_alive), ("more blocks", self.more_blocks))

    @property
    def bonus_rates(self) -> tuple[tuple[str, float], ...]:
        """Share of won games with each bonus."""
        n = self.wins or 1
        return (("first attempt", 1.0 if self.wins else 0.0),
                ("builders alive", self.builders_alive / n),
                ("more blocks", self.more_blocks / n))

    def to_json(self, scenario: str) -> dict[str, Any]:
        """The result as the CLI's JSON object (exactly these keys)."""
        return {
            "scenario": scenario,
            "policy": self.policy,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [self.ci95[0], self.ci95[1]],
            "losses": dict(self.losses),
            "mean_turns": self.mean_turns,
            "seed": self.seed,
            "mean_turns_ci95": list(mean_interval(self.turns)),
            "loss_rates_ci95": {k: list(wilson_interval(n, self.games)) for k, n in self.losses},
        }


def summarise(run: RunResult[GameRecord], policy: str, level: int, max_rounds: int
              ) -> PlaytestResult:
    """A :class:`PlaytestResult` from the runner's record counts."""
    wins = alive = blocks = both = 0
    losses: dict[str, int] = {}
    won_turns: dict[int, int] = {}
    lost_turns: dict[int, int] = {}
    for (won, lost, rounds, all_alive, more), n in run.counts:
        if won:
            wins += n
            alive += all_alive * n
            blocks += more * n
            both += all_alive * more * n
            won_turns[rounds] = won_turns.get(rounds, 0) + n
        else:
            reason = name_loss(lost)
            losses[reason] = losses.get(reason, 0) + n
            lost_turns[rounds] = lost_turns.get(rounds, 0) + n
    return PlaytestResult(
        policy=policy, games=run.games, seed=run.seed, level=level, max_rounds=max_rounds,
        wins=wins, ci95=wilson_interval(wins, run.games), losses=tuple(sorted(losses.items())),
        turns_won=make_histogram(won_turns), turns_lost=make_histogram(lost_turns),
        builders_alive=alive, more_blocks=blocks,
        first_win=run.first_game(lambda r: bool(r[0])),
        first_loss=run.first_game(lambda r: not r[0]), both_bonuses=both)


def playtest(game: Game, policy: str = DEFAULT_POLICY, games: int = DEFAULT_GAMES,
             seed: int = DEFAULT_SEED, jobs: int | None = 1, scheduler: Any = None, *,
             level: int = 0, max_rounds: int = DEFAULT_MAX_ROUNDS,
             progress: Progress | None = None) -> PlaytestResult:
    """Play ``games`` seeded games of ``game`` with the named policy and summarise them.

    ``jobs`` worker processes (1: in this process; None: one per core), or the
    Dask cluster at ``scheduler``. ``level`` is the scenario's level, for
    scores. Raises KeyError for an unknown policy, ValueError for a negative
    number of games, :class:`~generator.sim.executors.ExecutorUnavailable` when
    the executor cannot run.
    """
    load_policy(policy)  # fail here, not in a worker
    if max_rounds < 1:
        raise ValueError(f"max_rounds must be at least 1, got {max_rounds}")
    simulation = TowerGames(game, policy, max_rounds)
    with make_executor(jobs, scheduler) as executor:
        run = run_games(simulation, games, seed, executor=executor, progress=progress)
    return summarise(run, policy, level, max_rounds)


def playtest_until(game: Game, policy: str, seed: int, budget: Budget, jobs: int | None = 1,
                   scheduler: Any = None, *, level: int = 0,
                   max_rounds: int = DEFAULT_MAX_ROUNDS, progress: Progress | None = None
                   ) -> tuple[PlaytestResult, str]:
    """Play batches of seeded games until the win rate's 95 % interval is within the
    budget's width, or its cap (see :func:`~generator.sim.montecarlo.run_until`); return
    the summary and what stopped it (``width`` or ``cap``). The games are games ``0 ..
    n-1`` of :func:`playtest` with the same seed, on every executor."""
    load_policy(policy)
    simulation = TowerGames(game, policy, max_rounds)

    def enough(run: RunResult[GameRecord]) -> bool:
        return budget.narrow_enough(run.count(lambda r: bool(r[0])), run.games)

    with make_executor(jobs, scheduler) as executor:
        run, stopped = run_until(simulation, seed, batch=budget.batch, cap=budget.cap,
                                 enough=enough, executor=executor, progress=progress)
    return summarise(run, policy, level, max_rounds), stopped


# -- the command --------------------------------------------------------------------------


class Refused(Exception):
    """A playtest that cannot start: its exit code (1: the scenario has errors, 2: usage)
    and the message."""

    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code, self.text = code, text


def load_game(pack_path: str | Path, scenario_id: str, variant: str | None = None
              ) -> tuple[Game, Scenario]:
    """The compiled game of scenario ``scenario_id`` (under ``variant``'s hooks) and its
    scenario; :class:`Refused` when it cannot be played."""
    try:
        loaded = load_packs([Path(pack_path)], load_schemas(), _kinds())
    except UsageError as exc:
        raise Refused(2, f"riddlesmith: {exc}") from exc
    found = _find(loaded.packs, "tower-scenario", scenario_id)
    if found is None:
        errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
        if errors:
            raise Refused(1, _diagnostics_text(errors) + f"\nriddlesmith: scenario "
                          f"'{scenario_id}' could not be loaded; fix the errors above")
        known = sorted(d.id for p in loaded.packs for d in p.of_kind("tower-scenario"))
        close = suggest(scenario_id, known)
        raise Refused(2, f"riddlesmith: no scenario '{scenario_id}' in {pack_path}"
                      + (f"; {close}" if close else "")
                      + (f" (scenarios: {', '.join(known)})" if known else
                         " (it has no tower scenarios)"))
    pack, doc = found
    models = models_of(pack)
    model = next(m for m in models.scenarios if m.doc is doc)
    scenario, diags = model.scenario, list(model.diagnostics)
    if scenario is not None:
        diags = diags + list(checks.iter_setup_problems(scenario, doc))
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if scenario is None or errors:
        raise Refused(1, _diagnostics_text(errors or diags) + f"\nriddlesmith: scenario "
                      f"'{scenario_id}' has errors; fix them before playtesting it")
    rules: Rules = BASE_RULES
    if variant is not None:
        card = _find([pack], "tower-variant", variant)
        if card is None:
            known = sorted(d.id for d in pack.of_kind("tower-variant"))
            raise Refused(2, f"riddlesmith: no variant '{variant}' in pack '{pack.id}'"
                          + (f" (variants: {', '.join(known)})" if known else ""))
        rules = next(v for v, d in models.variants if d is card[1]).apply(rules)
    return compile_game(scenario, rules), scenario


def run_playtest(pack_path: str | Path, scenario_id: str, games: int = DEFAULT_GAMES,
                 policy: str = DEFAULT_POLICY, seed: int = DEFAULT_SEED,
                 jobs: int | None = None, scheduler: str | None = None, fmt: str = "text",
                 progress: Progress | None = None, *, variant: str | None = None,
                 max_rounds: int = DEFAULT_MAX_ROUNDS, replay: int | None = None
                 ) -> tuple[int, str]:
    """Playtest scenario ``scenario_id`` of the pack at ``pack_path``; return (exit code, text).

    ``jobs``: worker processes (default: one per core); ``scheduler``: a Dask
    scheduler address (then ``jobs`` is ignored); ``variant``: a
    ``tower-variant`` id of the pack whose hooks apply. Exit codes: 0 done, 1
    the scenario has errors, 2 usage problems (no such pack, scenario, policy
    or format; a bad number; an executor that cannot run).
    """
    if fmt not in FORMATS:
        return 2, f"riddlesmith: unknown format '{fmt}' (choose {', '.join(FORMATS)})"
    if policy not in policy_names():
        return 2, (f"riddlesmith: unknown policy '{policy}' "
                   f"(choose {', '.join(policy_names())})")
    if games < 1:
        return 2, "riddlesmith: play at least 1 game"
    if jobs is not None and jobs < 1:
        return 2, "riddlesmith: jobs must be at least 1"
    if max_rounds < 1:
        return 2, "riddlesmith: max rounds must be at least 1"
    try:
        game, scenario = load_game(pack_path, scenario_id, variant)
    except Refused as refused:
        return refused.code, refused.text
    if replay is not None:
        from generator.systems.tower.replay import replay_text

        return 0, replay_text(game, scenario_id, policy, seed, replay, max_rounds, variant)
    try:
        result = playtest(game, policy, games, seed, jobs, scheduler, level=scenario.level,
                          max_rounds=max_rounds, progress=progress)
    except ExecutorUnavailable as exc:
        return 2, f"riddlesmith: {exc}"
    if fmt == "json":
        return 0, json.dumps(result.to_json(scenario_id), indent=2)
    return 0, format_playtest(result, scenario_id, _plain(scenario.title), variant)


def _plain(text: Text) -> str:
    """A localized title in English, else in its first language."""
    if isinstance(text, str):
        return text
    found = dict(text)
    return found.get("en") or next(iter(found.values()), "")


def _percent(x: float) -> str:
    return f"{x * 100:.1f}%"


def format_playtest(result: PlaytestResult, scenario: str, title: str = "",
                    variant: str | None = None) -> str:
    """The playtest as text: verdict, losses, turns, scores, and how to replay a game."""
    r = result
    head = f"{scenario}{f' ({title})' if title else ''}"
    card = f" with the '{variant}' card" if variant else ""
    lines = [f"{head}: level {r.level}, policy {r.policy}{card}, {r.games} games, seed {r.seed}",
             f"wins: {r.wins} of {r.games} ({_percent(r.win_rate)}; 95% interval "
             f"{_percent(r.ci95[0])} to {_percent(r.ci95[1])})"]
    if r.losses:
        lines.append("losses: " + ", ".join(
            f"{reason} {n} ({format_rate(n, r.games)})"
            for reason, n in sorted(r.losses, key=lambda x: (-x[1], x[0]))))
    lines.append(f"mean turns: {format_mean(r.turns)} (won games {format_mean(r.turns_won)}, "
                 f"lost games {format_mean(r.turns_lost)})")
    if r.wins:
        rates = ", ".join(["first attempt 100% (every playtest game is one)"] + [
            f"{name} {format_rate(n, r.wins)}" for name, n in r.bonus_counts])
        lines.append(f"mean score of a win: {format_mean(r.scores)} points; bonuses: {rates}")
    lines.append("(95% intervals: Wilson for shares, Student t for means)")
    replay = []
    if r.first_win is not None:
        replay.append(f"first win is game {r.first_win}")
    if r.first_loss is not None:
        replay.append(f"first loss is game {r.first_loss}")
    if replay:
        lines.append(f"replay: {', '.join(replay)} (playtest ... --seed {r.seed} --replay I "
                     "prints game I turn by turn)")
    return "\n".join(lines)


def _kinds() -> dict[str, str]:
    kinds = {"pack": "core"}
    for name, system in sorted(discover_systems().items()):
        for kind in system.kinds:
            kinds.setdefault(kind, name)
    return kinds


def _find(packs: list[Pack], kind: str, ident: str) -> tuple[Pack, Document] | None:
    for pack in packs:
        for doc in pack.of_kind(kind):
            if doc.id == ident:
                return pack, doc
    return None


def _diagnostics_text(diags: list[Diagnostic]) -> str:
    return "\n".join(f"{d.location()}: {d.severity.value}: {d.message} [{d.code}]"
                     for d in sorted(diags, key=Diagnostic.sort_key))


__all__ = ["DEFAULT_GAMES", "DEFAULT_MAX_ROUNDS", "DEFAULT_SEED", "FORMATS", "GameRecord",
           "LOSS_REASONS", "MAX_ROUNDS_REASON", "PlaytestResult", "Refused", "load_game", "TowerGames", "format_playtest", "name_loss", "playtest",
           "playtest_until", "run_playtest", "summarise"]
