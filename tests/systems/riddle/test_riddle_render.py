"""Printing a riddle pack: the book and its solutions, map SVGs, card sheets, player aids and
campaign sheets.

Structure is checked here (page counts and sizes, what each map SVG holds, text that fits,
the constellation laid out without crossings, solutions replayed from the solver's trace,
byte-identical rebuilds); a person looks at the pages themselves (see the module docstring
of :mod:`generator.systems.riddle.render`).

The shipped campaign is built from one check of it with its measures (the session's
seeded cache, ``shipped_cache``), as ``build`` finds them after its check: the book under
test is the printed one. The starter pack is small enough to solve in full.
"""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.engine.geometry import NO_SQUARE
from generator.pack.model import Pack
from generator.pipeline import check
from generator.render.geometry import PAPERS
from generator.render.scene import Group
from generator.systems import Artefact, Options
from generator.systems.riddle.solutions import (
    friendly_notation,
    replay_solution,
    solution_pages,
    iter_solution_blocks,
)
from generator.systems.riddle.wording import describe_effect, describe_goal
from generator.systems.riddle.cards import CardSettings, iter_card_overflow
from generator.systems.riddle.effects.sink import SinkEffect
from generator.systems.riddle.goals.build import BuildGoal
from generator.systems.riddle.goals.stand import StandGoal
from generator.systems.riddle.campaign import Constellation, SkyNode, SkyPath
from generator.systems.riddle.model import build_riddle
from generator.systems.riddle.render import (
    build_artefacts,
    build_book,
    read_content,
    solve_all,
)
from generator.systems.riddle.player_aid import AID_CARD_SIZE, aid_card_faces
from generator.systems.riddle.sky_layout import iter_sky_problems, layout_sky, segments_cross
from generator.systems.riddle.solver import SOLVED

from .conftest import write_starter

REPO = Path(__file__).resolve().parents[3]
SHIPPED = REPO / "content" / "riddles"
SVG = "{http://www.w3.org/2000/svg}"


def _quiet(_: str) -> None:
    return None


def load(root: Path, cache_dir: Path | None = None) -> Pack:
    report = check([root], Options(cache_dir=cache_dir))
    assert not report.failed(), [d.message for d in report.diagnostics]
    return report.packs[0]


def by_path(artefacts: list[Artefact]) -> dict[str, bytes]:
    return {a.path: a.data for a in artefacts}


def pdf_pages(data: bytes) -> list[tuple[float, float]]:
    """Page sizes of a PDF in mm."""
    reader = PdfReader(io.BytesIO(data))
    return [(round(float(p.mediabox.width) * 25.4 / 72, 1),
             round(float(p.mediabox.height) * 25.4 / 72, 1)) for p in reader.pages]


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Pack:
    return load(write_starter(tmp_path_factory.mktemp("starter")))


@pytest.fixture(scope="module")
def starter_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("solver-cache")


@pytest.fixture(scope="module")
def starter_build(starter: Pack, starter_cache: Path) -> dict[str, bytes]:
    return by_path(build_artefacts(starter, Options(cache_dir=starter_cache), _quiet))


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory,
           shipped_cache: Callable[[str, Path], None]) -> Path:
    """A cache folder holding one check of the shipped campaign with its measures (the
    session's seeded cache; the shipped pack's own cache is never read or written)."""
    if not (SHIPPED / "pack.yaml").is_file():
        pytest.skip("the shipped riddle campaign is not in this checkout")
    cache = tmp_path_factory.mktemp("render-cache")
    shipped_cache("riddles", cache)
    return cache


@pytest.fixture(scope="module")
def shipped(seeded: Path) -> Pack:
    return load(SHIPPED, seeded)


@pytest.fixture(scope="module")
def shipped_cache_dir(shipped: Pack, seeded: Path) -> Path:
    """The shipped campaign's own folder in the seeded cache: what ``build`` finds after
    its check."""
    return seeded / shipped.id


