"""Markup, wrapping and shrink-to-fit."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.render import MM_PER_PT, Circle, Style, fit_text, fonts
from generator.render.scene import Element

LOREM = ("The sphinx asks the builders a question that has no easy answer, and the tower "
         "grows one level higher each time a worker guesses wrong. ")


def texts(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [r.text for r in result.block.runs]


def styled(result) -> list[tuple[str, bool, bool]]:  # type: ignore[no-untyped-def]
    return [(r.text, r.bold, r.italic) for r in result.block.runs]


def run_right(run) -> float:  # type: ignore[no-untyped-def]
    return run.x + fonts.measure(run.text, run.font, run.bold, run.italic, run.size)


def test_fits_at_max_size_on_one_line() -> None:
    r = fit_text("Gain one tile.", 60, 10)
    assert (r.fits, r.size, r.lines, r.overflow_mm) == (True, 10.0, 1, 0.0)
    assert texts(r) == ["Gain one tile."]
    assert r.block.runs[0].x == 0 and r.block.width == 60 and r.block.height == 10


def test_shrinks_in_quarter_points_until_it_fits() -> None:
    r = fit_text(LOREM, 50, 20, max_size=10, min_size=6)
    assert r.fits and 6 <= r.size < 10
    assert (r.size * 4) == int(r.size * 4)  # on the 0.25 pt grid
    line_h = r.size * MM_PER_PT * 1.2
    assert r.lines * line_h <= 20 + 1e-6
    # One step larger would not have fitted.
    bigger = fit_text(LOREM, 50, 20, max_size=r.size + 0.25, min_size=r.size + 0.25)
    assert not bigger.fits


def test_overflow_is_reported_at_min_size() -> None:
    r = fit_text(LOREM * 4, 40, 15, max_size=9, min_size=7)
    assert not r.fits and r.size == 7
    line_h = 7 * MM_PER_PT * 1.2
    assert r.overflow_mm == pytest.approx(r.lines * line_h - 15, abs=1e-3)
    assert r.overflow_mm > line_h  # several lines too many, not a rounding error
    assert r.block.runs  # still laid out, for a preview


def test_min_size_off_the_grid_is_still_tried() -> None:
    r = fit_text(LOREM, 50, 16, max_size=10, min_size=6.1)
    assert r.size == 6.1 or r.size >= 6.25


def test_bold_and_italic_survive_wrapping() -> None:
    r = fit_text("plain **bold words that wrap over several lines** and *slanted words too*", 25, 60)
    assert r.lines > 3
    bold_words = [t for t, b, i in styled(r) if b]
    assert " ".join(bold_words).split() == ["bold", "words", "that", "wrap", "over", "several", "lines"]
    assert all(not i for t, b, i in styled(r) if b)
    assert " ".join(t for t, b, i in styled(r) if i).split() == ["slanted", "words", "too"]


def test_nested_and_unmatched_markers() -> None:
    r = fit_text("***both*** 5 * 3 = 15, a*b and **open", 200, 10)
    assert styled(r)[0] == ("both", True, True)
    assert "".join(texts(r)[1:]).endswith("5 * 3 = 15, a*b and **open")


def test_escapes_and_hard_breaks() -> None:
    r = fit_text("\\*not italic\\* and a \\:colon:\nsecond\\nthird\n", 200, 30, icons={})
    assert texts(r) == ["*not italic* and a :colon:", "second", "third"]
    assert r.lines == 3  # the trailing line end adds no empty line
    assert fit_text("a\n\nb", 100, 30).lines == 3  # a blank line is kept


def test_spaces_collapse_and_runs_never_start_with_a_space() -> None:
    r = fit_text("  lots   of\tspace  ", 100, 10)
    assert texts(r) == ["lots of space"]


def test_long_words_are_broken() -> None:
    word = "Pneumonoultramicroscopicsilicovolcanoconiosis"
    r = fit_text(f"a {word} b", 20, 60, max_size=10, min_size=10)
    assert r.fits and r.lines >= 3
    assert "".join(texts(r)).replace(" ", "") == f"a{word}b"
    assert all(run_right(run) <= 20 + 1e-6 for run in r.block.runs)


def test_icons_are_one_em_and_drawn_by_the_registry() -> None:
    calls: list[tuple[float, float, float]] = []

    def coin(x: float, y: float, size: float) -> tuple[Element, ...]:
        calls.append((x, y, size))
        return (Circle(x + size / 2, y + size / 2, size / 2, Style(fill="#d4ac0d")),)

    r = fit_text("Pay :coin::coin: now", 100, 10, max_size=9, icons={"coin": coin})
    em = 9 * MM_PER_PT
    assert [c[2] for c in calls] == [pytest.approx(em)] * 2
    assert calls[1][0] - calls[0][0] == pytest.approx(em)  # side by side, no gap
    pay, now = r.block.runs
    assert calls[0][0] == pytest.approx(run_right(pay) + fonts.measure(" ", size_pt=9))
    assert now.x == pytest.approx(calls[1][0] + em + fonts.measure(" ", size_pt=9))
    assert len(r.block.icons) == 2 and r.unknown_icons == ()


def test_unknown_icons_are_literal_and_reported() -> None:
    r = fit_text("Take :gem: at 10:30", 100, 10, icons={"coin": lambda x, y, s: ()})
    assert texts(r) == ["Take :gem: at 10:30"] and r.unknown_icons == ("gem",)
    plain = fit_text("Take :gem: now", 100, 10)  # no registry: colons are just text
    assert texts(plain) == ["Take :gem: now"] and plain.unknown_icons == ()


def test_missing_glyphs_are_reported() -> None:
    assert fit_text("Ωμέγα **謎**", 100, 10).missing_glyphs == frozenset({"謎"})


def test_alignment() -> None:
    box_w = 80
    r = fit_text("short line", box_w, 30, align="center", valign="middle")
    run = r.block.runs[0]
    assert run.x == pytest.approx(box_w - run_right(run))
    left = fit_text("short line", box_w, 30)
    assert left.block.runs[0].y < run.y  # middle sits lower than top
    right = fit_text("short line", box_w, 30, align="right")
    assert run_right(right.block.runs[0]) == pytest.approx(box_w)


def test_empty_text_fits() -> None:
    r = fit_text("", 10, 0)
    assert r.fits and r.lines == 0 and r.block.runs == ()


def test_bad_arguments() -> None:
    for kwargs in ({"align": "justify"}, {"valign": "baseline"}, {"min_size": 12},
                   {"family": "comic"}, {"leading": 0}):
        with pytest.raises(ValueError):
            fit_text("x", 10, 10, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        fit_text("x", 0, 10)


words = st.sampled_from(["sphinx", "**dome**", "*tile*", "a", "Ωμέγα", "extraordinarily-long-word",
                         "\n", "tower", "5*3", ":coin:"])


@settings(max_examples=60, deadline=None)
@given(st.lists(words, max_size=40), st.floats(8, 80), st.floats(3, 60))
def test_fitted_text_stays_inside_its_box(parts: list[str], width: float, height: float) -> None:
    r = fit_text(" ".join(parts), width, height, icons={"coin": lambda x, y, s: ()})
    if r.fits:
        assert all(run_right(run) <= width + 1e-6 and run.x >= -1e-9 for run in r.block.runs)
        assert r.lines * r.size * MM_PER_PT * 1.2 <= height + 1e-6
        assert r.overflow_mm == 0
    else:
        assert r.size == 6 and r.overflow_mm > 0


def test_fit_diagnostics() -> None:
    from generator.render import diagnose_fit

    too_long = fit_text(LOREM * 3, 30, 10)
    (d,) = diagnose_fit(too_long, "cards.yaml", 7, 11, pointer="/cards/2/text", what="riddle text")
    assert (d.code, d.line, d.col, d.pointer, d.severity.value) == (
        "RS-R001", 7, 11, "/cards/2/text", "error")
    assert f"{too_long.overflow_mm:g} mm" in d.message
    shrunk = fit_text(LOREM, 50, 20)
    assert shrunk.size < 10
    assert [d.code for d in diagnose_fit(shrunk, "f", preferred_size=10)] == ["RS-R002"]
    assert diagnose_fit(shrunk, "f", preferred_size=shrunk.size) == []
    (g,) = diagnose_fit(fit_text("Tile 謎", 50, 20), "f")
    assert g.code == "RS-R004" and "U+8B0E" in g.message
