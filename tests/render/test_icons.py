"""The icon set: every icon stays in its box, the registry works as inline text icons,
the legend order covers every icon, and bounds are computed right."""
from __future__ import annotations

import math

import pytest

from generator.render import (
    Circle,
    Document,
    Group,
    Line,
    Path,
    Polygon,
    Rect,
    Scene,
    Style,
    Text,
    document_to_pdf,
    fit_text,
    scene_to_svg,
)
from generator.render.icons import (
    GEM_COLOURS,
    GEM_FALLBACK,
    ICON_GROUPS,
    ICON_LABELS,
    ICONS,
    WORKER_COLOURS,
    arrow_shape,
    element_bounds,
    icon_block,
    icon_coin,
    icon_die_face,
    icon_gem,
    icon_tower,
    icon_wanderer,
    icon_worker,
)

EPS = 1e-6
SIZES = (3.5, 10.0, 24.0)


def assert_inside(elements: tuple[object, ...], x: float, y: float, size: float, what: str) -> None:
    box = element_bounds(elements)  # type: ignore[arg-type]
    assert box is not None, f"{what} draws nothing"
    left, top, right, bottom = box
    assert left >= x - EPS and top >= y - EPS, f"{what} leaves its box at the top/left: {box}"
    assert right <= x + size + EPS and bottom <= y + size + EPS, f"{what} leaves its box: {box}"
    # An icon uses its box: nothing drawn as a speck in one corner.
    assert right - left >= size * 0.5 or bottom - top >= size * 0.5, f"{what} is too small: {box}"


@pytest.mark.parametrize("name", sorted(ICONS))
def test_every_icon_stays_in_its_box(name: str) -> None:
    for size in SIZES:
        for x, y in ((0.0, 0.0), (17.25, 103.5)):
            elements = ICONS[name](x, y, size)
            assert elements and isinstance(elements, tuple)
            assert_inside(elements, x, y, size, f"{name} at {size} mm")


@pytest.mark.parametrize("levels", [(), (1,), (4,), (1, 2), (2, 4), (1, 2, 3), (1, 2, 3, 4), (3, 3, 1)])
def test_coins_show_any_levels_inside_the_coin(levels: tuple[int, ...]) -> None:
    for colour in ("silver", "gold"):
        elements = icon_coin(5, 5, 8, colour=colour, levels=levels)
        assert_inside(elements, 5, 5, 8, f"{colour} coin {levels}")
        digits = sorted(t.text for t in elements if isinstance(t, Text))
        assert digits == sorted({str(lv) for lv in levels if lv != 4})


def test_parametrised_icons_stay_in_their_box() -> None:
    for height in (1, 2, 3, 4):
        assert_inside(icon_tower(0, 0, 12, height=height), 0, 0, 12, f"tower {height}")
    for level in (1, 2, 3):
        assert_inside(icon_block(0, 0, 12, level=level), 0, 0, 12, f"block {level}")
    for colour in WORKER_COLOURS:
        assert_inside(icon_worker(0, 0, 9, colour=colour, label="4"), 0, 0, 9, f"worker {colour}")
    assert_inside(icon_wanderer(0, 0, 9, label="12"), 0, 0, 9, "wanderer")
    for colour in (*GEM_COLOURS, "nacre", "sea-foam"):
        assert_inside(icon_die_face(0, 0, 9, colour=colour), 0, 0, 9, f"die {colour}")
        assert_inside(icon_gem(0, 0, 9, colour=colour), 0, 0, 9, f"gem {colour}")


def test_unknown_colours_draw_grey_and_bad_arguments_raise() -> None:
    face = icon_die_face(0, 0, 9, colour="nacre")
    assert isinstance(face[0], Rect) and face[0].style.fill == GEM_FALLBACK
    assert [t.text for t in face if isinstance(t, Text)] == ["N"]
    with pytest.raises(ValueError, match="silver or gold"):
        icon_coin(0, 0, 5, colour="bronze")
    with pytest.raises(ValueError, match="1-4"):
        icon_tower(0, 0, 5, height=5)
    with pytest.raises(ValueError, match="1, 2 or 3"):
        icon_block(0, 0, 5, level=0)
    with pytest.raises(KeyError):
        icon_worker(0, 0, 5, colour="mauve")


def test_worker_labels_fit_on_the_pawn() -> None:
    label = [t for t in icon_worker(0, 0, 10, colour="blue", label="3") if isinstance(t, Text)]
    assert [t.text for t in label] == ["3"]
    assert label[0].fill == WORKER_COLOURS["blue"][0]  # knocked out of the pawn in the token colour


def test_legend_groups_list_every_icon_once_with_a_label() -> None:
    listed = [name for _, names in ICON_GROUPS for name in names]
    assert sorted(listed) == sorted(ICONS)
    assert len(listed) == len(set(listed))
    assert set(ICON_LABELS) == set(ICONS)
    assert all(label.strip() for label in ICON_LABELS.values())


