"""The tower system through the pipeline: the starter pack and every template
check clean, ``init``/``new`` work with it, the System protocol is honoured,
and the engine is fast enough for the Monte Carlo runner."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.diagnostics import Severity
from generator.pack.schema import load_schemas
from generator.scaffold import init_pack, new_document
from generator.systems import Options, System
from generator.registry import discover_systems
from generator.systems.tower import KINDS, SYSTEM, check_pack
from generator.systems.tower.stage import TowerRun, models_of
from generator.systems.tower.model import build_campaign, build_scenario, build_variant, compile_game
from generator.systems.tower.templates import TEMPLATES

from .conftest import check_pack as run_check
from .conftest import shown, write_starter


def test_system_protocol_and_kinds() -> None:
    assert isinstance(SYSTEM, System)
    assert discover_systems()["tower"] is SYSTEM
    schemas = load_schemas()
    for kind in KINDS:
        assert schemas.schemas[kind]["properties"]["kind"] == {"const": kind}
    assert set(SYSTEM.templates()) == set(KINDS)


def test_starter_pack_checks_clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    report = run_check(write_starter(tmp_path / "pack"), monkeypatch)
    assert report.diagnostics == [], shown(report.diagnostics)
    assert report.documents == 10  # pack.yaml, two scenarios, a campaign, six cards


@pytest.mark.parametrize("kind", sorted(TEMPLATES))
def test_each_template_checks_clean_in_the_starter_pack(kind: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    folder, body = TEMPLATES[kind].split("\n", 1)
    assert re.fullmatch(r"# folder: [a-z]+/\{id\}\.yaml", folder), folder
    rel = folder.removeprefix("# folder: ").replace("{id}", "new-one")
    report = run_check(write_starter(tmp_path / "pack", {rel: body.replace("{id}", "new-one")}),
                       monkeypatch)
    loud = [d for d in report.diagnostics if d.severity is not Severity.INFO]
    assert loud == [], shown(loud)


def test_init_and_new_make_a_pack_that_checks_clean(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "my-towers"
    written = init_pack(root, discover_systems()["tower"], None)
    assert (root / "pack.yaml") in written
    monkeypatch.chdir(root)
    for kind in sorted(TEMPLATES):
        path = new_document(kind, f"new-{kind}", None)
        assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")
    report = run_check(root, monkeypatch)
    assert report.errors == 0 and report.warnings == 0, shown(report.diagnostics)


def test_models_report_build_and_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    report = run_check(write_starter(tmp_path / "pack"), monkeypatch)
    [pack] = report.packs
    report = SYSTEM.report(pack, Options(cache=False))
    assert set(report["playtests"]) == {d.id for d in pack.of_kind("tower-scenario")}
    paths = {a.path for a in SYSTEM.build(pack, Options(), lambda _: None)}
    assert {f"print/{pack.id}-book.pdf", "print/tokens.pdf", "print/player-aid.pdf"} <= paths
    assert any(p.startswith("maps/") and p.endswith(".svg") for p in paths)
    # The model stage reads each scenario against its file's text (kept by the loader).
    assert sorted(m.doc.file for m in models_of(pack).scenarios) == [
        "scenarios/the-causeway.yaml", "scenarios/the-old-mill.yaml"]
    assert check_pack(pack, TowerRun()) == check_pack(pack) == []
    [campaign] = [build_campaign(d) for d in pack.of_kind("tower-campaign")]
    assert campaign.scenarios == ("the-causeway", "the-old-mill")
    assert campaign.cards == ("hestia", "zeus", "limus", "apollo") and campaign.deal == "scenario"
    variants = {d.id: build_variant(d) for d in pack.of_kind("tower-variant")}
    assert variants["hestia"].apply().double_attack_faces == (1, 6)
    assert variants["limus"].apply().build_ban_near_enemy
    doc = next(d for d in pack.of_kind("tower-scenario") if d.id == "the-causeway")
    scenario, problems = build_scenario(doc, pack.sources[doc.file])
    assert problems == [] and scenario is not None
    g = compile_game(scenario)
    assert [g.name(b) for b in g.start.builders] == ["B3", "D4"]
    assert g.types == ("light-female", "dark-male")
    assert scenario.cells[0] == (9, 3)  # A1: the first row after the comment line
