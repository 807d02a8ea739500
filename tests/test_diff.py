"""``riddlesmith diff`` (issue 28 §2), in a throwaway git repository the tests make.

The repository holds one small riddle pack (``riddlesmith init --system riddle``) under
``content/``. The second commit changes one god card's power text (a printed face) and
one row of the riddle's map, which makes its heroic objective one turn shorter; the
diff between the two commits must list exactly those two documents, that card face
and that par, in every format.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.diff import (
    MISSING,
    compare_figures,
    dotted,
    iter_field_changes,
    move_of,
)
from generator.diff_formats import MARKDOWN_MARK, render_diff
from generator.diff_run import DiffArgs, diff_sides, open_sides
from generator.scaffold import init_pack
from generator.systems import Figure, Options
from generator.registry import discover_systems

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

GOD = "content/dawn/gods/starter.yaml"
RIDDLE = "content/dawn/riddles/first-light.yaml"
MAP_ROW = ("    . . 1 . *\n", "    . . 1 1 *\n")  # a block beside the lookout: heroic 4 -> 3
POWER = ("even the ground.", "even on the ground.")


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@localhost",
                           "-c", "commit.gpgsign=false", *args], cwd=repo, check=True,
                          capture_output=True, text=True)
    return done.stdout.strip()


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two commits: the pack as ``init`` makes it, then the god text and the map row."""
    root = tmp_path_factory.mktemp("diff") / "repo"
    init_pack(root / "content" / "dawn", discover_systems()["riddle"], "dawn")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "a pack")
    _edit(root / GOD, *POWER)
    _edit(root / RIDDLE, *MAP_ROW)
    _git(root, "commit", "-qam", "a card and a map")
    return root


@pytest.fixture(scope="module")
def between(repo: Path) -> dict[str, str]:
    """The diff of the two commits in each format (both sides checked once)."""
    from contextlib import ExitStack

    from generator.pipeline import run_options

    args = DiffArgs("HEAD~1", "HEAD")
    with ExitStack() as stack, run_options(Options()) as options:
        old, new, _ = open_sides(args, stack, repo)
        found = diff_sides(old, new, options, args)
    return {fmt: render_diff(found, fmt) for fmt in ("text", "json", "markdown")}


