"""The fast fit check (lazy words, early exit) is pinned to the slow, obvious one."""
from __future__ import annotations

import random

import pytest

from fit_reference import reference_fit
from generator.render import fit_text
from generator.render.scene import Element

VOCABULARY = ["sphinx", "a", "tower", "**dome**", "*tile*", "***both***", "5 * 3", "a*b", "**open",
              "\\*lit\\*", "\\:x:", "\\n", "\n", "\r\n", "\n\n", "\t", "   ", "Ωμέγα", "謎",
              ":coin:", ":gem:", "10:30", "\x07", "\u200b", "extraordinarily-long-word",
              "Pneumonoultramicroscopicsilicovolcanoconiosis", "é", "\\", "x" * 90]


def _coin(x: float, y: float, size: float) -> tuple[Element, ...]:
    return ()


def _text(rng: random.Random) -> str:
    n = rng.choice([0, 1, 3, 10, 40, 150])
    return (" " if rng.random() < 0.7 else "").join(rng.choice(VOCABULARY) for _ in range(n))


def _shape(result) -> tuple:  # type: ignore[no-untyped-def]
    return (result.size, result.fits, result.lines, result.overflow_mm, result.block,
            result.unknown_icons, result.missing_glyphs)


@pytest.mark.parametrize("seed", range(6))
def test_fast_fit_matches_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        text = _text(rng)
        width, height = rng.uniform(8, 90), rng.uniform(0, 60)
        max_size = rng.choice([6.0, 8.0, 10.0, 12.5])
        min_size = rng.choice([max_size, 6.0, 4.1]) if max_size >= 6 else max_size
        icons = {"coin": _coin} if rng.random() < 0.5 else None
        fast = fit_text(text, width, height, max_size=max_size, min_size=min_size, icons=icons)
        slow = reference_fit(text, width, height, max_size=max_size, min_size=min_size,
                             icons=icons)
        case = (seed, text, width, height, max_size, min_size)
        if fast.complete:
            assert _shape(fast) == _shape(slow), case
        else:  # laid out in part: the same verdict, and bounds below the full layout
            assert not fast.fits and not slow.fits and fast.size == slow.size, case
            assert fast.lines <= slow.lines and fast.overflow_mm <= slow.overflow_mm, case
            assert (fast.unknown_icons, fast.missing_glyphs) == (
                slow.unknown_icons, slow.missing_glyphs), case


def test_a_megabyte_of_text_is_cut_short() -> None:
    rng = random.Random(7)
    text = " ".join(rng.choice(VOCABULARY[:12]) for _ in range(200_000))
    r = fit_text(text, 40, 10)
    assert not r.fits and not r.complete and r.lines < 100
    word = fit_text("x" * 1_000_000, 40, 10)
    assert not word.fits and not word.complete and word.lines < 100


def test_reused_fits_match_fresh_ones() -> None:
    """Within reuse_fits (the live preview), a fit met in the last run comes from there:
    pinned to a fresh fit_text on generated texts, boxes and sizes, some repeated."""
    from generator.render.text import reuse_fits

    rng = random.Random(27)
    memo: dict = {}
    cases = []
    for _round in range(4):
        # Half of each round repeats earlier cases (reused), half is new.
        cases = rng.sample(cases, len(cases) // 2) + [
            (_text(rng), rng.uniform(8, 90), rng.uniform(0, 60), rng.choice([6.0, 8.0, 12.5]),
             rng.choice(["left", "center"])) for _ in range(30)]
        with reuse_fits(memo) as used:
            got = [fit_text(t, w, h, max_size=m, min_size=4.1, align=a) for t, w, h, m, a in cases]
        memo = used
        assert got == [fit_text(t, w, h, max_size=m, min_size=4.1, align=a) for t, w, h, m, a in cases]
        assert len(memo) == len(set(cases))
