"""The command line, driven end to end (acceptance tests)."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CONTENT, write_pack
from generator import __version__
from generator.cli import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def test_version() -> None:
    code, out = run("--version")
    assert code == 0 and __version__ in out


def test_schema_list_and_print() -> None:
    code, out = run("schema")
    assert code == 0 and "fragment-card" in out
    code, out = run("schema", "fragment-card")
    assert code == 0 and json.loads(out)["$id"].endswith("fragment-card.schema.json")
    code, out = run("schema", "nope")
    assert code == 2 and "unknown kind" in out


def test_schema_vscode_block() -> None:
    code, out = run("schema", "--vscode")
    assert code == 0
    settings = json.loads(out[: out.rindex("}") + 1])
    assert any(k.endswith("pack.schema.json") for k in settings["yaml.schemas"])


def test_init_new_check_build(in_tmp: Path) -> None:
    code, out = run("init", "deck", "--system", "fragments")
    assert code == 0, out
    code, out = run("check", "deck", "--strict")
    assert code == 0, out
    code, out = run("new", "fragment-card", "sings-at-dawn", "--pack", "deck")
    assert code == 0, out
    created = in_tmp / "deck" / "cards" / "sings-at-dawn.yaml"
    assert created.read_text().startswith("# yaml-language-server: $schema=")
    code, out = run("check", "deck", "--strict")
    assert code == 0, out
    code, out = run("build", "deck", "--out", "out")
    assert code == 0, out
    assert (in_tmp / "out" / "deck" / "print" / "cards-duplex.pdf").is_file()
    code, out = run("new", "fragment-card", "sings-at-dawn", "--pack", "deck")
    assert code == 2 and "already exists" in out
    code, out = run("new", "no-such-kind", "x", "--pack", "deck")
    assert code == 2 and "unknown kind" in out
    code, out = run("new", "fragment-card", "Bad Id", "--pack", "deck")
    assert code == 2
    code, out = run("init", "deck", "--system", "fragments")
    assert code == 2 and "not empty" in out
    code, out = run("init", "x", "--system", "nope")
    assert code == 2


def test_default_path_is_the_pack_around_us(pack_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(pack_dir / "cards")
    code, out = run("check")
    assert code == 0, out
    assert "no problems" in out


def test_missing_paths_and_bad_options(in_tmp: Path) -> None:
    assert run("check")[0] == 2
    assert run("check", "nowhere")[0] == 2
    assert run("check", "--format", "xml", str(CONTENT))[0] == 2
    assert run("build", str(CONTENT), "--paper", "a3")[0] == 2
    assert run("build", str(CONTENT), "--back-offset", "sideways")[0] == 2
    (in_tmp / "note.txt").write_text("hi")
    assert run("check", "note.txt")[0] == 2


def test_shipped_content_is_clean_and_strict(tmp_path: Path,
                                             shipped_cache: Callable[[str, Path], None]) -> None:
    # On the run's one check of each shipped pack (the packs' own caches are not used).
    for pack in sorted(p.name for p in CONTENT.iterdir() if (p / "pack.yaml").is_file()):
        shipped_cache(pack, tmp_path / "cache")
    code, out = run("check", str(CONTENT), "--strict", "--format", "json",
                    "--cache-dir", str(tmp_path / "cache"))
    payload = json.loads(out)
    assert code == 0, payload["diagnostics"][:5]
    assert payload["summary"]["errors"] == 0 and payload["summary"]["warnings"] == 0
    assert payload["summary"]["documents"] >= 120


@pytest.mark.parametrize("fmt", ["github", "junit", "sarif", "json", "text"])
def test_formats_on_bad_content(tmp_path: Path, fmt: str) -> None:
    pack = write_pack(tmp_path / "p", {"cards/x.yaml": "kind: fragment-card\nid: x\ntxt: I hum.\n"})
    code, out = run("check", str(pack), "--format", fmt)
    assert code == 1
    if fmt == "github":
        assert out.startswith("::error file=") and "RS-S002" in out
    elif fmt == "junit":
        root = ET.fromstring(out)
        assert root.find(".//failure") is not None
    elif fmt == "sarif":
        sarif = json.loads(out)
        assert sarif["version"] == "2.1.0"
        [result] = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "RS-S002"]
        assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 3
    elif fmt == "json":
        assert json.loads(out)["summary"]["errors"] >= 1
    else:
        assert "x.yaml:3:1: error[RS-S002]" in out and "^" in out


def test_report_file(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "p")
    report = tmp_path / "r.json"
    code, out = run("check", str(pack), "--format", "json", "--report", str(report))
    assert code == 0 and json.loads(report.read_text())["summary"]["errors"] == 0


def _tree_digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_build_is_byte_identical_and_manifest_is_true(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "p")
    a, b = tmp_path / "a", tmp_path / "b"
    assert run("build", str(pack), "--out", str(a))[0] == 0
    assert run("build", str(pack), "--out", str(b))[0] == 0
    da, db = _tree_digest(a), _tree_digest(b)
    assert da == db
    manifest = json.loads((a / "test-pack" / "manifest.json").read_text())
    for entry in manifest["artefacts"]:
        assert da["test-pack/" + entry["path"]] == entry["sha256"]
    assert not [p for p in a.iterdir() if p.name.startswith(".")]


def test_installed_package_finds_its_data(tmp_path: Path) -> None:
    """Run from another folder: schemas and fonts come from the installed package."""
    code = ("from generator.resources import schemas_dir; from generator.render.fonts import "
            "read_font_bytes; import sys; d = schemas_dir(); "
            "assert (d / 'common.schema.json').is_file(), d; print(d)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, check=False)
    assert out.returncode == 0, out.stderr
    probe = subprocess.run([sys.executable, "-m", "generator.cli", "schema", "pack"], cwd=tmp_path,
                           capture_output=True, text=True, check=False)
    assert probe.returncode == 0 and '"$id"' in probe.stdout, probe.stderr


def test_every_option_of_every_command_says_what_it_does() -> None:
    """Issue 27 §3: no option in any ``--help`` without a description (the systems'
    own solve and playtest options included)."""
    import click

    from generator.cli import main as cli

    root = click.Context(cli)
    bare = [(name, p.opts) for name, cmd in sorted(cli.commands.items())  # type: ignore[attr-defined]
            for p in cmd.get_params(click.Context(cmd, info_name=name, parent=root))
            if isinstance(p, click.Option) and not p.help and p.name != "help"]
    assert bare == []


def test_a_clean_run_in_the_github_format_prints_nothing(pack_dir: Path) -> None:
    """Issue 27 §3: annotations only; a clean run was one empty line."""
    result = CliRunner().invoke(main, ["check", str(pack_dir), "--format", "github", "-q"])
    assert result.exit_code == 0 and result.stdout == "", repr(result.stdout)


@pytest.mark.parametrize("system, kind, existing", [("fragments", "fragment-game", "game"),
                                                    ("glyphs", "glyph-game", "drowned-antechamber")])
def test_new_refuses_a_second_document_of_a_kind_a_pack_holds_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str, kind: str,
        existing: str) -> None:
    """Issue 27 §3: ``new`` made a second game document that broke a fresh pack (RS-F009,
    RS-X017); it now refuses, naming the one the pack has, and writes nothing."""
    assert CliRunner().invoke(main, ["init", str(tmp_path / "p"), "--system", system]
                              ).exit_code == 0
    monkeypatch.chdir(tmp_path / "p")
    before = sorted(p for p in (tmp_path / "p").rglob("*") if p.is_file())
    result = CliRunner().invoke(main, ["new", kind, "second"])
    assert result.exit_code == 2
    assert f"already has its one '{kind}': '{existing}'" in result.output, result.output
    assert sorted(p for p in (tmp_path / "p").rglob("*") if p.is_file()) == before


NEW_KINDS = [(system, kind) for system, kinds in (
    ("fragments", ("fragment-card", "when-card")), ("glyphs", ("glyph-riddle", "glyph-set")),
    ("roles", ("role-card", "role-game")), ("tower", ("tower-campaign", "tower-scenario",
                                                      "tower-variant")),
    ("riddle", ("blessing", "campaign", "constellation", "die", "god", "riddle")))
    for kind in kinds]
"""Every kind ``new`` writes, but the ones a pack holds once (refused, tested above)."""


@pytest.mark.parametrize("system, kind", NEW_KINDS)
def test_every_new_document_checks_without_errors_in_a_fresh_pack(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str, kind: str) -> None:
    """Issue 27 §3: ``new KIND`` in a fresh ``init`` pack of its system leaves it without
    errors (the role game's template listed no roles: three RS-N001)."""
    assert CliRunner().invoke(main, ["init", str(tmp_path / "p"), "--system", system]
                              ).exit_code == 0
    monkeypatch.chdir(tmp_path / "p")
    with open("pack.yaml", "a", encoding="utf-8") as manifest:  # the playtests are not tested
        manifest.write("sim: {max_games: 20}\n")
    made = CliRunner().invoke(main, ["new", kind, f"new-{kind}"])
    assert made.exit_code == 0, made.output
    result = CliRunner().invoke(main, ["check", ".", "--format", "json", "--no-cache", "-q"])
    errors = [(d["file"], d["line"], d["code"], d["message"])
              for d in json.loads(result.stdout)["diagnostics"] if d["severity"] == "error"]
    assert errors == [] and result.exit_code == 0
