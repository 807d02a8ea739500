"""Game-system plug-ins in this process: registration, their schemas and codes, refusals.

The plug-ins are entry points handed to discovery (``generator.registry.entry_points``
is replaced), so nothing is installed: a module written into the test's folder, or
the example distribution in ``examples/dice`` put on the path. The same example,
installed into a fresh virtual environment, is ``test_plugin_example.py``.
"""
from __future__ import annotations

import sys
import tomllib
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner

import generator.diagnostics as diagnostics
import generator.registry as registry
from generator.cli import main
from generator.explain import run_explain
from generator.pack.schema import load_schemas
from generator.pipeline import check
from generator.errors import PluginError
from generator.systems import SystemSetup
from generator.registry import ENTRY_POINT_GROUP, discover_systems, load_registry

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "examples" / "dice"

FAKE_SYSTEM = '''
from generator import api

class Fake:
    name = "{name}"
    kinds = {kinds!r}

    def setup(self, app):
        if {schemas!r}:
            for kind in self.kinds:
                app.add_kind(kind, {{"$id": kind + ".schema.json", "type": "object"}})
        app.add_codes({codes})

    def check(self, pack, options):
        return []

    def build(self, pack, options, progress):
        return []

    def report(self, pack, options):
        return {{}}

    def templates(self):
        return {{}}

    def starter_files(self, pack_id):
        return {{}}

SYSTEM = Fake()
'''


@pytest.fixture(autouse=True)
def _code_table() -> Iterator[None]:
    """Plug-ins register codes in the shared table: put it back as it was."""
    codes, explanations, owners = (dict(diagnostics.CODES), dict(diagnostics.EXPLANATIONS),
                                   dict(diagnostics._OWNERS))
    yield
    diagnostics.CODES.clear()
    diagnostics.CODES.update(codes)
    diagnostics.EXPLANATIONS.clear()
    diagnostics.EXPLANATIONS.update(explanations)
    diagnostics._OWNERS.clear()
    diagnostics._OWNERS.update(owners)


def _plug_in(monkeypatch: pytest.MonkeyPatch, *points: tuple[str, str]) -> None:
    """Discovery sees the installed entry points and these (name, "module:attr")."""
    real = list(entry_points(group=ENTRY_POINT_GROUP))
    fakes = [EntryPoint(name, value, ENTRY_POINT_GROUP) for name, value in points]
    monkeypatch.setattr(registry, "entry_points",
                        lambda group: real + fakes if group == ENTRY_POINT_GROUP else [])


def _fake_module(monkeypatch: pytest.MonkeyPatch, folder: Path, module: str, name: str,
                 kinds: tuple[str, ...], codes: str = "()", schemas: bool = True) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{module}.py").write_text(
        FAKE_SYSTEM.format(name=name, kinds=kinds, codes=codes, schemas=schemas),
        encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delitem(sys.modules, module, raising=False)
    return f"{module}:SYSTEM"


def _with_example(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLE))
    _plug_in(monkeypatch, ("dice", "riddlesmith_example_dice:SYSTEM"))


