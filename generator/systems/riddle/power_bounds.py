"""An admissible bound on the turns left while god powers or blessing cards are in play.

The goals' own bounds (:mod:`.bounds` and each goal module) rest on one step and
one build a turn, which powers break: Artemis walks two steps, Hermes and some
blessings cross the board, Demeter, Hephaestus and Prometheus build up to four
pieces in one turn, Atlas domes any level, a blessing takes the top piece off a
tower. This bound asks instead what the powers in play could do at best on every
turn: :class:`PowerReach` sums, over every god of the opening queue the solver
plays (held or still to take) and every revealed blessing card, the most pieces
one turn may place and the most steps one worker may take, so it holds whichever
of them are held, on whatever turn.

- Coins (``slots``): a coin's space needs its builds (one, when a dome coin can
  be an Atlas dome or a tower can lose its top piece), the first of them no
  earlier than the turn a worker can stand within build reach of a coin; then at
  most :attr:`PowerReach.builds` pieces go up each turn.
- Coins and ``build`` spaces apart (:func:`_coins_apart`): a space takes at most
  :attr:`PowerReach.same_space` pieces a turn, and two spaces no turn can build on
  together (:func:`build_span`: not beside one square for Demeter, nor beside two
  squares a walk apart for Prometheus) take their turns one after the other, so
  two coins at opposite ends of the map need the sum of their turns, not the half.
- ``build``: the missing pieces, at most :attr:`PowerReach.builds` a turn (and
  apart, as the coins).
- ``stand`` of the King or the Sphinx on a given space: the space's missing levels,
  at most :attr:`PowerReach.same_space` a turn (the figure may step on at the end of
  the last one).
- Seats (2-4 players): a god's power acts only on its holder's turns, one turn in
  ``seats`` at most (:func:`_turns`), so the pieces it adds to a run of turns are
  counted on those turns only (no alternation is claimed while a blessing card
  that may give a seat another turn is in play).
- ``blessings``: the tokens no worker stands on need turns that set workers on new
  squares (one a turn unless a power moves more: Apollo's trade, Minotaur's shove,
  Hermes's roam), none before the nearest token can be walked to; while one worker
  moves a turn, the tokens' walks add up (:func:`~.goals.blessings.token_walks`).
- Towers and wanted domes: a space's dome takes a turn of its own there unless a
  power builds a block and a dome on one space in a turn (Prometheus).
- Walks at 2-4 players with no power that moves another seat's worker: a worker
  moves on its own seat's turns only (:func:`~.schedule.seat_turn_tables`).
- ``all_of`` / ``any_of``: the largest / smallest of their goals' bounds.
- Anything else: one turn while the goal is not met (what the solver claimed for
  every goal before this bound).

:func:`powered_estimate` takes the least of this bound over every set of gods a line
may still take, each take a turn of its own, with the powers of that set and of the
held gods (more powers never raise the bound, so larger sets are skipped once even
all the gods cannot beat the best). At 2-4 players a take is a turn of the taker's
seat, which may be a turn the seated bound already counts as idle for the workers it
walks: the takes go on top of the bound freed of its seats (:func:`unseated`) only,
and the seated bound stands alone (:func:`_taken`).

``tests/systems/riddle/reference_gods.py`` pins it: on every state breadth-first
search visits in generated riddles with gods and blessings, the bound is at most
the exact number of turns left.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from generator.engine.geometry import Geometry

from generator.engine.state import height_at
from generator.systems.riddle.bookkeeping import Bookkeeping
from generator.systems.riddle.bounds import coin_pieces
from generator.systems.riddle.goals.all_of import AllOfGoal
from generator.systems.riddle.goals.any_of import AnyOfGoal
from generator.systems.riddle.goals.blessings import WALKED_AT_MOST, BlessingsGoal, token_walks
from generator.systems.riddle.goals.build import BuildGoal
from generator.systems.riddle.goals.slots import SlotsGoal
from generator.systems.riddle.goals.stand import StandGoal
from generator.systems.riddle.schedule import seat_turn_tables
from generator.systems.riddle.state import DOME_LEVEL, RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, Goal

if TYPE_CHECKING:
    from generator.systems.riddle.game import RiddleGame

NO_LIMIT = UNREACHABLE
"""Steps a turn may take when some power relocates a worker anywhere."""

EXTRA_BUILDS = {"demeter": 1, "hephaestus": 1, "prometheus": 1, "extra-build-elsewhere": 1}
"""Pieces a power adds to a turn's one build."""
SAME_SPACE_BUILDS = {"hephaestus": 1, "prometheus": 1}
"""Pieces a power adds on the space of a turn's build (Prometheus: before moving)."""
BUILD_THEN_STEP_ON = frozenset({"prometheus"})
"""Powers that build before the move, so a worker may step onto a space the same turn
it was raised (down or level: Prometheus forbids climbing)."""
CLIMBS_TWO = frozenset({"double-climb"})
"""Powers that let one step climb two levels."""
FORCES_ANY_HEIGHT = frozenset({"apollo", "minotaur", "swap-workers"})
"""Powers that put a worker on a space whatever its height (a forced move, a trade)."""
LEVEL_THREE_ANYWHERE = frozenset({"pan"})
"""Powers that make a worker count as standing on level 3 (Pan's leap down)."""
EXTRA_STEPS = {"artemis": 1, "extra-step": 1}
"""Steps a power adds to a worker's one step."""
ANYWHERE = frozenset({"hermes", "level-leap", "swap-workers"})
"""Powers that may carry a worker any distance in one turn (a relaxation for Hermes,
who walks only on one level, and the leap, which keeps the level)."""
DOMES_ANY_LEVEL = frozenset({"atlas"})
RECLAIMS = frozenset({"reclaim-top"})
FAR_BUILDS = frozenset({"far-build"})


