# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def,misc,return-value"
# (numba kernels: arrays and the values read from them stay untyped)
"""The planner's turn compiled with numba (the ``fast`` extra).

:func:`plans` is :meth:`.policies.Planner.plans` and :func:`best_use` is
:meth:`.policies.Planner.best_use`, in one kernel call each: the targets, the
focus, the candidates in the same order, the same scores (the slow planner's
arithmetic: whole numbers summed, then the restored tiles' weight taken off, so
the floats are the same bits), the same beam (a stable top-``BEAM`` by the same
key) and the same order of the finished plans. Nothing is remembered between
calls, so a result never depends on what was asked before.

Only :mod:`.policies` imports this module, and only when numba is installed;
``tests/systems/glyphs/test_glyphs_compiled.py`` pins it to the Python planner
over seeded whole games, and the Python planner is pinned to the slow reference.

A grid in the kernel is ``tiles`` (cell -> tile) and ``rest`` (tile -> 1 when
restored); an action is a row of :data:`ACTION_WIDTH` ints: source, index,
effect, step count, then up to three steps of three ints. A child grid is made in
place and taken back (:func:`_evaluate`, :func:`_undo`).

The functions that weigh a child are compiled without numba's reference counting
(:data:`NO_COUNTS`): they only read and write arrays they are handed, never make,
keep or return one, and the counts (two atomic operations an array an access
path) cost more than the weighing itself (a plan took 236 us with them, 137
without). The callers take their tuples of arrays apart once, before their loops.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numba import njit

from generator.systems.glyphs import board
from generator.systems.glyphs.game import Action, Play, has_use
from generator.systems.glyphs.model import Table
from generator.systems.glyphs.scoring import RESTORED_WEIGHT, SOLVED_BONUS, SOLVED_LOOKUP

COLUMN, CURSE, JOKER, RESTORE, ROW, SWAP = (board.COLUMN, board.CURSE, board.JOKER, board.RESTORE,
                                          board.ROW, board.SWAP)
BEAM = 3
TOP_PLACEMENTS = 3
PAIRED_SINGLES = 6
MOST_CURSED = 6
MOST_STEPS = 3
ACTION_WIDTH = 4 + 3 * MOST_STEPS
EFFECTS = ("restore", "restore-2", "restore-3", "swap", "swap-orthogonal-3", "swap-horizontal-2",
           "swap-vertical-2", "swap-diagonal", "swap-diagonal-2", "swap-any", "rotate-row",
           "rotate-column", "rotate-row-and-column", "joker-pass")
"""The effects by their number in the kernel."""
EFFECT_CODE = {effect: code for code, effect in enumerate(EFFECTS)}
SOURCES = ("basic", "special", "reward")
SOURCE_CODE = {source: code for code, source in enumerate(SOURCES)}
# The swap effects' directions (a row of the pairs table: orthogonal, horizontal,
# vertical, diagonal; -1: not a directed swap) and whether they pair their best singles.
SWAP_KIND = np.array([-1, -1, -1, 0, 0, 1, 2, 3, 3, -1, -1, -1, -1, -1], dtype=np.int64)
PAIRED = np.array([0, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0], dtype=np.int64)
E_SWAP_ANY, E_ROW, E_COLUMN, E_ROW_COLUMN, E_PASS = 9, 10, 11, 12, 13
NO_COUNTS: dict[str, Any] = {"_nrt": False}
"""numba's option (private, ``_nrt``) compiling a function without reference counts:
for the functions that weigh a child (see the module notes)."""


# -- the grid -------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _rotate(n, tiles, pos, line, way, is_row):
    """Rotate a row (or column) by one cell with wrap, ``way`` > 0: right (down)."""
    base = line * n if is_row else line
    stride = 1 if is_row else n
    if way > 0:
        moved = tiles[base + (n - 1) * stride]
        for k in range(n - 1, 0, -1):
            t = tiles[base + (k - 1) * stride]
            tiles[base + k * stride] = t
            pos[t] = base + k * stride
        tiles[base] = moved
        pos[moved] = base
    else:
        moved = tiles[base]
        for k in range(n - 1):
            t = tiles[base + (k + 1) * stride]
            tiles[base + k * stride] = t
            pos[t] = base + k * stride
        tiles[base + (n - 1) * stride] = moved
        pos[moved] = base + (n - 1) * stride


@njit(cache=True, **NO_COUNTS)
def _joker_field(n, rest, pos, dist, tof, tcnt, jf):
    """``jf[cell]``: the least move distance plus restore of a joker to the cell (99: no
    joker), the joker term of the slow planner's cost of a cell."""
    for cell in range(n * n):
        best = 99
        for j in range(tcnt[0]):
            t = tof[0, j]
            d = dist[cell, pos[t]] + 1 - rest[t]
            if d < best:
                best = d
        jf[cell] = best


@njit(cache=True, inline="always")
def _cost(cells, k, wanted, c, length, joker, tiles, rest, pos, jf, sym, dist, tof, tcnt, stop):
    """The slow planner's ``_cost`` of placement ``cells[c, k]`` of card ``c``; counting
    stops at ``stop``. (Rows are read by index, not sliced: a slice costs a reference
    count.)"""
    here = 0
    for i in range(length):
        cell = cells[c, k, i]
        want = wanted[c, i]
        tile = tiles[cell]
        s = sym[tile]
        if s == want or (joker != 0 and s == JOKER):
            here += 1 - rest[tile]
        else:
            best = jf[cell] if joker != 0 else 99
            w = want + 1
            for j in range(tcnt[w] if 0 <= w < tcnt.shape[0] else 0):
                t = tof[w, j]
                best = min(best, dist[cell, pos[t]] + 1 - rest[t])
            here += best
        if here >= stop:
            return here
    return here


