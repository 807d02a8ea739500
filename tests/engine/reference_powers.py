"""A slow, obviously correct turn generator for the ten simple gods, for lockstep tests.

Each god is written out as plain loops over the choices of its turn, on the
plain-list boards of :mod:`reference`; nothing comes from ``generator.engine``.
A turn's result is the set of its distinct outcomes ``(heights, domes, workers,
win, moved_up)``: two routes to the same outcome are one ply. The power texts
and choices are those of the god modules' docstrings.
"""
from __future__ import annotations

from itertools import combinations

from reference import NONE, RefBoard, figure_squares, neighbours

Gods = frozenset[str]
"""The gods one player holds (several compose, in the order of RULES.md section 1)."""

Outcome = tuple[tuple[int, ...], tuple[bool, ...], tuple[int, ...], bool, bool]


def outcome(board: RefBoard, win: bool, moved_up: bool) -> Outcome:
    return (tuple(board.heights), tuple(board.domes), tuple(board.workers), win, moved_up)


def is_free(board: RefBoard, sq: int) -> bool:
    return board.land[sq] and not board.domes[sq] and sq not in figure_squares(board)


def can_step(board: RefBoard, frm: int, to: int, no_up: bool) -> bool:
    """``to`` is a neighbour (bridges count) within the climbing limit, undomed."""
    if to not in neighbours(board, frm, moving=True) or board.domes[to]:
        return False
    limit = board.heights[frm] + (0 if no_up else 1)
    return board.heights[to] <= limit


def build_on(board: RefBoard, sq: int, dome: bool = False) -> RefBoard:
    after = board.copy()
    if dome or after.heights[sq] == 3:
        after.domes[sq] = True
    else:
        after.heights[sq] += 1
    return after


def build_spots(board: RefBoard, at: int) -> list[int]:
    return [sq for sq in neighbours(board, at, moving=False) if is_free(board, sq)]


def worker_at(board: RefBoard, sq: int) -> int:
    return board.workers.index(sq) if sq in board.workers else NONE


def straight_on(board: RefBoard, frm: int, via: int) -> int:
    (r0, c0), (r1, c1) = divmod(frm, board.width), divmod(via, board.width)
    dr, dc = r1 - r0, c1 - c0
    if abs(dr) > 1 or abs(dc) > 1:
        return NONE  # across a bridge: no straight-on space
    r2, c2 = r1 + dr, c1 + dc
    if 0 <= r2 < board.height and 0 <= c2 < board.width:
        return r2 * board.width + c2
    return NONE


def steps(board: RefBoard, w: int, gods: Gods, mine: list[int], no_up: bool
          ) -> list[tuple[RefBoard, int]]:
    """Each single step of worker ``w``: the board after it, and the space it left."""
    frm = board.workers[w]
    out = []
    limit = board.heights[frm] + (0 if no_up else 1)
    for to in pattern_targets(board, frm, gods):
        if is_free(board, to) and board.heights[to] <= limit:
            after = board.copy()
            after.workers[w] = to
            out.append((after, frm))
    if gods & {"slide-only", "leap-only", "tour-bus"}:
        return out  # the pattern replaces every other step
    for to in range(board.width * board.height):
        if not can_step(board, frm, to, no_up):
            continue
        if is_free(board, to):
            after = board.copy()
            after.workers[w] = to
            out.append((after, frm))
            continue
        other = worker_at(board, to)
        if other == NONE or other in mine:
            continue
        if "apollo" in gods:
            after = board.copy()
            after.workers[w], after.workers[other] = to, frm
            out.append((after, frm))
        if "minotaur" in gods:
            beyond = straight_on(board, frm, to)
            if beyond != NONE and is_free(board, beyond):
                after = board.copy()
                after.workers[w], after.workers[other] = to, beyond
                out.append((after, frm))
    return out


def dome_choices(board: RefBoard, sq: int, gods: Gods) -> list[bool]:
    """Atlas may also put a dome on a space below level 3."""
    return [False, True] if "atlas" in gods and board.heights[sq] < 3 else [False]


def finish_with_builds(board: RefBoard, at: int, gods: Gods, up: bool, out: set[Outcome],
                       mine: list[int]) -> None:
    """Every way to end the turn by building from ``at``: the build (or a block under
    the worker), a force onto it, Hephaestus's block on the same space, then
    Demeter's build elsewhere."""
    if "build-under" in gods and board.heights[at] < 3:
        out.add(outcome(build_on(board, at), False, up))
    centers = [at]
    for w, sq in enumerate(board.workers):
        if sq == NONE or sq == at:
            continue
        if "build-around" in gods and w in mine:
            centers.append(sq)
        if "build-around-neighbour" in gods and sq in neighbours(board, at, moving=False):
            centers.append(sq)
    for center in centers:
        builds_from(board, center, gods, up, out, mine)