REVIVES = frozenset({"revive-worker"})
"""Powers that bring a destroyed worker (a lost game, a sunk space) back on any ground
space, besides the turn's action: it may move and build the same turn."""


def _revivable(reach: PowerReach, state: RiddleState) -> bool:
    """A destroyed worker may come back anywhere this turn (so it is at every space's side)."""
    return reach.revive and state.destroyed > 0 and any(w < 0 for w in state.board.workers)


SPAN_KNOWN = frozenset({"apollo", "artemis", "athena", "atlas", "demeter", "hephaestus",
                        "hermes", "minotaur", "pan", "prometheus"})
"""The powers whose builds :func:`build_span` knows: with any other power in play (every
blessing card's) a turn's builds are taken to reach any two spaces."""
OTHER_SPACE = frozenset({"demeter"})
"""Powers whose extra build goes on another space beside the same worker."""
EXTRA_MOVERS = {"apollo": 1, "minotaur": 1}
"""Workers besides the acting one that a power sets on a new square in a turn (Apollo's
trade partner, the worker Minotaur shoves); Hermes's roam may move every worker."""
MOVES_EVERY_WORKER = frozenset({"hermes"})
"""Powers that may move every worker of the holder in one turn (a team roam)."""
DOME_WITH_BLOCK = frozenset({"prometheus"})
"""Powers whose two builds may go on one space with the dome second (Prometheus builds
before and after the move; Hephaestus's second piece is a block, never a dome)."""
FORCES_OTHERS = frozenset({"apollo", "minotaur"})
"""Powers that move a worker on a turn of another seat than its own (a trade, a shove)."""


class PowerReach(NamedTuple):
    """The most any turn can do with the powers in play."""

    builds: int = 1  # pieces placed
    steps: int = 1  # steps of one worker (NO_LIMIT: anywhere)
    reach: int = 1  # build distance from the worker
    dome_any: bool = False  # a dome may cap any level
    reclaim: bool = False  # a tower's top piece may come off (a coin's level comes back)
    same_space: int = 1  # pieces one turn may place on one space
    step_on_raised: bool = False  # a worker may stand on a space raised the same turn
    level_three: bool = False  # a worker may count as on level 3 without climbing
    rise: int = 1  # levels one worker may gain in a turn (NO_LIMIT: forced or traded up)
    revive: bool = False  # a destroyed worker may come back on any ground space
    span: tuple[int, ...] | None = None  # per space: the others one turn may also build on
    seats: int = 1  # seats taking turns in turn: a god's power acts on one in ``seats``
    movers: int = 1  # workers one turn may set on new squares (NO_LIMIT: unknown powers)
    own_turns: bool = False  # a worker moves only on its own seat's turns (no forced move)
    dome_alone: bool = True  # no turn places a dome and a block on one space


