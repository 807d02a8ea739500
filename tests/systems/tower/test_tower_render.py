"""What the tower system prints: maps, the scenario book, the token sheet, the player aid.

Structure only (pages, sizes, text, ids, bounds); a human looks at the pages too.
The shipped campaign is built once per module, straight from the loader (the
rule checks have their own tests).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.pack.loader import load_packs
from generator.pack.model import Pack
from generator.pack.schema import load_schemas
from generator.pack.yamlload import Limits
from generator.pipeline import check, kinds_of
from generator.render.geometry import resolve_paper
from generator.render.icons import element_bounds
from generator.render.scene import Element, Group, Polygon, Rect, Scene, Text, TextBlock
from generator.render.text import MIN_PRINT_SIZE, iter_printed_sizes
from generator.systems import Artefact, Options
from generator.registry import discover_systems
from generator.systems.tower import engine
from generator.systems.tower.aid import aid_pages
from generator.systems.tower.book import book_pages, setup_notes
from generator.systems.tower.book_content import read_book
from generator.systems.tower.build import build_artefacts
from generator.systems.tower.model import build_scenario, compile_game
from generator.systems.tower.policies import load_policy
from generator.systems.tower.render import MARGIN, draw_enemy
from generator.systems.tower.rules import FACINGS
from generator.systems.tower.tokens import BOARD_SPACE, token_counts, token_pages

MM = 72 / 25.4
A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
A5 = (148.5, 210.0)  # a booklet page on A4
HALF_LETTER = (139.7, 215.9)  # a booklet page on Letter
TOWER = Path(__file__).resolve().parents[3] / "content" / "tower"


def _quiet(_: str) -> None:
    return None


@pytest.fixture(scope="module")
def pack() -> Pack:
    loaded = load_packs([TOWER], load_schemas(), kinds_of(discover_systems()), Limits())
    assert not loaded.diagnostics, loaded.diagnostics
    return loaded.packs[0]


@pytest.fixture(scope="module")
def built(pack: Pack) -> dict[str, bytes]:
    return {a.path: a.data for a in build_artefacts(pack, Options(), _quiet)}


def _reader(built: dict[str, bytes], path: str) -> PdfReader:
    import io

    return PdfReader(io.BytesIO(built[path]))


def _page_size(reader: PdfReader, i: int) -> tuple[float, float]:
    box = reader.pages[i].mediabox
    return float(box.width) / MM, float(box.height) / MM


# -- the shipped campaign ----------------------------------------------------------------


def test_shipped_pack_checks_clean_under_strict(tmp_path: Path,
                                               shipped_cache: Callable[[str, Path], None]) -> None:
    # The playtests and proofs one check stores (the session's seeded cache): their warnings
    # come back from the cache, and the shipped pack's own cache is never written.
    shipped_cache("tower", tmp_path)
    report = check([TOWER], Options(strict=True, cache_dir=tmp_path))
    assert not report.failed(), [f"{d.code} {d.message}" for d in report.diagnostics]


def test_campaign_has_six_scenarios_levels_zero_to_four(pack: Pack) -> None:
    content = read_book(pack, None)
    levels = [s.level for s, _ in content.scenarios]
    assert len(levels) == 6
    assert levels == sorted(levels) and levels[0] == 0 and levels[-1] == 4
    assert [s.number for s, _ in content.scenarios] == [1, 2, 3, 4, 5, 6]
    sides = {v.difficulty for v in content.variants}
    assert sides == {"easy", "expert"}


def test_yaml_files_name_their_schema(pack: Pack) -> None:
    for path in sorted(TOWER.rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        schema = (path.parent / first.split("=", 1)[1]).resolve()
        assert schema.is_file(), (path, schema)


def test_easiest_and_hardest_scenarios_play_apart(pack: Pack) -> None:
    """A small greedy playtest: level 0 is won far more often than level 4."""
    content = read_book(pack, None)
    rates = []
    for s, _ in (content.scenarios[0], content.scenarios[-1]):
        game = compile_game(s)
        policy = load_policy("greedy").make(game)
        import random

        rng = random.Random(7)
        wins = sum(engine.play_game(game, policy, rng).won for _ in range(120))
        rates.append(wins / 120)
    assert rates[0] > 0.8 and rates[1] < 0.5 and rates[1] > 0.0, rates


# -- the files ---------------------------------------------------------------------------


def test_artefacts(pack: Pack, built: dict[str, bytes]) -> None:
    ids = sorted(d.id for d in pack.of_kind("tower-scenario"))
    assert sorted(built) == sorted([f"maps/{i}.svg" for i in ids] + [
        "print/tower-book.pdf", "print/tokens.pdf", "print/player-aid.pdf",
        "print/calibration.pdf", "print/boards.pdf", "print/god-cards-duplex.pdf"]
        + [f"svg/cards/god-{d.id}.svg" for d in pack.of_kind("tower-variant")]
        + ["svg/cards/_god-back-easy.svg", "svg/cards/_god-back-expert.svg"])


def test_calibration_page_with_the_back_offset(pack: Pack) -> None:
    built = {a.path: a.data for a in build_artefacts(pack, Options(back_offset=(1.5, -0.5)), _quiet)}
    reader = _reader(built, "print/calibration.pdf")
    assert len(reader.pages) == 2
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    assert "long-edge" in reader.pages[0].extract_text() + reader.pages[1].extract_text()
    assert "x +1.5 mm, y -0.5 mm" in reader.pages[1].extract_text()


def test_build_is_deterministic(pack: Pack, built: dict[str, bytes]) -> None:
    again = {a.path: a.data for a in build_artefacts(pack, Options(), _quiet)}
    assert again == built


def test_book_pages(built: dict[str, bytes], pack: Pack) -> None:
    reader = _reader(built, "print/tower-book.pdf")
    # Cover, six scenarios, two pages of god cards, score sheet.
    assert len(reader.pages) == 10
    for i in range(len(reader.pages)):
        w, h = _page_size(reader, i)
        assert abs(w - A4[0]) < 0.01 and abs(h - A4[1]) < 0.01
    cover = reader.pages[0].extract_text()
    assert "The Siege of Lykessa" in cover and "READING THE MAPS" in cover
    for i, (s, doc) in enumerate(read_book(pack, None).scenarios):
        text = reader.pages[i + 1].extract_text()
        assert doc.data["title"] in text
        assert f"SCENARIO {s.number}" in text and f"LEVEL {s.level}" in text
        assert "Enemies, in the order they act".upper() in text
    gods = reader.pages[7].extract_text() + reader.pages[8].extract_text()
    # Every card of both piles, each once (names as printed).
    for v in read_book(pack, None).variants:
        assert gods.count(str(v.name)) == 1, v.name
    score = reader.pages[9].extract_text()
    for word in ("Score sheet", "First try", "Both builders", "Novice", "Guild Master", "50+"):
        assert word in score


def test_pdfs_ask_not_to_scale_and_embed_fonts(built: dict[str, bytes]) -> None:
    for name in ("print/tower-book.pdf", "print/tokens.pdf", "print/player-aid.pdf"):
        reader = _reader(built, name)
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
        for ref in reader.pages[0]["/Resources"]["/Font"].values():
            font = ref.get_object()
            inner = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            assert "/FontFile2" in inner["/FontDescriptor"].get_object(), name


def test_player_aid_and_tokens(built: dict[str, bytes]) -> None:
    aid = _reader(built, "print/player-aid.pdf")
    assert len(aid.pages) == 2
    text = aid.pages[0].extract_text() + aid.pages[1].extract_text()
    for words in ("ORIENTATION", "ATTACK", "MOVEMENT", "front", "right", "left", "back",
                  "turn counter-", "CRUSH", "YOU WIN WHEN", "YOU LOSE AT ONCE WHEN", "SCORING"):
        assert words in text, words
    tokens = _reader(built, "print/tokens.pdf")
    assert len(tokens.pages) == 1
    text = tokens.pages[0].extract_text()
    for words in ("TARGET ZONES", "WATER", "ENEMY MARKERS", "50 mm"):
        assert words in text


def test_map_svgs(pack: Pack, built: dict[str, bytes]) -> None:
    ns = "{http://www.w3.org/2000/svg}"
    for doc in pack.of_kind("tower-scenario"):
        scenario, _ = build_scenario(doc, pack.sources.get(doc.file))
        assert scenario is not None
        root = ET.fromstring(built[f"maps/{doc.id}.svg"])
        assert root.get("width", "").endswith("mm")
        groups = {g.get("id") for g in root.iter(f"{ns}g")}
        for e in scenario.enemies:
            assert f"enemy-{e.type}-{FACINGS[e.facing]}" in groups
        assert {"builder-1", "builder-2"} <= groups
        letters = {t.text for t in root.iter(f"{ns}text")}
        assert {"A", "1", str(scenario.height)} <= letters


def test_letter_paper_from_options(pack: Pack) -> None:
    arts = build_artefacts(pack, Options(paper="letter"), _quiet)
    pdfs = {a.path: a.data for a in arts if a.path.endswith(".pdf")}
    for path in pdfs:
        reader = _reader(pdfs, path)
        w, h = _page_size(reader, 0)
        assert abs(w - LETTER[0]) < 0.01 and abs(h - LETTER[1]) < 0.01, path


# -- layout ------------------------------------------------------------------------------


def _pages(pack: Pack, paper: tuple[float, float], lang: str | None = None) -> list[Scene]:
    """Every page on ``paper``; on a booklet page (A5, half-letter) only the book's."""
    content = read_book(pack, lang)
    book = book_pages(content, paper, lang, _quiet)
    if paper in (A5, HALF_LETTER):
        return book
    return [*book, *token_pages(content, paper, lang), *aid_pages(content, paper, lang)]


