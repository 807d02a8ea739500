"""Every player count a riddle allows (issue 14 §3): ``check`` proves each one, reports per
objective the counts left unproven (RS-G107) or unsolvable (RS-G101) at the objective's
line, caches each count's verdicts, and the book prints the turns of every count."""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from generator.diagnostics import Severity
from generator.pipeline import check
from generator.render.scene import Group, Rect, Text
from generator.systems import Options
from generator.systems.riddle.badges import LEGIBLE_PT, count_table, draw_count_badge
from generator.systems.riddle.book import riddle_page
from generator.systems.riddle.setup_box import BookSettings
from generator.systems.riddle.content import read_content
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.registry import discover_systems
from generator.systems.riddle import proof_shared
from generator.systems.riddle.proofs import ProofRequest, prove_all, requests_by_count
from generator.systems.riddle.render import solve_counts
from generator.systems.riddle.results import ObjectiveResult, RiddleSolve

from .test_riddle_proofs import RIDDLE, write_piers

ISLAND_CODES = ("RS-G108", "RS-G109")
"""The campaign's island difficulty codes: the piers' order makes pier-2 the easier
(test_riddle_measures.py pins them); these tests are about each riddle's proofs."""

# pier-2: only the first pair of workers is near A3 and the gold objective has a
# deadline, so with 2-4 players (the pairs take turns) it can never be met in time.
DEADLINE = """kind: riddle
id: pier-2
number: 2
title: Pier 2
island: dawn-isles
players: [1, 2, 3, 4]
map:
  grid: |
    W W . . . .
    . . . . . .
    . . . . W W
coins:
  - {at: B2, colour: silver, levels: [1]}
stockpile: {level1: 4, level2: 2, level3: 1, dome: 0}
objectives:
  - tier: silver
    slots: {silver: 1}
  - tier: gold
    goal:
      all_of:
        - {stand: {figure: worker, at: A3, level: 1}}
        - {within: 2}
    ends: true
"""
# pier-3 with a budget that proves its heroic objective for 1, 2 and 4 players only.
NARROW = RIDDLE.format(n=3, tower="1", level=3).replace(
    "players: [1, 2, 3, 4]", "players: [1, 2, 3, 4]\nsolver: {nodes: 30}")


