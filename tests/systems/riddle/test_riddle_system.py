"""The riddle system through the pipeline: the starter pack and every template check
clean, ``init``/``new`` work with it, and the System protocol is honoured."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.diagnostics import Severity
from generator.pack.schema import load_schemas
from generator.scaffold import init_pack, new_document
from generator.systems import Options, System
from generator.registry import discover_systems
from generator.systems.riddle import KINDS, SYSTEM, check_pack, read_sources
from generator.systems.riddle.templates import TEMPLATES

from .conftest import check_pack as run_check
from .conftest import shown, write_starter


def test_system_protocol_and_kinds() -> None:
    assert isinstance(SYSTEM, System)
    assert discover_systems()["riddle"] is SYSTEM
    schemas = load_schemas()
    for kind in KINDS:
        assert schemas.schemas[kind]["properties"]["kind"] == {"const": kind}
    assert set(SYSTEM.templates()) == set(KINDS)


def test_starter_pack_checks_clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    report = run_check(write_starter(tmp_path / "pack"), monkeypatch)
    assert report.diagnostics == [], shown(report.diagnostics)
    assert report.documents == 9  # pack.yaml and eight documents


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
    if kind == "riddle":  # a new riddle is on no island until the campaign lists it
        assert [d.code for d in report.diagnostics] == ["RS-G026"]


def test_init_and_new_make_a_pack_that_checks_clean(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "my-riddles"
    written = init_pack(root, discover_systems()["riddle"], None)
    assert (root / "pack.yaml") in written
    monkeypatch.chdir(root)
    for kind in sorted(TEMPLATES):
        path = new_document(kind, f"new-{kind}", None)
        assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")
    report = run_check(root, monkeypatch)
    assert report.errors == 0 and report.warnings == 0, shown(report.diagnostics)


def test_report_build_and_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    report = run_check(write_starter(tmp_path / "pack"), monkeypatch)
    [pack] = report.packs
    counts = SYSTEM.report(pack, Options())["counts"]
    assert counts == {"riddle": 1, "god": 2, "blessing": 2, "die": 1, "campaign": 1,
                      "constellation": 1, "coins": 3, "objectives": 4}
    paths = {a.path for a in SYSTEM.build(pack, Options(cache=False), lambda _: None)}
    assert f"print/{pack.id}-book.pdf" in paths
    assert {f"maps/{d.id}.svg" for d in pack.of_kind("riddle")} <= paths
    sources = read_sources(pack)
    assert list(sources) == ["riddles/first-light.yaml"]
    assert check_pack(pack) == []
