"""Riddle maps and the legend page: structure of the SVG, every map size with sea and
bridges, positions after a turn with move arrows and build markers, nothing drawn
outside the page or on top of something else, and byte-identical output."""
from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.engine.geometry import NO_SQUARE
from generator.engine.moves import apply_move
from generator.engine.state import State
from generator.pack.model import Document
from generator.pack.yamlload import load_yaml
from generator.render import Document as PdfDocument
from generator.render import Group, Polygon, Scene, Text, document_to_pdf, scene_to_svg
from generator.render.icons import ICON_LABELS, ICONS, element_bounds
from generator.systems.riddle.maps import (
    CORNER_BOX,
    Space,
    draw_space,
    marks_of_move,
    render_map,
    sample_riddle,
    worker_colours_for,
)
from generator.systems.riddle.legend import legend_page
from generator.systems.riddle.model import Riddle, build_riddle
from generator.systems.riddle.state import RiddleState
from tests.scene_text import iter_texts

SVG_NS = "{http://www.w3.org/2000/svg}"
CONTENT = Path(__file__).resolve().parents[3] / "content" / "riddles" / "riddles"
EPS = 1e-6

CROWDED = """kind: riddle
id: crowded
number: 1
title: Crowded
island: x
map:
  grid: |
    3Wb* 1b  2K   ~   4*   .
    3W   .   .    ~   ~    .
    ~    S   2W*  1   ~    .
    ~    ~   .    .   .    W
    .    1   2    3   4    .
  bridges:
    - [C1, E1]
    - [A2, A5]
  features:
    A1: {name: Old Well, text: A.}
    E1: {name: Watchtower, text: B.}
    C3: {name: Shrine, text: C.}
coins:
  - {at: A1, colour: gold, levels: [1, 2, 3, 4]}
  - {at: E1, colour: silver, levels: [2, 4]}
  - {at: C3, colour: silver, levels: [3]}
  - {at: E5, colour: gold, levels: [4]}
objectives:
  - tier: silver
    slots: {silver: 2}
    ends: true
"""


def riddle_of(text: str) -> Riddle:
    doc = load_yaml(text, "t.yaml").documents[0]
    riddle, _ = build_riddle(Document("riddle", doc.data["id"], "t.yaml", doc), text)
    assert riddle is not None
    return riddle


def group_ids(svg: bytes) -> list[str]:
    root = ET.fromstring(svg)
    return [g.get("id", "") for g in root.iter(f"{SVG_NS}g") if g.get("id")]


def with_prefix(ids: list[str], prefix: str) -> list[str]:
    return sorted(i for i in ids if i.startswith(prefix))


def assert_on_scene(scene: Scene) -> None:
    box = element_bounds(scene.children)
    assert box is not None
    assert box[0] >= -EPS and box[1] >= -EPS, box
    assert box[2] <= scene.width + EPS and box[3] <= scene.height + EPS, (box, scene.width, scene.height)


def grid_riddle(width: int, height: int) -> tuple[Riddle, int]:
    """A width x height map split by a sea channel, crossed by bridges; and its worker count."""
    cells = [["." for _ in range(width)] for _ in range(height)]
    channel = width // 2
    for row in range(height):
        cells[row][channel] = "~"
    bridges = [f"[{chr(65 + channel - 1)}1, {chr(65 + channel + 1)}1]"]
    if height >= 3:
        cells[1][0] = "~"
        bridges.append("[A1, A3]")
    workers = 0
    for col in range(width):
        if cells[height - 1][col] == "." and workers < 4:
            cells[height - 1][col] = "W"
            workers += 1
    cells[0][width - 1] = "2b"
    grid = "\n".join("    " + " ".join(row) for row in cells)
    text = (f"kind: riddle\nid: g{width}x{height}\nnumber: 1\ntitle: G\nisland: x\nmap:\n  grid: |\n{grid}\n"
            f"  bridges: [{', '.join(bridges)}]\n"
            f"coins:\n  - {{at: {chr(64 + width)}1, colour: gold, levels: [3]}}\n"
            "objectives:\n  - {tier: silver, slots: {gold: 1}, ends: true}\n")
    return riddle_of(text), workers


