"""Cut-safe riddle sheets, measured on the scenes: cards keep text and frames in the safe zone,
sheets choose the gutter where neighbours differ, the constellation's diamonds never touch,
and nothing prints below 6 pt (issue 12 §1)."""
from __future__ import annotations

import itertools
import math
import random
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.model import Pack
from generator.pack.schema import load_schemas
from generator.pack.yamlload import Limits
from generator.pipeline import check, kinds_of
from generator.render.geometry import PAPERS
from generator.render.icons import element_bounds
from generator.render.scene import Element, Group, Polygon, Rect, Scene, Text, TextBlock
from generator.render.text import iter_printed_sizes, small_texts
from generator.systems import Options
from generator.registry import discover_systems
from generator.systems.riddle.cards import (
    CardSettings,
    blessing_back,
    blessing_front,
    god_back,
    god_front,
    iter_card_sheets,
)
from generator.systems.riddle.components import (
    SPACE,
    component_pages,
    count_needs,
    needs_lines,
    needs_page,
)
from generator.systems.riddle.content import read_content
from generator.systems.riddle.legend import legend_page
from generator.systems.riddle.constellation import (
    constellation_page,
    DIAMOND_MIN,
    DIAMOND_OFFSET,
    PATH_DIAMOND,
    _clear,
    _diamond_centres,
    _largest,
    path_diamonds,
)
from generator.systems.riddle.player_aid import AID_CARD_SIZE, aid_card_faces, player_aid_pages
from generator.systems.riddle.sheets import campaign_sheet_pages
from generator.systems.riddle.sky_layout import SkyLayout

SHIPPED = Path(__file__).resolve().parents[3] / "content" / "riddles"


@pytest.fixture(scope="module")
def shipped() -> Pack:
    """The shipped campaign, loaded and validated (no proofs: these tests draw cards)."""
    return load_packs([SHIPPED], load_schemas(), kinds_of(discover_systems()), Limits()).packs[0]


def texts_and_frames(elements: tuple[Element, ...]) -> list[Element]:
    """Text runs and frame lines (stroked, unfilled rectangles) at top level or in
    untransformed groups."""
    out: list[Element] = []
    for el in elements:
        if isinstance(el, Group) and el.translate == (0.0, 0.0) and el.rotate == 0 and el.scale == 1:
            out += texts_and_frames(el.children)
        elif isinstance(el, (Text, TextBlock)):
            out.append(el)
        elif isinstance(el, Rect) and el.style.stroke and not el.style.fill:
            out.append(el)
    return out


def assert_inside_safe_zone(scene: Scene, s: CardSettings) -> None:
    lo = s.bleed + s.safe - 1e-6
    hi_x, hi_y = scene.width - lo, scene.height - lo
    for el in texts_and_frames(scene.children):
        box = element_bounds([el])
        if box is None:
            continue
        assert box[0] >= lo and box[1] >= lo and box[2] <= hi_x and box[3] <= hi_y, \
            f"{scene.id}: {el!r:.80} reaches {box} (safe zone {lo:.2f} mm from the scene's edge)"


@pytest.mark.parametrize("safe", [3.0, 5.0])
def test_card_text_and_frames_keep_print_safe(shipped: Pack, safe: float) -> None:
    content = read_content(shipped, None)
    s = CardSettings(63.5, 88.9, 3.0, "auto", True, safe)
    scenes = [god_front(content.gods[d.id], s, None, content.title) for d in content.god_docs]
    scenes += [blessing_front(card, s, None) for card, _ in content.blessings]
    scenes += [god_back(s, content.title), blessing_back(s, content.title)]
    aid = CardSettings(*AID_CARD_SIZE, 3.0, "auto", True, safe)
    scenes += aid_card_faces(content, aid)[:2]
    for scene in scenes:
        assert_inside_safe_zone(scene, aid if scene.id.startswith("aid") else s)