def power_reach(game: RiddleGame, gods: int | None = None) -> PowerReach:
    """What the opening queue's played gods (those of the bitmask ``gods`` of queue
    indices, or all) and the revealed cards could do in a turn."""
    powers = [g for i, g in enumerate(game.powers.engine)
              if g is not None and (gods is None or gods >> i & 1)]
    powers += [p.NAME for p in game.blessings.powers
               if p is not None and p.searched and game.blessings.active]
    steps = 1 + sum(EXTRA_STEPS.get(p, 0) for p in powers)
    return PowerReach(
        builds=1 + sum(EXTRA_BUILDS.get(p, 0) for p in powers),
        steps=NO_LIMIT if any(p in ANYWHERE for p in powers) else steps,
        reach=2 if any(p in FAR_BUILDS for p in powers) else 1,
        dome_any=any(p in DOMES_ANY_LEVEL for p in powers),
        reclaim=any(p in RECLAIMS for p in powers),
        same_space=1 + sum(SAME_SPACE_BUILDS.get(p, 0) for p in powers),
        step_on_raised=any(p in BUILD_THEN_STEP_ON for p in powers),
        level_three=any(p in LEVEL_THREE_ANYWHERE for p in powers),
        rise=NO_LIMIT if any(p in FORCES_ANY_HEIGHT for p in powers) else
        (2 if any(p in CLIMBS_TWO for p in powers) else 1) * steps,
        revive=any(p in REVIVES for p in powers),
        span=build_span(game.ctx.geometry, powers, steps),
        movers=_movers(powers, len(game.ctx.start.board.workers)),
        dome_alone=all(p in SPAN_KNOWN and p not in DOME_WITH_BLOCK for p in powers),
        own_turns=game.players > 1 and not game.blessings.active and all(
            p in SPAN_KNOWN and p not in FORCES_OTHERS for p in powers),
        # A blessing card may give a seat another turn at once: no alternation claimed.
        seats=1 if game.blessings.active else game.players)


def _movers(powers: Sequence[str], workers: int) -> int:
    """The most workers one turn may set on new squares with ``powers`` in play
    (:data:`NO_LIMIT` when a power's moves are not known here: every blessing card's).

    >>> _movers(("atlas", "demeter"), 4), _movers(("apollo", "minotaur"), 4)
    (1, 3)
    >>> _movers(("hermes",), 4), _movers(("swap-workers",), 4) == NO_LIMIT
    (4, True)
    """
    if any(p not in SPAN_KNOWN for p in powers):
        return NO_LIMIT
    if any(p in MOVES_EVERY_WORKER for p in powers):
        return max(1, workers)
    return 1 + sum(EXTRA_MOVERS.get(p, 0) for p in powers)


def build_span(geometry: Geometry, powers: Sequence[str], steps: int
               ) -> tuple[int, ...] | None:
    """Per space ``a``: the bitmask of the other spaces one turn may build on besides
    ``a`` with ``powers`` in play (``steps``: the most steps of a turn), or None when
    any two may share a turn (a power whose builds are not known here, or a walk
    without limit before a second build).

    A turn builds with one worker (RULES 1): its main build and Hephaestus's go on one
    space; Demeter's goes on another space beside the same worker; Prometheus's goes
    beside the worker before it moves, the main build beside it after its steps. So
    two spaces share a turn only when both lie beside one square (Demeter), or beside
    two squares at most ``steps`` steps apart (Prometheus). Heights, domes, water and
    other figures are ignored, so the masks only ever hold too many spaces.

    >>> from generator.engine.geometry import Geometry
    >>> g = Geometry.rectangle(5, 1)
    >>> build_span(g, ("atlas",), 1)[0], bin(build_span(g, ("demeter",), 1)[0])
    (0, '0b100')
    >>> bin(build_span(g, ("prometheus",), 1)[0]), build_span(g, ("hermes", "prometheus"), 1)
    ('0b1110', None)
    """
    if any(p not in SPAN_KNOWN for p in powers):
        return None
    beside = geometry.build_neighbours
    size = len(beside)
    around = [0] * size  # per space: the squares a worker building on it may stand on
    for w in range(size):
        for a in range(size):
            if beside[w] >> a & 1:
                around[a] |= 1 << w
    span = [0] * size
    if any(p in OTHER_SPACE for p in powers):
        for a in range(size):
            for w in range(size):
                if around[a] >> w & 1:
                    span[a] |= beside[w]
    if any(p in BUILD_THEN_STEP_ON for p in powers):
        if steps >= NO_LIMIT or any(p in ANYWHERE for p in powers):
            return None
        for a in range(size):
            stand = around[a]
            for _ in range(steps):  # where the worker may be after its steps
                grown = stand
                for w in range(size):
                    if stand >> w & 1:
                        grown |= geometry.move_neighbours[w]
                stand = grown
            for w in range(size):
                if stand >> w & 1:
                    span[a] |= beside[w]
    return tuple(span[a] & ~(1 << a) for a in range(size))


