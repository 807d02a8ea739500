"""The solver's verdicts: one :class:`ObjectiveResult` per objective, one
:class:`RiddleSolve` per riddle, player count and mode."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SOLVER_VERSION = "riddle-solver-6+gods-5"
"""Part of every cache key: bump it whenever a change could alter a result."""

SOLVED, UNSOLVABLE, UNPROVEN = "solved", "unsolvable", "unproven"

NOT_SEARCHED_WITH_POWERS = ("shortest without god powers (a line using a power from the "
                            "queue or a revealed blessing may be shorter: not searched)")
"""The reason given for a line without powers when powers are in play and the
solver's ``SHORTEST_WITH_POWERS`` is off: its turns are the shortest without them
only (the book marks such turns)."""


@dataclass(frozen=True, slots=True)
class ObjectiveResult:
    """The solver's verdict on one objective."""

    tier: str
    status: str  # solved | unsolvable | unproven
    turns: int | None
    solution: tuple[str, ...]
    optimal_first_moves: int | None
    states: int  # states expanded by the search that decided the status
    seconds: float = field(compare=False)
    reason: str = ""
    setup: str = field(default="", compare=False)  # who moves which workers
    boards: tuple[str, ...] = field(default=(), compare=False)  # set-up, then each turn
    # The line for replay: (assignment,), then per turn (action..., child index).
    trace: tuple[tuple[int, ...], ...] = field(default=(), compare=False)
    # Each turn as {"worker", "from", "to", "build", "piece", "power"} (see riddle.gods).
    steps: tuple[Mapping[str, Any], ...] = field(default=(), compare=False)
    # The CPU-seconds cap ran out while deciding or counting: the verdict depends on the
    # machine's speed, so it is reported but never written to a cache (not in the JSON).
    capped: bool = field(default=False, compare=False)
    # The turns account for every god power and revealed blessing card the players hold
    # at set-up (or none is in play); false: the riddle opted out (``solver.powers``),
    # ``--no-powers``, or the search with them stopped undecided (the reason says which).
    powers_searched: bool = True
    # The shortcut report (:mod:`.shortcuts`): (deck god, turns) for each god not in the
    # opening queue that would solve it in fewer turns if revealed beside it (``solve``).
    shortcuts: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    # The designer's measures (:meth:`.measures.Measures.to_json`), when they were asked
    # for (``solve`` computes them; a cached proof has none).
    measures: Mapping[str, Any] | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"tier": self.tier, "status": self.status, "turns": self.turns,
                               "solution": list(self.solution),
                               "steps": [dict(s) for s in self.steps],
                               "optimal_first_moves": self.optimal_first_moves,
                               "powers_searched": self.powers_searched,
                               "shortcuts": [{"god": g, "turns": t} for g, t in self.shortcuts],
                               "states": self.states, "seconds": round(self.seconds, 3),
                               "reason": self.reason}
        if self.measures is not None:
            out["measures"] = dict(self.measures)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ObjectiveResult:
        return cls(data["tier"], data["status"], data["turns"], tuple(data["solution"]),
                   data["optimal_first_moves"], data["states"], data["seconds"], data["reason"],
                   data.get("setup", ""), tuple(data.get("boards", ())),
                   tuple(tuple(int(x) for x in step) for step in data.get("trace", ())),
                   tuple(dict(s) for s in data.get("steps", ())),
                   powers_searched=bool(data.get("powers_searched", True)),
                   measures=dict(data["measures"]) if data.get("measures") is not None
                   else None)


@dataclass(frozen=True, slots=True)
class RiddleSolve:
    """Every objective's verdict for one riddle, player count and mode."""

    riddle: str
    players: int
    objectives: tuple[ObjectiveResult, ...]
    expert: bool = False
    # Problems met on the way that the user should hear of once (a cache entry
    # that failed verification and was recomputed).
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        """The ``solve --format json`` document."""
        return {"riddle": self.riddle, "players": self.players,
                "objectives": [o.to_json() for o in self.objectives]}