@njit(cache=True, inline="always")
def _is_solved(n, tiles, rest, sym, wanted, c, length, jokers):
    """:func:`.board.is_solved` for card ``c`` of ``wanted``."""
    first = wanted[c, 0]
    for cell in range(n * n):
        tile = tiles[cell]
        if rest[tile] == 0:
            continue
        s = sym[tile]
        if s != first and (jokers == 0 or s != JOKER):
            continue
        used0 = 0 if s == first else 1
        row = cell // n
        col = cell % n
        for way in range(2):
            step = 1 if way == 0 else n
            if (col if way == 0 else row) + length > n:
                continue
            used = used0
            ok = True
            for k in range(1, length):
                other = tiles[cell + k * step]
                if rest[other] == 0:
                    ok = False
                    break
                have = sym[other]
                if have != wanted[c, k]:  # a joker may stand in, up to ``jokers`` times
                    if have != JOKER or used >= jokers:
                        ok = False
                        break
                    used += 1
            if ok:
                return True
    return False


@njit(cache=True, inline="always")
def _part(c, n, tiles, rest, pos, jf, ctx):
    """One card's term of the slow planner's score: minus the bonus when solved, else
    its least placement cost (at least 1)."""
    sym, dist, tof, tcnt, wanted, clen, cjok, tcells, tnum = (ctx[0], ctx[1], ctx[2], ctx[3], ctx[4],
                                                            ctx[5], ctx[6], ctx[7], ctx[8])
    cost = 99
    for k in range(tnum[c]):
        here = _cost(tcells, k, wanted, c, clen[c], cjok[c], tiles, rest, pos, jf, sym, dist, tof,
                     tcnt, cost)
        if here < cost:
            cost = here
    # A cost of 0 may lean on two jokers: only the real rule says solved.
    if cost <= SOLVED_LOOKUP and tnum[c] > 0 and _is_solved(n, tiles, rest, sym, wanted, c,
                                                            clen[c], cjok[c]):
        return -SOLVED_BONUS
    return float(max(cost, 1))


@njit(cache=True, **NO_COUNTS)
def _score(n, tiles, rest, pos, jf, parts, ctx):
    """The slow planner's ``score`` (lower is better); fills ``pos`` (tile -> cell), ``jf``
    (:func:`_joker_field`) and ``parts`` (each card's term). The terms are whole
    numbers, so their sum is exact and the same float as the slow planner's."""
    sym, dist, tof, tcnt, wanted, clen, cjok, tcells, tnum, fit, tile_cards = ctx
    for cell in range(n * n):
        pos[tiles[cell]] = cell
    _joker_field(n, rest, pos, dist, tof, tcnt, jf)
    total = 0.0
    for c in range(clen.shape[0]):
        parts[c] = _part(c, n, tiles, rest, pos, jf, ctx)
        total += parts[c]
    restored = 0
    for t in range(rest.shape[0]):
        restored += rest[t]
    return total - RESTORED_WEIGHT * restored


@njit(cache=True, **NO_COUNTS)
def _evaluate(n, tiles, rest, pos, jf, parts, restored, act, saved, changed, jf_saved,
                     t_parts, flags, sym, dist, tof, tcnt, wanted, clen, cjok, tcells, tnum,
                     tile_cards):
    """:func:`_score` of the grid ``act`` makes of a scored node (tiles, faces, pos, joker
    field, parts; ``restored`` tiles), made in place: the node holds the child's grid
    until :func:`_undo`, and its terms are in ``t_parts``. The faces a step turned are
    kept in ``saved``, the tiles moved or turned listed in ``changed``. A card's term is
    counted again only when the action moved or turned one of the tiles that fit it
    (nothing else is read for it), the joker field only when a joker moved or turned.
    Returns the score and the child's restored tiles."""
    m = 0
    for s in range(act[3]):
        op, a, b = act[4 + 3 * s], act[5 + 3 * s], act[6 + 3 * s]
        if op == SWAP:
            x, y = tiles[a], tiles[b]
            tiles[a], tiles[b] = y, x
            pos[x], pos[y] = b, a
            changed[m], changed[m + 1] = x, y
            m += 2
        elif op == ROW or op == COLUMN:
            for k in range(n):
                changed[m] = tiles[a * n + k] if op == ROW else tiles[k * n + a]
                m += 1
            _rotate(n, tiles, pos, a, b, op == ROW)
        else:  # a restore or a curse turns one tile
            saved[s] = rest[a]
            rest[a] = 1 if op == RESTORE else 0
            restored += rest[a] - saved[s]
            changed[m] = a
            m += 1
    touched = 0
    jokers = False
    for i in range(m):
        t = changed[i]
        touched |= tile_cards[t]
        if sym[t] == JOKER:
            jokers = True
    flags[0] = 1 if jokers else 0
    if jokers:
        for cell in range(n * n):
            jf_saved[cell] = jf[cell]
        _joker_field(n, rest, pos, dist, tof, tcnt, jf)
    total = 0.0
    for c in range(clen.shape[0]):
        # Cards past the mask's bits are always counted again (a count is exact).
        if c >= 62 or (touched >> c) & 1:
            cost = 99
            for k in range(tnum[c]):
                here = _cost(tcells, k, wanted, c, clen[c], cjok[c], tiles, rest, pos, jf, sym,
                             dist, tof, tcnt, cost)
                if here < cost:
                    cost = here
            # A cost of 0 may lean on two jokers: only the real rule says solved.
            if cost <= SOLVED_LOOKUP and tnum[c] > 0 and _is_solved(n, tiles, rest, sym, wanted,
                                                                    c, clen[c], cjok[c]):
                t_parts[c] = -SOLVED_BONUS
            else:
                t_parts[c] = float(max(cost, 1))
        else:
            t_parts[c] = parts[c]
        total += t_parts[c]
    return total - RESTORED_WEIGHT * restored, restored