def test_god_sheets_get_the_gutter_blessings_and_packing(shipped: Pack) -> None:
    content = read_content(shipped, None)
    s = CardSettings(63.5, 88.9, 3.0, "auto", True)
    sheets = {name: (f, b) for name, f, b in iter_card_sheets(content, s, PAPERS["a4"], (0, 0), None)}
    gods, _ = sheets["gods"]
    # God headers differ in colour at the cut: every god card keeps its whole bleed.
    for page in gods:
        clips = [g.clip for g in page.children if isinstance(g, Group) and g.clip is not None]
        boxes = [(c.x, c.y, c.x + c.w, c.y + c.h) for c in clips if c is not None]
        for a, b in itertools.combinations(boxes, 2):
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
        assert all(c is not None and abs(c.w - (63.5 + 6)) < 1e-6 or abs(c.h - (63.5 + 6)) < 1e-6
                   for c in clips)
    packed = list(iter_card_sheets(content, CardSettings(63.5, 88.9, 3.0, "auto", True,
                                                         pack_sheets=True),
                                   PAPERS["a4"], (0, 0), None))
    assert [name for name, _, _ in packed] == ["cards"]
    n_cards = len(content.god_docs) + len(content.blessings)
    placed = sum(len([g for g in p.children if isinstance(g, Group) and g.clip is not None])
                 for p in packed[0][1])
    assert placed == n_cards
    assert len(packed[0][1]) <= len(gods) + len(sheets["blessings"][0])


def diamonds(scene: Scene) -> list[tuple[float, float, float]]:
    out = []
    for el in scene.children:
        if isinstance(el, Polygon) and len(el.points) == 4 and el.style.fill == "#ffffff":
            xs = [p[0] for p in el.points]
            ys = [p[1] for p in el.points]
            cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
            out.append((cx, cy, (max(xs) - min(xs)) / 2))
    return out


def test_constellation_diamonds_never_touch_and_names_share_one_size(shipped: Pack) -> None:
    content = read_content(shipped, None)
    for paper in ("a4", "letter"):
        page, layout = constellation_page(content, PAPERS[paper], None, 1)
        assert layout is not None
        found = diamonds(page)
        assert len(found) == sum(count for _, _, count in layout.paths)
        for (x1, y1, r1), (x2, y2, r2) in itertools.combinations(found, 2):
            # Diamonds are L1 balls: apart when the L1 distance exceeds both radii and strokes.
            assert abs(x1 - x2) + abs(y1 - y2) >= r1 + r2 + 0.4, ((x1, y1, r1), (x2, y2, r2))
        # Measured floor: 0.84 mm on Letter before short paths staggered their diamonds.
        assert min(r for _, _, r in found) >= 1.9, "diamonds large enough to shade (3.8 mm across)"
        assert_diamonds_clear_of_other_paths(layout)
        named = _node_names(page, content)
        assert len(named) == len(layout.nodes) - 1  # every node but Polaris
        sizes = {t.size for t in named}
        assert len(sizes) == 1 and min(sizes) >= 6.0, sizes


def _node_names(page: Scene, content: object) -> list[Text]:
    from generator.systems.riddle.wording import local

    gods = getattr(content, "gods")
    wanted = {local(g.name, None) for g in gods.values()}
    return [t for t, _ in iter_printed_sizes(page.children) if t.text in wanted and t.bold
            and t.font == "serif"]


def assert_diamonds_clear_of_other_paths(layout: SkyLayout) -> None:
    """No diamond reaches another path's line or a node (diamonds are L1 balls: one reaches
    a line when its centre is closer than r times the larger component of the line's normal)."""
    pos = {name: (x, y) for name, x, y in layout.nodes}
    for a, b, count in layout.paths:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        length = math.dist(pos[a], pos[b])
        start, end = layout.radius(a) + 0.6, length - layout.radius(b) - 0.6
        for cx, cy, r in path_diamonds(x1, y1, x2, y2, start, end, count):
            for c, d, _ in layout.paths:
                if (c, d) == (a, b):
                    continue
                (px, py), (qx, qy) = pos[c], pos[d]
                dx, dy = qx - px, qy - py
                t = max(0.0, min(1.0, ((cx - px) * dx + (cy - py) * dy) / (dx * dx + dy * dy)))
                gap = math.hypot(cx - px - t * dx, cy - py - t * dy)
                reach = r * max(abs(dx), abs(dy)) / math.hypot(dx, dy)
                assert gap >= reach + 0.4, ((a, b), (c, d), gap, reach)
            for name, (nx, ny) in pos.items():
                assert math.hypot(cx - nx, cy - ny) >= layout.radius(name) + r