def powered_estimate(game: RiddleGame, state: RiddleState) -> int:
    """:meth:`~.game.RiddleGame.estimate` while powers are in play.

    The powers a line from here can use are those of the gods held now and of the gods
    it takes (each take a turn that moves and builds nothing), and the revealed cards.
    So the estimate is the least, over every set of gods still in the queue, of the
    turns taking them (none claimed while blessing cards are in play: a card may come
    with a take) plus :func:`powered_bound` with the powers of those and the held
    ones (:func:`reach_of`); and while no god is held and no blessing card is face up,
    the goals' own bound for the lines that never use a power. Each is out of reach
    when more turns are needed than pieces can come (every turn but a god's takes a
    piece; each god's quest and each revealed blessing card may bring one more), past
    a deadline or past the turn limit."""
    book: Bookkeeping = state.extra  # type: ignore[assignment]
    engine = game.powers.engine
    held = 0
    for c in book.cards:
        if engine[c.god] is not None:
            held |= 1 << c.god
    free = [i for i in range(len(engine))
            if engine[i] is not None and not book.gods_taken >> i & 1]
    plain = not (book.cards or book.revealed or book.athena >= 0 or book.seat_shift)
    best = game.plain_estimate(state) if plain else UNREACHABLE
    # A blessing card may come with a take (a gift before the action): no turn claimed.
    each = 0 if game.blessings.active else 1
    every: tuple[int, int] | None = None  # the bound with every god held or in the queue
    for size in range(len(free) + 1):
        takes = each * size
        if takes + 1 >= best:
            break  # every line taking ``size`` gods needs a turn more than that
        if size and len(free) > 1:
            # More powers never raise the bound (pinned by the tests): no set of this
            # size or larger does better than all of them.
            if every is None:
                whole = held
                for i in free:
                    whole |= 1 << i
                every = _needs(game, state, book, reach_of(game, whole))
            if _taken(takes, every) >= best:
                break
        for chosen in combinations(free, size):
            gods = held
            for i in chosen:
                gods |= 1 << i
            if plain and not gods:
                continue  # no power: the goals' bound above
            reach = reach_of(game, gods)
            need = _taken(takes, _needs(game, state, book, reach)) if takes else \
                _powered_need(game, state, book, reach)  # (no take: the seated bound)
            if need < UNREACHABLE and _in_time(game, state, need):
                best = min(best, need)
    return best


def _needs(game: RiddleGame, state: RiddleState, book: Bookkeeping, reach: PowerReach
           ) -> tuple[int, int]:
    """:func:`_powered_need` with ``reach``, and with ``reach`` freed of its seats
    (:func:`unseated`; the same when it has none)."""
    need = _powered_need(game, state, book, reach)
    free = unseated(reach)
    return need, need if free is reach else _powered_need(game, state, book, free)


def _taken(takes: int, needs: tuple[int, int]) -> int:
    """The turns of a line that takes ``takes`` gods, by :func:`_needs`: at least the
    seated bound (a take is one of its turns: it moves and builds nothing, as a turn
    of a seat whose workers stand still) and at least the takes plus the bound freed
    of its seats (a take's turn is a turn of the taker's seat; the seated bound already
    counts the other seats' turns as turns a worker stands still, so a take on one of
    them must not be added on top: RULES 1, a take is the turn's action and each seat
    moves its own workers). With one player both are the takes plus the bound.

    >>> _taken(1, (15, 8)), _taken(1, (7, 7)), _taken(0, (5, 3)), _taken(1, (UNREACHABLE, 2))
    (15, 8, 5, 1073741824)
    """
    seated, free = needs
    if seated >= UNREACHABLE or free >= UNREACHABLE:
        return UNREACHABLE
    return max(seated, takes + free)


def unseated(reach: PowerReach) -> PowerReach:
    """``reach`` without the seats' turns (one seat plays every turn, every worker may
    move on it): the bound a line has once its takes are cut out, which shifts the
    seats of the turns after them. ``reach`` itself when it claims no seat's turns."""
    if reach.seats <= 1 and not reach.own_turns:
        return reach
    return reach._replace(seats=1, own_turns=False)


def reach_of(game: RiddleGame, gods: int) -> PowerReach:
    """:func:`power_reach` of the gods of the bitmask ``gods``, remembered per game."""
    found = game.reach_by_gods.get(gods)
    if found is None:
        found = game.reach_by_gods[gods] = power_reach(game, gods)
    return found