# -- maps -----------------------------------------------------------------------------------


def test_set_up_map_holds_one_group_per_figure_coin_token_and_feature() -> None:
    riddle = riddle_of(CROWDED)
    svg = scene_to_svg(render_map(riddle, size_mm=150))
    ids = group_ids(svg)
    assert with_prefix(ids, "worker-") == ["worker-A1", "worker-A2", "worker-C3", "worker-F4"]
    assert with_prefix(ids, "king-") == ["king-C1"]
    assert with_prefix(ids, "sphinx-") == ["sphinx-B3"]
    assert with_prefix(ids, "coin-") == ["coin-A1", "coin-C3", "coin-E1", "coin-E5"]
    assert with_prefix(ids, "blessing-") == ["blessing-A1", "blessing-B1"]
    assert with_prefix(ids, "feature-") == ["feature-A1", "feature-C3", "feature-E1"]
    assert with_prefix(ids, "dome-") == ["dome-E1", "dome-E5"]
    assert with_prefix(ids, "bridge-") == ["bridge-A2-A5", "bridge-C1-E1"]
    assert len(ids) == len(set(ids))
    texts = [t.text for t in ET.fromstring(svg).iter(f"{SVG_NS}text")]
    for label in ("A", "F", "1", "5"):
        assert texts.count(label) >= 2  # coordinates on both sides of the board


def test_workers_are_numbered_in_reading_order_and_coloured_on_request() -> None:
    riddle = riddle_of(CROWDED)
    scene = render_map(riddle, worker_colours=worker_colours_for(3))
    workers = {g.id: g for g in scene.children if isinstance(g, Group) and (g.id or "").startswith("worker-")}
    numbers = {gid: [t.text for t in g.children if isinstance(t, Text)] for gid, g in workers.items()}
    assert numbers == {"worker-A1": ["1"], "worker-A2": ["2"], "worker-C3": ["3"], "worker-F4": ["4"]}
    with pytest.raises(ValueError, match="unknown worker colour"):
        render_map(riddle, worker_colours=("mauve",))


@pytest.mark.parametrize("width,height", [(w, h) for w in range(3, 9) for h in range(3, 9) if w == h]
                         + [(3, 8), (8, 3), (5, 4)])
def test_maps_of_every_size_with_sea_and_bridges_render(width: int, height: int) -> None:
    riddle, workers = grid_riddle(width, height)
    size = 100.0
    scene = render_map(riddle, size_mm=size)
    assert max(scene.width, scene.height) == pytest.approx(size)
    assert scene.width / scene.height == pytest.approx((width + 0.9) / (height + 0.9))
    assert_on_scene(scene)
    ids = group_ids(scene_to_svg(scene))
    assert len(with_prefix(ids, "worker-")) == workers
    assert len(with_prefix(ids, "bridge-")) == len(riddle.board.geometry.bridges) >= 1
    assert len(with_prefix(ids, "coin-")) == 1 and len(with_prefix(ids, "blessing-")) == 1


def test_bridges_join_the_coasts_of_their_ends() -> None:
    riddle, _ = grid_riddle(5, 5)
    scene = render_map(riddle, size_mm=100)
    c = 100 / (5 + 0.9)
    bridge = next(g for g in scene.children if isinstance(g, Group) and g.id == "bridge-B1-D1")
    plank = bridge.children[0]
    assert isinstance(plank, Polygon)
    xs = [x for x, _ in plank.points]
    # The arrowheads' tips touch B1's right edge and D1's left edge, across C1.
    assert min(xs) == pytest.approx(0.45 * c + 2 * c)
    assert max(xs) == pytest.approx(0.45 * c + 3 * c)
    assert {round(y, 6) for x, y in plank.points if x in (min(xs), max(xs))} == {round(0.45 * c + c / 2, 6)}