def builds_from(board: RefBoard, center: int, gods: Gods, up: bool, out: set[Outcome],
                mine: list[int]) -> None:
    """The builds next to ``center`` (the moved worker, or a chosen one)."""
    spots = build_spots(board, center)
    for first in spots:
        for dome in dome_choices(board, first, gods):
            once = build_on(board, first, dome)
            must = False  # the street vendor must force when it can
            if gods & {"force-onto-build", "street-vendor"} and not once.domes[first]:
                for o in opponents_next_to(once, first, mine):
                    forced = once.copy()
                    forced.workers[o] = first
                    out.add(outcome(forced, False, up))
                    must = "street-vendor" in gods
            stages = [once]
            if "hephaestus" in gods and not once.domes[first] and once.heights[first] < 3:
                stages.append(build_on(once, first))
            if "crane" in gods and not once.domes[first]:
                stages = [build_on(once, first)]  # a second piece there, even a rooftop
            for built in stages:
                if "ironworker" not in gods and not (must and built is once):
                    out.add(outcome(built, False, up))
                if "demeter" not in gods and "ironworker" not in gods:
                    continue
                for second in spots:
                    if second != first:
                        for dome2 in dome_choices(built, second, gods):
                            out.add(outcome(build_on(built, second, dome2), False, up))


def line(board: RefBoard, frm: int, dr: int, dc: int) -> list[int]:
    """The land spaces from ``frm`` (excluded) in one direction, up to the edge or sea."""
    out = []
    row, col = divmod(frm, board.width)
    r, c = row + dr, col + dc
    while 0 <= r < board.height and 0 <= c < board.width and board.land[r * board.width + c]:
        out.append(r * board.width + c)
        r, c = r + dr, c + dc
    return out


def pattern_targets(board: RefBoard, frm: int, gods: Gods) -> list[int]:
    """Slide: along a row or column over figures and domes to the first free space.
    Leap: exactly 2 or 3 spaces in one of the 8 directions, over anything.
    Tour bus: along a row or column to any space beside a ground-level dome."""
    out = []
    row, col = divmod(frm, board.width)
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        spaces = line(board, frm, dr, dc)
        if "slide" in gods or "slide-only" in gods:
            out += [sq for sq in spaces if is_free(board, sq)][:1]
        if "tour-bus" in gods:
            out += [sq for sq in spaces if any(board.domes[n] and board.heights[n] == 0
                                               for n in neighbours(board, sq, moving=False))]
    if "leap" in gods or "leap-only" in gods:
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                for k in (2, 3):
                    r, c = row + k * dr, col + k * dc
                    if (dr, dc) != (0, 0) and 0 <= r < board.height and 0 <= c < board.width:
                        out.append(r * board.width + c)
    return out


def opponents_next_to(board: RefBoard, sq: int, mine: list[int]) -> list[int]:
    near = neighbours(board, sq, moving=False)
    return [o for o, at in enumerate(board.workers) if o not in mine and at in near]


def on_grid(board: RefBoard, sq: int, dr: int, dc: int) -> int:
    """The land space one step ``(dr, dc)`` from ``sq`` (NONE off the grid or at sea)."""
    r, c = divmod(sq, board.width)
    r, c = r + dr, c + dc
    if 0 <= r < board.height and 0 <= c < board.width and board.land[r * board.width + c]:
        return r * board.width + c
    return NONE


def after_move(board: RefBoard, w: int, frm: int, gods: Gods, mine: list[int], up: bool,
               out: set[Outcome]) -> None:
    """The builds, with no force or with one of the forces after the move."""
    to = board.workers[w]
    (rt, ct), (rf, cf) = divmod(to, board.width), divmod(frm, board.width)
    forced = []
    must = False
    if "fashion" in gods:  # any worker next to the space left, pulled into it: a must
        for o, at in enumerate(board.workers):
            if o != w and at != NONE and at in neighbours(board, frm, moving=False):
                forced.append((o, frm))
                must = True
    if not must:
        finish_with_builds(board, to, gods, up, out, mine)
    for o in opponents_next_to(board, to, mine):
        (ro, co) = divmod(board.workers[o], board.width)
        if "push-away" in gods:
            forced.append((o, on_grid(board, board.workers[o], ro - rt, co - ct)))
        if "force-compass-S" in gods:
            forced.append((o, on_grid(board, board.workers[o], 1, 0)))
    if "pull" in gods and max(abs(rf - rt), abs(cf - ct)) == 1:
        behind = on_grid(board, frm, rf - rt, cf - ct)
        for o, at in enumerate(board.workers):
            if o not in mine and at == behind and at != NONE:
                forced.append((o, frm))
    for o, dest in forced:
        if dest != NONE and is_free(board, dest):
            moved = board.copy()
            moved.workers[o] = dest
            finish_with_builds(moved, to, gods, up, out, mine)