def _in_time(game: RiddleGame, state: RiddleState, need: int) -> bool:
    last = game.goal.deadline()
    if last is not None and state.turn + need > last:
        return False
    limit = game.ctx.turn_limit
    return limit is None or state.turn + need <= limit


def _powered_need(game: RiddleGame, state: RiddleState, book: Bookkeeping,
                  reach: PowerReach) -> int:
    more = len(book.cards) + book.revealed.bit_count() + sum(
        1 for i in range(len(game.queue)) if not book.gods_taken >> i & 1)
    possible = game.bounds.turns_possible(state) + more
    need = powered_bound(game, reach, game.goal, state)
    if need >= UNREACHABLE or possible <= 0 or need > max(possible, 1):
        return UNREACHABLE
    need = max(need, 1)
    return need if _in_time(game, state, need) else UNREACHABLE


def powered_bound(game: RiddleGame, reach: PowerReach, goal: Goal, state: RiddleState) -> int:
    """Fewest turns before ``goal`` can be met with the powers of ``reach`` (admissible)."""
    ctx = game.ctx
    kind = type(goal)
    if kind is AllOfGoal:
        return max((powered_bound(game, reach, g, state) for g in goal.goals),  # type: ignore[attr-defined]
                   default=0)
    if kind is AnyOfGoal:
        return min((powered_bound(game, reach, g, state) for g in goal.goals),  # type: ignore[attr-defined]
                   default=UNREACHABLE)
    if goal.is_met(ctx, state):
        return 0
    if kind.CHANCE and not game.chance:
        return UNREACHABLE
    if kind is SlotsGoal:
        return _slots(game, reach, goal, state)  # type: ignore[arg-type]
    if kind is BuildGoal:
        return _build(game, reach, goal, state)  # type: ignore[arg-type]
    if kind is StandGoal and goal.figure == "worker":  # type: ignore[attr-defined]
        return _stand(game, reach, goal, state)  # type: ignore[arg-type]
    if kind is StandGoal and goal.figure in ("king", "sphinx"):  # type: ignore[attr-defined]
        return _figure_seat(game, reach, goal, state)  # type: ignore[arg-type]
    if kind is BlessingsGoal:
        return _blessings(game, reach, goal, state)  # type: ignore[arg-type]
    return 1


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def _turns(pieces: int, most: int, seats: int) -> int:
    """Fewest turns that place ``pieces`` when a turn places one, or up to ``most`` with
    the powers, which act only on their holders' turns: each god is held by one seat,
    and of any run of ``k`` turns one seat plays at most ``ceil(k / seats)``.

    >>> _turns(6, 3, 1), _turns(6, 3, 2), _turns(4, 2, 2), _turns(0, 2, 2)
    (2, 3, 3, 0)
    """
    if pieces <= 0:
        return 0
    turns = _ceil(pieces, most)
    while turns + (most - 1) * _ceil(turns, seats) < pieces:
        turns += 1
    return turns


def _first_turn(game: RiddleGame, reach: PowerReach, state: RiddleState, target: int) -> int:
    """The earliest turn a piece can go on ``target``: some worker within build reach
    (with 2-4 players and no power that moves another seat's worker, on its own seat's
    turns only)."""
    if _revivable(reach, state):
        return 1
    return _first_turns(game, reach, state)[target]


def _own_turns(game: RiddleGame, reach: PowerReach, state: RiddleState
               ) -> tuple[tuple[int, ...], ...] | None:
    """Per worker, the turn (from now) of its d-th move when workers move only on their
    own seat's turns (:func:`~.schedule.seat_turn_tables`, the Wanderer's rule left out:
    a roam may move it two turns running); None with one player or a forced move."""
    if not reach.own_turns:
        return None
    book: Bookkeeping = state.extra  # type: ignore[assignment]
    masks = game.assignments[book.assignment].masks
    seat = (state.turn - book.seat_shift) % game.players
    return seat_turn_tables(masks, -1, game.players, seat, False, len(state.board.workers))


def _on_own_turn(tables: tuple[tuple[int, ...], ...] | None, worker: int, moves: int) -> int:
    """The turn of a worker's ``moves``-th move (``moves`` itself with one player)."""
    if tables is None:
        return moves
    table = tables[worker]
    return table[moves] if moves < len(table) else moves