def test_items_of_a_crowded_space_keep_apart() -> None:
    """A coin, a worker, a blessing token and a feature on a level-3 tower: no two overlap."""
    crowded = Space(level=3, figure="worker", worker=0, coin=("gold", (1, 2, 3, 4)), token=True,
                    feature=True)
    for c in (9.0, 20.0, 40.0):
        elements = draw_space(10, 10, c, crowded, "X1")
        groups = [g for g in elements if isinstance(g, Group)]
        assert sorted(g.id or "" for g in groups) == ["blessing-X1", "coin-X1", "feature-X1", "worker-X1"]
        discs = []
        for g in groups:
            box = element_bounds(g.children)
            assert box is not None and 10 - EPS <= box[0] and box[2] <= 10 + c + EPS
            discs.append(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[2] - box[0]) / 2))
        for (x1, y1, r1), (x2, y2, r2) in itertools.combinations(discs, 2):
            assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2, (c, (x1, y1, r1), (x2, y2, r2))
        # The height badge stays clear of every item too.
        badge = (10 + 0.155 * c, 10 + 0.155 * c, 0.095 * c)
        for x, y, r in discs:
            assert math.hypot(x - badge[0], y - badge[1]) >= r + badge[2]
    assert CORNER_BOX < 0.5


def test_a_position_after_a_turn_with_its_move_arrow_and_build_marker() -> None:
    riddle = sample_riddle()
    g = riddle.board.geometry
    before = riddle.board.state()
    move = (0, g.square("C2"), g.square("C1"))
    arrows, builds = marks_of_move(before, move)
    assert arrows == ((g.square("B2"), g.square("C2")),) and builds == (g.square("C1"),)
    after = RiddleState(board=apply_move(g, before, move), stock=riddle.stockpile, turn=1,
                        collected=0b1, tokens=0)  # the C1 coin collected, the token taken
    scene = render_map(riddle, after, arrows, 90, builds=builds,
                       worker_colours=worker_colours_for(1))
    assert_on_scene(scene)
    ids = group_ids(scene_to_svg(scene))
    assert with_prefix(ids, "move-") == ["move-B2-C2"]
    assert with_prefix(ids, "build-") == ["build-C1"]
    assert "worker-C2" in ids and "worker-B2" not in ids
    assert with_prefix(ids, "coin-") == ["coin-A3", "coin-C3"]
    assert with_prefix(ids, "blessing-") == []
    # Names work as well as squares; an arrow to an empty space still draws.
    named = render_map(riddle, after, [("B2", "C2"), ("D4", "E5")], 90, builds=["C1"])
    assert with_prefix(group_ids(scene_to_svg(named)), "move-") == ["move-B2-C2", "move-D4-E5"]


def test_sunk_spaces_and_absent_figures() -> None:
    riddle = riddle_of(CROWDED)
    g = riddle.board.geometry
    start = riddle.board.state()
    gone = start._replace(workers=(NO_SQUARE, *start.workers[1:]), sphinx=NO_SQUARE)
    sunk = 1 << g.square("B2")
    state = RiddleState(board=gone._replace(domes=gone.domes | sunk), stock=riddle.stockpile,
                        tokens=riddle.board.tokens, sunk=sunk)
    ids = group_ids(scene_to_svg(render_map(riddle, state)))
    assert "sunk-B2" in ids and "dome-B2" not in ids
    assert "worker-A1" not in ids and not with_prefix(ids, "sphinx-")
    # A plain engine State draws too (set-up coins and tokens).
    assert "coin-A1" in group_ids(scene_to_svg(render_map(riddle, State(*start))))


def test_marks_of_other_actions_are_empty() -> None:
    state = State(0, 0, 0, 0, (0, NO_SQUARE))
    assert marks_of_move(state, (-1, 0, -1)) == ((), ())
    assert marks_of_move(state, (1, 2, 3)) == ((), ())
    assert marks_of_move(state, (0, 1, NO_SQUARE)) == (((0, 1),), ())


def test_maps_are_byte_identical_run_to_run() -> None:
    riddle = riddle_of(CROWDED)
    first = render_map(riddle, None, [("B3", "B2")], 120, builds=["C2"])
    again = render_map(riddle_of(CROWDED), None, [("B3", "B2")], 120, builds=["C2"])
    assert first == again
    assert scene_to_svg(first) == scene_to_svg(again)
    assert document_to_pdf(PdfDocument((first,))) == document_to_pdf(PdfDocument((again,)))


