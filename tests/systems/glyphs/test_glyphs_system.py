"""The glyph system through the pipeline and the command line: check, build, playtest, solve."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.serve.tables import value_html
from generator.systems.glyphs import sim_checks
from generator.systems.glyphs.sim_checks import SimSettings

from .conftest import write_pack


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim_checks, "DEFAULT_SETTINGS", SimSettings(games=4, grids=1))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def test_playtest_json_has_the_tower_keys_and_ours(small_pack: Path) -> None:
    code, out = run("playtest", str(small_pack), "small", "--degree", "3", "--games", "6",
                    "--jobs", "1", "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    for key in ("scenario", "policy", "games", "wins", "win_rate", "ci95", "losses",
                "mean_turns", "seed", "degree", "mean_solved", "loss_turns"):
        assert key in data
    assert data["policy"] == "planner" and data["games"] == 6 and data["degree"] == 3
    code, text = run("playtest", str(small_pack), "small", "--degree", "3", "--games", "6",
                     "--jobs", "1")
    assert code == 0 and "degree 3" in text and "riddles solved per game" in text


def test_playtest_usage_errors(small_pack: Path) -> None:
    assert run("playtest", str(small_pack), "small", "--degree", "9")[0] == 2
    assert run("playtest", str(small_pack), "small", "--policy", "nope", "--games", "2")[0] == 2
    code, out = run("playtest", str(small_pack), "nothing")
    assert code == 2 and "small" in out


def test_playtest_help_lists_the_glyph_policies() -> None:
    out = " ".join(run("playtest", "--help")[1].split())
    assert "glyphs: planner, random, lookahead" in out and "--degree" in out


def test_solve_a_card(small_pack: Path) -> None:
    code, out = run("solve", str(small_pack), "r3-1", "--grids", "2", "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    assert data["card"] == "r3-1" and len(data["actions"]) == 2


def test_check_reports_the_curve_and_caches_it(small_pack: Path, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    code, out = run("check", str(small_pack))
    assert code == 0 and "RS-X103" in out
    monkeypatch.setattr(sim_checks, "playtest_until", lambda *a, **k: pytest.fail("not cached"))
    assert run("check", str(small_pack))[0] == 0


def test_a_missing_translation_is_a_diagnostic(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "p", {"set.yaml": ("name: {en: Moon, fr: Lune}", "name: Moon")})
    code, out = run("check", str(root), "--no-cache")
    assert "RS-X011" in out and "set.yaml:6" in out


def test_build_french_edition_only(small_pack: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "out"
    code, text = run("build", str(small_pack), "--lang", "fr", "--out", str(out_dir))
    assert code == 0, text
    files = sorted(p.relative_to(out_dir / "small-glyphs").as_posix()
                   for p in (out_dir / "small-glyphs").rglob("*") if p.is_file())
    assert "print/fr/cards-duplex.pdf" in files and not any("/en/" in f for f in files)
    assert "print/fr/calibration.pdf" in files  # the print check, in the edition's language
    report = json.loads((out_dir / "small-glyphs" / "report.json").read_text(encoding="utf-8"))
    glyphs = report["systems"]["glyphs"]
    assert len(glyphs["curve"]) == 8 and len(glyphs["cards"]) == 10
    # Each card's fewest actions are named by the grid they come from (the preview heads
    # a column per grid under "min actions"), never an unlabelled list.
    grids = sim_checks.DEFAULT_SETTINGS.grids
    for card in glyphs["cards"]:
        assert "actions" not in card, card
        assert list(card["min_actions"]) == [f"grid {i}" for i in range(1, grids + 1)], card
    html = value_html(glyphs["cards"])
    assert f'<th colspan="{grids}">min actions</th>' in html and f"<th>grid {grids}</th>" in html
    first = (out_dir / "small-glyphs" / "print/fr/tiles-duplex.pdf").read_bytes()
    run("build", str(small_pack), "--lang", "fr", "--out", str(out_dir))
    assert (out_dir / "small-glyphs" / "print/fr/tiles-duplex.pdf").read_bytes() == first


def test_starter_pack_checks_clean_and_the_template_is_valid(tmp_path: Path) -> None:
    from generator.systems.glyphs import SYSTEM
    from generator.systems.glyphs.content import load_pack

    from .conftest import load_small

    root = tmp_path / "starter"
    for rel, text in SYSTEM.starter_files("starter").items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    loaded, diags = load_pack(load_small(root))
    assert diags == [] and loaded.table is not None and len(loaded.riddles) == 30
    card = SYSTEM.templates()["glyph-riddle"].split("\n", 1)[1].replace("{id}", "extra")
    (root / "riddles" / "extra.yaml").write_text(card, encoding="utf-8")
    _, diags = load_pack(load_small(root))
    # The template's card starts in draft deck 6, which no degree deals: a warning at
    # the card, not an overfull deck (issue 27 §3).
    assert [(d.code, d.severity.value) for d in diags] == [("RS-X018", "warning")]
    assert diags[0].file.endswith("extra.yaml")


def test_card_sheets_follow_the_shared_gutter_policy(small_pack: Path, tmp_path: Path) -> None:
    """Riddle decks differ in colour at the cut: `auto` (the default) lays those sheets out
    with the full-bleed gutter, exactly as `full` does; `none` butts the cards."""
    sheets = {}
    for mode in ("none", "full", "auto"):
        out_dir = tmp_path / mode
        code, text = run("build", str(small_pack), "--lang", "en", "--gutter", mode,
                         "--out", str(out_dir))
        assert code == 0, text
        sheets[mode] = (out_dir / "small-glyphs" / "print/en/cards-duplex.pdf").read_bytes()
    assert sheets["auto"] == sheets["full"] != sheets["none"]


def test_no_text_of_the_shipped_glyph_pack_prints_below_6pt(tmp_path: Path) -> None:
    # Every document the build draws (both editions), measured with groups' scale: the
    # tiles' names and the action tiles' "Active" printed at 5-5.5 pt before.
    from generator.render.pdf import capture_documents
    from generator.render.text import MIN_PRINT_SIZE, iter_printed_sizes

    shipped = Path(__file__).resolve().parents[3] / "content" / "glyphs"
    if not (shipped / "pack.yaml").is_file():
        pytest.skip("the shipped glyph pack is not in this checkout")
    with capture_documents() as docs:
        result = CliRunner().invoke(main, ["build", str(shipped), "--out", str(tmp_path),
                                           "--cache-dir", str(tmp_path / "cache")])
    assert result.exit_code == 0, result.output
    pages = [(d.title, p) for d in docs for p in d.pages]
    assert len(pages) > 10 and any("tiles" in title for title, _ in pages)
    small = [(title, p.id, round(size, 2), text.text) for title, p in pages
             for text, size in iter_printed_sizes(p.children) if size < MIN_PRINT_SIZE - 1e-9]
    assert small == []
