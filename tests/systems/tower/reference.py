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


def final_positions(board: Board, b: Space) -> set[Space]:
    """Where a builder on ``b`` may end its move (one space, or two with extra-move)."""
    pawns = {x for x in board.builders if x is not None} | {e[0] for e in board.enemies
                                                           if e[0] is not None}

    def steps(frm: Space) -> list[Space]:
        return [n for n in neighbours(board, frm) if n not in pawns and n != b
                and board.levels[n] < 4 and board.levels[n] <= board.levels[frm] + 1]

    ends = set(steps(b))
    if board.rules.extra_move:
        for first in list(ends):
            ends |= set(steps(first))
    return ends


def results(board: Board) -> set[tuple]:
    """Every distinct (builder index, destination, levels after, enemies after)."""
    rules = board.rules
    out = set()
    for i, b in enumerate(board.builders):
        if b is None:
            continue
        for to in final_positions(board, b):
            for at in neighbours(board, to):
                if at in board.targets or board.levels[at] == 4:
                    continue
                if any(x == at for j, x in enumerate(board.builders) if j != i):
                    continue
                victim = any(e[0] == at for e in board.enemies)
                if victim and board.levels[at] >= board.levels[to]:
                    continue
                if rules.build_ban_near_enemy and _banned(board, at) and not (
                        rules.build_ban_except_domes and board.levels[at] == 3):
                    continue
                levels = dict(board.levels)
                levels[at] += 1
                enemies = tuple(None if e[0] == at else e[0] for e in board.enemies)
                out.add((i, to, tuple(sorted(levels.items())), enemies))
                if rules.extra_block_same_space and levels[at] < 3:
                    still = [e for e in enemies if e is not None]
                    if not (rules.build_ban_near_enemy and _banned(board, at, still)):
                        levels[at] += 1
                        out.add((i, to, tuple(sorted(levels.items())), enemies))
    return out


def _banned(board: Board, at: Space, enemies: list[Space] | None = None) -> bool:
    spots = enemies if enemies is not None else [e[0] for e in board.enemies if e[0] is not None]
    for e in spots:
        dc, dr = abs(e[0] - at[0]), abs(e[1] - at[1])
        if dc + dr == 1 or (board.rules.build_ban_diagonal and max(dc, dr) == 1):
            return True
    return False