def test_path_diamonds_follow_the_l1_rule() -> None:
    rng = random.Random(5)
    cases = [(10, 0, 25.0), (7, 7, 25.0), (3, 9, 25.0)]
    cases += [(rng.uniform(-10, 10), rng.uniform(-10, 10), rng.uniform(6, 30)) for _ in range(40)]
    for dx, dy, end in cases:
        for count in (1, 2, 3, 4, 6):
            ds = path_diamonds(0, 0, dx * 3, dy * 3, 2.0, end, count)
            assert len(ds) == count
            # Every pair, not only neighbours: staggered diamonds have neighbours on both sides.
            for (x1, y1, r1), (x2, y2, r2) in itertools.combinations(ds, 2):
                assert abs(x1 - x2) + abs(y1 - y2) >= r1 + r2 + 0.4
            # Staggering never makes them smaller than the straight row, nor moves them far.
            length = math.hypot(dx * 3, dy * 3)
            for cx, cy, _ in ds:
                off = abs(cx * dy * 3 - cy * dx * 3) / length
                assert off <= DIAMOND_OFFSET + 1e-9
            ux, uy = dx * 3 / length, dy * 3 / length
            straight = _largest(0, 0, ux, uy, 2.0, end, count, 0.0)
            assert ds[0][2] >= straight - 1e-9
            if straight >= DIAMOND_MIN:
                assert all(abs(cx * uy - cy * ux) < 1e-9 for cx, cy, _ in ds)  # a straight row


def test_largest_diamond_matches_a_plain_scan() -> None:
    """The bisection in _largest against trying every size on a 0.01 mm grid."""
    rng = random.Random(9)
    for _ in range(25):
        a = rng.uniform(0, 2 * math.pi)
        ux, uy = math.cos(a), math.sin(a)
        end, count, offset = rng.uniform(5, 25), rng.randint(2, 6), rng.choice([0.0, 0.6, 1.5])
        fast = _largest(0, 0, ux, uy, 0.0, end, count, offset)
        slow = max((k / 100 for k in range(0, round(PATH_DIAMOND * 100) + 1)
                    if _clear(_diamond_centres(0, 0, ux, uy, 0.0, end, count, k / 100, offset), k / 100)),
                   default=0.0)
        assert abs(fast - slow) <= 0.011, (fast, slow)


def test_no_riddle_sheet_prints_below_6pt(shipped: Pack) -> None:
    content = read_content(shipped, None)
    s = CardSettings(63.5, 88.9, 3.0, "auto", True)
    scenes: list[Scene] = [legend_page("a4")]
    scenes += player_aid_pages(content, PAPERS["a4"], None)
    scenes += campaign_sheet_pages(content, PAPERS["a4"], None)
    scenes += [god_front(content.gods[d.id], s, None, content.title) for d in content.god_docs]
    scenes += [blessing_front(card, s, None) for card, _ in content.blessings]
    scenes += [god_back(s, content.title), blessing_back(s, content.title)]
    scenes += aid_card_faces(content, CardSettings(*AID_CARD_SIZE, 3.0, "auto", True))[:2]
    scenes += component_pages(content, PAPERS["a4"], None)
    scenes.append(needs_page(content, PAPERS["a4"], 4))
    small = {(sc.id, text, size) for sc in scenes for text, size in small_texts(sc)}
    assert not small, sorted(small)[:20]


def test_players_legend_shows_meanings_not_markup() -> None:
    from generator.render.icons import ICONS

    for paper in ("a4", "letter"):
        page = legend_page(paper)
        texts = [t.text for t, _ in iter_printed_sizes(page.children)]
        assert not [t for t in texts if t.startswith(":") and t.endswith(":")]
        assert "collected by building" in " ".join(texts)
    designer = [t.text for t, _ in iter_printed_sizes(legend_page("a4", codes=True).children)]
    assert sum(1 for t in designer if t.startswith(":")) == len(ICONS)


