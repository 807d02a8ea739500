"""How many games ``check`` plays for a figure: until its 95 % interval is narrow
enough, or a cap (issue 25 §1).

A :class:`Budget` plays games in fixed batches (``batch`` games, then ``batch``
more, ...; game ``i`` always seeded from ``(seed, i)``) and stops after the first
batch where the figure's Wilson interval is at most ``width`` either side of the
rate, or at ``cap`` games. Each system has its own default batch and cap (its
games cost different time); a pack sets the width and the cap for every system it
uses in ``pack.yaml``::

    sim: {width: 3, max_games: 5000}    # +-3 points, at most 5,000 games per figure

>>> b = Budget(width=0.05, cap=1000, batch=100)
>>> b.narrow_enough(50, 100), b.narrow_enough(200, 400)
(False, True)
>>> b.stopped_by(50, 100), b.stopped_by(200, 400), b.possible(250), b.possible(1000)
('cap', 'width', False, True)
>>> from_pack({"sim": {"width": 3, "max_games": 5000}}, b)
Budget(width=0.03, cap=5000, batch=100)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from generator.sim.montecarlo import STOPPED_BY_CAP, STOPPED_BY_WIDTH, batch_plan
from generator.sim.stats import half_width, wilson_interval

DEFAULT_WIDTH = 0.05
"""The default target: each rate within +-5 points at 95 %."""
SETTING = "sim"
"""The ``pack.yaml`` key: ``width`` (points) and ``max_games``."""


@dataclass(frozen=True, slots=True)
class Budget:
    """Play batches of ``batch`` games until the interval's half-width is at most
    ``width`` (a share: 0.05 is 5 points) or ``cap`` games are played."""

    width: float = DEFAULT_WIDTH
    cap: int = 1000
    batch: int = 100

    def narrow_enough(self, successes: int, trials: int) -> bool:
        """Whether a rate of ``successes`` in ``trials`` is measured closely enough."""
        return trials > 0 and half_width(wilson_interval(successes, trials)) <= self.width

    def stopped_by(self, successes: int, trials: int) -> str:
        """What stopped a run that ended at ``trials`` games: the width or the cap."""
        return STOPPED_BY_WIDTH if self.narrow_enough(successes, trials) else STOPPED_BY_CAP

    def possible(self, trials: int) -> bool:
        """Whether a run under this budget can end at ``trials`` games (for caches)."""
        return trials in batch_plan(self.batch, self.cap)

    def consistent(self, successes: int, trials: int) -> bool:
        """Whether a stored run of ``trials`` games with ``successes`` is one this budget
        produces: it ends on a batch boundary or the cap, and before the cap only when
        narrow enough."""
        return (self.possible(trials) and 0 <= successes <= trials
                and (trials == self.cap or self.narrow_enough(successes, trials)))

    def describe(self) -> str:
        """``until +-5 points, at most 1000 games`` for the diagnostics."""
        return f"until +-{self.width * 100:g} points, at most {self.cap} games"


def from_pack(data: Mapping[str, Any], default: Budget) -> Budget:
    """``default`` with the width and cap a pack's ``sim:`` setting gives (schema-checked:
    ``width`` in points, ``max_games`` a positive integer)."""
    setting = data.get(SETTING)
    if not isinstance(setting, Mapping):
        return default
    out = default
    width = setting.get("width")
    if isinstance(width, (int, float)) and not isinstance(width, bool) and width > 0:
        out = replace(out, width=float(width) / 100)
    cap = setting.get("max_games")
    if isinstance(cap, int) and not isinstance(cap, bool) and cap > 0:
        out = replace(out, cap=cap)
    return out


DEFAULT_PLAYERS = ("random",)
"""The players ``check`` compares with a system's default player unless ``sim.players``
names others: the weakest, which is cheap and shows what skill is worth at all."""


def players_from_pack(data: Mapping[str, Any], known: Sequence[str], default_policy: str,
                      skill_order: Sequence[str]) -> tuple[str, ...]:
    """The players a system's ``check`` plays besides ``default_policy``: the names of
    ``sim.players`` it knows (another system's names are that system's), else
    :data:`DEFAULT_PLAYERS`; weakest first by ``skill_order``.

    >>> players_from_pack({"sim": {"players": ["lookahead", "random", "x"]}},
    ...                   ("planner", "random", "lookahead"), "planner",
    ...                   ("random", "planner", "lookahead"))
    ('random', 'lookahead')
    >>> players_from_pack({}, ("greedy", "random"), "greedy", ("random", "greedy"))
    ('random',)
    """
    setting = data.get(SETTING)
    names = setting.get("players") if isinstance(setting, Mapping) else None
    if not isinstance(names, list):
        names = [p for p in DEFAULT_PLAYERS if p in known]
    rank = {name: i for i, name in enumerate(skill_order)}
    chosen = [n for n in dict.fromkeys(names) if isinstance(n, str) and n in known
              and n != default_policy]
    return tuple(sorted(chosen, key=lambda n: rank.get(n, len(rank))))


def stop_text(stopped: str) -> str:
    """How a figure's run ended, in words.

    >>> stop_text("width"), stop_text("cap")
    ('interval narrow enough', 'stopped by the cap')
    """
    return "interval narrow enough" if stopped == STOPPED_BY_WIDTH else "stopped by the cap"


__all__ = ["Budget", "DEFAULT_PLAYERS", "DEFAULT_WIDTH", "SETTING", "from_pack", "players_from_pack",
           "stop_text"]