def _first_turns(game: RiddleGame, reach: PowerReach, state: RiddleState) -> tuple[int, ...]:
    """Per square, :func:`_first_turn` without a revived worker: remembered per game by
    the workers' squares, the steps and build distance of a turn and (own turns) the
    set-up and the seat to play (every set of gods sharing those shares the table)."""
    workers = state.board.workers
    tables = _own_turns(game, reach, state)
    key: tuple[object, ...] = (workers, reach.steps, reach.reach)
    if tables is not None:
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        key += (book.assignment, (state.turn - book.seat_shift) % game.players)
    found = game.first_turns.get(key)
    if found is not None:
        return found
    near = game.bounds.near
    out = []
    for target in range(game.ctx.geometry.size):
        best = UNREACHABLE
        for i, w in enumerate(workers):
            if w < 0:
                continue
            if reach.steps >= NO_LIMIT:  # (a swap or a leap: whatever the walk)
                moves = 1
            elif near[w][target] >= UNREACHABLE:
                continue
            else:
                moves = max(1, _ceil(max(0, near[w][target] - (reach.reach - 1)), reach.steps))
            best = min(best, _on_own_turn(tables, i, moves))
        out.append(best)
    found = tuple(out)
    if len(game.first_turns) < FIRST_TURNS_AT_MOST:
        game.first_turns[key] = found
    return found


FIRST_TURNS_AT_MOST = 20_000
"""Tables :func:`_first_turns` remembers per game (one per placement of the workers)."""


def _coin_builds(game: RiddleGame, reach: PowerReach, state: RiddleState, coin: int) -> int:
    ctx = game.ctx
    spec = ctx.coins[coin]
    if state.sunk >> spec.square & 1:
        return UNREACHABLE
    if reach.reclaim:
        return 1
    builds, _ = coin_pieces(ctx, state, coin)
    board = state.board
    if reach.dome_any and spec.levels >> DOME_LEVEL & 1 and not board.domes >> spec.square & 1:
        builds = min(builds, 1)
    return builds


def _slots(game: RiddleGame, reach: PowerReach, goal: SlotsGoal, state: RiddleState) -> int:
    ctx = game.ctx
    filled = state.slots[goal.objective]
    total = 0
    first = UNREACHABLE
    wanted: list[tuple[int, list[tuple[int, int, int]]]] = []  # count, (square, builds, turn)
    for colour, count in enumerate((goal.silver - filled[0], goal.gold - filled[1])):
        if count <= 0:
            continue
        options = []
        coins = []
        for i, spec in enumerate(ctx.coins):
            if spec.colour != colour or state.collected >> i & 1:
                continue
            builds = _coin_builds(game, reach, state, i)
            turn = _first_turn(game, reach, state, spec.square)
            if builds < UNREACHABLE and turn < UNREACHABLE:
                options.append(builds)
                coins.append((spec.square, builds, turn))
                first = min(first, turn)
        if len(options) < count:
            return UNREACHABLE
        total += sum(sorted(options)[:count])
        wanted.append((count, coins))
    if total == 0:
        return 1
    return max(first - 1 + _turns(total, reach.builds, reach.seats),
               _apart(game, reach, wanted))


def _apart(game: RiddleGame, reach: PowerReach,
           wanted: list[tuple[int, list[tuple[int, int, int]]]], domed: bool = False) -> int:
    """:func:`_coins_apart`, remembered per game (many states want the same coins)."""
    key = (reach.same_space, reach.seats, reach.span, domed,
           *((count, tuple(coins)) for count, coins in wanted))
    found = game.apart_turns.get(key)
    if found is None:
        found = game.apart_turns[key] = _coins_apart(reach, wanted, domed)
    return found


def _space_turns(pieces: int, same_space: int, domed: bool) -> int:
    """Turns that place ``pieces`` on one space, at most ``same_space`` a turn; with
    ``domed`` the last is a dome that shares its turn with no block there.

    >>> _space_turns(4, 2, False), _space_turns(4, 2, True), _space_turns(3, 2, True)
    (2, 3, 2)
    """
    if domed and pieces > 0:
        return _ceil(pieces - 1, same_space) + 1
    return _ceil(pieces, same_space)


COIN_CHOICES_AT_MOST = 64
"""Choices of coins :func:`_coins_apart` weighs; past it, it claims nothing."""