@pytest.fixture(scope="module")
def shipped_build(shipped: Pack, shipped_cache_dir: Path) -> dict[str, bytes]:
    return by_path(build_artefacts(shipped, Options(cache_dir=shipped_cache_dir), _quiet))


# -- what is built -------------------------------------------------------------------------

EXPECTED = ("print/{pack}-book.pdf", "print/gods-duplex.pdf", "print/blessings-duplex.pdf",
            "print/player-aid.pdf", "print/player-aid-card.pdf", "print/campaign-sheets.pdf")


@pytest.mark.parametrize("which", ["starter_build", "shipped_build"])
def test_every_artefact_is_built_and_every_page_has_the_paper_size(
        which: str, request: pytest.FixtureRequest) -> None:
    built: dict[str, bytes] = request.getfixturevalue(which)
    pack: Pack = request.getfixturevalue(which.removesuffix("_build"))
    for path in EXPECTED:
        assert path.format(pack=pack.id) in built
    riddles = pack.of_kind("riddle")
    assert {p for p in built if p.startswith("maps/")} == {f"maps/{d.id}.svg" for d in riddles}
    a4 = PAPERS["a4"]
    for path, data in built.items():
        if path.endswith(".pdf"):
            sizes = pdf_pages(data)
            assert sizes and set(sizes) == {a4}, (path, set(sizes))


def test_letter_paper_and_the_pack_setting(starter: Pack, starter_cache: Path) -> None:
    built = by_path(build_artefacts(starter, Options(paper="letter", cache_dir=starter_cache),
                                    _quiet))
    letter = (215.9, 279.4)
    for path, data in built.items():
        if path.endswith(".pdf"):
            assert set(pdf_pages(data)) == {letter}, path


def test_book_has_front_matter_one_page_per_riddle_and_the_solutions(
        starter: Pack, starter_build: dict[str, bytes], starter_cache: Path) -> None:
    riddles = len(starter.of_kind("riddle"))
    book = PdfReader(io.BytesIO(starter_build[f"print/{starter.id}-book.pdf"]))
    front = 4  # cover, story, legend, "You need"
    # Appendix: a divider that reads the right way up, then the solution pages.
    assert len(book.pages) > front + riddles + 1
    text = "\n".join(p.extract_text() for p in book.pages[:front + riddles])
    assert "First Light" in text and "Symbols of the riddle book" in text and "You need" in text
    none = by_path(build_artefacts(starter, Options(cache_dir=starter_cache,
                                                    extra={"solutions": "none"}), _quiet))
    assert len(pdf_pages(none[f"print/{starter.id}-book.pdf"])) == front + riddles
    separate = by_path(build_artefacts(starter, Options(cache_dir=starter_cache,
                                                        extra={"solutions": "separate"}),
                                       _quiet))
    # With solutions (here or apart), the book ends on the graded hints before them.
    kept = PdfReader(io.BytesIO(separate[f"print/{starter.id}-book.pdf"]))
    hints = len(kept.pages) - front - riddles
    assert hints >= 1 and "Hints" in kept.pages[front + riddles].extract_text()
    solutions = pdf_pages(separate[f"print/{starter.id}-solutions.pdf"])
    assert len(solutions) == len(book.pages) - front - riddles - hints - 1


def test_shipped_book_has_one_page_per_riddle(shipped: Pack, shipped_build: dict[str, bytes]
                                              ) -> None:
    riddles = len(shipped.of_kind("riddle"))
    pages = pdf_pages(shipped_build[f"print/{shipped.id}-book.pdf"])
    assert len(pages) >= 4 + riddles + 1
    reader = PdfReader(io.BytesIO(shipped_build[f"print/{shipped.id}-book.pdf"]))
    for n, doc in enumerate(read_content(shipped, None).riddles):
        page_text = reader.pages[4 + n].extract_text()
        assert str(doc[0].title) in page_text, doc[0].id


