"""Scene values are checked on construction: the remembered well-formed colours and the
all-at-once finiteness check reject exactly what the plain checks did, with the same
message naming the first bad value."""
from __future__ import annotations

import math
import random

import pytest

from generator.render.scene import Group, Path, Polygon, Rect, Style, Text


@pytest.mark.parametrize("bad", ["#12345", "#1234567", "red", "#gg0000", "", " #123456"])
def test_a_malformed_colour_is_rejected_also_after_good_ones(bad: str) -> None:
    for _ in range(2):  # the second time the good colour is remembered
        Style(fill="#1a2b3c", stroke="#1A2B3C")
        with pytest.raises(ValueError, match=f"fill must be a colour like '#1a2b3c' or None, got {bad!r}"):
            Style(fill=bad)
        with pytest.raises(ValueError, match="text fill must be a colour"):
            Text(0, 0, "x", fill=bad)


def test_the_first_non_finite_number_is_named() -> None:
    rng = random.Random(3)
    for _ in range(200):
        values = [rng.uniform(-9, 9) for _ in range(8)]
        bad_at = rng.randrange(8)
        values[bad_at] = rng.choice((math.inf, -math.inf, math.nan))
        if bad_at + 1 < 8 and rng.random() < 0.5:
            values[bad_at + 1] = math.inf  # a later bad value is not the one named
        first = repr(values[bad_at])
        with pytest.raises(ValueError, match=f"points must be finite numbers, got {first}"):
            Polygon(tuple(zip(values[::2], values[1::2])))
        with pytest.raises(ValueError, match=f"path coordinates must be finite numbers, got {first}"):
            Path((("M", 0, 0), ("C", *values[:6]), ("L", *values[6:])))
    with pytest.raises(ValueError, match="group transform must be finite numbers, got inf"):
        Group((Rect(0, 0, 1, 1),), translate=(math.inf, 0.0))
    assert Path((("M", 1, 2), ("Q", 1, 2, 3, 4), ("Z",))).commands == (
        ("M", 1.0, 2.0), ("Q", 1.0, 2.0, 3.0, 4.0), ("Z",))