@njit(cache=True, **NO_COUNTS)
def _undo(n, tiles, rest, pos, jf, act, saved, jf_saved, flags):
    """Take a node back from the child :func:`_evaluate` made of it, last step first."""
    for s in range(act[3] - 1, -1, -1):
        op, a, b = act[4 + 3 * s], act[5 + 3 * s], act[6 + 3 * s]
        if op == SWAP:
            x, y = tiles[a], tiles[b]
            tiles[a], tiles[b] = y, x
            pos[x], pos[y] = b, a
        elif op == ROW or op == COLUMN:
            _rotate(n, tiles, pos, a, -1 if b > 0 else 1, op == ROW)
        else:
            rest[a] = saved[s]
    if flags[0]:
        for cell in range(n * n):
            jf[cell] = jf_saved[cell]


@njit(cache=True)
def _new_scratch(n, size, cards):
    """The buffers :func:`_evaluate` writes: faces turned, tiles changed, the joker field
    before, the child's terms, and whether a joker moved."""
    return (np.zeros(MOST_STEPS, dtype=np.int64), np.empty(MOST_STEPS * size, dtype=np.int64),
            np.empty(n * n, dtype=np.int64), np.empty(cards, dtype=np.float64),
            np.zeros(1, dtype=np.int64))


@njit(cache=True, **NO_COUNTS)
def _value(n, tiles, rest, pos, jf, parts, restored, act, saved, changed, jf_saved, t_parts,
           flags, memo, sym, dist, tof, tcnt, wanted, clen, cjok, tcells, tnum, tile_cards):
    """The score of the grid ``act`` makes of a node (the node unchanged after); a single
    swap looked up in ``memo`` first (a plan weighs the same swap as a basic action, as
    a ranked single and as a use of a special)."""
    single = act[3] == 1 and act[4] == SWAP
    key = act[5] * n * n + act[6]
    if single and not np.isnan(memo[key]):
        return memo[key]
    value = _evaluate(n, tiles, rest, pos, jf, parts, restored, act, saved, changed,
                             jf_saved, t_parts, flags, sym, dist, tof, tcnt, wanted, clen, cjok,
                             tcells, tnum, tile_cards)[0]
    _undo(n, tiles, rest, pos, jf, act, saved, jf_saved, flags)
    if single:
        memo[key] = value
    return value


@njit(cache=True)
def _targets(n, tiles, rest, sym, dist, tof, tcnt, wanted, clen, cjok):
    """Each card's ``TOP_PLACEMENTS`` cheapest placements, by (cost, cells)."""
    size = rest.shape[0]
    pos = np.empty(size, dtype=np.int64)
    for cell in range(n * n):
        pos[tiles[cell]] = cell
    jf = np.empty(n * n, dtype=np.int64)
    _joker_field(n, rest, pos, dist, tof, tcnt, jf)
    cards = clen.shape[0]
    tcells = np.zeros((cards, TOP_PLACEMENTS, n), dtype=np.int64)
    tnum = np.zeros(cards, dtype=np.int64)
    cells = np.zeros((cards, 1, n), dtype=np.int64)
    for c in range(cards):
        length = clen[c]
        if length < 1 or length > n:
            continue
        kept = np.zeros(TOP_PLACEMENTS, dtype=np.int64)
        runs = n - length + 1
        for p in range(2 * n * runs):
            if p < n * runs:  # the rows, left to right, then the columns, top down
                r, c0 = p // runs, p % runs
                for k in range(length):
                    cells[c, 0, k] = r * n + c0 + k
            else:
                q = p - n * runs
                col, r0 = q // runs, q % runs
                for k in range(length):
                    cells[c, 0, k] = (r0 + k) * n + col
            cost = _cost(cells, 0, wanted, c, length, cjok[c], tiles, rest, pos, jf, sym, dist,
                         tof, tcnt, 99)
            # Insert by (cost, cells): before the first kept entry it sorts before.
            at = tnum[c]
            for i in range(tnum[c]):
                if cost < kept[i]:
                    at = i
                    break
                if cost == kept[i]:
                    before = False
                    for k in range(length):
                        if cells[c, 0, k] != tcells[c, i, k]:
                            before = cells[c, 0, k] < tcells[c, i, k]
                            break
                    if before:
                        at = i
                        break
            if at >= TOP_PLACEMENTS:
                continue
            for i in range(min(tnum[c], TOP_PLACEMENTS - 1), at, -1):
                kept[i] = kept[i - 1]
                tcells[c, i, :length] = tcells[c, i - 1, :length]
            kept[at] = cost
            tcells[c, at, :length] = cells[c, 0, :length]
            if tnum[c] < TOP_PLACEMENTS:
                tnum[c] += 1
    return tcells, tnum