def test_compact_solutions_hold_six_to_nine_boards_a_page(tmp_path: Path) -> None:
    from dataclasses import replace

    from generator.systems.riddle.solutions import iter_solution_blocks, solution_pages
    from generator.systems.riddle.render import solve_all

    from .conftest import write_starter

    pack = check([write_starter(tmp_path / "starter")]).packs[0]
    content = read_content(pack, None)
    solves = solve_all(content, Options(cache_dir=tmp_path / "cache"), lambda _: None)
    riddle = content.riddles[0][0]
    blocks = [b for b in iter_solution_blocks(riddle, solves[riddle.id], gods=content.gods)
              if b.turns]
    assert blocks
    # One long line of 20 turns: every page but the last is full.
    turns = [t for b in blocks for t in (b.turns or ())]
    long_block = replace(blocks[0], turns=tuple((turns * 20)[:20]))

    def boards(page: Scene) -> int:
        # Each board's caption starts with its turn number in bold: "1.", "2." ...
        return sum(1 for t, _ in iter_printed_sizes(page.children)
                   if t.bold and t.text.rstrip(".").isdigit() and t.text.endswith("."))

    compact = solution_pages([long_block], PAPERS["a4"], None, "t", 1, False)
    counts = [boards(p) for p in compact]
    assert sum(counts) == 20
    assert all(6 <= n <= 9 for n in counts[:-1]), counts
    roomy = solution_pages([long_block], PAPERS["a4"], None, "t", 1, False, compact=False)
    assert len(roomy) > len(compact)


def test_one_svg_per_card_face_and_back(shipped: Pack) -> None:
    import xml.etree.ElementTree as ET

    from generator.render.svg import scene_to_svg
    from generator.systems.riddle.cards import iter_card_svgs

    content = read_content(shipped, None)
    s = CardSettings(63.5, 88.9, 3.0, "auto", True)
    paths = dict(iter_card_svgs(content, s, None))
    assert len(paths) == len(content.god_docs) + len(content.blessings) + 2
    assert {f"svg/cards/god-{d.id}.svg" for d in content.god_docs} <= set(paths)
    root = ET.fromstring(scene_to_svg(paths["svg/cards/_gods-back.svg"]))
    assert root.get("width") == "69.5mm"


def test_every_component_is_counted_from_the_riddles_and_printed(shipped: Pack) -> None:
    content = read_content(shipped, None)
    needs = count_needs(content)
    most_coins: dict[tuple[str, tuple[int, ...]], int] = {}
    for riddle, _ in content.riddles:
        here: dict[tuple[str, tuple[int, ...]], int] = {}
        for coin in riddle.coins:
            key = (coin.colour, tuple(sorted(coin.levels)))
            here[key] = here.get(key, 0) + 1
        for key, n in here.items():
            most_coins[key] = max(most_coins.get(key, 0), n)
    assert {(c, lv): n for c, lv, n in needs.coins} == most_coins
    assert needs.sea_tiles == max(r.board.geometry.width * r.board.geometry.height
                                  - bin(r.board.geometry.land).count("1")
                                  for r, _ in content.riddles)
    pages = {p.id: p for p in component_pages(content, PAPERS["a4"], None)}
    assert "sphinx-board" in pages
    groups = [el for p in pages.values() for el in p.children if isinstance(el, Group)]
    tiles = [r for g in groups for r in g.children
             if isinstance(r, Rect) and r.h == SPACE and r.style.dash]
    assert len(tiles) == needs.sea_tiles + len(needs.bridges)
    # The same counts on every paper: they come from the riddles only.
    letter = component_pages(content, PAPERS["letter"], None)
    assert sum(1 for p in letter for g in p.children if isinstance(g, Group)
               for r in g.children if isinstance(r, Rect) and r.h == SPACE and r.style.dash
               ) == len(tiles)
    base, printed = needs_lines(content)
    assert any("workers" in line for line in base)
    assert any("god cards" in line for line in printed)