def test_the_set_covers_the_pieces_figures_and_tokens_a_riddle_needs() -> None:
    needed = {"level-1", "level-2", "level-3", "dome", "tower-1", "tower-2", "tower-3", "tower-4",
              "worker-white", "worker-blue", "wanderer", "king", "sphinx", "blessing", "coin-silver",
              "coin-gold", "bridge", "sea", "feature", "mover", "builder", "specialist"}
    assert needed <= set(ICONS)
    assert any(n.startswith("die-") for n in ICONS) and any(n.startswith("gem-") for n in ICONS)


def test_icons_work_as_inline_text_icons() -> None:
    r = fit_text("Build :level-2: on the :coin-gold-2: next to :sphinx:.", 60, 20, icons=ICONS)
    assert r.fits and r.unknown_icons == ()
    assert len(r.block.icons) > 3
    box = element_bounds(r.block.icons)
    assert box is not None and box[0] >= 0 and box[2] <= 60


def test_every_icon_draws_in_both_backends_deterministically() -> None:
    children = []
    for i, name in enumerate(sorted(ICONS)):
        x, y = 4 + (i % 8) * 12, 4 + (i // 8) * 12
        children.append(Group(ICONS[name](x, y, 10), id=f"icon-{name}"))
    scene = Scene(100, 12 * math.ceil(len(ICONS) / 8) + 8, tuple(children), id="icons")
    svg = scene_to_svg(scene)
    assert svg == scene_to_svg(scene)
    assert all(f'id="icon-{name}"'.encode() in svg for name in ICONS)
    pdf = document_to_pdf(Document((scene,)))
    assert pdf.startswith(b"%PDF") and pdf == document_to_pdf(Document((scene,)))


# -- bounds -------------------------------------------------------------------------------


def test_bounds_count_strokes_and_miter_corners() -> None:
    thin = Style(fill="#000000")
    stroked = Style(stroke="#000000", stroke_width=1.0)
    assert element_bounds([]) is None
    assert element_bounds([Rect(0, 0, 5, 5)]) is None  # neither fill nor stroke: nothing drawn
    assert element_bounds([Rect(1, 1, 2, 2, stroked)]) == (0.5, 0.5, 3.5, 3.5)
    assert element_bounds([Line(0, 0, 10, 0, stroked)]) == (-0.5, -0.5, 10.5, 0.5)
    # A right angle's miter reaches half the width out on both axes: exactly the box.
    square = element_bounds([Polygon(((0, 0), (4, 0), (4, 4), (0, 4)), stroked)])
    assert square is not None and all(math.isclose(a, b) for a, b in zip(square, (-0.5, -0.5, 4.5, 4.5)))
    # A 60-degree tip sticks out by half the width / sin(30 degrees) = the full width.
    tri = element_bounds([Polygon(((0, 0), (10, 0), (5, 10 * math.sin(math.pi / 3))), stroked)])
    assert tri is not None and math.isclose(tri[3], 10 * math.sin(math.pi / 3) + 1.0)
    # Beyond the miter limit the corner is beveled: within half the width.
    spike = element_bounds([Polygon(((0, 0), (1, 0), (0.5, 20)), stroked)])
    assert spike is not None and spike[3] <= 20.5 + EPS
    assert element_bounds([Circle(0, 0, 2, thin)]) == (-2, -2, 2, 2)


def test_bounds_of_paths_text_and_groups() -> None:
    curve = Path((("M", 0, 0), ("Q", 5, -10, 10, 0)), Style(stroke="#000000", stroke_width=0.2))
    box = element_bounds([curve])
    assert box is not None and box[1] <= -5 and box[2] == pytest.approx(10.1)
    text = element_bounds([Text(10, 10, "Sphinx", size=10, anchor="middle")])
    assert text is not None and text[0] < 10 < text[2] and text[1] < 10 < text[3]
    moved = element_bounds([Group((Rect(0, 0, 2, 1, Style(fill="#000000")),), translate=(5, 5), scale=2)])
    assert moved == (5, 5, 9, 7)
    turned = element_bounds([Group((Rect(0, 0, 2, 1, Style(fill="#000000")),), rotate=90)])
    assert turned is not None and turned[0] == pytest.approx(-1) and turned[3] == pytest.approx(2)


def test_arrow_shape_points_from_start_to_end() -> None:
    arrow = arrow_shape(0, 0, 10, 0, 1, 3, Style(fill="#000000"))
    xs = [p[0] for p in arrow.points]
    assert min(xs) == 0 and max(xs) == 10
    both = arrow_shape(0, 0, 0, 10, 1, 3, Style(fill="#000000"), both=True)
    ys = [p[1] for p in both.points]
    assert min(ys) == 0 and max(ys) == 10
