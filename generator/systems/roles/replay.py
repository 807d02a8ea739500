"""``playtest --replay I``: game ``I`` of a role playtest, turn by turn.

Game ``I`` of a run seeded ``S`` plays deal ``I mod D`` from
``random.Random(derive_seed(S, I))`` (:func:`~generator.sim.montecarlo.make_rng`)
with fresh players, as the run played it (with ``--against``, the challenger sits
in seat ``(I div D) mod P``). Each turn prints the card played, who holds the
Statue, what moved and what was built, and the board after it: a space's height
(``.`` ground, ``1``-``3``, ``^`` a dome), then the worker standing there (``a``
and ``b`` are player 1's, ``c`` and ``d`` player 2's, and so on).
"""
from __future__ import annotations

from generator.engine.state import State, height_at
from generator.sim.montecarlo import make_rng
from generator.systems.roles.challenge import challenger_seat
from generator.systems.roles.engine import Table, Turn, play_game, seat_workers
from generator.systems.roles.model import WORKERS_EACH
from generator.systems.roles.policies import POLICIES

WORKER_LETTERS = "abcdefghij"


def format_board(table: Table, state: State) -> str:
    """The board a row a line (sea as blanks)."""
    g = table.geometry
    rows = []
    for r in range(g.height):
        cells = []
        for c in range(g.width):
            sq = r * g.width + c
            if not g.land >> sq & 1:
                cells.append("  ")
                continue
            text = "^" if state.domes >> sq & 1 else str(height_at(state, sq) or ".")
            worker = next((WORKER_LETTERS[i] for i, w in enumerate(state.workers) if w == sq),
                          " ")
            cells.append(text + worker)
        rows.append("    " + " ".join(cells).rstrip())
    return "\n".join(rows)


def describe_turn(table: Table, before: State, after: State) -> str:
    """What moved and what was built, read from the two states."""
    g = table.geometry
    parts = []
    for i, (a, b) in enumerate(zip(before.workers, after.workers, strict=True)):
        if a != b:
            who = f"{WORKER_LETTERS[i]} (player {i // WORKERS_EACH + 1})"
            parts.append(f"{who} lost" if b < 0 else f"{who} {g.name(a)}-{g.name(b)}")
    for sq in range(g.width * g.height):
        if after.domes >> sq & 1 and not before.domes >> sq & 1:
            parts.append(f"dome on {g.name(sq)}")
        elif height_at(after, sq) != height_at(before, sq):
            parts.append(f"builds {g.name(sq)} to level {height_at(after, sq)}")
    return "; ".join(parts) or "nothing moved"


def replay_text(table: Table, tables: tuple[Table, ...], game: str, policy: str, seed: int,
                index: int, players: int, against: str | None = None) -> str:
    """Game ``index`` of a run seeded ``seed``, turn by turn (``table``: its deal)."""
    challenger = challenger_seat(index, len(tables), players) if against else -1
    seats = [POLICIES[policy if against is None or s == challenger else against]()
             for s in range(players)]
    who = (f"policy {policy}" if against is None else
           f"{policy} in seat {challenger + 1} against {against}")
    roles = sorted(set(table.card_ids))
    lines = [f"{game}: game {index} of a run seeded {seed}, {players} players, {who}; "
             f"deal {index % len(tables)}: {', '.join(roles)}",
             "(heights: . ground, 1-3 levels, ^ dome; then the worker there: "
             + ", ".join(f"player {s + 1} {''.join(WORKER_LETTERS[i] for i in seat_workers(s))}"
                         for s in range(players)) + ")"]

    def observe(round_no: int, seat: int, card: int, statue: int, before: State,
                turn: Turn) -> None:
        statue_text = "holds the Statue" if statue == seat else f"Statue: player {statue + 1}"
        lines.append(f"round {round_no}, player {seat + 1} plays {table.card_ids[card]} "
                     f"{table.numbers[card]} ({statue_text}): "
                     + describe_turn(table, before, turn.state)
                     + (f" - wins ({turn.win})" if turn.win else ""))
        lines.append(format_board(table, turn.state))

    record = play_game(table, seats, make_rng(seed, index), observe=observe)
    if record.winner >= 0:
        lines.append(f"player {record.winner + 1} wins in round {record.rounds} "
                     f"({record.win_type})")
    else:
        lines.append(f"no winner after {record.rounds} rounds")
    return "\n".join(lines) + "\n"


__all__ = ["describe_turn", "format_board", "replay_text"]