@njit(cache=True)
def _setting(n, tiles, rest, sym, dist, tof, tcnt, wanted, clen, cjok):
    """The targets of this grid as the context the scores read (``ctx``: symbols,
    distances, each symbol's tiles, the cards, their placements, and ``fit[card, tile]``:
    the tile may fill a cell of the card's placements), and the focus's fixed parts:
    the placements' cells, and the symbols that fit them (index: symbol + 1, so a joker
    is 0)."""
    size = rest.shape[0]
    tcells, tnum = _targets(n, tiles, rest, sym, dist, tof, tcnt, wanted, clen, cjok)
    incell = np.zeros(n * n, dtype=np.int64)
    wantsym = np.zeros(tcnt.shape[0], dtype=np.int64)
    fit = np.zeros((clen.shape[0], size), dtype=np.int64)
    for c in range(clen.shape[0]):
        if tnum[c] == 0:
            continue
        for k in range(tnum[c]):
            for i in range(clen[c]):
                incell[tcells[c, k, i]] = 1
                w = wanted[c, i] + 1
                if 0 <= w < wantsym.shape[0]:
                    wantsym[w] = 1
        if cjok[c]:
            wantsym[0] = 1
        for t in range(size):
            s = sym[t]
            if s == JOKER and cjok[c] != 0:
                fit[c, t] = 1
            for i in range(clen[c]):
                if wanted[c, i] == s:
                    fit[c, t] = 1
    # tile_cards[tile]: the cards (bits, the first 62) the tile fits.
    tile_cards = np.zeros(size, dtype=np.int64)
    for c in range(min(clen.shape[0], 62)):
        for t in range(size):
            if fit[c, t]:
                tile_cards[t] |= 1 << c
    ctx = (sym, dist, tof, tcnt, wanted, clen, cjok, tcells, tnum, fit, tile_cards)
    return ctx, incell, wantsym


# -- candidates ------------------------------------------------------------------------------


@njit(cache=True)
def _focus(n, tiles, start_rest, sym, incell, wantsym):
    """:meth:`.policies.Planner.focus`: the cells worth moving (a mask) and the cursed
    fitting tiles (in place first), as the turn began."""
    cells = n * n
    focus = np.zeros(cells, dtype=np.int64)
    cursed = np.empty(cells, dtype=np.int64)
    count = 0
    for way in range(2):
        for c in range(cells):
            s = sym[tiles[c]] + 1
            if s >= wantsym.shape[0] or wantsym[s] == 0:
                continue
            focus[c] = 1
            if (way == 0) == (incell[c] == 1) and start_rest[tiles[c]] == 0:
                cursed[count] = tiles[c]
                count += 1
    for c in range(cells):
        if incell[c]:
            focus[c] = 1
    return focus, cursed[:count]


@njit(cache=True)
def _set_step(act, s, op, a, b):
    act[4 + 3 * s] = op
    act[5 + 3 * s] = a
    act[6 + 3 * s] = b


@njit(cache=True)
def _new_node(n, size, cards):
    """Empty arrays of one scored grid: tiles, faces, pos, joker field, parts."""
    return (np.empty(n * n, dtype=np.int64), np.empty(size, dtype=np.int64),
            np.empty(size, dtype=np.int64), np.empty(n * n, dtype=np.int64),
            np.empty(cards, dtype=np.float64))


