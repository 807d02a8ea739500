"""The player turn (RULES.md section 2): every legal move-then-build of the builders under
the scenario's rules (variants included), applying one, and the win.

An action is a tuple ``(builder, to, build, via, extra)``: the builder index, its
destination, the space built on, the intermediate space of a two-space move (``-1``
when it moved once) and the space of an extra block (``-1`` when none). An empty
list of actions is the loss "no builder can move then build".
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from generator.systems.tower.game import NO_SQUARE, Action, Game, Square, State
from generator.systems.tower.rules import DOME, LOSS_STUCK, MAX_BLOCKS

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
    lv, bs, es, _ = state
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
                out.append((bi, t, u, -1, -1))
                if first_only:
                    return out
    return out


def _list_general(g: Game, state: State, first_only: bool) -> list[Action]:
    rules = g.rules
    lv, bs, es, _ = state
    ebits = _bits(es)
    bbits = _bits(bs)
    occupied = ebits | bbits
    near = 0
    if rules.build_ban_near_enemy:
        for e in es:
            if e >= 0:
                near |= g.ban_adj[e]
    out: list[Action] = []
    for bi, b in enumerate(bs):
        if b < 0:
            continue
        others = bbits & ~(1 << b)
        for via, t in _iter_moves(g, lv, b, occupied):
            ht = lv[t]
            crush_level = ht if rules.crush_after_move else lv[b]
            for u in g.build_adj[t]:
                hu = lv[u]
                if hu == DOME or others >> u & 1:
                    continue
                crush = ebits >> u & 1
                if crush and hu >= crush_level:
                    continue
                if near >> u & 1 and not (rules.build_ban_except_domes and hu == MAX_BLOCKS):
                    continue
                out.append((bi, t, u, via, -1))
                if first_only:
                    return out
                if rules.extra_block_same_space and hu + 1 < MAX_BLOCKS:
                    if rules.build_ban_near_enemy and crush:
                        rest = [e for e in es if e >= 0 and e != u]
                        banned = 0
                        for e in rest:
                            banned |= g.ban_adj[e]
                    else:
                        banned = near
                    if not banned >> u & 1:  # the extra piece is a block, never exempt
                        out.append((bi, t, u, via, u))
    return out


def _iter_moves(g: Game, lv: Sequence[int], b: Square, occupied: int
                ) -> Iterator[tuple[Square, Square]]:
    """(via, to) of every destination of builder on ``b``: one space, and with
    the extra-move rule one more space, never back to ``b``."""
    first: list[Square] = []
    reach = lv[b] + 1
    for t in g.move_adj[b]:
        ht = lv[t]
        if occupied >> t & 1 or ht > reach or ht == DOME:
            continue
        first.append(t)
        yield -1, t
    if not g.rules.extra_move:
        return
    seen = set(first)
    seen.add(b)
    for t in first:
        reach2 = lv[t] + 1
        for t2 in g.move_adj[t]:
            h2 = lv[t2]
            if t2 in seen or occupied >> t2 & 1 or h2 > reach2 or h2 == DOME:
                continue
            seen.add(t2)
            yield t, t2


def apply_action(game: Game, state: State, action: Action) -> State:
    """The state after a (legal) action; a build on an enemy defeats it."""
    bi, to, at, _via, extra = action
    lv = list(state.levels)
    lv[at] += 1
    if extra >= 0:
        lv[extra] += 1
    bs = list(state.builders)
    bs[bi] = to
    es = state.enemies
    if at in es:
        es = tuple(NO_SQUARE if e == at else e for e in es)
    return State(tuple(lv), tuple(bs), es, state.facings)


def is_won(state: State) -> bool:
    """Every enemy is defeated."""
    return all(e < 0 for e in state.enemies)


def start_of_player_turn(game: Game, state: State) -> int:
    """Loss flags at the start of the player turn: :data:`LOSS_STUCK` or 0."""
    return 0 if has_action(game, state) else LOSS_STUCK


__all__ = ["apply_action", "has_action", "is_won", "list_actions", "start_of_player_turn"]