def _coins_apart(reach: PowerReach, wanted: list[tuple[int, list[tuple[int, int, int]]]],
                 domed: bool = False) -> int:
    """Turns the coins still wanted need when builds on one space and on spaces apart
    cannot share a turn (``wanted``: per colour, the coins to collect and the
    candidates' ``(square, builds, first turn)``).

    Whichever coins the group collects, each needs ``ceil(builds / same_space)`` turns
    that build on its space (``domed``: a tower's or a wanted dome's last piece is a
    dome, and with :attr:`PowerReach.dome_alone` it takes a turn of its own there), the
    first no earlier than its first turn; and coins no turn
    can build on together (:attr:`PowerReach.span`) need those turns one after the
    other. The least over every choice of coins of the most over every set of such
    coins is a bound; 0 (no claim) past :data:`COIN_CHOICES_AT_MOST` choices."""
    choices: list[tuple[tuple[int, int, int], ...]] = [()]
    for count, coins in wanted:
        choices = [c + more for c in choices for more in combinations(coins, count)]
        if len(choices) > COIN_CHOICES_AT_MOST:
            return 0
    span = reach.span
    best = UNREACHABLE
    for chosen in choices:
        need = 0
        for size in range(1, len(chosen) + 1):
            for group in combinations(chosen, size):
                if size > 1 and (span is None or any(
                        span[a[0]] >> b[0] & 1 or a[0] == b[0]
                        for a, b in combinations(group, 2))):
                    continue
                start = min(t for _, _, t in group)
                each = sum(_space_turns(b, reach.same_space, domed) for _, b, _ in group)
                whole = _turns(sum(b for _, b, _ in group), reach.same_space, reach.seats)
                need = max(need, start - 1 + max(each, whole))
        best = min(best, need)
    return best if best < UNREACHABLE else 0


def _build(game: RiddleGame, reach: PowerReach, goal: BuildGoal, state: RiddleState) -> int:
    ctx = game.ctx
    missing = goal.count - goal.counted(ctx, state)
    if goal.what == "block" or missing <= 0:
        return max(1, _turns(missing, reach.builds, reach.seats))
    board = state.board
    area = (goal._area(ctx, state) & ~board.domes)
    squares = [sq for sq in ctx.geometry.squares if area >> sq & 1]
    if goal.what == "dome" and reach.dome_any:
        costs = [1] * len(squares)
    else:
        costs = [4 - height_at(board, sq) for sq in squares]
    if len(costs) < missing and not reach.reclaim:
        return UNREACHABLE
    need = max(1, _turns(sum(sorted(costs)[:missing]), reach.builds, reach.seats))
    if reach.reclaim or comb(len(squares), missing) > COIN_CHOICES_AT_MOST:
        return need
    # The spaces apart, as the coins (:func:`_coins_apart`): each space's pieces go up
    # at most ``same_space`` a turn, and spaces no turn builds on together one by one.
    spaces = [(sq, cost, _first_turn(game, reach, state, sq))
              for sq, cost in zip(squares, costs)]
    spaces = [space for space in spaces if space[2] < UNREACHABLE]
    if len(spaces) < missing:
        return need
    # Each space's last piece is its dome (a tower's, or the dome wanted).
    domed = reach.dome_alone and not (goal.what == "dome" and reach.dome_any)
    return max(need, _apart(game, reach, [(missing, spaces)], domed))


def _stand(game: RiddleGame, reach: PowerReach, goal: StandGoal, state: RiddleState) -> int:
    """A worker on a space of the goal's level: the space's missing levels go up at
    most :attr:`PowerReach.same_space` a turn from the turn a worker is within build
    reach, and (no power building before the move) the worker steps on afterwards."""
    if reach.level_three and goal.level <= 3:
        return 1
    ctx = game.ctx
    board = state.board
    # A worker gains at most ``rise`` levels a turn by its own steps (nothing is built
    # under a worker; only forced moves and trades lift one further).
    climb = 0
    if reach.rise < NO_LIMIT:
        top = max((height_at(board, w) for w in board.workers if w >= 0), default=-1)
        if _revivable(reach, state):
            top = max(top, 0)  # a worker back on the ground
        if top < 0:
            return UNREACHABLE
        climb = _ceil(max(0, goal.level - top), reach.rise)
        tables = None if _revivable(reach, state) else _own_turns(game, reach, state)
        if tables is not None and climb > 0:  # each worker climbs on its own seat's turns
            climb = min(_on_own_turn(tables, i, _ceil(max(0, goal.level - height_at(board, w)),
                                                      reach.rise))
                        for i, w in enumerate(board.workers) if w >= 0)
    open_ = ctx.geometry.land & ~state.sunk
    if not (reach.reclaim or ctx.removable):
        open_ &= ~board.domes
    spaces = [goal.at] if goal.at >= 0 else [sq for sq in ctx.geometry.squares]
    best = UNREACHABLE
    for sq in spaces:
        if not open_ >> sq & 1:
            continue
        missing = max(0, goal.level - height_at(board, sq))
        if missing == 0:
            walk = _walk_turn(game, reach, state, sq)
            best = min(best, max(1, walk))
            continue
        first = _first_turn(game, reach, state, sq)
        if first >= UNREACHABLE:
            continue
        turns = first - 1 + _turns(missing, reach.same_space, reach.seats) \
            + (not reach.step_on_raised)
        best = min(best, turns)
    return max(best, climb) if best < UNREACHABLE else best


