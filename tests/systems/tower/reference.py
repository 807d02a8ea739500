"""A slow, plainly written Santowerini reference, straight from RULES.md section 2.

Spaces are (col, row) pairs, the board is dictionaries, distances are
recomputed by breadth-first search every time: nothing is precomputed or
packed, so the engine's tables and shortcuts can be checked against it.
Covers the base rules with their default Decisions and the god-card hooks.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.systems.tower.rules import Rules

Space = tuple[int, int]
STEP = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}  # N E S W as (dcol, drow)


@dataclass
class Board:
    width: int
    height: int
    water: set[Space]
    targets: set[Space]
    levels: dict[Space, int]
    builders: list[Space | None]
    enemies: list[list]  # [space or None, facing], in enemy order
    rules: Rules = field(default_factory=Rules)

    def on_map(self, s: Space) -> bool:
        return 0 <= s[0] < self.width and 0 <= s[1] < self.height

    def ahead(self, s: Space, facing: int) -> Space:
        dc, dr = STEP[facing]
        return (s[0] + dc, s[1] + dr)

    def lost(self) -> int:
        flags = 0
        if all(v == 0 for v in self.levels.values()):
            flags |= 1
        if any(e[0] is not None and e[0] in self.targets for e in self.enemies):
            flags |= 2
        if all(b is None for b in self.builders):
            flags |= 4
        return flags


def distance(board: Board, a: Space, b: Space) -> int | None:
    """Orthogonal steps from a to b over the map, never through water."""
    seen = {a: 0}
    todo = deque([a])
    while todo:
        s = todo.popleft()
        if s == b:
            return seen[s]
        for f in range(4):
            n = board.ahead(s, f)
            if board.on_map(n) and n not in board.water and n not in seen:
                seen[n] = seen[s] + 1
                todo.append(n)
    return None


def orient(board: Board) -> None:
    buildings = [s for s, v in board.levels.items() if v > 0]
    for enemy in board.enemies:
        here, facing = enemy
        if here is None:
            continue
        others = [b for b in buildings if b != here]
        lengths = {b: distance(board, here, b) for b in others}
        reachable = {b: d for b, d in lengths.items() if d is not None}
        if not reachable:
            continue
        best = min(reachable.values())
        nearest = [b for b, d in reachable.items() if d == best]
        for name in board.rules.tie_break:
            turn = {"front": 0, "right": 1, "back": 2, "left": 3}[name]
            direction = (facing + turn) % 4
            first = board.ahead(here, direction)
            if not board.on_map(first) or first in board.water:
                continue
            if any(distance(board, first, b) == best - 1 for b in nearest):
                enemy[1] = direction
                break


def remove_top(board: Board, s: Space) -> int:
    board.levels[s] -= 1
    return board.lost() if not any(board.levels.values()) else 0


def attack_space(board: Board, target: Space) -> int:
    if not board.on_map(target) or target in board.water:
        return 0
    if target in board.builders:
        board.builders[board.builders.index(target)] = None
        return board.lost() if all(b is None for b in board.builders) else 0
    standing = any(e[0] == target for e in board.enemies)
    if board.levels[target] > 0 and (not standing or board.rules.attack_enemy_on_building):
        return remove_top(board, target)
    return 0


def move(board: Board, enemy: list, die: int) -> int:
    program = {1: "A", 2: "AA", 3: "RA", 4: "LA", 5: "ARA", 6: "ALA"}[die]
    for op in program:
        here, facing = enemy
        if op in "RL":
            turned = (facing + (1 if op == "R" else 3)) % 4
            if board.on_map(board.ahead(here, turned)):
                enemy[1] = turned
            continue
        nxt = board.ahead(here, facing)
        if board.rules.enemy_push:
            push_building(board, here, nxt, facing)
        if (not board.on_map(nxt) or nxt in board.water or board.levels[nxt] == 4
                or board.levels[nxt] > board.levels[here] + 1):
            continue
        if any(e[0] == nxt for e in board.enemies):
            return 0
        enemy[0] = nxt
        event = nxt in board.targets
        if nxt in board.builders:
            j = board.builders.index(nxt)
            board.builders[j] = here if board.rules.swap_with_builder else None
            event = event or all(b is None for b in board.builders)
        if event:
            return board.lost()
    return 0


def pawns(board: Board) -> set[Space]:
    return ({b for b in board.builders if b is not None}
            | {e[0] for e in board.enemies if e[0] is not None})


def push_building(board: Board, here: Space, nxt: Space, facing: int) -> None:
    """Minotaur: a building higher than ``here`` moves one space on, if it can."""
    if not board.on_map(nxt) or nxt in board.water or nxt in pawns(board):
        return
    if board.levels[nxt] <= board.levels[here]:
        return
    beyond = board.ahead(nxt, facing)
    if (board.on_map(beyond) and beyond not in board.water and beyond not in board.targets
            and board.levels[beyond] == 0 and beyond not in pawns(board)):
        board.levels[beyond] = board.levels[nxt]
        board.levels[nxt] = 0


def across(centre: Space, other: Space) -> Space:
    return (2 * centre[0] - other[0], 2 * centre[1] - other[1])


def touching(a: Space, b: Space) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def pull_builders(board: Board) -> None:
    """Charon (expert): each enemy sends the builders next to it across itself."""
    for enemy in board.enemies:
        if enemy[0] is None:
            continue
        for j, b in enumerate(board.builders):
            if b is None or not touching(b, enemy[0]):
                continue
            to = across(enemy[0], b)
            if (board.on_map(to) and to not in board.water and board.levels[to] < 4
                    and to not in pawns(board)):
                board.builders[j] = to


def enemy_turn(board: Board, dice: Sequence[int]) -> int:
    """Play one enemy turn in place; returns the loss flags."""
    orient(board)
    alive = [e for e in board.enemies if e[0] is not None]
    rules = board.rules
    attack_dice = list(dice[:len(alive)]) if rules.double_attack_faces else [0] * len(alive)
    move_dice = dice[len(alive):] if rules.double_attack_faces else dice
    for enemy, roll in zip(alive, attack_dice):
        for _ in range(2 if roll in rules.double_attack_faces else 1):
            lost = attack_space(board, board.ahead(enemy[0], enemy[1]))
            if lost:
                return lost
            if rules.attack_own_space and board.levels[enemy[0]] > 0:
                lost = remove_top(board, enemy[0])
                if lost:
                    return lost
    if rules.charon_pulls:
        pull_builders(board)
    for enemy, roll in zip(alive, move_dice):
        lost = move(board, enemy, roll)
        if lost:
            return lost
    return 0


def neighbours(board: Board, s: Space) -> list[Space]:
    out = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            n = (s[0] + dc, s[1] + dr)
            if (dc, dr) != (0, 0) and board.on_map(n) and n not in board.water:
                out.append(n)
    return out


def results(board: Board, stored: int = 0) -> set[tuple]:
    """Every distinct (builder index, every builder's space after, levels after, enemies
    after), found by trying every sequence the cards allow: send, build first, move,
    builds, take off; under Hermes also every walk of the builders on their levels."""
    rules = board.rules
    out: set[tuple] = set()
    standing = [b for b in board.builders if b is not None]
    asleep = [b is not None and rules.highest_frozen and len(standing) >= 2 and all(
        board.levels[b] > board.levels[o] for o in standing if o != b)
        for b in board.builders]
    start_enemies = [e[0] for e in board.enemies if e[0] is not None]
    near = [rules.stay_near_enemy and b is not None
            and any(touching(b, e) for e in start_enemies) for b in board.builders]
    for i, b in enumerate(board.builders):
        if b is None or asleep[i]:
            continue
        for sent in _sends(board, b):
            for pre, pre_levels, pre_enemies in _prebuilds(board, b, sent):
                for to, enemies in _ends(board, b, pre_levels, pre_enemies, pre is not None):
                    if near[i] and not any(e is not None and touching(to, e)
                                           for e in enemies):
                        continue
                    others = [x for j, x in enumerate(board.builders) if j != i and x is not None]
                    after_builders = [to if j == i else x for j, x in enumerate(board.builders)]
                    for levels, after in _builds(board, i, to, others, pre_levels, enemies,
                                                 stored, pre is not None):
                        for final in _takes(board, to, others, levels, after, sent is not None):
                            out.add((i, tuple(after_builders), tuple(sorted(final.items())),
                                     tuple(after)))
    if rules.level_moves:
        enemies = [e[0] for e in board.enemies]
        for spots in _walks(board, asleep):
            if any(near[j] and not any(touching(x, e) for e in start_enemies)
                   for j, x in enumerate(spots) if x is not None):
                continue
            for i, to in enumerate(spots):
                if to is None or asleep[i]:
                    continue
                others = [x for j, x in enumerate(spots) if j != i and x is not None]
                for levels, after in _builds(board, i, to, others, dict(board.levels),
                                             enemies, stored, False):
                    for final in _takes(board, to, others, levels, after, False):
                        out.add((i, tuple(spots), tuple(sorted(final.items())), tuple(after)))
    return out


def _walks(board: Board, asleep: list[bool]) -> set[tuple]:
    """Hermes: every placing of the builders reached by steps of one builder at a time to
    a free neighbouring space of its own level (the start included)."""
    enemies = {e[0] for e in board.enemies if e[0] is not None}
    start = tuple(board.builders)
    found = {start}
    todo = [start]
    while todo:
        spots = todo.pop()
        for j, x in enumerate(spots):
            if x is None or asleep[j]:
                continue
            for n in neighbours(board, x):
                if n in enemies or n in spots or board.levels[n] != board.levels[x]:
                    continue
                if n in board.targets and not board.rules.builders_on_targets:
                    continue
                nxt = spots[:j] + (n,) + spots[j + 1:]
                if nxt not in found:
                    found.add(nxt)
                    todo.append(nxt)
    return found


def _can_build(board: Board, levels: dict, at: Space, blockers: list, enemies: list,
               from_level: int) -> bool:
    if at in board.targets or at in board.water or levels[at] == 4 or at in blockers:
        return False
    if at in enemies and levels[at] >= from_level:
        return False
    rules = board.rules
    if rules.build_ban_near_enemy and _banned(board, at, [e for e in enemies if e is not None]) \
            and not (rules.build_ban_except_domes and levels[at] == 3):
        return False
    return True


def _built(levels: dict, enemies: list, at: Space) -> tuple[dict, list]:
    levels = dict(levels)
    levels[at] += 1
    return levels, [None if e == at else e for e in enemies]


def _sends(board: Board, b: Space) -> list:
    """None, then (enemy index, destination) of each Charon (easy) send."""
    out: list = [None]
    if board.rules.force_enemy:
        for k, (e, _) in enumerate(board.enemies):
            if e is None or not touching(b, e):
                continue
            to = across(b, e)
            if (board.on_map(to) and to not in board.water and to not in board.targets
                    and board.levels[to] < 4 and to not in pawns(board)):
                out.append((k, to))
    return out


def _prebuilds(board: Board, b: Space, sent: tuple | None) -> list:
    enemies = [e[0] for e in board.enemies]
    if sent is not None:
        enemies[sent[0]] = sent[1]
    out: list = [(None, dict(board.levels), enemies)]
    if board.rules.build_before_move:
        blockers = [x for x in board.builders if x is not None and x != b]
        for at in neighbours(board, b):
            if _can_build(board, board.levels, at, blockers, enemies, board.levels[b]):
                out.append((at, *_built(board.levels, enemies, at)))
    return out


def _ends(board: Board, b: Space, levels: dict, enemies: list, not_up: bool) -> list:
    """(destination, enemies after) of every way the builder on ``b`` may move."""
    rules = board.rules
    taken = {x for x in board.builders if x is not None} | {e for e in enemies if e is not None}

    def steps(frm: Space) -> list[Space]:
        top = levels[frm] + (0 if not_up else 1)
        return [n for n in neighbours(board, frm) if n not in taken and n != b
                and levels[n] < 4 and levels[n] <= top]

    ends = set(steps(b))
    if rules.extra_move:
        for first in list(ends):
            ends |= set(steps(first))
    if rules.perimeter_moves:
        todo = [n for n in ends if _on_edge(board, n)]
        while todo:
            here = todo.pop()
            for n in steps(here):
                if n not in ends:
                    ends.add(n)
                    if _on_edge(board, n):
                        todo.append(n)
    out = [(to, list(enemies)) for to in ends]
    if rules.move_into_enemy and b not in board.targets:
        top = levels[b] + (0 if not_up else 1)
        for k, e in enumerate(enemies):
            if e is not None and touching(b, e) and levels[e] <= top:
                after = list(enemies)
                after[k] = b
                out.append((e, after))
    return out


def _on_edge(board: Board, s: Space) -> bool:
    return s[0] in (0, board.width - 1) or s[1] in (0, board.height - 1)


def _builds(board: Board, i: int, to: Space, others: list, levels: dict, enemies: list,
            stored: int, built_first: bool) -> list:
    """(levels, enemies) after every build the cards allow from ``to``."""
    rules = board.rules
    crush_from = levels[to] if rules.crush_after_move else levels[board.builders[i]]

    def firsts(lv: dict, es: list) -> list:
        # A crush is judged from where the builder stands now (Zeus may have raised it).
        level = lv[to] if rules.crush_after_move else crush_from
        found = [(at, *_built(lv, es, at)) for at in neighbours(board, to)
                 if _can_build(board, lv, at, others, es, level)]
        if rules.build_under_self and lv[to] < 3:
            found.append((to, *_built(lv, es, to)))
        return found

    out: list = []
    if rules.stored_builds:
        # Morpheus: any number of pieces from the card (this turn's one included),
        # each where a piece may go at that moment.
        piles = [(levels, enemies)]
        for _ in range(stored + 1):
            piles = _distinct([_built(lv, es, at) for lv, es in piles
                               for at, *_ in firsts(lv, es)])
            out.extend(piles)
        out.append((levels, enemies))
        return out
    for at, lv1, es1 in firsts(levels, enemies):
        out.append((lv1, es1))
        if built_first:
            continue
        if rules.extra_block_same_space and at != to and lv1[at] < 3 and _can_build(
                board, lv1, at, others, es1, lv1[to]):
            out.append(_built(lv1, es1, at))
        for at2 in neighbours(board, to):
            if not _can_build(board, lv1, at2, others, es1, lv1[to]):
                continue
            if (rules.second_build_elsewhere and at2 != at) or (
                    rules.extra_build_inland and not _on_edge(board, at2)):
                out.append(_built(lv1, es1, at2))
        if rules.unmoved_ground_build:
            # Poseidon: an unmoved builder on the ground builds one to three times.
            for mate in others:
                if lv1[mate] != 0:
                    continue
                blockers = [to] + [x for x in others if x != mate]
                piles = [(lv1, es1)]
                for _ in range(3):
                    piles = _distinct([_built(lv, es, at2) for lv, es in piles
                                       for at2 in neighbours(board, mate)
                                       if _can_build(board, lv, at2, blockers, es, 0)])
                    out.extend(piles)
    return out


def _distinct(positions: list) -> list:
    """Each (levels, enemies) once, in the order first found."""
    found: dict = {}
    for lv, es in positions:
        found.setdefault((tuple(sorted(lv.items())), tuple(es)), (lv, es))
    return list(found.values())


def _takes(board: Board, to: Space, others: list, levels: dict, enemies: list,
           sent: bool) -> list[dict]:
    """The levels with nothing taken off, then after each block Ares may take off."""
    out = [levels]
    if board.rules.remove_block_unmoved and not sent:
        here = set(others) | {to} | {e for e in enemies if e is not None}
        for mate in others:
            for at in neighbours(board, mate):
                h = levels[at]
                if 0 < h < 4 and at not in here and at not in board.targets and (
                        h > 1 or sum(1 for v in levels.values() if v) > 1):
                    taken = dict(levels)
                    taken[at] -= 1
                    out.append(taken)
    return out


def _banned(board: Board, at: Space, enemies: list[Space] | None = None) -> bool:
    spots = enemies if enemies is not None else [e[0] for e in board.enemies if e[0] is not None]
    for e in spots:
        dc, dr = abs(e[0] - at[0]), abs(e[1] - at[1])
        if dc + dr == 1 or (board.rules.build_ban_diagonal and max(dc, dr) == 1):
            return True
    return False
