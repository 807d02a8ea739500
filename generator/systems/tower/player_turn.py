"""The player turn (RULES.md section 2): every legal move-then-build of the builders under
the scenario's rules (variants included), applying one, and the win.

An action is a tuple ``(builder, to, build, via, extra, other, more, walks)``:

- ``builder``: the index of the builder that moves; ``to``: where it ends;
- ``build``: the space built on (``-1``: no build, Morpheus spending nothing);
- ``via``: the space before the last step of a move of several spaces (Artemis,
  Triton), ``-1`` otherwise;
- ``extra``: the space of a second piece (Hephaestus, Demeter, Hestia, Poseidon, a
  second piece from Morpheus's card) or, under Prometheus, of the build before the
  move; ``-1`` when none;
- ``other``: under Charon (easy), the space of the enemy sent across the builder
  before it moves; under Ares, the space a block was taken from; ``-1`` otherwise;
- ``more``: the spaces of the further pieces, in the order they are placed
  (Poseidon's second and third, Morpheus's third and on); ``()`` when none;
- ``walks``: under Hermes, where every builder ends its walk, in builder order
  (``builder`` is the one that builds); ``()`` for a usual move, and for a Hermes
  turn in which no builder stepped.

God powers are options: the plain move-then-build stays among the actions, so a
policy or the proof search picks among them. Actions that end in the same position
are listed once. An empty list of actions is the loss "no builder can move then
build".
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from generator.systems.tower.game import NO_SQUARE, Action, Game, Square, State
from generator.systems.tower.rules import DOME, LOSS_STUCK, MAX_BLOCKS, POSEIDON_BUILDS

NONE: tuple[Square, ...] = ()
"""The empty ``more`` and ``walks`` of an action."""

def _bits(squares: Sequence[Square]) -> int:
    out = 0
    for sq in squares:
        if sq >= 0:
            out |= 1 << sq
    return out


def list_actions(game: Game, state: State) -> list[Action]:
    """Every legal move-then-build of the player (empty: the scenario is lost).

    Actions ending in the same position are listed once (an extra move keeps
    the first intermediate space found).
    """
    if game.rules.plain_player_turn:
        return _list_plain(game, state, False)
    return _list_general(game, state, False)


def has_action(game: Game, state: State) -> bool:
    """True when some builder can move then build (cheaper than listing them)."""
    if game.rules.plain_player_turn:
        return bool(_list_plain(game, state, True))
    return bool(_list_general(game, state, True))


def _list_plain(g: Game, state: State, first_only: bool) -> list[Action]:
    lv, bs, es = state.levels, state.builders, state.enemies
    ebits = _bits(es)
    bbits = _bits(bs)
    occupied = ebits | bbits
    out: list[Action] = []
    for bi, b in enumerate(bs):
        if b < 0:
            continue
        others = bbits & ~(1 << b)
        reach = lv[b] + 1
        for t in g.move_adj[b]:
            ht = lv[t]
            if occupied >> t & 1 or ht > reach or ht == DOME:
                continue
            for u in g.build_adj[t]:
                hu = lv[u]
                if hu == DOME or others >> u & 1 or (ebits >> u & 1 and hu >= ht):
                    continue
                out.append((bi, t, u, -1, -1, -1, NONE, NONE))
                if first_only:
                    return out
    return out


def _list_general(g: Game, state: State, first_only: bool) -> list[Action]:
    rules = g.rules
    lv0, bs, es0 = state.levels, state.builders, state.enemies
    out: list[Action] = []
    seen: set[object] | None = set() if rules.options_may_coincide else None
    # Without a power acting before the move or taking a block off, the position an
    # action leaves is the builders' spaces and how many pieces went on each space:
    # a key made of those tells positions apart without building them.
    by_pieces = not (rules.force_enemy or rules.build_before_move or rules.remove_block_unmoved)
    frozen = _frozen(g, lv0, bs)
    near0 = [rules.stay_near_enemy and b >= 0 and bool(g.around[b] & _bits(es0)) for b in bs]

    def add(action: Action) -> bool:
        """Lists ``action`` unless its position is listed; True to stop (``first_only``)."""
        if seen is not None:
            bi, t, build, _via, extra, _other, more, walks = action
            key: object
            if by_pieces:
                key = (bi, walks or bs[:bi] + (t,) + bs[bi + 1:],
                       tuple(sorted(u for u in (build, extra, *more) if u >= 0)))
            else:
                key = (bi, apply_action(g, state, action))
            if key in seen:
                return False
            seen.add(key)
        out.append(action)
        return first_only

    for bi, b in enumerate(bs):
        if b < 0 or frozen[bi]:
            continue  # Hypnus: the higher builder sleeps
        for sent, es1 in _iter_sends(g, lv0, bs, es0, b):
            for pre, lv1, es2 in _iter_prebuilds(g, lv0, bs, es1, b):
                for via, t, es3 in _iter_moves(g, lv1, bs, es2, b, pre >= 0):
                    if near0[bi] and not g.around[t] & _bits(es3):
                        continue  # Aphrodite: it must end next to an enemy
                    if (rules.level_moves and sent < 0 and pre < 0 and via < 0
                            and lv1[t] == lv0[b] and t not in es0):
                        continue  # one step on its level: a Hermes walk lists it below
                    moved = tuple(t if i == bi else x for i, x in enumerate(bs))
                    for build, extra, more in _iter_builds(g, lv1, moved, es3, bi, b,
                                                           state.stored, pre >= 0):
                        for taken in _iter_removals(g, lv1, moved, es3, bi, sent >= 0,
                                                    (build, extra, *more)):
                            if add((bi, t, build, via, pre if pre >= 0 else extra,
                                    sent if sent >= 0 else taken, more, NONE)):
                                return out
    if not rules.level_moves:
        return out
    for walks in _iter_walks(g, lv0, bs, es0, frozen):
        if any(near and not g.around[x] & _bits(es0) for near, x in zip(near0, walks)):
            continue  # Aphrodite: every builder that began next to an enemy ends next to one
        for bi, t in enumerate(walks):
            if t < 0 or frozen[bi]:
                continue
            for build, extra, more in _iter_builds(g, lv0, walks, es0, bi, bs[bi],
                                                   state.stored, False):
                for taken in _iter_removals(g, lv0, walks, es0, bi, False,
                                            (build, extra, *more)):
                    if add((bi, t, build, -1, extra, taken, more,
                            NONE if walks == bs else walks)):
                        return out
    return out


def _frozen(g: Game, lv: Sequence[int], bs: Sequence[Square]) -> list[bool]:
    """Which builders Hypnus (expert) keeps from moving: one higher than every other."""
    standing = [b for b in bs if b >= 0]
    if not g.rules.highest_frozen or len(standing) < 2:
        return [False] * len(bs)
    return [b >= 0 and all(lv[b] > lv[o] for o in standing if o != b) for b in bs]


def _iter_walks(g: Game, lv: Sequence[int], bs: tuple[Square, ...], es: Sequence[Square],
                frozen: Sequence[bool]) -> Iterator[tuple[Square, ...]]:
    """Hermes: every placing of the builders that walks can reach, the start first. A
    step takes one builder to a free neighbouring space of its own level; the builders
    step in any order, each as often as the player likes (none included)."""
    ebits = _bits(es)
    seen = {bs}
    todo = [bs]
    while todo:
        ends = todo.pop()
        yield ends
        occupied = ebits | _bits(ends)
        for i, x in enumerate(ends):
            if x < 0 or frozen[i]:
                continue
            for t in g.move_adj[x]:
                if lv[t] == lv[x] and not occupied >> t & 1:
                    nxt = ends[:i] + (t,) + ends[i + 1:]
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)


def _ban_bits(g: Game, es: Sequence[Square]) -> int:
    """The spaces where Limus bans a block, as a bitmask (0 without Limus)."""
    near = 0
    if g.rules.build_ban_near_enemy:
        for e in es:
            if e >= 0:
                near |= g.ban_adj[e]
    return near


def _buildable(g: Game, lv: Sequence[int], others: int, ebits: int, near: int, u: Square,
               crush_level: int) -> bool:
    """Whether a piece may go on ``u`` (not a dome, no builder other than the one
    building, a crush only from higher up, the Limus ban ``near``)."""
    hu = lv[u]
    if hu == DOME or others >> u & 1:
        return False
    if ebits >> u & 1 and hu >= crush_level:
        return False
    return not (near >> u & 1 and not (g.rules.build_ban_except_domes and hu == MAX_BLOCKS))


def _put(lv: Sequence[int], es: Sequence[Square], u: Square
         ) -> tuple[tuple[int, ...], tuple[Square, ...]]:
    """Levels and enemies after a piece on ``u`` (an enemy there is crushed)."""
    raised = list(lv)
    raised[u] += 1
    es2 = tuple(NO_SQUARE if e == u else e for e in es) if u in es else tuple(es)
    return tuple(raised), es2


def _iter_sends(g: Game, lv: Sequence[int], bs: Sequence[Square], es: tuple[Square, ...],
                b: Square) -> Iterator[tuple[Square, tuple[Square, ...]]]:
    """(enemy's square or -1, enemies after): no send, then each Charon (easy) send."""
    yield -1, es
    if not g.rules.force_enemy:
        return
    for i, e in enumerate(es):
        if e < 0 or not g.around[b] >> e & 1:
            continue
        to = g.across(b, e)
        if to < 0 or lv[to] == DOME or g.targets[to] or to in bs or to in es:
            continue
        yield e, es[:i] + (to,) + es[i + 1:]


def _iter_prebuilds(g: Game, lv: tuple[int, ...], bs: Sequence[Square], es: tuple[Square, ...],
                    b: Square) -> Iterator[tuple[Square, tuple[int, ...], tuple[Square, ...]]]:
    """(space or -1, levels, enemies): no build first, then each Prometheus build."""
    yield -1, lv, es
    if not g.rules.build_before_move:
        return
    others = _bits(bs) & ~(1 << b)
    ebits, near = _bits(es), _ban_bits(g, es)
    for u in g.build_adj[b]:
        if _buildable(g, lv, others, ebits, near, u, lv[b]):
            lv2, es2 = _put(lv, es, u)
            yield u, lv2, es2


def _iter_moves(g: Game, lv: Sequence[int], bs: Sequence[Square], es: tuple[Square, ...],
                b: Square, not_up: bool) -> Iterator[tuple[Square, Square, tuple[Square, ...]]]:
    """(via, to, enemies after) of every destination of the builder on ``b``: one space
    (onto an enemy too under Apollo, easy); with Artemis one more space, with Triton
    more from each edge space; never back to ``b``. ``not_up`` (Prometheus built
    first): no step up. (Hermes's walks are :func:`_iter_walks`.)"""
    rules = g.rules
    occupied = _bits(bs) | _bits(es)
    top = lv[b] if not_up else lv[b] + 1
    first: list[Square] = []
    for t in g.move_adj[b]:
        ht = lv[t]
        if ht > top or ht == DOME:
            continue
        if occupied >> t & 1:
            if rules.move_into_enemy and t in es and not g.targets[b]:
                yield -1, t, tuple(b if e == t else e for e in es)
            continue
        first.append(t)
        yield -1, t, es
    seen = set(first)
    seen.add(b)
    if rules.extra_move or rules.perimeter_moves:
        frontier = [t for t in first if rules.extra_move or g.edge >> t & 1]
        while frontier:
            nxt = []
            for t in frontier:
                reach = lv[t] if not_up else lv[t] + 1
                for t2 in g.move_adj[t]:
                    h2 = lv[t2]
                    if t2 in seen or occupied >> t2 & 1 or h2 > reach or h2 == DOME:
                        continue
                    seen.add(t2)
                    yield t, t2, es
                    if rules.perimeter_moves and g.edge >> t2 & 1:
                        nxt.append(t2)
            frontier = nxt if rules.perimeter_moves else []


def _iter_builds(g: Game, lv: tuple[int, ...], bs: tuple[Square, ...], es: tuple[Square, ...],
                 bi: int, origin: Square, stored: int, built_before: bool
                 ) -> Iterator[tuple[Square, Square, tuple[Square, ...]]]:
    """(build, second piece, further pieces) of every build of builder ``bi``, moved from
    ``origin`` to ``bs[bi]``, under the rules (``-1``: none)."""
    rules = g.rules
    t = bs[bi]
    others = _bits(bs) & ~(1 << t)
    ebits, near = _bits(es), _ban_bits(g, es)
    crush_level = lv[t] if rules.crush_after_move else lv[origin]
    if rules.stored_builds:
        # Morpheus: pieces from the card instead of the usual build, none included;
        # the card holds the pieces of the turns before and this turn's one.
        yield -1, -1, NONE
        level = None if rules.crush_after_move else crush_level
        for pile in _iter_piles(g, lv, es, t, others, level, stored + 1, rules.build_under_self):
            yield pile[0], pile[1] if len(pile) > 1 else -1, pile[2:]
        return
    firsts = [u for u in g.build_adj[t] if _buildable(g, lv, others, ebits, near, u, crush_level)]
    if rules.build_under_self and lv[t] < MAX_BLOCKS:
        firsts.append(t)  # Zeus (easy): a block under the builder itself
    if built_before:  # Prometheus's build before the move takes the second-piece slot
        yield from ((u, -1, NONE) for u in firsts)
        return
    same = rules.extra_block_same_space
    second = rules.second_build_elsewhere or rules.extra_build_inland
    piles_before: dict[int, list[tuple[Square, ...]]] = {}
    for u in firsts:
        yield u, -1, NONE
        if same and u != t and lv[u] + 1 < MAX_BLOCKS:
            # Hephaestus: a second block (never a dome, so never exempt from the Limus
            # ban, which a crushed enemy no longer casts).
            ban = _ban_bits(g, [e for e in es if e != u]) if ebits >> u & 1 else near
            if not ban >> u & 1:
                yield u, u, NONE
        if not (second or rules.unmoved_ground_build):
            continue
        lv2, es2 = _put(lv, es, u)
        ebits2, near2 = _bits(es2), _ban_bits(g, es2)
        level = lv2[t]
        if rules.second_build_elsewhere:
            for u2 in g.build_adj[t]:
                if u2 != u and _buildable(g, lv2, others, ebits2, near2, u2, level):
                    yield u, u2, NONE
        if rules.extra_build_inland:
            for u2 in g.build_adj[t]:
                if not g.edge >> u2 & 1 and _buildable(g, lv2, others, ebits2, near2, u2,
                                                       level):
                    yield u, u2, NONE
        if rules.unmoved_ground_build:
            # Poseidon: a builder that did not move, on the ground, builds up to
            # three times around itself (from the ground it never crushes).
            for i, other in enumerate(bs):
                if i == bi or other < 0 or lv2[other] != 0:
                    continue
                mates = _bits(bs) & ~(1 << other)
                if es2 == es and not g.around[other] >> u & 1:
                    # The first build changed nothing the ground builder reads: its
                    # piles are those of the position before it, listed once.
                    if i not in piles_before:
                        piles_before[i] = list(_iter_piles(g, lv, es, other, mates, 0,
                                                           POSEIDON_BUILDS, False))
                    piles = piles_before[i]
                else:
                    piles = list(_iter_piles(g, lv2, es2, other, mates, 0, POSEIDON_BUILDS,
                                             False))
                for pile in piles:
                    yield u, pile[0], pile[1:]


def _iter_piles(g: Game, lv: tuple[int, ...], es: tuple[Square, ...], at: Square,
                blockers: int, level: int | None, most: int, underfoot: bool
                ) -> Iterator[tuple[Square, ...]]:
    """The spaces, in order, of every distinct way a builder on ``at`` may place 1 to
    ``most`` pieces one after another (each on a space it may build on then, the same
    one again too; ``underfoot``: on ``at`` too, Zeus), the fewest pieces first; each
    resulting position once. ``level``: the height a crush is judged from (None: the
    builder's space as it stands then)."""
    # The position after some pieces depends only on how many went on each space
    # (a piece on an enemy crushes it, whatever came first), so the sorted spaces
    # tell positions apart without building them.
    spaces = g.build_adj[at] + ((at,) if underfoot else ())
    seen: set[tuple[Square, ...]] = set()
    frontier: list[tuple[tuple[Square, ...], tuple[int, ...], tuple[Square, ...]]] = [
        (NONE, lv, es)]
    for placed in range(1, most + 1):
        nxt = []
        for pile, lv1, es1 in frontier:
            ebits, near = _bits(es1), _ban_bits(g, es1)
            crush = lv1[at] if level is None else level
            for u in spaces:
                if u == at:
                    if lv1[at] >= MAX_BLOCKS:
                        continue
                elif not _buildable(g, lv1, blockers, ebits, near, u, crush):
                    continue
                key = tuple(sorted(pile + (u,)))
                if key in seen:
                    continue
                seen.add(key)
                if placed < most:
                    lv2, es2 = _put(lv1, es1, u)
                    nxt.append((pile + (u,), lv2, es2))
                yield pile + (u,)
        if not nxt:
            return
        frontier = nxt


def _iter_removals(g: Game, lv: tuple[int, ...], bs: tuple[Square, ...], es: tuple[Square, ...],
                   bi: int, sent: bool, builds: tuple[Square, ...]) -> Iterator[Square]:
    """-1, then under Ares each block that may be taken off next to the unmoved builder
    once ``builds`` are placed (never a dome, a pawn's space or the last piece on the
    map). Charon's send uses the same slot of the action: with both powers, a turn that
    sends takes nothing off."""
    yield -1
    if not g.rules.remove_block_unmoved or sent:
        return
    for u in builds:
        if u >= 0:
            lv, es = _put(lv, es, u)
    pieces = sum(1 for h in lv if h)
    for i, x in enumerate(bs):
        if i == bi or x < 0:
            continue
        for u in g.build_adj[x]:
            h = lv[u]
            if 0 < h < DOME and u not in bs and u not in es and (h > 1 or pieces > 1):
                yield u


def apply_action(game: Game, state: State, action: Action) -> State:
    """The state after a (legal) action; a build on an enemy defeats it."""
    rules = game.rules
    bi, to, at, _via, extra, other, more, walks = action
    lv = list(state.levels)
    es = list(state.enemies)
    origin = state.builders[bi]
    if other >= 0 and rules.force_enemy:
        es[es.index(other)] = game.across(origin, other)  # Charon (easy) sends it across
    if extra >= 0 and rules.build_before_move:
        lv[extra] += 1  # Prometheus builds before moving
        if extra in es:
            es[es.index(extra)] = NO_SQUARE
    if to in es:
        es[es.index(to)] = origin  # Apollo (easy): the enemy takes the builder's space
    for u in (at, -1 if rules.build_before_move else extra, *more):
        if u >= 0:
            lv[u] += 1
            if u in es:
                es[es.index(u)] = NO_SQUARE
    if other >= 0 and not rules.force_enemy:
        lv[other] -= 1  # Ares takes a block off
    if walks:
        bs = list(walks)  # Hermes: every builder walked
    else:
        bs = list(state.builders)
        bs[bi] = to
    stored = state.stored
    if rules.stored_builds:
        # Morpheus: this turn's piece goes on the card, the pieces built come off it.
        stored += 1 - (at >= 0) - (extra >= 0) - len(more)
    return State(tuple(lv), tuple(bs), tuple(es), state.facings, stored)


def is_won(state: State) -> bool:
    """Every enemy is defeated."""
    return all(e < 0 for e in state.enemies)


def start_of_player_turn(game: Game, state: State) -> int:
    """Loss flags at the start of the player turn: :data:`LOSS_STUCK` or 0."""
    return 0 if has_action(game, state) else LOSS_STUCK


__all__ = ["apply_action", "has_action", "is_won", "list_actions", "start_of_player_turn"]
