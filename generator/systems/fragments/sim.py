"""Seeded Monte Carlo of the Riddle Craft press-your-luck variant (RULES.md section 4).

A player draws fragments one at a time, stops after ``k`` cards (their stopping
length) and answers the riddle; a riddle of ``n`` cards scores ``scoring[n - 1]``
(the last entry beyond the table). First to ``target`` points wins; solo, the
number of turns to reach it is the result.

Fragments carry no identity in this model: whether an answer is judged valid
depends only on how many cards the riddle has. So the deck, the discard pile and
the score piles are plain counts, and the only chance node is the validity vote,
``p_valid(n) = max(P_VALID_FLOOR, 1 - decay * (n - 1))``. A failed answer gives
the player with strictly the fewest points one try at the same odds, if that
player is unique and is not the one whose turn it is.

Decisions (the rulebook is silent on these):

- Seat 0 plays first. "Decide randomly who goes first" is a relabelling of
  seats, so per-seat win counts measure the advantage of playing first.
- The discard pile is reshuffled into a new deck only when a card must be drawn
  from an empty deck (:data:`RESHUFFLE_WHEN_NEEDED`), so it holds every riddle
  discarded so far.
- If deck and discard are both empty in the middle of a turn, the player
  answers with the cards already drawn. A turn that cannot draw a single card
  is not played: the game ends "exhausted", with no winner.
- Game length counts every turn of every player (solo: the player's turns).

>>> result = simulate(130, 2, (6, 6), games=200, seed=7)
>>> result.games, sum(result.wins) + result.exhausted
(200, 200)
>>> result == simulate(130, 2, (6, 6), games=200, seed=7)
True
"""
from __future__ import annotations

import hashlib
import math
import random
import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence

#: Points for a riddle of 1, 2, ... cards; the last entry counts for longer ones.
DEFAULT_SCORING: tuple[int, ...] = (1, 3, 6, 10, 15, 21, 28, 36)
#: Points that win the game (solo: the score whose turn count is measured).
DEFAULT_TARGET = 50
#: How much the chance of a valid answer drops per card beyond the first.
DEFAULT_DECAY = 0.08
#: Even a very long riddle keeps this chance of a valid answer.
P_VALID_FLOOR = 0.05
#: The variant is for 1-4 players.
MIN_PLAYERS, MAX_PLAYERS = 1, 4
#: Stopping lengths the policy may choose.
MIN_STOP, MAX_STOP = 1, 10
#: Decision: reshuffle lazily (when a draw needs a card), not as soon as the deck empties.
RESHUFFLE_WHEN_NEEDED = True

#: Uniform source of floats in [0, 1), e.g. ``random.Random(seed).random``.
UniformDraw = Callable[[], float]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The outcome of one game: turns played, reshuffles, winning seat, final points."""

    turns: int
    reshuffles: int
    winner: int | None
    points: tuple[int, ...]

    @property
    def exhausted(self) -> bool:
        """True when the cards ran out before anyone reached the target."""
        return self.winner is None


@dataclass(frozen=True, slots=True)
class SimResult:
    """Aggregate of ``games`` seeded games with fixed stopping lengths.

    ``turn_histogram`` holds ``(turns, games)`` pairs sorted by turns; ``wins``
    counts games won per seat (seat 0 plays first); exhausted games have no
    winner. ``p90_turns`` is the nearest-rank 90th percentile.
    """

    games: int
    deck_size: int
    players: int
    stop_lengths: tuple[int, ...]
    seed: int
    target: int
    decay: float
    turn_histogram: tuple[tuple[int, int], ...]
    mean_turns: float
    median_turns: float
    p90_turns: int
    mean_reshuffles: float
    exhausted: int
    wins: tuple[int, ...]

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Share of all games won by each seat."""
        return tuple(count / self.games for count in self.wins)


def score_riddle(length: int, scoring: Sequence[int] = DEFAULT_SCORING) -> int:
    """Points for a riddle of ``length`` cards (0 for no cards).

    >>> [score_riddle(n) for n in range(1, 10)]
    [1, 3, 6, 10, 15, 21, 28, 36, 36]
    """
    if length <= 0:
        return 0
    return scoring[min(length, len(scoring)) - 1]