@njit(cache=True)
def _candidates(n, effect, node, restored, focus, cursed, pairs, npairs, scratch, memo, ctx):
    """:meth:`.policies.Planner.candidates` for one effect, in the same order: rows of
    action (only the step count and the steps filled)."""
    tiles, rest = node[0], node[1]
    cells = n * n
    out = np.zeros((0, ACTION_WIDTH), dtype=np.int64)
    if effect <= 2:  # restore, restore-2, restore-3
        open_ = np.empty(MOST_CURSED, dtype=np.int64)
        k = 0
        for t in cursed:
            if rest[t] == 0 and k < MOST_CURSED:
                open_[k] = t
                k += 1
        out = np.zeros((41, ACTION_WIDTH), dtype=np.int64)
        m = 0
        for i in range(k):
            out[m, 3] = 1
            _set_step(out[m], 0, RESTORE, open_[i], 0)
            m += 1
        if effect >= 1:
            for i in range(k):
                for j in range(i + 1, k):
                    out[m, 3] = 2
                    _set_step(out[m], 0, RESTORE, open_[i], 0)
                    _set_step(out[m], 1, RESTORE, open_[j], 0)
                    m += 1
        if effect == 2:
            for i in range(k):
                for j in range(i + 1, k):
                    for h in range(j + 1, k):
                        out[m, 3] = 3
                        _set_step(out[m], 0, RESTORE, open_[i], 0)
                        _set_step(out[m], 1, RESTORE, open_[j], 0)
                        _set_step(out[m], 2, RESTORE, open_[h], 0)
                        m += 1
        return out[:m]
    kind = SWAP_KIND[effect]
    if kind >= 0:
        count = npairs[kind]
        out = np.zeros((count + PAIRED_SINGLES * PAIRED_SINGLES, ACTION_WIDTH), dtype=np.int64)
        m = 0
        for p in range(count):
            a, b = pairs[kind, p, 0], pairs[kind, p, 1]
            if (focus[a] != 0 or focus[b] != 0) and tiles[a] != tiles[b]:
                out[m, 3] = 1
                _set_step(out[m], 0, SWAP, a, b)
                m += 1
        singles = m
        if PAIRED[effect]:
            # The PAIRED_SINGLES best singles by (score after, the swap): the singles
            # come in the order of their swaps, so a stable sort by score is that order.
            ranks = np.empty(singles, dtype=np.float64)
            pos, jf, parts = node[2], node[3], node[4]
            saved, changed, jf_saved, t_parts, flags = scratch
            sym, dist, tof, tcnt, wanted, clen, cjok, tcells, tnum, fit, tile_cards = ctx
            for i in range(singles):
                ranks[i] = _value(n, tiles, rest, pos, jf, parts, restored, out[i], saved,
                                  changed, jf_saved, t_parts, flags, memo, sym, dist, tof, tcnt,
                                  wanted, clen, cjok, tcells, tnum, tile_cards)
            order = np.argsort(ranks, kind="mergesort")[:PAIRED_SINGLES]
            best = len(order)
            for i in range(best):
                for j in range(i + 1, best):
                    first, second = out[order[i]], out[order[j]]
                    out[m, 3] = 2
                    _set_step(out[m], 0, SWAP, first[5], first[6])
                    _set_step(out[m], 1, SWAP, second[5], second[6])
                    m += 1
                    if first[5] == second[5] or first[5] == second[6] or \
                            first[6] == second[5] or first[6] == second[6]:
                        out[m, 3] = 2
                        _set_step(out[m], 0, SWAP, second[5], second[6])
                        _set_step(out[m], 1, SWAP, first[5], first[6])
                        m += 1
        return out[:m]
    if effect == E_ROW or effect == E_COLUMN or effect == E_ROW_COLUMN:
        rows = np.zeros(n, dtype=np.int64)
        cols = np.zeros(n, dtype=np.int64)
        for c in range(cells):
            if focus[c]:
                rows[c // n] = 1
                cols[c % n] = 1
        out = np.zeros((8 * n * n, ACTION_WIDTH), dtype=np.int64)
        m = 0
        if effect == E_ROW or effect == E_COLUMN:
            lines = rows if effect == E_ROW else cols
            op = ROW if effect == E_ROW else COLUMN
            for line in range(n):
                if lines[line]:
                    for way in (1, -1):
                        out[m, 3] = 1
                        _set_step(out[m], 0, op, line, way)
                        m += 1
        else:
            for r in range(n):
                if not rows[r]:
                    continue
                for c in range(n):
                    if not cols[c]:
                        continue
                    for wr in (1, -1):
                        for wc in (1, -1):
                            out[m, 3] = 2
                            _set_step(out[m], 0, ROW, r, wr)
                            _set_step(out[m], 1, COLUMN, c, wc)
                            m += 1
                            out[m, 3] = 2
                            _set_step(out[m], 0, COLUMN, c, wc)
                            _set_step(out[m], 1, ROW, r, wr)
                            m += 1
        return out[:m]
    if effect == E_SWAP_ANY:
        spots = np.empty(cells, dtype=np.int64)
        k = 0
        for c in range(cells):
            if focus[c]:
                spots[k] = c
                k += 1
        out = np.zeros((k * (k - 1) // 2, ACTION_WIDTH), dtype=np.int64)
        m = 0
        for i in range(k):
            for j in range(i + 1, k):
                out[m, 3] = 1
                _set_step(out[m], 0, SWAP, spots[i], spots[j])
                m += 1
        return out
    if effect == E_PASS:
        return np.zeros((1, ACTION_WIDTH), dtype=np.int64)
    return out


# -- the beam --------------------------------------------------------------------------------


@njit(cache=True, **NO_COUNTS)
def _compare_steps(a, b):
    """Python's comparison of two actions' step tuples: -1, 0 or 1."""
    na, nb = a[3], b[3]
    for s in range(min(na, nb)):
        for k in range(3):
            x, y = a[4 + 3 * s + k], b[4 + 3 * s + k]
            if x != y:
                return -1 if x < y else 1
    if na != nb:
        return -1 if na < nb else 1
    return 0


@njit(cache=True, **NO_COUNTS)
def _compare_plans(a, na, b, nb):
    """Python's comparison of two plans' lists of step tuples: -1, 0 or 1."""
    for d in range(min(na, nb)):
        found = _compare_steps(a[d], b[d])
        if found != 0:
            return found
    if na != nb:
        return -1 if na < nb else 1
    return 0


@njit(cache=True, **NO_COUNTS)
def _precedes(value, acts, nacts, other_value, other_acts, other_nacts, by_length):
    """Whether (value, [length,] steps) sorts strictly before the other's."""
    if value != other_value:
        return value < other_value
    if by_length and nacts != other_nacts:
        return nacts < other_nacts
    return _compare_plans(acts, nacts, other_acts, other_nacts) < 0


@njit(cache=True)
def _new_beam(n, size, cards, depth):
    """BEAM scored grids (:func:`_new_node`, each array with a row per entry), and their
    values, actions, and counts (actions, basic actions, special action used, restored
    tiles)."""
    return ((np.empty((BEAM, n * n), dtype=np.int64), np.empty((BEAM, size), dtype=np.int64),
             np.empty((BEAM, size), dtype=np.int64), np.empty((BEAM, n * n), dtype=np.int64),
             np.empty((BEAM, cards), dtype=np.float64)),
            np.empty(BEAM, dtype=np.float64), np.zeros((BEAM, depth, ACTION_WIDTH), dtype=np.int64),
            np.zeros((BEAM, 4), dtype=np.int64))


@njit(cache=True)
def _row(nodes, i):
    return nodes[0][i], nodes[1][i], nodes[2][i], nodes[3][i], nodes[4][i]


@njit(cache=True)
def _put(beam, at, kept, node, value, acts, counts):
    """Insert an entry at ``at`` of the first ``kept`` (the last one past BEAM falls off)."""
    nodes, values, all_acts, all_counts = beam
    for i in range(min(kept, BEAM - 1), at, -1):
        for arrays in (nodes[0], nodes[1], nodes[2], nodes[3]):
            arrays[i] = arrays[i - 1]
        nodes[4][i] = nodes[4][i - 1]
        values[i] = values[i - 1]
        all_acts[i] = all_acts[i - 1]
        all_counts[i] = all_counts[i - 1]
    nodes[0][at] = node[0]
    nodes[1][at] = node[1]
    nodes[2][at] = node[2]
    nodes[3][at] = node[3]
    nodes[4][at] = node[4]
    values[at] = value
    all_acts[at] = acts
    all_counts[at] = counts


@njit(cache=True)
def plan_kernel(n, sym, dist, tof, tcnt, pairs, npairs, tiles0, rest0, wanted, clen, cjok,
                basics_left, basic_effects, specials):
    """The finished plans of the beam search, best first: their scores, grids, actions
    and action counts (see :meth:`.policies.Planner.plans`)."""
    cells = n * n
    size = rest0.shape[0]
    cards = clen.shape[0]
    ctx, incell, wantsym = _setting(n, tiles0, rest0, sym, dist, tof, tcnt, wanted, clen, cjok)
    depth = basics_left + 2
    # The beam, and the children kept of it: a stable top BEAM by the grown key.
    beam = _new_beam(n, size, cards, depth)
    kept_beam = _new_beam(n, size, cards, depth)
    nodes, values, acts, counts = beam
    k_values, k_acts, k_counts = kept_beam[1], kept_beam[2], kept_beam[3]
    nodes[0][0] = tiles0
    nodes[1][0] = rest0
    values[0] = _score(n, tiles0, rest0, nodes[2][0], nodes[3][0], nodes[4][0], ctx)
    counts[0, :] = 0
    counts[0, 3] = rest0.sum()
    width = 1
    most = BEAM * (depth + 1)
    f_value = np.empty(most, dtype=np.float64)
    f_grid = np.empty((most, cells), dtype=np.int64)
    f_faces = np.empty((most, size), dtype=np.int64)
    f_acts = np.zeros((most, depth, ACTION_WIDTH), dtype=np.int64)
    f_nacts = np.zeros(most, dtype=np.int64)
    finished = 0
    scratch = _new_scratch(n, size, cards)
    saved, changed, jf_saved, t_parts, flags = scratch
    tof, tcnt, wanted, clen, cjok, tcells, tnum, tile_cards = (ctx[2], ctx[3], ctx[4], ctx[5],
                                                              ctx[6], ctx[7], ctx[8], ctx[10])
    t_acts = np.zeros((depth, ACTION_WIDTH), dtype=np.int64)
    t_counts = np.zeros(4, dtype=np.int64)
    memo = np.empty(cells * cells, dtype=np.float64)
    owed = np.empty((basic_effects.shape[0] + specials.shape[0], 3), dtype=np.int64)
    while width > 0:
        kept = 0
        for p in range(width):
            m = 0
            if basics_left - counts[p, 1] > 0:
                for e in basic_effects:
                    owed[m, 0], owed[m, 1], owed[m, 2] = 0, 0, e
                    m += 1
            if not counts[p, 2]:
                for i in range(specials.shape[0]):
                    owed[m, 0], owed[m, 1], owed[m, 2] = 1, specials[i, 0], specials[i, 1]
                    m += 1
            if m == 0:
                f_value[finished] = values[p]
                f_grid[finished] = nodes[0][p]
                f_faces[finished] = nodes[1][p]
                f_acts[finished] = acts[p]
                f_nacts[finished] = counts[p, 0]
                finished += 1
                continue
            node = _row(nodes, p)
            tiles, rest, pos, jf, parts = node
            restored = counts[p, 3]
            memo[:] = np.nan
            focus, cursed = _focus(n, node[0], rest0, sym, incell, wantsym)
            d = counts[p, 0]
            t_acts[:d] = acts[p, :d]
            # One view of the action being weighed, made here: a view made in the loop
            # below costs two atomic reference counts, more than the rest of a child.
            act = t_acts[d]
            for o in range(m):
                uses = _candidates(n, owed[o, 2], node, restored, focus, cursed, pairs, npairs,
                                   scratch, memo, ctx)
                for u in range(uses.shape[0]):
                    for q in range(3, ACTION_WIDTH):
                        act[q] = uses[u, q]
                    act[0], act[1], act[2] = owed[o, 0], owed[o, 1], owed[o, 2]
                    single = act[3] == 1 and act[4] == SWAP
                    key = act[5] * cells + act[6]
                    fresh = not single or np.isnan(memo[key])
                    if fresh:
                        v, r2 = _evaluate(n, tiles, rest, pos, jf, parts, restored, act,
                                                 saved, changed, jf_saved, t_parts, flags, sym,
                                                 dist, tof, tcnt, wanted, clen, cjok, tcells,
                                                 tnum, tile_cards)
                        if single:
                            memo[key] = v
                    else:
                        v = memo[key]
                    at = kept
                    for i in range(kept):
                        # By value first; the steps decide only a tie.
                        if v < k_values[i] or (v == k_values[i] and _precedes(
                                v, t_acts, d + 1, k_values[i], k_acts[i], k_counts[i, 0], True)):
                            at = i
                            break
                    if at < BEAM:
                        if not fresh:
                            v, r2 = _evaluate(n, tiles, rest, pos, jf, parts, restored,
                                                     act, saved, changed, jf_saved, t_parts,
                                                     flags, sym, dist, tof, tcnt, wanted, clen,
                                                     cjok, tcells, tnum, tile_cards)
                            fresh = True
                        t_counts[0] = d + 1
                        t_counts[1] = counts[p, 1] + (1 if owed[o, 0] == 0 else 0)
                        t_counts[2] = 1 if counts[p, 2] != 0 or owed[o, 0] == 1 else 0
                        t_counts[3] = r2
                        _put(kept_beam, at, kept, (tiles, rest, pos, jf, t_parts), v, t_acts,
                             t_counts)
                        if kept < BEAM:
                            kept += 1
                    if fresh:
                        _undo(n, tiles, rest, pos, jf, act, saved, jf_saved, flags)
        for i in range(kept):
            _put(beam, i, i, _row(kept_beam[0], i), k_values[i], k_acts[i], k_counts[i])
        width = kept
    # The finished plans by (score, steps), stable: an insertion sort.
    order = np.arange(finished)
    for i in range(1, finished):
        j = i
        while j > 0:
            a, b = order[j - 1], order[j]
            if not _precedes(f_value[b], f_acts[b], f_nacts[b], f_value[a], f_acts[a],
                             f_nacts[a], False):
                break
            order[j - 1], order[j] = b, a
            j -= 1
    return f_value[order], f_grid[order], f_faces[order], f_acts[order], f_nacts[order]


@njit(cache=True)
def best_use_kernel(n, sym, dist, tof, tcnt, pairs, npairs, tiles0, rest0, wanted, clen, cjok,
                    effect):
    """The grid's score, and the use of ``effect`` that scores best below it (the best
    score and the action row; a step count of -1: no use improves it)."""
    size = rest0.shape[0]
    cards = clen.shape[0]
    ctx, incell, wantsym = _setting(n, tiles0, rest0, sym, dist, tof, tcnt, wanted, clen, cjok)
    node = _new_node(n, size, cards)
    node[0][:] = tiles0
    node[1][:] = rest0
    start = _score(n, tiles0, rest0, node[2], node[3], node[4], ctx)
    best = start
    chosen = np.zeros(ACTION_WIDTH, dtype=np.int64)
    chosen[3] = -1
    if effect == E_PASS:
        return start, best, chosen
    restored = rest0.sum()
    memo = np.full(n * n * n * n, np.nan)
    scratch = _new_scratch(n, size, cards)
    focus, cursed = _focus(n, tiles0, rest0, sym, incell, wantsym)
    uses = _candidates(n, effect, node, restored, focus, cursed, pairs, npairs, scratch, memo,
                       ctx)
    tiles, rest, pos, jf, parts = node
    saved, changed, jf_saved, t_parts, flags = scratch
    tof, tcnt, wanted, clen, cjok, tcells, tnum, tile_cards = (ctx[2], ctx[3], ctx[4], ctx[5],
                                                              ctx[6], ctx[7], ctx[8], ctx[10])
    for u in range(uses.shape[0]):
        v = _value(n, tiles, rest, pos, jf, parts, restored, uses[u], saved, changed, jf_saved,
                   t_parts, flags, memo, sym, dist, tof, tcnt, wanted, clen, cjok, tcells, tnum,
                   tile_cards)
        if v < best - 1e-9:
            best = v
            chosen[:] = uses[u]
    return start, best, chosen


@njit(cache=True)
def targets_kernel(n, sym, dist, tof, tcnt, tiles0, rest0, wanted, clen, cjok):
    """Each card's best placements (cells) and how many it has."""
    return _targets(n, tiles0, rest0, sym, dist, tof, tcnt, wanted, clen, cjok)


# -- the Python side ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Arrays:
    """A table as the kernel reads it (made once per planner), and what the last calls
    handed the kernel (the grid, each riddle row's cards): a turn asks about one grid
    and one row several times."""

    n: int
    sym: Any
    dist: Any
    tof: Any
    tcnt: Any
    pairs: Any
    npairs: Any
    wanted: Any
    clen: Any
    cjok: Any
    memo: dict[Any, Any] = field(default_factory=dict)


def table_arrays(table: Table) -> Arrays:
    """The kernel's arrays of ``table``: symbols, move distances, each symbol's tiles
    (row ``symbol + 1``), the adjacent pairs of each swap direction, every card."""
    return arrays_of(table.n, table.symbol_of, [(c.wanted, c.jokers) for c in table.cards])


def arrays_of(n: int, symbol_of: tuple[int, ...], cards: list[tuple[tuple[int, ...], int]]
              ) -> Arrays:
    """:func:`table_arrays` of a grid size, the tiles' symbols and the cards (wanted
    symbols, jokers allowed)."""
    size = len(symbol_of)
    top = max([*symbol_of, *(w for wanted, _ in cards for w in wanted), 0])
    tof = np.zeros((top + 2, size), dtype=np.int64)
    tcnt = np.zeros(top + 2, dtype=np.int64)
    for tile, symbol in enumerate(symbol_of):
        tof[symbol + 1, tcnt[symbol + 1]] = tile
        tcnt[symbol + 1] += 1
    kinds = (board.ORTHOGONAL, ((0, 1),), ((1, 0),), board.DIAGONAL)
    most = max(len(board.adjacent_pairs(n, k)) for k in kinds)
    pairs = np.zeros((4, most, 2), dtype=np.int64)
    for i, k in enumerate(kinds):
        found = board.adjacent_pairs(n, k)
        if found:
            pairs[i, :len(found)] = found
    longest = max([n, *(len(wanted) for wanted, _ in cards)])
    wanted_all = np.zeros((max(1, len(cards)), longest), dtype=np.int64)
    for i, (wanted, _) in enumerate(cards):
        wanted_all[i, :len(wanted)] = wanted
    return Arrays(n, np.array(symbol_of, dtype=np.int64),
                  np.array(board.move_distances(n), dtype=np.int64), tof, tcnt, pairs,
                  np.array([len(board.adjacent_pairs(n, k)) for k in kinds], dtype=np.int64),
                  wanted_all, np.array([len(wanted) for wanted, _ in cards], dtype=np.int64),
                  np.array([jokers for _, jokers in cards], dtype=np.int64))


def compiled_already() -> bool:
    """Whether numba's cache holds machine code for the planner's turn, so the first game
    loads it instead of compiling it (about 30 s of CPU). Reads numba's index through its
    cache object; if that private API has changed, says False (a notice too many, never a
    wrong result)."""
    from generator.engine.playouts import numba_cached

    return numba_cached(plan_kernel)


def warm_up() -> None:
    """Compile the kernels (or load them from numba's cache) by planning one turn and
    weighing one use on a small grid: the signatures every table uses."""
    a = arrays_of(3, (0, 1, 2, 0, 1, 2, 0, 1, board.JOKER), [((0, 1), 1), ((2, 0, 1), 0)])
    tiles = np.arange(9, dtype=np.int64)
    rest = np.array([1, 0, 1, 0, 1, 0, 1, 0, 1], dtype=np.int64)
    wanted, clen, cjok = a.wanted, a.clen, a.cjok
    plan_kernel(a.n, a.sym, a.dist, a.tof, a.tcnt, a.pairs, a.npairs, tiles, rest, wanted, clen,
                cjok, 2, np.array([0, 3], dtype=np.int64), np.array([[0, 5]], dtype=np.int64))
    best_use_kernel(a.n, a.sym, a.dist, a.tof, a.tcnt, a.pairs, a.npairs, tiles, rest, wanted,
                    clen, cjok, EFFECT_CODE["swap-any"])
    targets_kernel(a.n, a.sym, a.dist, a.tof, a.tcnt, tiles, rest, wanted, clen, cjok)


def _grid(arrays: Arrays, play: Play) -> tuple[Any, Any]:
    """The grid as arrays (the last one kept: the kernel never writes to them)."""
    key = (play.tiles, play.restored)
    last = arrays.memo.get("grid")
    if last is None or last[0] != key:
        restored = play.restored
        last = (key, (np.array(play.tiles, dtype=np.int64),
                      np.array([restored >> t & 1 for t in range(len(play.tiles))],
                               dtype=np.int64)))
        arrays.memo["grid"] = last
    return last[1]


def _cards(arrays: Arrays, play: Play) -> tuple[Any, Any, Any]:
    """The revealed cards' rows (kept by row and joker pass: a game meets few rows)."""
    key = (tuple(play.row), play.joker_pass)
    known = arrays.memo.get(key)
    if known is None:
        row = np.array(play.row, dtype=np.int64)
        cjok = arrays.cjok[row]
        if play.joker_pass:
            cjok = np.where(cjok > 0, cjok, 1)
        known = arrays.memo[key] = (arrays.wanted[row], arrays.clen[row], cjok)
    return known


def _steps(row: list[int]) -> tuple[tuple[int, int, int], ...]:
    """The steps of an action row (a list: Python ints read faster than numpy's)."""
    return tuple((row[4 + 3 * s], row[5 + 3 * s], row[6 + 3 * s]) for s in range(row[3]))


def _restored(faces: list[int]) -> int:
    return sum(1 << t for t, face in enumerate(faces) if face)


Plan = tuple[float, tuple[int, ...], int, tuple[Action, ...], int, bool]


def plans(arrays: Arrays, play: Play) -> list[Plan]:
    """:meth:`.policies.Planner.plans` in one kernel call."""
    tiles, rest = _grid(arrays, play)
    wanted, clen, cjok = _cards(arrays, play)
    basic = [EFFECT_CODE[e] for e in ("restore", "swap") if has_use(play, e)]
    specials: list[tuple[int, int]] = []
    if not play.special_used:
        seen = set()
        for i, effect in enumerate(play.specials):
            if play.active[i] and effect not in seen and has_use(play, effect):
                seen.add(effect)
                specials.append((i, EFFECT_CODE[effect]))
    found = plan_kernel(arrays.n, arrays.sym, arrays.dist, arrays.tof, arrays.tcnt, arrays.pairs,
                        arrays.npairs, tiles, rest, wanted, clen, cjok, play.basics_left,
                        np.array(basic, dtype=np.int64),
                        np.array(specials, dtype=np.int64).reshape(len(specials), 2))
    out: list[Plan] = []
    for value, grid, faces, acts, count in zip(*(array.tolist() for array in found)):
        actions = tuple(Action(SOURCES[a[0]], a[1], EFFECTS[a[2]], _steps(a))
                        for a in acts[:count])
        out.append((value, tuple(grid), _restored(faces), actions,
                    sum(a.source == "basic" for a in actions),
                    any(a.source == "special" for a in actions)))
    return out


def best_use(arrays: Arrays, play: Play, effect: str
             ) -> tuple[float, float, tuple[tuple[int, int, int], ...] | None]:
    """The grid's score and :meth:`.policies.Planner.best_use`, in one kernel call."""
    tiles, rest = _grid(arrays, play)
    wanted, clen, cjok = _cards(arrays, play)
    start, value, row = best_use_kernel(arrays.n, arrays.sym, arrays.dist, arrays.tof,
                                        arrays.tcnt, arrays.pairs, arrays.npairs, tiles, rest,
                                        wanted, clen, cjok, EFFECT_CODE[effect])
    return float(start), float(value), (_steps(row.tolist()) if row[3] >= 0 else None)


def targets(arrays: Arrays, play: Play) -> list[list[tuple[tuple[int, ...], tuple[int, ...], int]]]:
    """:meth:`.policies.Planner.targets` in one kernel call."""
    tiles, rest = _grid(arrays, play)
    wanted, clen, cjok = _cards(arrays, play)
    tcells, tnum = targets_kernel(arrays.n, arrays.sym, arrays.dist, arrays.tof, arrays.tcnt,
                                  tiles, rest, wanted, clen, cjok)
    out = []
    for c, card_index in enumerate(play.row):
        card = play.table.cards[card_index]
        length = len(card.wanted)
        jokers = int(cjok[c])
        out.append([(tuple(tcells[c, k, :length].tolist()), card.wanted, jokers)
                    for k in range(int(tnum[c]))])
    return out


__all__ = ["ACTION_WIDTH", "Arrays", "BEAM", "EFFECTS", "arrays_of", "best_use", "best_use_kernel",
           "plan_kernel", "plans", "table_arrays", "targets", "targets_kernel", "warm_up"]