def test_a_blessing_revealed_at_set_up_is_named_on_its_riddle_page(
        shipped: Pack, shipped_build: dict[str, bytes]) -> None:
    reader = PdfReader(io.BytesIO(shipped_build[f"print/{shipped.id}-book.pdf"]))
    content = read_content(shipped, None)
    names = {card.id: str(card.name) for card, _ in content.blessings}
    revealed = [(n, doc[0]) for n, doc in enumerate(content.riddles) if doc[0].gods.revealed]
    assert revealed, "no shipped riddle reveals a blessing card at set-up"
    for n, riddle in revealed:
        page_text = reader.pages[4 + n].extract_text()
        assert "Blessing face up" in page_text, riddle.id
        for card in riddle.gods.revealed:
            assert names[card] in page_text, (riddle.id, card)


@pytest.mark.parametrize("counts", [(10, 0, 0, 2), (4, 12, 1, 10), (9, 0, 1, 1), (1, 1, 1, 1)])
def test_a_stockpile_count_stands_clear_of_its_icon_and_the_next(
        starter: Pack, counts: tuple[int, int, int, int]) -> None:
    """A count ("×9") keeps half a millimetre from the drawn piece before it and after it
    (a single digit touched the next piece on every shipped page)."""
    from dataclasses import replace

    from generator.engine.state import Stockpile
    from generator.render.fonts import measure
    from generator.render.icons import element_bounds
    from generator.render.scene import Text
    from generator.systems.riddle.setup_box import _stock_part

    riddle = replace(read_content(starter, None).riddles[0][0], stockpile=Stockpile(*counts))
    for width in (52.0, 52.7, 64.3):  # the set-up column's widths on the shipped pages
        drawn, _ = _stock_part(riddle, None, 0.0, 0.0, width)  # type: ignore[arg-type]
        icons = []
        for e in drawn:
            if isinstance(e, Group):
                box = element_bounds(e.children)
                assert box is not None
                icons.append((e.translate[0] + box[0], e.translate[0] + box[2], e.translate[1]))
        texts = [e for e in drawn if isinstance(e, Text)]
        for (left, right, y), text in zip(icons, texts):
            end = text.x + measure(text.text, "sans", True, size_pt=text.size)
            assert text.x >= right + 0.5, (width, text.text, text.x, right)
            after = [a for a, _, b in icons if b == y and a > left]
            assert not after or end + 0.5 <= min(after), (width, text.text, end, after)


def test_unknown_solutions_mode_is_refused(starter: Pack) -> None:
    with pytest.raises(ValueError, match="solutions must be one of"):
        build_artefacts(starter, Options(extra={"solutions": "sideways"}), _quiet)


def test_builds_are_byte_identical(starter: Pack, starter_build: dict[str, bytes],
                                   starter_cache: Path) -> None:
    again = by_path(build_artefacts(starter, Options(cache_dir=starter_cache), _quiet))
    assert again.keys() == starter_build.keys()
    for path, data in again.items():
        assert data == starter_build[path], path


# -- maps ---------------------------------------------------------------------------------


def iter_group_ids(svg: bytes) -> Iterator[str]:
    root = ET.fromstring(svg)
    for el in root.iter(f"{SVG}g"):
        if "id" in el.attrib:
            yield el.attrib["id"]


@pytest.mark.parametrize("which", ["starter", "shipped"])
def test_map_svgs_parse_and_hold_every_figure_coin_and_token(
        which: str, request: pytest.FixtureRequest) -> None:
    pack: Pack = request.getfixturevalue(which)
    built: dict[str, bytes] = request.getfixturevalue(which + "_build")
    for doc in pack.of_kind("riddle"):
        riddle, _ = build_riddle(doc, pack.sources.get(doc.file))
        assert riddle is not None
        ids = list(iter_group_ids(built[f"maps/{doc.id}.svg"]))
        board = riddle.board
        g = board.geometry
        assert sorted(i for i in ids if i.startswith("worker-")) == \
            sorted(f"worker-{g.name(sq)}" for sq in board.workers), doc.id
        assert ("king-" + g.name(board.king) in ids) == (board.king != NO_SQUARE)
        assert ("sphinx-" + g.name(board.sphinx) in ids) == (board.sphinx != NO_SQUARE)
        assert sum(i.startswith("coin-") for i in ids) == len({c.square for c in riddle.coins})
        assert sum(i.startswith("blessing-") for i in ids) == board.tokens.bit_count()
        assert sum(i.startswith("bridge-") for i in ids) == len(g.bridges)