def run(cwd: Path, *args: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.chdir(cwd)
    result = CliRunner().invoke(main, ["diff", *args])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def test_json_lists_exactly_the_changed_card_and_the_moved_par(between: dict[str, str]) -> None:
    data = json.loads(between["json"])
    [pack] = data["packs"]
    assert (data["old"], data["new"], pack["pack"], pack["status"]) == (
        "HEAD~1", "HEAD", "dawn", "changed")
    docs = {(d["kind"], d["id"]): d for d in pack["documents"]}
    assert sorted(docs) == [("god", "atlas"), ("riddle", "first-light")]
    [power] = docs["god", "atlas"]["fields"]
    assert power["path"] == "power.text" and power["file"] == GOD
    assert power["old"].endswith(POWER[0]) and power["new"].endswith(POWER[1])
    assert docs["god", "atlas"]["face"] == "changed"
    [row] = docs["riddle", "first-light"]["fields"]
    lines = (Path(GOD).name, RIDDLE)
    assert row["path"] == "map.grid[3]" and row["file"] == lines[1]
    assert (row["old"], row["new"]) == (MAP_ROW[0].strip(), MAP_ROW[1].strip())
    assert row["line"] == 15  # the map row's own line in NEW
    # The only card face that changed is Atlas's front (the riddle prints no card).
    assert [(f["deck"], f["face"], f["status"]) for f in pack["faces"]] == [
        ("gods", "god-atlas", "changed")]
    pars = [f for f in pack["figures"] if " par, " in f["figure"]]
    assert pars and {(f["id"], f["figure"], f["old"], f["new"], f["change"]) for f in pars} == {
        ("first-light", f"{tier} par, {seat}", 4, 3, "par-shorter")
        for tier in ("heroic", "godlike")
        for seat in ("1 player", "2 players", "3 players", "4 players")}
    assert {f["id"] for f in pack["figures"]} == {"first-light"}
    assert "par-shorter" in data["changes"] and "face" in data["changes"]
    assert pack["pages"] and pack["pages"][0]["book"] == "dawn-book"


def test_text_and_markdown_say_the_same(between: dict[str, str]) -> None:
    text = between["text"]
    assert "changed god atlas" in text and "(face changed)" in text
    assert f"map.grid[3]: '{MAP_ROW[0].strip()}' -> '{MAP_ROW[1].strip()}'  {RIDDLE}:15" in text
    assert "riddle first-light heroic par, 1 player: 4 -> 3  [par-shorter]" in text
    assert text.count("\n  changed ") == 2
    md = between["markdown"]
    assert md.startswith(MARKDOWN_MARK + "\n### riddlesmith diff `HEAD~1` → `HEAD`")
    assert "| god `atlas` | changed<br>`power.text`:" in md and "| changed |" in md
    assert "| riddle `first-light` heroic par, 1 player | 4 → 3 | par-shorter |" in md


def test_fail_on_change_and_the_working_tree(repo: Path, monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    # HEAD against a clean working tree: nothing changed, exit 0 even when asked to fail.
    code, out = run(repo, "--fail-on-change", "any", monkeypatch=monkeypatch)
    assert code == 0 and out.rstrip().endswith("no changes"), out
    code, out = run(repo, "HEAD~1", "HEAD", "--no-figures", "--no-pages", "--pack",
                    "content/dawn", "--fail-on-change", "win-rate", monkeypatch=monkeypatch)
    assert code == 0 and "changed riddle first-light" in out
    # An edit not yet committed: HEAD against the working tree, from a subfolder.
    god = repo / GOD
    before = god.read_text(encoding="utf-8")
    try:
        _edit(god, "name: Atlas", "name: Atlas the Mason")
        code, out = run(repo / "content", "--no-figures", "--no-pages", "--format", "json",
                        monkeypatch=monkeypatch)
    finally:
        god.write_text(before, encoding="utf-8")
    [pack] = json.loads(out)["packs"]
    [doc] = pack["documents"]
    assert (doc["id"], doc["face"], doc["file"]) == ("atlas", "changed", "dawn/gods/starter.yaml")
    assert [(f["path"], f["new"]) for f in doc["fields"]] == [("name", "Atlas the Mason")]
    code, out = run(repo, "HEAD~1", "HEAD", "--no-figures", "--no-pages",
                    "--fail-on-change", "face", "--format", "json", monkeypatch=monkeypatch)
    assert code == 1 and json.loads(out)["changes"] == ["document", "face"]
    assert _git(repo, "status", "--porcelain") == ""  # the repository is as it was


def test_folders(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(repo / "content", new, ignore=shutil.ignore_patterns(".riddlesmith-cache"))
    shutil.copytree(new, old)
    _edit(old / "dawn" / "gods" / "starter.yaml", *reversed(POWER))
    code, out = run(tmp_path, "old", "new", "--no-figures", "--no-pages",
                    monkeypatch=monkeypatch)
    assert code == 0, out
    assert "changed god atlas  new/dawn/gods/starter.yaml:2  (face changed)" in out
    assert "first-light" not in out
    code, out = run(tmp_path, "old", "missing/", monkeypatch=monkeypatch)
    assert code == 2 and out.strip() == "riddlesmith: missing/: no such folder", out


def test_bad_input_is_one_line(repo: Path, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run(repo, "no-such-rev", monkeypatch=monkeypatch)
    assert code == 2 and len(out.strip().splitlines()) == 1, out
    assert "unknown revision 'no-such-rev'" in out
    code, out = run(repo, "--fail-on-change", "nonsense", monkeypatch=monkeypatch)
    assert code == 2 and "nonsense" in out
    outside = tmp_path / "plain"
    outside.mkdir()
    code, out = run(outside, monkeypatch=monkeypatch)
    assert code == 2 and "not in a git repository" in out and len(out.strip().splitlines()) == 1


def test_the_readme_pull_request_step(repo: Path) -> None:
    """The README's CI step, run as written in the throwaway repository, with the base
    branch as a CI checkout has it (``origin/main``)."""
    from test_ci_recipe import _workflow

    [_, command, _] = [s["run"] for s in _workflow("diff")["jobs"]["diff"]["steps"]
                       if "run" in s]
    _git(repo, "update-ref", "refs/remotes/origin/main", "HEAD~1")
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep
               + os.environ.get("PATH", ""))
    try:
        done = subprocess.run(["bash", "-c", command.replace("${{ github.base_ref }}", "main")],
                              cwd=repo, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        comment = (repo / "diff.md").read_text(encoding="utf-8")
    finally:
        (repo / "diff.md").unlink(missing_ok=True)
        _git(repo, "update-ref", "-d", "refs/remotes/origin/main")
    assert comment.startswith(MARKDOWN_MARK) and "`origin/main` → `HEAD`" in comment
    assert "| riddle `first-light` heroic par, 1 player | 4 → 3 | par-shorter |" in comment


def test_build_changed_since_reprints_exactly_the_changed_card(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pypdf import PdfReader

    monkeypatch.chdir(repo)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "-q", "--out", str(out), "--changed-since",
                                       "HEAD~1"])
    assert result.exit_code == 0, result.output
    listing = (out / "dawn" / "print" / "reprint.txt").read_text(encoding="utf-8")
    assert listing.splitlines()[2:] == ["gods\tgod-atlas\t1"], listing
    reader = PdfReader(out / "dawn" / "print" / "reprint.pdf")
    assert len(reader.pages) == 2  # one sheet: Atlas's front, then its back
    assert "even on the ground" in reader.pages[0].extract_text()
    same = CliRunner().invoke(main, ["build", "-q", "--out", str(tmp_path / "again"),
                                     "--changed-since", "HEAD"])
    assert same.exit_code == 0, same.output
    assert not (tmp_path / "again" / "dawn" / "print" / "reprint.pdf").exists()
    assert "nothing to reprint" in (tmp_path / "again" / "dawn" / "print" / "reprint.txt"
                                    ).read_text(encoding="utf-8")
    bad = CliRunner().invoke(main, ["build", "-q", "--out", str(tmp_path / "bad"),
                                    "--changed-since", "nope"])
    assert bad.exit_code == 2 and "unknown revision 'nope'" in bad.output
    assert not (tmp_path / "bad").exists()


def test_a_long_markdown_comment_is_cut_at_a_line() -> None:
    from generator.diff_formats import _cut

    text = "".join(f"| row {n} |\n" for n in range(10_000))
    cut = _cut(text, 60_000)
    assert len(cut) <= 60_000 and cut.endswith("left out: run riddlesmith diff for all of it._\n")
    assert _cut("short\n", 60_000) == "short\n"


def test_field_changes_and_moves() -> None:
    assert list(iter_field_changes({"a": [1, {"b": "x"}]}, {"a": [1, {"b": "y"}, 2]})) == [
        (("a", 1, "b"), "x", "y"), (("a", 2), MISSING, 2)]
    assert list(iter_field_changes({"t": True}, {"t": 1})) == [(("t",), True, 1)]
    assert dotted(("map", "grid", ("line", 2))) == "map.grid[3]"
    rate = Figure("tower-scenario", "s", "win rate", 0.5, (0.45, 0.55), "win-rate")
    near = Figure("tower-scenario", "s", "win rate", 0.56, (0.5, 0.6), "win-rate")
    far = Figure("tower-scenario", "s", "win rate", 0.7, (0.65, 0.75), "win-rate")
    assert move_of(rate, near) is None and move_of(rate, far) == "win-rate"
    par = Figure("riddle", "r", "silver par, 1 player", 5, change="par")
    assert move_of(par, Figure("riddle", "r", par.name, "unsolved", change="par")) == "par-longer"
    assert [m.change for m in compare_figures([par], [Figure("riddle", "r", par.name, 6,
                                                             change="par")])] == ["par-longer"]


SYSTEM_FIGURES = {
    # system: (kind, name, change, with an interval) of figures every fresh pack has
    "fragments": [("fragment-game", "best stop", "curve", False),
                  ("fragment-game", "points per turn stopping at 1", "curve", False)],
    "tower": [("tower-scenario", "win rate (greedy)", "win-rate", True)],
    "glyphs": [("glyph-game", "degree 1 win rate", "win-rate", True),
               ("glyph-riddle", "mean fewest actions", "measure", False)],
    "roles": [("role-game", "mean rounds", "measure", True),
              ("role-card", "win share", "share", True),
              ("role-card", "played", "share", True)],
}


@pytest.mark.parametrize("system", sorted(SYSTEM_FIGURES))
def test_every_system_reports_its_figures(system: str, tmp_path: Path) -> None:
    """Each system's figures for diff, from a fresh ``init`` pack checked with few games:
    the rates carry their intervals (so a diff flags them only when those part)."""
    from generator.pipeline import check, run_options

    root = tmp_path / "pack"
    systems = discover_systems()
    init_pack(root, systems[system], "fresh")
    manifest = root / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "sim: {max_games: 20}\n",
                        encoding="utf-8")
    with run_options(Options(cache=False)) as options:
        report = check([root], options)
        assert not report.failed(), report.diagnostics
        [pack] = report.packs
        figures = report.registry.print_source(system).figures
        assert figures is not None
        found = figures(pack, options, None)
    for kind, name, change, interval in SYSTEM_FIGURES[system]:
        matching = [f for f in found if f.kind == kind and f.name.startswith(name)]
        assert matching, (kind, name, sorted({(f.kind, f.name) for f in found})[:20])
        for figure in matching:
            assert figure.change == change and (figure.ci95 is not None) == interval, figure
            assert figure.value is not None


def test_measures_are_taken_only_where_the_solver_inputs_differ(repo: Path) -> None:
    """A new title or story leaves a riddle's proof key, so the diff does not measure it;
    a new map row does not."""
    from dataclasses import replace

    from generator.pack.loader import load_packs
    from generator.pack.schema import load_schemas
    from generator.pipeline import kinds_of
    from generator.systems.riddle import proof_shared
    from generator.systems.riddle.figures import iter_measure_figures, proof_key

    systems = discover_systems()
    [pack] = load_packs([repo / "content"], load_schemas(), kinds_of(systems)).packs
    shared = proof_shared(pack)
    riddle = shared.riddles["first-light"]
    retitled = replace(shared, riddles={"first-light": replace(riddle, title="Last Light",
                                                                story="Dusk.")})
    assert proof_key(riddle, shared) == proof_key(retitled.riddles["first-light"], retitled)
    assert iter_measure_figures(shared, retitled, None) == []
    assert iter_measure_figures(shared, None, None) == []