def _texts(elements: tuple[Element, ...], dx: float = 0.0, dy: float = 0.0
           ) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every line of text with its box on the page (groups here only translate)."""
    out = []
    for el in elements:
        if isinstance(el, Group):
            out.extend(_texts(el.children, dx + el.translate[0], dy + el.translate[1]))
        elif isinstance(el, TextBlock):
            out.extend(_texts(el.runs, dx + el.x, dy + el.y))
        elif isinstance(el, Text):
            box = element_bounds([el])
            assert box is not None
            out.append((el.text, (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)))
    return out


def _blocks(elements: tuple[Element, ...]) -> list[TextBlock]:
    out = []
    for el in elements:
        if isinstance(el, Group):
            out.extend(_blocks(el.children))
        elif isinstance(el, TextBlock):
            out.append(el)
    return out


@pytest.mark.parametrize("lang", [None, "fr"])
@pytest.mark.parametrize("paper", [A4, LETTER, A5, HALF_LETTER], ids=["a4", "letter", "a5", "half-letter"])
def test_nothing_leaves_the_page_or_overflows_its_box(pack: Pack, paper: tuple[float, float],
                                                      lang: str | None) -> None:
    pw, ph = paper
    for page in _pages(pack, paper, lang):
        drawn = element_bounds(page.children[1:])  # the first child is the paper itself
        assert drawn is not None
        left, top, right, bottom = drawn
        # Cut marks may run a little into the margin, never near the paper's edge.
        assert left >= MARGIN - 6 and right <= pw - MARGIN + 6, (page.id, drawn)
        assert top >= MARGIN - 6 and bottom <= ph - MARGIN + 6, (page.id, drawn)
        for block in _blocks(page.children):
            box = element_bounds([block])
            if box is None:
                continue
            assert box[3] <= block.y + block.height + 0.5, (page.id, [r.text for r in block.runs])
            assert box[2] <= block.x + block.width + 0.5, (page.id, [r.text for r in block.runs])


@pytest.mark.parametrize("lang", [None, "fr"])
@pytest.mark.parametrize("paper", [A4, LETTER, A5, HALF_LETTER], ids=["a4", "letter", "a5", "half-letter"])
def test_no_two_texts_overlap(pack: Pack, paper: tuple[float, float], lang: str | None) -> None:
    for page in _pages(pack, paper, lang):
        texts = _texts(page.children)
        for (a, ra), (b, rb) in itertools.combinations(texts, 2):
            overlap_w = min(ra[2], rb[2]) - max(ra[0], rb[0])
            overlap_h = min(ra[3], rb[3]) - max(ra[1], rb[1])
            # Line boxes include the descent, so neighbouring lines may touch.
            assert overlap_w <= 0.3 or overlap_h <= 0.6, (page.id, a, b)


@pytest.mark.parametrize("lang", [None, "fr"])
@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
def test_no_text_prints_below_6pt(pack: Pack, paper: tuple[float, float], lang: str | None) -> None:
    # Measured from what was drawn, groups' scale included: on Letter the die's diagrams
    # shrink, and their markers' sign printed at 5.7 pt (5.2 pt in French) before.
    small = [(page.id, round(size, 2), text.text) for page in _pages(pack, paper, lang)
             for text, size in iter_printed_sizes(page.children) if size < MIN_PRINT_SIZE - 1e-9]
    assert small == []


# -- pieces ------------------------------------------------------------------------------


@pytest.mark.parametrize("facing", [0, 1, 2, 3])
def test_enemy_arrow_points_the_way_it_faces(facing: int) -> None:
    arrow = draw_enemy(50, 50, 20, "dark-male", facing)[0]
    assert isinstance(arrow, Polygon)
    tip = arrow.points[1]
    expected = [(50, 40), (60, 50), (50, 60), (40, 50)][facing]
    assert tip == pytest.approx(expected)


def test_setup_notes_count_pieces(pack: Pack) -> None:
    doc = next(d for d in pack.of_kind("tower-scenario") if d.id == "harbour-light")
    scenario, _ = build_scenario(doc, pack.sources.get(doc.file))
    assert scenario is not None
    notes = "\n".join(setup_notes(scenario))
    # 2 level-1 buildings, 2 level-2, 1 domed: 5 level-1 blocks, 3 level-2, 1 level-3, 1 dome.
    assert "5 level-1, 3 level-2, 1 level-3, 1 dome." in notes
    assert "D3, D5" in notes and "(3 tiles)" in notes


def test_token_sheet_has_enough_tiles(pack: Pack) -> None:
    content = read_book(pack, None)
    targets, water = token_counts(content)
    assert targets > max(sum(s.targets) for s, _ in content.scenarios)
    assert water > max(sum(s.water) for s, _ in content.scenarios)
    # One spare each, whatever the paper: the counts depend on the scenarios only.
    assert targets == max(sum(s.targets) for s, _ in content.scenarios) + 1
    assert water == max(sum(s.water) for s, _ in content.scenarios) + 1


def tile_rects(pages: list[Scene], size: float) -> list[Rect]:
    out: list[Rect] = []
    for page in pages:
        out += [el for el in page.children if isinstance(el, Rect) and el.w == size == el.h]
    return out


def test_token_sheets_hold_the_same_tiles_on_every_paper(pack: Pack) -> None:
    content = read_book(pack, None)
    counts = {name: len(tile_rects(token_pages(content, resolve_paper(name)), BOARD_SPACE))
              for name in ("a4", "letter", "universal")}
    targets, water = token_counts(content)
    assert set(counts.values()) == {targets + water + 2 * len(content.enemy_order)}


def test_pack_paper_setting_is_used(pack: Pack, tmp_path: Path) -> None:
    import shutil

    copy = tmp_path / "tower"
    shutil.copytree(TOWER, copy)
    manifest = copy / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("paper: a4", "paper: letter"),
                        encoding="utf-8")
    loaded = load_packs([copy], load_schemas(), kinds_of(discover_systems()), Limits())
    arts: list[Artefact] = build_artefacts(loaded.packs[0], Options(), _quiet)
    aid = next(a for a in arts if a.path == "print/player-aid.pdf")
    w, h = _page_size(_reader({"x": aid.data}, "x"), 0)
    assert abs(h - LETTER[1]) < 0.01


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_boards_at_play_scale_fit_the_paper_in_glued_pieces(pack: Pack, paper_name: str) -> None:
    from generator.render.board_pieces import BORDER, PLAY_SPACE
    from generator.systems.tower.boards import GLUE, board_pages, board_scene, needs_board

    content = read_book(pack, None)
    paper = resolve_paper(paper_name)
    big = [s for s, _ in content.scenarios if needs_board(s)]
    assert {(s.width, s.height) for s in big} >= {(6, 6), (7, 7)}
    for scenario in big:
        whole = board_scene(scenario, content.enemy_order)
        # The board's spaces hold the base game's blocks (see PLAY_SPACE) and the tiles.
        assert whole.width == pytest.approx(scenario.width * PLAY_SPACE + 2 * BORDER)
        assert BOARD_SPACE <= PLAY_SPACE
        pages = board_pages(scenario, content, paper, "t")
        pieces = []
        for page in pages:
            clip = next(g.clip for g in page.children if isinstance(g, Group) and g.clip)
            assert clip is not None
            pieces.append(clip)
            assert clip.w <= paper[0] - 16 + 1e-6 and clip.h <= paper[1] - 16 + 1e-6
        # The pieces cover the whole board, neighbours overlapping by one glue flap.
        xs = sorted({(c.x, c.x + c.w) for c in pieces})
        ys = sorted({(c.y, c.y + c.h) for c in pieces})
        assert xs[0][0] == 0 and xs[-1][1] == pytest.approx(whole.width)
        assert ys[0][0] == 0 and ys[-1][1] == pytest.approx(whole.height)
        for (_, end), (start, _) in zip(xs, xs[1:]):
            assert end - start == pytest.approx(GLUE)
        if whole.width > paper[0] - 16:
            assert len(xs) > 1


def test_god_cards_are_a_duplex_card_sheet(pack: Pack) -> None:
    from generator.render.icons import element_bounds
    from generator.systems.tower.cards import card_options, god_card_front, god_card_sheets

    content = read_book(pack, None)
    s = card_options(pack, Options())
    fronts, backs = god_card_sheets(content.variants, s, resolve_paper("a4"), None, "t")
    placed = [g for p in fronts for g in p.children if isinstance(g, Group) and g.clip is not None]
    assert len(placed) == len(content.variants) and len(fronts) == len(backs)
    for v in content.variants:
        scene = god_card_front(v, s, None)
        lo = s.bleed + s.safe - 1e-6
        for el in scene.children:
            if isinstance(el, (Text, TextBlock)):
                box = element_bounds([el])
                assert box is not None and box[0] >= lo and box[2] <= scene.width - lo
                assert box[1] >= lo and box[3] <= scene.height - lo


def test_boards_are_an_empty_surface_with_start_marks(pack: Pack) -> None:
    """Issue 26 §1: a board is for pieces to stand on. It prints no pawn and no building,
    only small words in a corner saying what starts on each space."""
    from generator.render.board_pieces import MARK_PT
    from generator.systems.tower.boards import board_scene, needs_board, start_marks

    content = read_book(pack, None)
    scenario = next(s for s, _ in content.scenarios if needs_board(s))
    scene = board_scene(scenario, content.enemy_order)
    drawn = [el for el in scene.children if isinstance(el, (Polygon, Group))]
    assert drawn == []  # no enemy arrow, no pawn, no nested building squares
    words = [el.text for el in scene.children if isinstance(el, Text) and el.size == MARK_PT]
    marks = start_marks(scenario, content.enemy_order)
    assert len(words) == sum(len(m.lines) for ms in marks.values() for m in ms)
    assert sum("builder" in w for w in words) == len(scenario.builders)
    assert sum("facing" in w for w in words) == len(scenario.enemies)
    assert sum("high" in w for w in words) == sum(1 for lv in scenario.levels if lv)
    assert sum("target" in w for w in words) == sum(scenario.targets)