def turn_outcomes(board: RefBoard, side: int, gods: Gods, no_up: bool,
                  only: list[int] | None = None) -> set[Outcome]:
    """Every distinct outcome of ``side``'s turn (workers ``2 side`` and ``2 side + 1``;
    ``only``: just these workers act)."""
    mine = [2 * side, 2 * side + 1]
    if "both-workers-act" in gods:
        both = both_act(board, side, gods - {"both-workers-act"}, no_up)
        return both if "athena" in gods else {(*o[:4], False) for o in both}
    out: set[Outcome] = set()
    for w in only if only is not None else mine:
        start = board.workers[w]
        if start == NONE:
            continue
        this: set[Outcome] = set()
        worker_turn(board, w, start, gods, mine, no_up, this)
        out |= end_of_turn(rooftop_wins(this, gods, board), w, gods, mine, board)
        if "prometheus" in gods:
            for first in build_spots(board, start):
                for dome in dome_choices(board, first, gods):
                    before = build_on(board, first, dome)
                    one_turn(before, w, start, gods, mine, True, out)
    if "hermes" in gods:
        hermes_walks(board, mine, gods, out)
    out = rooftop_wins(out, gods, board)
    if "athena" not in gods:  # only Athena's player keeps the "moved up" mark
        return {(h, d, ws, win, False) for h, d, ws, win, _ in out}
    return out


def rooftop_wins(outcomes: set[Outcome], gods: Gods, before: RefBoard) -> set[Outcome]:
    """With win-by-dome, a turn that capped a level-3 tower (a rooftop) wins."""
    if "win-by-dome" not in gods:
        return outcomes
    return {(h, d, ws, win or any(d[sq] and not before.domes[sq] and h[sq] == 3
                                  for sq in range(len(d))), up)
            for h, d, ws, win, up in outcomes}


def worker_turn(board: RefBoard, w: int, start: int, gods: Gods, mine: list[int],
                no_up: bool, out: set[Outcome]) -> None:
    """Every outcome of worker ``w``'s turn before the end-of-turn powers."""
    if "engineer" in gods:  # a skyscraper (a ground-level dome) first, if possible
        ground = [sq for sq in build_spots(board, start) if board.heights[sq] == 0]
        for sq in ground:
            one_turn(build_on(board, sq, dome=True), w, start, gods, mine, no_up, out)
        if ground:
            return
    if "firefighter" in gods:  # a block under the worker first (a rooftop removes it)
        raised = build_on(board, start)
        if board.heights[start] == 3:
            raised.workers[w] = NONE
            out.add(outcome(raised, False, False))
        else:
            one_turn(raised, w, start, gods, mine, no_up, out)
        return
    one_turn(board, w, start, gods, mine, no_up, out)


def end_of_turn(outcomes: set[Outcome], w: int, gods: Gods, mine: list[int],
                before: RefBoard) -> set[Outcome]:
    """The night guard (a neighbouring opponent's worker must step, if it can; the
    player must pick one when any stands there) and the reporter (a neighbouring
    opponent's worker forced north or south to the first free space: a must when
    possible), after worker ``w``'s turn; a winning turn ends before them."""
    if not gods & {"night-guard", "reporter"}:
        return outcomes
    out: set[Outcome] = set()
    for heights, domes, workers, win, up in outcomes:
        at = workers[w]
        if win or at == NONE:
            out.add((heights, domes, workers, win, up))
            continue
        board = before.copy()
        board.heights, board.domes, board.workers = list(heights), list(domes), list(workers)
        near = neighbours(board, at, moving=False)
        rivals = [o for o, sq in enumerate(workers) if o not in mine and sq in near]
        ends: list[tuple[int, int]] = []
        plain = not rivals
        for o in rivals:
            here = workers[o]
            if "night-guard" in gods:
                steps_to = [to for to in neighbours(board, here, moving=True)
                            if is_free(board, to) and heights[to] <= heights[here] + 1]
                ends += [(o, to) for to in steps_to]
                plain = plain or not steps_to  # this worker may be chosen: it stays
            if "reporter" in gods:
                for dr in (-1, 1):
                    free = [sq for sq in line(board, here, dr, 0) if is_free(board, sq)]
                    ends += [(o, free[0])] if free else []
        if "reporter" in gods and not ends:
            plain = True
        if plain:
            out.add((heights, domes, workers, win, up))
        for o, to in ends:
            moved = list(workers)
            moved[o] = to
            out.add((heights, domes, tuple(moved), win, up))
    return out