# -- text that fits -------------------------------------------------------------------------


def test_shipped_cards_have_no_overflowing_text(shipped: Pack) -> None:
    problems = list(iter_card_overflow(shipped, Options()))
    assert problems == [], [f"{d.location()} {d.code} {d.message}" for d in problems]


def test_shipped_book_pages_and_aid_card_fit(shipped: Pack, shipped_cache_dir: Path) -> None:
    content = read_content(shipped, None)
    solves = solve_all(content, Options(cache_dir=shipped_cache_dir), _quiet)
    book = build_book(content, solves, PAPERS["a4"], None, "none", _quiet)
    assert book.overflowing == ()
    letter = build_book(content, solves, PAPERS["letter"], None, "none", _quiet)
    assert letter.overflowing == ()
    cards = CardSettings(AID_CARD_SIZE[0], AID_CARD_SIZE[1], 3.0, 0.0, True)
    assert aid_card_faces(content, cards)[2]


GOD_TOO_LONG = """kind: god
id: chatty
name: Chatty
type: mover
pieces: {level1: 1}
power:
  id: chatty-power
  text: >
""" + "".join(f"    This power goes on and on, sentence {n}, without ever stopping.\n"
              for n in range(20))


def test_overflowing_card_text_is_an_error_at_its_yaml_line(tmp_path: Path) -> None:
    root = write_starter(tmp_path, {"gods/chatty.yaml": GOD_TOO_LONG})
    report = check([root])
    [via_check] = [d for d in report.diagnostics if d.code == "RS-R001"]
    assert report.failed() and via_check.line == 8
    pack = report.packs[0]
    found = [d for d in iter_card_overflow(pack, Options()) if d.code == "RS-R001"]
    assert len(found) == 1
    assert found[0].file.endswith("chatty.yaml")
    assert found[0].line == 8  # the power text's block scalar
    assert "power of god 'chatty'" in found[0].message


# -- solutions from the solver's trace -----------------------------------------------------


def test_solutions_replay_the_solver_line_turn_by_turn(starter: Pack,
                                                       starter_cache: Path) -> None:
    content = read_content(starter, None)
    solves = solve_all(content, Options(cache_dir=starter_cache), _quiet)
    for riddle, _ in content.riddles:
        solve = solves[riddle.id]
        assert solve is not None
        for j, result in enumerate(solve.objectives):
            assert result.status == SOLVED
            turns = replay_solution(riddle, result, gods=content.gods)
            assert turns is not None and len(turns) == result.turns
            assert [t.notation for t in turns] == list(result.solution)
            final = turns[-1].after
            assert final.achieved >> j & 1
            for before, after in zip(turns, turns[1:]):
                assert before.after == after.before


def test_appendix_pages_are_turned_upside_down(starter: Pack, starter_cache: Path) -> None:
    content = read_content(starter, None)
    solves = solve_all(content, Options(cache_dir=starter_cache), _quiet)
    riddle = content.riddles[0][0]
    blocks = list(iter_solution_blocks(riddle, solves[riddle.id], gods=content.gods))
    upside = solution_pages(blocks, PAPERS["a4"], None, "t", 1, True)
    upright = solution_pages(blocks, PAPERS["a4"], None, "t", 1, False)
    assert len(upside) == len(upright)
    for page in upside:
        turned = [c for c in page.children if isinstance(c, Group)]
        assert len(turned) == 1 and turned[0].rotate == 180.0
        assert turned[0].translate == (page.width, page.height)
    # Identical lines are drawn once: godlike repeats heroic's line in the starter.
    assert any(b.same_as for b in blocks)


# -- the constellation tree --------------------------------------------------------------