def test_each_count_is_proven_and_what_is_not_is_reported_at_the_objective(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")  # NARROW's budget is the Python search's
    root = write_piers(tmp_path / "pack")
    (root / "riddles" / "pier-2.yaml").write_text(DEADLINE)
    (root / "riddles" / "pier-3.yaml").write_text(NARROW)
    report = check([root], Options(cache=False))
    found = {(d.code, Path(d.file).name, d.line, d.col): d for d in report.diagnostics
             if d.code.startswith("RS-G1") and d.code not in ISLAND_CODES}
    assert sorted(found) == [("RS-G101", "pier-2.yaml", 18, 11),
                             ("RS-G107", "pier-3.yaml", 22, 11)], found
    unsolvable = found["RS-G101", "pier-2.yaml", 18, 11]
    assert unsolvable.severity is Severity.ERROR
    assert "the gold objective can never be achieved (2, 3 or 4 players)" in unsolvable.message
    unproven = found["RS-G107", "pier-3.yaml", 22, 11]
    assert unproven.severity is Severity.WARNING
    assert unproven.message.startswith("the heroic objective is not proven achievable for 3 "
                                       "players (proven for 1, 2 and 4 players): budget:")


def test_the_cache_keeps_each_count_and_the_book_shows_every_count(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")  # NARROW's budget is the Python search's
    root = write_piers(tmp_path / "pack")
    (root / "riddles" / "pier-3.yaml").write_text(NARROW)
    cache = tmp_path / "cache"
    report = check([root], Options(cache_dir=cache))
    pack = report.packs[0]
    stored = sorted(p.name.split("-")[0] + p.name.split("-")[1] for p in (cache / pack.id).iterdir())
    assert stored == [f"pier{n}" for n in (1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)]
    content = read_content(pack, None)
    counts = solve_counts(content, Options(cache_dir=cache / pack.id))
    assert [s.players for s in counts["pier-3"]] == [1, 2, 3, 4]
    assert count_table(counts["pier-3"]) == [("silver", ["1", "1", "1", "1"]),
                                             ("gold", ["2", "2", "2", "2"]),
                                             ("heroic", ["5", "5", "?", "5"])]
    riddle = next(r for r, _ in content.riddles if r.id == "pier-3")
    for lang, heads in ((None, ["1P", "2P", "3P", "4P"]), ("fr", ["1J", "2J", "3J", "4J"])):
        settings = BookSettings(content.title, (210.0, 297.0), lang, content.gods, content.dice,
                                {})
        page = riddle_page(riddle, None, settings, 5, counts["pier-3"]).page
        texts = [e.text for e in iter_texts(page.children)]
        assert all(h in texts for h in heads) and texts.count("?") == 1, texts



@pytest.mark.parametrize("narrow", [False, True])
def test_the_count_badge_holds_four_objectives_and_its_key_in_legible_text(narrow: bool) -> None:
    # The page makes room under a badge this tall (test_riddle_legible): here, every text
    # of the badge is at least LEGIBLE_PT and inside its frame.
    tiers = ("silver", "gold", "heroic", "godlike")
    solves = [RiddleSolve("r", n, tuple(
        ObjectiveResult(t, "unproven" if (n, t) == (3, "gold") else "solved",
                        None if (n, t) == (3, "gold") else 9, (), None, 1, 0.0) for t in tiers))
        for n in (1, 2, 3, 4)]
    elements, width = draw_count_badge(200.0, 10.0, solves, "fr", narrow=narrow)
    [frame] = [e for e in elements if isinstance(e, Rect)]
    assert width == frame.w
    texts = [e for e in elements if isinstance(e, Text)]
    assert min(e.size for e in texts) >= LEGIBLE_PT
    assert max(e.y for e in texts) < frame.y + frame.h
    assert any("non prouvé" in e.text for e in texts)


def iter_texts(elements: Iterable[object]) -> list[Text]:
    out: list[Text] = []
    for e in elements:
        if isinstance(e, Text):
            out.append(e)
        elif isinstance(e, Group):
            out.extend(iter_texts(e.children))
    return out


@pytest.mark.parametrize("players", [(1,), (1, 2, 3, 4), (2, 3)])
def test_check_asks_for_every_count_the_riddle_allows(players: tuple[int, ...]) -> None:
    class Riddle:
        id = "r"
        board = type("B", (), {"workers": (1, 2, 3, 4)})()

    riddle = Riddle()
    riddle.players = players  # type: ignore[attr-defined]
    assert requests_by_count(riddle) == [ProofRequest("r", n, count_first_moves=n == 1)
                                         for n in players]  # type: ignore[arg-type]


def test_other_counts_are_searched_only_for_what_the_first_count_proved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")  # the budget is the Python search's
    root = write_piers(tmp_path / "pack")
    (root / "riddles" / "pier-3.yaml").write_text(NARROW.replace("nodes: 30", "nodes: 20"))
    shared = proof_shared(load_packs([root], load_schemas(), kinds_of(discover_systems()))
                          .packs[0])
    requests = requests_by_count(shared.riddles["pier-3"])
    solves = prove_all(requests, shared, cache_dir=tmp_path / "cache", gate=True)
    one, *others = (solves[q] for q in requests)
    assert [o.status for o in one.objectives] == ["solved", "solved", "unproven"]
    for solve in others:
        assert [o.status for o in solve.objectives] == ["solved", "solved", "unproven"]
        assert solve.objectives[2].reason == "not searched: not proven for 1 player either"
    assert len(list((tmp_path / "cache").iterdir())) == 1  # partial answers are not stored
    report = check([root], Options(cache=False))
    assert [d.code for d in report.diagnostics if d.code.startswith("RS-G1")
            and d.code not in ISLAND_CODES] == ["RS-G102"]


def test_with_the_compiled_core_a_count_left_unproven_says_which_limit_stopped_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both installs report the smallest count left unproven (RS-G107, above); with the
    compiled core on (numba installed), the reason also names the core's limit, and
    its larger allowance (solver.COMPILED_PER_BUDGET times the budget) proves the count
    the Python search leaves unproven."""
    from generator.systems.riddle import solver
    from generator.systems.riddle.cache import compiled_core_on

    if not compiled_core_on():
        pytest.skip("the compiled core needs numba (pip install '.[fast]')")
    from generator.systems.riddle.compiled import search

    root = write_piers(tmp_path / "pack")
    (root / "riddles" / "pier-3.yaml").write_text(NARROW)
    monkeypatch.setattr(solver, "PYTHON_FIRST", 1)  # budget 30: the core runs after 1 state
    monkeypatch.setattr(search, "BYTES_AT_MOST", 20 * search.bytes_per_state())
    report = check([root], Options(cache=False))
    [unproven] = [d for d in report.diagnostics if d.code == "RS-G107"]
    assert unproven.message.startswith("the heroic objective is not proven achievable for 3 "
                                       "players (proven for 1, 2 and 4 players): budget:")
    limit = f"{20 * search.bytes_per_state():,} bytes"
    assert f"; the compiled core stopped first, on its memory cap ({limit}, " \
        in unproven.message, unproven.message
    monkeypatch.setattr(search, "BYTES_AT_MOST", 1 << 30)
    report = check([root], Options(cache=False))
    assert [d.code for d in report.diagnostics if d.code.startswith("RS-G1")
            and d.code not in ISLAND_CODES] == [], \
        [d.message for d in report.diagnostics]