def one_turn(board: RefBoard, w: int, start: int, gods: Gods, mine: list[int], no_up: bool,
             out: set[Outcome]) -> None:
    """Move (one step, or two for Artemis), check wins, build."""
    for after, frm in steps(board, w, gods, mine, no_up):
        to = after.workers[w]
        up = board.heights[to] > board.heights[frm]
        if won(board, frm, to, gods):
            out.add(outcome(after, True, up))
            continue
        after_move(after, w, frm, gods, mine, up, out)
        if "artemis" not in gods:
            continue
        for again, frm2 in steps(after, w, gods, mine, no_up):
            to2 = again.workers[w]
            if to2 == start:
                continue
            up2 = up or after.heights[to2] > after.heights[frm2]
            if won(after, frm2, to2, gods):
                out.add(outcome(again, True, up2))
            else:
                after_move(again, w, frm2, gods, mine, up2, out)


def won(board: RefBoard, frm: int, to: int, gods: Gods) -> bool:
    if board.heights[frm] < 3 and board.heights[to] == 3:
        return True
    return "pan" in gods and board.heights[frm] - board.heights[to] >= 2


def walk_ends(board: RefBoard, w: int) -> list[int]:
    """Where worker ``w`` can end a walk of any length on its own level."""
    level = board.heights[board.workers[w]]
    seen = [board.workers[w]]
    frontier = [board.workers[w]]
    while frontier:
        here = frontier.pop()
        for to in neighbours(board, here, moving=True):
            if to not in seen and is_free(board, to) and board.heights[to] == level:
                seen.append(to)
                frontier.append(to)
    return seen


def hermes_walks(board: RefBoard, mine: list[int], gods: Gods, out: set[Outcome]) -> None:
    team = [w for w in mine if board.workers[w] != NONE]
    for order in ([team[0], team[1]], [team[1], team[0]]) if len(team) == 2 else [team]:
        for first_end in walk_ends(board, order[0]):
            middle = board.copy()
            middle.workers[order[0]] = first_end
            ends = walk_ends(middle, order[1]) if len(order) == 2 else [NONE]
            for second_end in ends:
                final = middle.copy()
                if len(order) == 2:
                    final.workers[order[1]] = second_end
                for builder in team:
                    finish_with_builds(final, final.workers[builder], gods, False, out, mine)


def both_act(board: RefBoard, side: int, gods: Gods, no_up: bool) -> set[Outcome]:
    """Both workers step (either order), then both build; a climb onto level 3 by a
    step ends the turn. When that is impossible, one worker takes a usual turn."""
    out: set[Outcome] = set()
    pair = [2 * side, 2 * side + 1]
    if NONE not in [board.workers[w] for w in pair]:
        for a, b in (pair, pair[::-1]):
            for moved, frm in steps(board, a, gods, pair, no_up):
                up = moved.heights[moved.workers[a]] > moved.heights[frm]
                if won(moved, frm, moved.workers[a], frozenset()):
                    out.add(outcome(moved, True, up))
                    continue
                for both, frm2 in steps(moved, b, gods, pair, no_up):
                    up2 = up or both.heights[both.workers[b]] > both.heights[frm2]
                    if won(both, frm2, both.workers[b], frozenset()):
                        out.add(outcome(both, True, up2))
                        continue
                    for x in build_spots(both, both.workers[a]):
                        once = build_on(both, x)
                        for y in build_spots(once, both.workers[b]):
                            out.add(outcome(build_on(once, y), False, up2))
    if out:
        return out
    return turn_outcomes(board, side, gods, no_up)


def perft(board: RefBoard, side: int, depth: int, gods: tuple[Gods, Gods],
          marks: tuple[bool, bool] = (False, False)) -> int:
    """Leaves ``depth`` plies deep; ``marks[p]``: player p's worker moved up last turn."""
    if depth == 0:
        return 1
    if board.workers[2 * side] == NONE:
        empty = [sq for sq in range(board.width * board.height) if is_free(board, sq)]
        total = 0
        for a, b in combinations(empty, 2):
            after = board.copy()
            after.workers[2 * side], after.workers[2 * side + 1] = a, b
            total += perft(after, 1 - side, depth - 1, gods, marks)
        return total
    no_up = "athena" in gods[1 - side] and marks[1 - side]
    total = 0
    for heights, domes, workers, win, up in turn_outcomes(board, side, gods[side], no_up):
        if win:
            total += 1
            continue
        after = board.copy()
        after.heights, after.domes, after.workers = list(heights), list(domes), list(workers)
        new_marks = (up, marks[1]) if side == 0 else (marks[0], up)
        total += perft(after, 1 - side, depth - 1, gods, new_marks)
    return total
