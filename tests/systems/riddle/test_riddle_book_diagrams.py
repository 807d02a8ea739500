"""Every solution diagram of the shipped book draws the position its line reaches
(issue 24 §2): each turn's board, read back from the drawing (its figures, towers,
domes, coins, blessing tokens, sunk spaces and bridges), is the board the solver's
trace stored after that turn, and the caption under it is the trace's own step."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.render.scene import Element, Group, Scene
from generator.systems import Options
from generator.registry import discover_systems
from generator.systems.riddle.maps import render_map
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.render import read_content, solve_all
from generator.systems.riddle.solutions import SolutionBlock, iter_solution_blocks, turn_board

SHIPPED = Path(__file__).resolve().parents[3] / "content" / "riddles"


def iter_ids(elements: tuple[Element, ...]) -> Iterator[str]:
    """The ids of every group in a drawing, outermost first."""
    for el in elements:
        if isinstance(el, Group):
            if el.id:
                yield el.id
            yield from iter_ids(el.children)


def drawn_board(riddle: Riddle, scene: Scene) -> dict[str, str]:
    """What a board drawing shows on each space, in the trace's cell notation reduced to
    what the drawing tells apart: ``~`` sea or sunk, ``X`` a dome, the height, then ``W``
    (any worker), ``K``, ``S``, ``c`` (any coin) and ``b`` (a blessing token)."""
    geometry = riddle.board.geometry
    cells = {geometry.name(sq): "" for sq in geometry.squares}
    level: dict[str, str] = {}
    marks: dict[str, str] = {}
    for name in iter_ids(scene.children):
        kind, _, where = name.partition("-")
        if kind == "sunk":
            cells[where] = "~"
        elif kind == "dome":
            level[where] = "X"
        elif kind.startswith("level"):
            level[where] = kind[len("level"):]
        elif kind in ("worker", "king", "sphinx", "coin", "blessing"):
            marks[where] = marks.get(where, "") + {"worker": "W", "king": "K", "sphinx": "S",
                                                    "coin": "c", "blessing": "b"}[kind]
    out = {}
    for sq in range(geometry.size):
        name = geometry.name(sq)
        if not geometry.land >> sq & 1 or cells.get(name) == "~":
            out[name] = "~"
        else:
            figure = "".join(m for m in marks.get(name, "") if m in "WKS")
            out[name] = level.get(name, ".") + figure + "".join(
                m for m in marks.get(name, "") if m in "cb")
    return out


def traced_board(riddle: Riddle, text: str) -> dict[str, str]:
    """A board of the trace (:func:`~generator.systems.riddle.trace.format_board`) in
    :func:`drawn_board`'s notation: workers unnumbered, coins of any colour ``c``, and
    a dome's height left out."""
    geometry = riddle.board.geometry
    rows = text.splitlines()[1:]
    out = {}
    for r, line in enumerate(rows):
        cells = line.split()[1:]
        for col, cell in enumerate(cells):
            cell = re.sub(r"W\d", "W", cell)
            cell = re.sub(r"[sg]", "c", cell) if cell != "~" else cell
            out[f"{'ABCDEFGH'[col]}{r + 1}"] = cell
    assert len(out) == geometry.size, text
    return out


def bridges_drawn(scene: Scene) -> list[tuple[str, str]]:
    return [(a, b) for kind, a, b in (n.split("-") for n in iter_ids(scene.children)
                                      if n.startswith("bridge-"))]


@pytest.fixture(scope="module")
def blocks(tmp_path_factory: pytest.TempPathFactory,
           shipped_cache: Callable[[str, Path], None]) -> list[SolutionBlock]:
    loaded = load_packs([SHIPPED], load_schemas(), kinds_of(discover_systems()))
    [pack] = loaded.packs
    cache = tmp_path_factory.mktemp("diagram-cache")
    shipped_cache("riddles", cache)
    content = read_content(pack, None)
    solves = solve_all(content, Options(cache_dir=cache / pack.id), lambda _: None)
    out: list[SolutionBlock] = []
    for riddle, _ in content.riddles:
        die = content.dice.get(riddle.die) if riddle.die else None
        out += iter_solution_blocks(riddle, solves.get(riddle.id), gods=content.gods, die=die,
                                    blessings={b.id: b for b, _ in content.blessings})
    return out


def test_every_solution_diagram_draws_the_board_its_trace_reaches(
        blocks: list[SolutionBlock]) -> None:
    drawn = 0
    wrong: list[str] = []
    for block in blocks:
        if block.turns is None:
            continue
        riddle, result = block.riddle, block.result
        assert len(block.turns) == len(result.solution), (riddle.id, result.tier)
        for i, turn in enumerate(block.turns):
            assert turn.notation == result.solution[i]
            scene = turn_board(riddle, turn, i + 1, 60.0)
            board = drawn_board(riddle, scene)
            want = traced_board(riddle, result.boards[i + 1])
            where = f"{riddle.id} {result.tier} turn {i + 1}"
            if board != want:
                diff = {k: (board[k], want[k]) for k in want if board[k] != want[k]}
                wrong.append(f"{where}: drawn vs traced {diff}")
            for a, b in bridges_drawn(scene):
                if "~" in (want[a], want[b]):
                    wrong.append(f"{where}: bridge {a}-{b} drawn with an end in the sea")
            drawn += 1
    assert drawn > 100  # every shipped riddle has its lines drawn
    assert not wrong, "\n".join(wrong)


def test_a_bridge_whose_end_has_sunk_is_not_drawn(blocks: list[SolutionBlock]) -> None:
    block = next(b for b in blocks if b.turns and b.riddle.board.geometry.bridges)
    riddle = block.riddle
    assert block.turns is not None
    geometry = riddle.board.geometry
    a, b = geometry.bridges[0]
    bridge = (geometry.name(a), geometry.name(b))
    state = block.turns[0].after
    assert bridge in bridges_drawn(render_map(riddle, state._replace(sunk=0)))
    for end in (a, b):
        drawn = bridges_drawn(render_map(riddle, state._replace(sunk=1 << end)))
        assert bridge not in drawn and len(drawn) == len(geometry.bridges) - 1


def test_each_drawn_solution_has_two_hints_before_it(blocks: list[SolutionBlock]) -> None:
    from generator.systems.riddle.hints import hint_pages, idea_hint, move_hint

    drawn = [b for b in blocks if b.turns and not b.same_as]
    for block in drawn:
        idea, move = idea_hint(block.result.steps, None), move_hint(block, None)
        assert idea and move, (block.riddle.id, block.result.tier)
        # Hint 1 names the idea, not the move: not the line's first move (W1 A1-B2 ...).
        first = block.result.solution[0].split()[1]
        if re.fullmatch(r"[A-H]\d-[A-H]\d", first):
            assert first not in idea
    pages = hint_pages(blocks, (210.0, 297.0), None, "T", 30)
    assert pages and [p.id for p in pages] == [f"hints-{n + 1}" for n in range(len(pages))]
    text = " ".join(t.text for p in pages for t in _texts(p.children))
    for block in drawn:
        assert f"{block.riddle.number} · " in text


def _texts(elements: tuple[Element, ...]) -> Iterator[Any]:
    from generator.render.scene import Text, TextBlock

    for el in elements:
        if isinstance(el, Text):
            yield el
        elif isinstance(el, TextBlock):
            yield from el.runs
        elif isinstance(el, Group):
            yield from _texts(el.children)