def test_every_shipped_system_is_built_in_and_an_entry_point(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["entry-points"][ENTRY_POINT_GROUP]
    assert registry.BUILTIN_SYSTEMS == declared
    monkeypatch.setattr(registry, "entry_points", lambda group: [])  # an install without metadata
    assert sorted(discover_systems()) == ["fragments", "glyphs", "riddle", "roles", "tower"]


def test_a_plug_in_that_fails_to_import_is_an_error_naming_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "brokenplug.py").write_text("import not_a_module_anywhere\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    _plug_in(monkeypatch, ("broken", "brokenplug:SYSTEM"))
    with pytest.raises(PluginError, match=r"plug-in 'broken' \(brokenplug:SYSTEM\) cannot be "
                                          r"loaded: ModuleNotFoundError: .*not_a_module_anywhere"):
        discover_systems()
    result = CliRunner().invoke(main, ["check", str(EXAMPLE / "pack")])
    assert result.exit_code == 2, result.output
    assert "plug-in 'broken'" in result.output and "Traceback" not in result.output


def test_a_plug_in_that_is_not_a_system_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    (tmp_path / "notasystem.py").write_text("SYSTEM = 42\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    _plug_in(monkeypatch, ("odd", "notasystem:SYSTEM"))
    with pytest.raises(PluginError, match="'odd' .* is not a system"):
        discover_systems()


def test_a_kind_without_a_schema_is_an_error_not_a_key_error(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    ref = _fake_module(monkeypatch, tmp_path, "schemalessplug", "mystery", ("mystery-card",),
                       schemas=False)
    _plug_in(monkeypatch, ("mystery", ref))
    with pytest.raises(PluginError, match="'mystery' has no JSON Schema for its kind 'mystery-card'"):
        load_schemas()
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.yaml").write_text("kind: pack\nid: p\ntitle: P\nversion: 1.0.0\n"
                                    "systems: [mystery]\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(pack)])
    assert result.exit_code == 2 and "no JSON Schema" in result.output, result.output


def _code(code: str) -> str:
    return f'(api.Code("{code}", api.Severity.WARNING, "a title", "why", "example"),)'


@pytest.mark.parametrize(("plug_ins", "message"), [
    ((("first", (), _code("RS-Q001")), ("second", (), _code("RS-Q001"))),
     "code RS-Q001 of game system 'second' is already registered by game system 'first'"),
    ((("clash", (), _code("RS-Y001")),),
     "code RS-Y001 of game system 'clash' is already registered by riddlesmith"),
    ((("clash", (), _code("RS-F001")),),
     "code RS-F001 of game system 'clash' is already registered by game system 'fragments'"),
    ((("kinds", ("fragment-card",), "()"),),
     "document kind 'fragment-card' of game system 'kinds' is already registered by game "
     "system 'fragments'"),
])
def test_codes_and_kinds_claimed_twice_are_refused_naming_both_owners(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        plug_ins: tuple[tuple[str, tuple[str, ...], str], ...], message: str) -> None:
    points = [(name, _fake_module(monkeypatch, tmp_path / name, f"{name}plug", name, kinds, codes))
              for name, kinds, codes in plug_ins]
    _plug_in(monkeypatch, *points)
    with pytest.raises(PluginError, match=message):
        discover_systems()
    result = CliRunner().invoke(main, ["check", str(EXAMPLE / "pack")])
    assert result.exit_code == 2 and message in result.output, result.output


def test_a_code_not_in_the_code_form_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    code = '(api.Code("DICE-1", api.Severity.WARNING, "t", "why", "example"),)'
    ref = _fake_module(monkeypatch, tmp_path, "formplug", "form", (), code)
    _plug_in(monkeypatch, ("form", ref))
    with pytest.raises(PluginError, match="'DICE-1' of game system 'form' is not of the form"):
        discover_systems()


def test_the_example_plug_in_ships_its_schema_codes_and_checks(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _with_example(monkeypatch)
    assert "dice" in discover_systems() and diagnostics.CODES["RS-D001"][1] == "dice target out of reach"
    assert "dice-card" in load_schemas().schemas
    assert "RS-D001  error  dice target out of reach" in run_explain("d001")
    assert "two dice roll at most 12" in run_explain("RS-D001")

    report = check([EXAMPLE / "pack"])
    assert report.errors == 0 and {d.code for d in report.diagnostics} == {"RS-D002"}

    pack = tmp_path / "pack"
    (pack / "cards").mkdir(parents=True)
    for path in (EXAMPLE / "pack").rglob("*.yaml"):
        (pack / path.relative_to(EXAMPLE / "pack")).write_bytes(path.read_bytes())
    card = pack / "cards" / "steady-hand.yaml"
    card.write_text(card.read_text("utf-8").replace("target: 9", "target: 13")
                    .replace("dice: 2", "dcie: 2"), "utf-8")
    found = [(d.code, Path(d.file).name, d.line, d.col) for d in check([pack]).diagnostics
             if d.severity is diagnostics.Severity.ERROR]
    assert found == [("RS-S002", "steady-hand.yaml", 5, 1)]  # the schema first: dice is missing
    card.write_text(card.read_text("utf-8").replace("dcie:", "dice:"), "utf-8")
    found = [(d.code, Path(d.file).name, d.line, d.col) for d in check([pack]).diagnostics
             if d.severity is diagnostics.Severity.ERROR]
    assert found == [("RS-D001", "steady-hand.yaml", 6, 9)]


def test_a_build_option_claimed_twice_is_refused_naming_both_owners(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A build option the riddle system has is refused, naming both, and build exits 2."""
    folder = tmp_path / "plug"
    folder.mkdir()
    (folder / "greedyplug.py").write_text(
        "from generator import api\n\n"
        "class Greedy:\n"
        "    name = 'greedy'\n    kinds = ()\n"
        "    def check(self, pack, options): return []\n"
        "    def build(self, pack, options, progress): return []\n"
        "    def report(self, pack, options): return {}\n"
        "    def templates(self): return {}\n"
        "    def starter_files(self, pack_id): return {}\n"
        "    def setup(self, app):\n"
        "        app.add_build_option(api.BuildOption('solutions', 'mine', ('all',)))\n\n"
        "SYSTEM = Greedy()\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    _plug_in(monkeypatch, ("greedy", "greedyplug:SYSTEM"))
    message = ("build option --solutions of game system 'greedy' is already registered by "
               "game system 'riddle'")
    with pytest.raises(PluginError, match=message):
        load_registry()
    result = CliRunner().invoke(main, ["build", str(EXAMPLE / "pack"), "--out",
                                       str(tmp_path / "out")])
    assert result.exit_code == 2 and message in result.output, result.output


@pytest.mark.parametrize(("key", "owner"), [("t-none", "game system 'tower'"),
                                            ("r-tier-gold", "game system 'riddle'"),
                                            ("sheet-of", "riddlesmith")])
def test_a_label_claimed_twice_is_refused_naming_both_owners(key: str, owner: str) -> None:
    app = SystemSetup(load_registry(), "clash", ())
    with pytest.raises(PluginError, match=f"label '{key}' of game system 'clash' is already "
                                          f"registered by {owner}"):
        app.add_labels({key: ("mine", "le mien")})
    app.add_labels({"clash-own": ("mine", "le mien")})
    assert app.registry.labels["clash-own"].owner == "clash"
