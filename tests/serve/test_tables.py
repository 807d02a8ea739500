"""The preview's simulator results are labelled tables: every figure sits under a
header cell that names it (no bare "50, 1, 23, 50" lists). No browser needed."""
from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from generator import pipeline
from generator.scaffold import init_pack
from generator.serve.tables import find_key, metrics_html, sides_html, value_html
from generator.serve.workspace import pack_metrics
from generator.systems import Options
from generator.registry import discover_systems
from tests.serve.server import make_pack


class Cells(HTMLParser):
    """Every data cell with the header that labels it: the row's leading ``th`` or
    the column's ``th`` in the table's header rows (colspans counted)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, Any]] = []
        self.unlabelled: list[str] = []
        self.cells = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append({"header_cols": 0, "rows": 0, "row": None})
        elif tag == "tr":
            self.tables[-1]["row"] = {"th": 0, "td": 0, "cols": 0, "first": None}
        elif tag in ("th", "td"):
            row = self.tables[-1]["row"]
            span = int(dict(attrs).get("colspan") or 1)
            row["first"] = row["first"] or tag
            row[tag] += 1
            if tag == "td":
                self.cells += 1
                table = self.tables[-1]
                if row["first"] != "th" and row["cols"] >= table["header_cols"]:
                    self.unlabelled.append(self.get_starttag_text() or "")
            row["cols"] += span

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.tables.pop()
        elif tag == "tr":
            table = self.tables[-1]
            row = table["row"]
            if row["td"] == 0 and table["rows"] == 0:
                table["header_cols"] = row["cols"]
            table["rows"] += 1


def unlabelled_cells(html: str) -> tuple[int, list[str]]:
    parser = Cells()
    parser.feed(html)
    return parser.cells, parser.unlabelled


def _starter_metrics(tmp_path: Path, system: str) -> dict[str, Any]:
    pack = tmp_path / f"p-{system}"
    init_pack(pack, discover_systems()[system], f"p-{system}")
    report = pipeline.check([pack], Options(cache=False))
    assert not report.failed()
    return pack_metrics(report)


def test_roles_per_card_figures_have_column_names(tmp_path: Path) -> None:
    metrics = _starter_metrics(tmp_path, "roles")
    html = metrics_html(metrics)
    for header in ("played", "cost worker", "won", "decided", "win rate when played",
                   "win rate ci95", "proof", "first usable position"):
        assert f"<th>{header}</th>" in html
    [game] = metrics["roles"].values()
    for card, figures in game["cards"].items():
        assert f"<th>{card}</th>" in html
        assert set(figures) == {"played", "cost_worker", "won", "decided",
                                "win_rate_when_played", "win_rate_ci95"}
    # The old panel showed each card as a bare list of four numbers.
    assert not re.search(r">\d+, \d+, \d+, \d+<", html)
    cells, unlabelled = unlabelled_cells(html)
    assert cells > 20 and unlabelled == []


@pytest.mark.parametrize("system, headers", [
    ("tower", ("scenario", "win rate", "ci95", "losses", "builders", "bonus rates")),
    ("riddle", ("tier", "status", "turns", "optimal first moves", "silver", "heroic")),
])
def test_every_system_figure_sits_under_a_header(tmp_path: Path, system: str,
                                                 headers: tuple[str, ...]) -> None:
    html = metrics_html(_starter_metrics(tmp_path, system))
    for header in headers:
        assert re.search(rf"<th( [^>]*)?>{re.escape(header)}</th>", html), header
    cells, unlabelled = unlabelled_cells(html)
    assert cells > 5 and unlabelled == []


def test_fragment_pairs_are_named_in_the_preview_state(tmp_path: Path, monkeypatch) -> None:
    pytest.importorskip("starlette")
    from generator.serve.app import state_json
    from generator.serve.workspace import Workspace

    monkeypatch.chdir(tmp_path)
    ws = Workspace([make_pack(tmp_path)])
    ws.refresh()
    [pack] = state_json(ws)["packs"]
    html = pack["metrics_html"]
    for header in ("stop at", "points per turn", "turns", "games", "mean turns"):
        assert f"<th>{header}</th>" in html
    pyl = pack["metrics"]["fragments"]["press_your_luck"]
    assert all(set(row) == {"stop_at", "points_per_turn"}
               for row in pyl["expected_points_per_turn_by_stop"])
    assert unlabelled_cells(html)[1] == []


def _random_value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.35:
        return rng.choice([rng.randint(-5, 500), round(rng.random(), 4), None, True,
                           f"<b>{rng.randint(0, 9)}</b>", [rng.randint(0, 9), rng.random()]])
    keys = [f"k{n}" for n in range(rng.randint(1, 5))]
    if roll < 0.6:
        return {k: _random_value(rng, depth + 1) for k in keys}
    if roll < 0.8:  # records of one kind
        return [{k: _random_value(rng, depth + 2) for k in keys if rng.random() < 0.8}
                for _ in range(rng.randint(1, 4))]
    return [_random_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]


def test_generated_values_never_leave_a_cell_unlabelled_or_text_unescaped() -> None:
    rng = random.Random(20261126)
    for _ in range(300):
        value = {"system": _random_value(rng)}
        html = metrics_html(value)
        assert unlabelled_cells(html)[1] == [], html
        assert "<b>" not in html


def test_side_panels_find_a_drawings_figures_like_the_page_did() -> None:
    metrics = {"tower": {"playtests": {"mill": {"wins": 3}}}, "x": {"mill-front": 1}}
    assert find_key(metrics, "mill") == {"wins": 3}
    sides = sides_html(["maps/mill.svg", "cards/mill-back.svg", "book.pdf p. 1", "other.svg"],
                       metrics)
    assert set(sides) == {"maps/mill.svg", "cards/mill-back.svg"}
    assert sides["maps/mill.svg"] == value_html({"wins": 3}, "mill")
    assert "<th>wins</th>" in sides["maps/mill.svg"]


def test_each_role_card_drawing_shows_its_figures_beside_it(tmp_path: Path, monkeypatch) -> None:
    pytest.importorskip("starlette")
    from generator.serve.app import state_json
    from generator.serve.workspace import Workspace

    pack = tmp_path / "roles"
    init_pack(pack, discover_systems()["roles"], "roles")
    monkeypatch.chdir(tmp_path)
    ws = Workspace([pack])
    ws.refresh()
    [state] = state_json(ws)["packs"]
    [game] = state["metrics"]["roles"].values()
    cards = [d["label"] for d in state["drawings"] if "/card-" in d["label"]]
    assert cards and set(cards) <= set(state["sides"])
    for label in cards:
        assert "<th>played</th>" in state["sides"][label]
    # Every copy of a card shows that card's figures.
    some = next(iter(game["cards"]))
    copies = [label for label in cards if f"card-{some}-" in label or label.endswith(f"card-{some}.svg")]
    assert copies and all(str(game["cards"][some]["played"]) in state["sides"][c] for c in copies)