def test_shipped_constellation_has_no_crossings_or_overlaps(shipped: Pack) -> None:
    sky = read_content(shipped, None).constellation
    assert sky is not None
    layout = layout_sky(sky, 105.0, 140.0, 70.0, 11.0)
    assert list(iter_sky_problems(layout)) == []
    assert {name for name, _, _ in layout.nodes} == {n.id for n in sky.nodes}


def test_sky_layout_untangles_cross_links() -> None:
    # Two branches whose leaves are joined across: a careless ring order crosses them.
    nodes = (SkyNode("p", polaris=True), *(SkyNode(n, god=n) for n in "abcdefgh"))
    paths = tuple(SkyPath(e, 2) for e in (("p", "a"), ("p", "b"), ("p", "c"), ("p", "d"),
                                           ("a", "e"), ("b", "f"), ("c", "g"), ("d", "h"),
                                           ("e", "g"), ("f", "h")))
    layout = layout_sky(Constellation("sky", nodes, paths, (), ()), 100.0, 100.0, 80.0, 9.0)
    assert list(iter_sky_problems(layout)) == []


def test_segments_cross() -> None:
    assert segments_cross((0, 0), (4, 4), (0, 4), (4, 0))
    assert not segments_cross((0, 0), (1, 1), (2, 2), (3, 0))
    assert not segments_cross((0, 0), (2, 0), (2, 0), (2, 2))  # a shared end


# -- words from the vocabulary ------------------------------------------------------------


def test_goals_and_effects_in_words(starter: Pack) -> None:
    doc = starter.of_kind("riddle")[0]
    riddle, _ = build_riddle(doc)
    assert riddle is not None
    g = riddle.board.geometry
    stand = StandGoal("worker", 2, g.square("E3"))
    assert describe_goal(stand, g, {g.square("E3"): "Lookout"}) == \
        "a worker stands on Lookout (E3) at level 2 or higher"
    domes = BuildGoal("dome", 2, (g.square("A2"), g.square("E2")))
    assert describe_goal(domes, g) == "two domes stand on A2 or E2, set-up pieces included"
    # Only what is special to the riddle: what sinking does is said once, for every riddle.
    assert describe_effect(SinkEffect(g.square("C1"), 3), g) == "C1 sinks after turn 3"
    assert friendly_notation("W2 A1-B2 build C3 (dome; gold coin -> gold objective)") == \
        "W2 A1–B2, build C3 (dome; gold coin → gold objective)"


def test_the_rules_every_riddle_shares_are_said_once() -> None:
    """A riddle page names the figure, space and turn of its end-of-turn effects, its
    bridges and its turn limit; what they do is said once, in the "You need" pages, for
    the effects the riddles use (issue 24 §2)."""
    from generator.pack.loader import load_packs
    from generator.pack.schema import load_schemas
    from generator.pipeline import kinds_of
    from generator.registry import discover_systems
    from generator.systems.riddle.render import read_content
    from generator.systems.riddle.setup_box import (
        BookSettings, general_rules_markup, rules_markup,
    )

    shipped = Path(__file__).resolve().parents[3] / "content" / "riddles"
    [pack] = load_packs([shipped], load_schemas(), kinds_of(discover_systems())).packs
    for lang in (None, "fr"):
        content = read_content(pack, lang)
        riddles = [r for r, _ in content.riddles]
        general = general_rules_markup(riddles, lang)
        assert len(general) == 7, general  # end of turn, four effects, bridges, turn limit
        settings = BookSettings(content.title, (210.0, 297.0), lang, content.gods, content.dice,
                                {}, {})
        said = [p for r in riddles for p in rules_markup(r, settings)]
        # None of the general sentences' wording comes back on a riddle page.
        for marker in ("free undomed", "ties are yours", "equally close", "everything on it",
                       "a worker there is destroyed", "straight across", "never for building",
                       "à égalité", "tout ce qui s'y trouve", "tout droit"):
            assert not [p for p in said if marker in p], marker