def compute_p_valid(length: int, decay: float = DEFAULT_DECAY) -> float:
    """Chance that an answer to a riddle of ``length`` cards is judged valid.

    >>> compute_p_valid(1), round(compute_p_valid(6), 2), compute_p_valid(40)
    (1.0, 0.6, 0.05)
    """
    return max(P_VALID_FLOOR, 1.0 - decay * (length - 1))


def compute_expected_turn_score(
    stop: int,
    deck_size: int,
    scoring: Sequence[int] = DEFAULT_SCORING,
    decay: float = DEFAULT_DECAY,
) -> float:
    """Closed-form mean points of one solo turn from a fresh deck, stopping at ``stop``.

    Solo there is no second chance, so it is ``score(n) * p_valid(n)`` with
    ``n = min(stop, deck_size)``.

    >>> round(compute_expected_turn_score(8, 130), 2)
    15.84
    """
    length = min(stop, deck_size)
    return score_riddle(length, scoring) * compute_p_valid(length, decay)


def derive_seed(seed: int, *keys: int) -> int:
    """A 64-bit seed for one game, fixed by the run seed and the game's keys.

    Hashing (rather than drawing from one stream) makes game ``i`` the same
    whatever else the run plays, so results do not depend on order.

    >>> derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(2, 1)
    True
    """
    text = ":".join(str(part) for part in (seed, *keys))
    digest = hashlib.blake2b(text.encode("ascii"), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def play_game(
    draw: UniformDraw,
    deck_size: int,
    stop_lengths: Sequence[int],
    target: int = DEFAULT_TARGET,
    scoring: Sequence[int] = DEFAULT_SCORING,
    decay: float = DEFAULT_DECAY,
) -> GameRecord:
    """Play one game; ``draw`` decides every validity vote (valid when ``draw() < p``).

    One stopping length per seat. Passing the uniform source in keeps the
    game a pure function of it, so tests can script each vote.

    >>> always_valid = lambda: 0.0
    >>> play_game(always_valid, 130, (5,))  # 15 points a turn: 4 turns to 50
    GameRecord(turns=4, reshuffles=0, winner=0, points=(60,))
    """
    stops = _check_stops(stop_lengths, len(stop_lengths))
    _check_game(deck_size, target, scoring, decay)
    score_of, p_valid_of = _build_tables(max(stops), scoring, decay)
    return _run_game(draw, deck_size, stops, target, score_of, p_valid_of)


def simulate(
    deck_size: int,
    players: int,
    stop_lengths: Sequence[int],
    games: int,
    seed: int,
    target: int = DEFAULT_TARGET,
    scoring: Sequence[int] = DEFAULT_SCORING,
    decay: float = DEFAULT_DECAY,
) -> SimResult:
    """Play ``games`` seeded games and summarise their length, reshuffles and winners.

    ``stop_lengths`` gives one stopping length per seat, or a single one for
    every seat. Game ``i`` draws from ``random.Random(derive_seed(seed, i))``.
    Raises ``ValueError`` on out-of-range parameters.
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}, got {players}")
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    stops = _check_stops(stop_lengths, players)
    _check_game(deck_size, target, scoring, decay)
    score_of, p_valid_of = _build_tables(max(stops), scoring, decay)

    turns: list[int] = []
    reshuffles = 0
    exhausted = 0
    wins = [0] * players
    for index in range(games):
        rng = random.Random(derive_seed(seed, index))
        record = _run_game(rng.random, deck_size, stops, target, score_of, p_valid_of)
        turns.append(record.turns)
        reshuffles += record.reshuffles
        if record.winner is None:
            exhausted += 1
        else:
            wins[record.winner] += 1

    turns.sort()
    return SimResult(
        games=games,
        deck_size=deck_size,
        players=players,
        stop_lengths=stops,
        seed=seed,
        target=target,
        decay=decay,
        turn_histogram=tuple(sorted(Counter(turns).items())),
        mean_turns=sum(turns) / games,
        median_turns=float(statistics.median(turns)),
        p90_turns=turns[math.ceil(0.9 * games) - 1],
        mean_reshuffles=reshuffles / games,
        exhausted=exhausted,
        wins=tuple(wins),
    )


def expected_score_by_stop(
    deck_size: int,
    max_len: int = MAX_STOP,
    games: int = 2000,
    seed: int = 0,
    decay: float = DEFAULT_DECAY,
    scoring: Sequence[int] = DEFAULT_SCORING,
) -> tuple[tuple[int, float], ...]:
    """Monte Carlo mean points of one solo turn for each stopping length 1..``max_len``.

    Each trial is one turn from a fresh deck of ``deck_size`` cards; stop
    length ``k`` draws from its own stream ``derive_seed(seed, k)``, so adding
    lengths or trials never changes the others. Converges to
    :func:`compute_expected_turn_score`.

    >>> best = max(expected_score_by_stop(130, games=500, seed=3), key=lambda row: row[1])
    >>> best[0]
    8
    """
    if not MIN_STOP <= max_len <= MAX_STOP:
        raise ValueError(f"max_len must be {MIN_STOP}-{MAX_STOP}, got {max_len}")
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    _check_game(deck_size, DEFAULT_TARGET, scoring, decay)

    rows: list[tuple[int, float]] = []
    for stop in range(MIN_STOP, max_len + 1):
        length = min(stop, deck_size)
        points = score_riddle(length, scoring)
        p_valid = compute_p_valid(length, decay)
        draw = random.Random(derive_seed(seed, stop)).random
        valid = sum(1 for _ in range(games) if draw() < p_valid)
        rows.append((stop, points * valid / games))
    return tuple(rows)


def _run_game(
    draw: UniformDraw,
    deck_size: int,
    stops: tuple[int, ...],
    target: int,
    score_of: tuple[int, ...],
    p_valid_of: tuple[float, ...],
) -> GameRecord:
    """The game loop on plain ints; tables are indexed by riddle length."""
    players = len(stops)
    points = [0] * players
    deck, discard = deck_size, 0
    reshuffles = turns = 0
    seat = 0
    while True:
        wanted = stops[seat]
        drawn = 0
        while drawn < wanted:
            if deck == 0:
                if discard == 0:
                    break
                deck, discard = discard, 0
                reshuffles += 1
            taken = min(wanted - drawn, deck)
            deck -= taken
            drawn += taken
        if drawn == 0:
            return GameRecord(turns, reshuffles, None, tuple(points))
        turns += 1

        p_valid = p_valid_of[drawn]
        scorer = -1
        if draw() < p_valid:
            scorer = seat
        else:
            lowest = min(points)
            if points.count(lowest) == 1:
                trailer = points.index(lowest)
                if trailer != seat and draw() < p_valid:
                    scorer = trailer
        if scorer < 0:
            discard += drawn
        else:
            # Scored cards leave play for good: they never return to the deck.
            points[scorer] += score_of[drawn]
            if points[scorer] >= target:
                return GameRecord(turns, reshuffles, scorer, tuple(points))
        seat = (seat + 1) % players


def _build_tables(
    max_length: int, scoring: Sequence[int], decay: float
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Score and validity chance for every riddle length 0..``max_length``."""
    lengths = range(max_length + 1)
    score_of = tuple(score_riddle(n, scoring) for n in lengths)
    p_valid_of = tuple(compute_p_valid(n, decay) if n else 0.0 for n in lengths)
    return score_of, p_valid_of


def _check_stops(stop_lengths: Sequence[int], players: int) -> tuple[int, ...]:
    """Validate stopping lengths and spread a single one over every seat."""
    stops = tuple(int(k) for k in stop_lengths)
    if len(stops) == 1:
        stops *= players
    if len(stops) != players or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"need 1 or {players} stopping lengths for {MIN_PLAYERS}-{MAX_PLAYERS} players,"
            f" got {len(stop_lengths)}"
        )
    for k in stops:
        if not MIN_STOP <= k <= MAX_STOP:
            raise ValueError(f"stopping length must be {MIN_STOP}-{MAX_STOP}, got {k}")
    return stops


def _check_game(deck_size: int, target: int, scoring: Sequence[int], decay: float) -> None:
    """Reject parameters that would make a game meaningless or endless."""
    if deck_size < 1:
        raise ValueError(f"deck_size must be at least 1, got {deck_size}")
    if target < 1:
        raise ValueError(f"target must be at least 1, got {target}")
    # Positive scores guarantee that every valid riddle moves the game forward.
    if not scoring or any(points < 1 for points in scoring):
        raise ValueError("scoring must be a non-empty sequence of positive points")
    if not 0.0 <= decay <= 1.0:
        raise ValueError(f"decay must be in [0, 1], got {decay}")