def _figure_seat(game: RiddleGame, reach: PowerReach, goal: StandGoal, state: RiddleState
                 ) -> int:
    """The King or the Sphinx on a given space of the goal's level: only the turns'
    builds raise it (at most :attr:`PowerReach.same_space` pieces a turn, from the turn a
    worker is within build reach); the figure may step on at the end of the turn of the
    last build. Elsewhere, or on a space an effect may lower or already domed, one turn
    is claimed as before."""
    at = goal.at
    if at < 0:
        return 1
    bit = 1 << at
    board = state.board
    if (game.ctx.removable | state.sunk | board.domes) & bit or reach.reclaim:
        return 1
    missing = goal.level - height_at(board, at)
    if missing <= 0:
        return 1
    first = _first_turn(game, reach, state, at)
    if first >= UNREACHABLE:
        return UNREACHABLE
    return first - 1 + _turns(missing, reach.same_space, reach.seats)


def _blessings(game: RiddleGame, reach: PowerReach, goal: BlessingsGoal,
               state: RiddleState) -> int:
    """N more blessing tokens: a token is collected at the end of a turn with a worker on
    it, so the tokens no worker stands on yet need turns that set workers on new squares,
    at most :attr:`PowerReach.movers` a turn (the extra ones only on their holders' turns,
    as the pieces: :func:`_turns`), none before the turn the nearest token can be walked
    to (:attr:`PowerReach.steps` a turn). Tokens under workers now may all be collected
    at the end of the next turn. With powers whose moves are not known here: one turn."""
    if reach.movers >= NO_LIMIT:
        return 1
    missing = goal.count - state.blessings
    left = state.tokens & game.ctx.geometry.land
    if left.bit_count() < missing:
        return UNREACHABLE
    workers = [w for w in state.board.workers if w >= 0]
    under = sum(1 for w in workers if left >> w & 1)
    new = missing - under
    if new <= 0:
        return 1
    first = 1 if _revivable(reach, state) else UNREACHABLE
    distance = game.ctx.distance
    for t in game.ctx.geometry.squares:
        if first <= 1:
            break
        if not left >> t & 1:
            continue
        for w in workers:
            d = distance[w][t]
            if d < UNREACHABLE:
                first = min(first, 1 if reach.steps >= NO_LIMIT else max(1, _ceil(d, reach.steps)))
    if first >= UNREACHABLE:
        return UNREACHABLE
    need = first - 1 + _turns(new, reach.movers, reach.seats)
    tokens = tuple(t for t in game.ctx.geometry.squares if left >> t & 1)
    if reach.movers == 1 and reach.steps < NO_LIMIT and reach.rise < NO_LIMIT \
            and not reach.revive and len(tokens) <= WALKED_AT_MOST:
        # One worker moves a turn, each step climbing a level at most: the moves that
        # take workers onto the tokens add up (:func:`~.goals.blessings.token_walks`),
        # at most ``steps`` a turn (the extra ones on their holders' turns only).
        need = max(need, _turns(token_walks(game.bounds, state, tokens, missing),
                                reach.steps, reach.seats))
    return need


def _walk_turn(game: RiddleGame, reach: PowerReach, state: RiddleState, target: int) -> int:
    """The earliest turn some worker can stand on ``target`` (ignoring heights; with 2-4
    players and no forced move, on its own seat's turns)."""
    if _revivable(reach, state):
        return 1
    tables = _own_turns(game, reach, state)
    best = UNREACHABLE
    for i, w in enumerate(state.board.workers):
        if w < 0:
            continue
        if w == target:
            return 1
        d = game.ctx.distance[w][target]
        if reach.steps >= NO_LIMIT:  # (a swap or a leap: whatever the walk)
            moves = 1
        elif d >= UNREACHABLE:
            continue
        else:
            moves = _ceil(d, reach.steps)
        best = min(best, _on_own_turn(tables, i, moves))
    return best