def test_shipped_riddles_render() -> None:
    files = sorted(CONTENT.glob("*.yaml"))
    if not files:
        pytest.skip("no shipped riddles yet")
    drawn = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        doc = load_yaml(text, path.name).documents[0]
        riddle, _ = build_riddle(Document("riddle", doc.data["id"], path.name, doc), text)
        if riddle is None:
            continue  # content being written; its own checks report it
        scene = render_map(riddle, size_mm=110)
        assert_on_scene(scene)
        assert len(with_prefix(group_ids(scene_to_svg(scene)), "worker-")) == len(
            [sq for sq in riddle.board.workers if sq != NO_SQUARE])
        drawn += 1
    assert drawn


# -- the legend -----------------------------------------------------------------------------


def legend_texts(scene: Scene) -> str:
    return "\n".join(iter_texts(scene.children))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_legend_shows_every_icon_with_its_names_inside_the_margins(paper: str) -> None:
    page = legend_page(paper)
    ids = group_ids(scene_to_svg(page))
    assert sorted(i.removeprefix("legend-") for i in ids if i.startswith("legend-")) == sorted(ICONS)
    texts = legend_texts(page)
    for name, label in ICON_LABELS.items():
        assert f":{name}:" not in texts  # the player's book shows meanings, not markup
        assert label.split()[0] in texts
    designer = legend_texts(legend_page(paper, codes=True))
    assert all(f":{name}:" in designer for name in ICON_LABELS)
    inner = element_bounds(page.children[1:])  # everything but the white page itself
    assert inner is not None
    assert inner[0] >= 10 and inner[1] >= 10
    assert inner[2] <= page.width - 10 and inner[3] <= page.height - 10, inner


def test_legend_is_byte_identical_and_prints() -> None:
    page = legend_page("a4")
    assert scene_to_svg(page) == scene_to_svg(legend_page("a4"))
    pdf = document_to_pdf(PdfDocument((page,), title="legend"))
    assert pdf == document_to_pdf(PdfDocument((legend_page("a4"),), title="legend"))


def _disc(box: tuple[float, float, float, float] | None) -> tuple[float, float, float]:
    """The round icon or figure drawn in ``box``: centre and radius."""
    assert box is not None
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, max(box[2] - box[0], box[3] - box[1]) / 2


def _apart(a: tuple[float, float, float], b: tuple[float, float, float]) -> bool:
    return math.hypot(a[0] - b[0], a[1] - b[1]) >= a[2] + b[2] - EPS


@pytest.mark.parametrize("start", ["A2", "B1", "A1", "C1", "C3", "D4", "B4"])
def test_power_icons_of_one_move_sit_side_by_side_clear_of_the_figures(start: str) -> None:
    """A blessing card and a god (or two gods) used on one turn: every icon is drawn on
    the arrow, none over another or over the worker at either end of the arrow."""
    riddle = riddle_of(ICON_MAP)
    for icons in (("blessing", "builder"), ("blessing", "mover", "builder")):
        scene = render_map(riddle, None, [(start, "B2")], 90, arrow_icons=icons)
        groups = {g.id: g for g in scene.children if isinstance(g, Group) and g.id}
        power = [_disc(element_bounds(g.children)) for i, g in groups.items()
                 if i.startswith("power-")]
        assert len(power) == len(icons), sorted(groups)
        figures = [_disc(element_bounds(groups[i].children))
                   for i in ("worker-B2", f"worker-{start}") if i in groups]
        assert figures
        for a, b in itertools.combinations(power, 2):
            assert _apart(a, b), (start, a, b)
        if len(icons) == 2:  # three across a one-step arrow may reach a neighbour's figure
            for a in power:
                for f in figures:
                    assert _apart(a, f), (start, a, f)


ICON_MAP = """kind: riddle
id: icons
number: 1
title: Icons
island: x
map:
  grid: |
    . . . .
    . W . .
    . . . .
    . . . .
coins:
  - {at: D1, colour: silver, levels: [1]}
objectives:
  - tier: silver
    slots: {silver: 1}
    ends: true
"""
