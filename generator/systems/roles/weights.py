"""The greedy role player's weights and reach, shared by the Python player
(:mod:`.policies`) and its compiled listing (:mod:`.fast`, which checks that the
kernel's copies of the weights are these), so neither imports the other back.
"""
from __future__ import annotations

WIN_SCORE = 10_000
LOST_WORKER_SCORE = -500
HEIGHT_WEIGHT = 10
USEFUL_HEIGHT = 2
"""Levels above this one add nothing to a worker's value (see :mod:`.policies`)."""
READY_WEIGHT = 5
THREAT_WEIGHT = 25
ROOFTOP_THREAT_WEIGHT = 15


def within_two(near: tuple[int, ...]) -> tuple[int, ...]:
    """Per space, the spaces at most two spaces from it (where a step and a build can
    reach), from the one-space masks ``near``.

    >>> from generator.engine.geometry import Geometry
    >>> g = Geometry.rectangle(4, 1)
    >>> [bin(m) for m in within_two(g.build_neighbours)]
    ['0b111', '0b1111', '0b1111', '0b1110']
    """
    out = []
    for mask in near:
        reach, bits = mask, mask
        while bits:
            low = bits & -bits
            bits ^= low
            reach |= near[low.bit_length() - 1]
        out.append(reach)
    return tuple(out)
