"""Schemas that work in any editor: written schemas resolve offline, plain jsonschema
agrees with check, and init/new lay out packs whose modelines and globs match."""
from __future__ import annotations

import fnmatch
import json
import random
import re
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from ruamel.yaml import YAML

from generator import pipeline
from generator.cli import main
from generator.errors import UsageError
from generator.scaffold import SCHEMA_FOLDER, init_pack, new_document, vscode_settings
from generator.systems import Options
from generator.registry import discover_systems, load_registry

REPO = Path(__file__).resolve().parent.parent
MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)")


def plain_validator(schema_file: Path) -> Draft202012Validator:
    """What an editor does: load the schema by its file URL, fetch each $ref beside it."""
    def retrieve(uri: str) -> Resource:
        path = Path(unquote(urlparse(uri).path))
        return Resource.from_contents(json.loads(path.read_text(encoding="utf-8")))

    registry: Registry = Registry(retrieve=retrieve)  # type: ignore[call-arg]
    return Draft202012Validator({"$ref": schema_file.resolve().as_uri()}, registry=registry,
                                format_checker=Draft202012Validator.FORMAT_CHECKER)


def plain_errors(file: Path, schema_dir: Path | None = None) -> int:
    """Schema errors in ``file`` by plain jsonschema: the modeline's schema, or ``schema_dir``."""
    text = file.read_text(encoding="utf-8")
    errors = 0
    for doc in YAML(typ="safe", pure=True).load_all(text):
        if not isinstance(doc, dict):
            continue
        if schema_dir is not None:
            schema = schema_dir / f"{doc.get('kind')}.schema.json"
        else:
            m = MODELINE.match(text)
            assert m, f"{file} has no modeline"
            schema = (file.parent / m.group(1)).resolve()
        errors += len(list(plain_validator(schema).iter_errors(doc)))
    return errors


def test_schema_write_resolves_offline_and_names_no_host(tmp_path: Path) -> None:
    out = tmp_path / "schemas"
    result = CliRunner().invoke(main, ["schema", "--write", str(out)])
    assert result.exit_code == 0, result.output
    files = sorted(out.glob("*.schema.json"))
    assert {"common.schema.json", "pack.schema.json"} <= {f.name for f in files}
    for f in files:
        doc = json.loads(f.read_text())
        assert "://" not in doc["$id"]
        for ref in re.findall(r'"\$ref":\s*"([^"#]+)', f.read_text()):
            assert (out / ref).is_file(), (f.name, ref)
    # Every document of the shipped packs validates through file URLs alone.
    for pack in ("fragments", "riddles", "roles", "tower"):
        for file in sorted((REPO / "content" / pack).rglob("*.yaml")):
            assert plain_errors(file, out) == 0, file


_MUTATIONS = ("add-unknown-key", "drop-key", "wrong-type", "number-for-text")


def _mutate(text: str, rng: random.Random) -> str:
    """Break one top-level line of the first document of a YAML file (seeded)."""
    lines = text.split("\n")
    start = next(i for i, ln in enumerate(lines) if ln.startswith("kind:"))
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("---")), len(lines))
    keyed = [i for i in range(start, end) if re.match(r"^[a-z_]+:", lines[i])
             and not lines[i].startswith(("kind:", "id:"))]
    how = rng.choice(_MUTATIONS)
    if how == "add-unknown-key" or not keyed:
        lines.insert(end, "colour_of_the_wind: blue")
        return "\n".join(lines)
    i = rng.choice(keyed)
    key = lines[i].split(":", 1)[0]
    block = [i] + [j for j in range(i + 1, end) if lines[j].startswith((" ", "-"))
                   and all(lines[k].startswith((" ", "-")) for k in range(i + 1, j + 1))]
    if how == "drop-key":
        return "\n".join(ln for n, ln in enumerate(lines) if n not in block)
    value = "[1, 2]" if how == "wrong-type" else "12345"
    return "\n".join([*lines[:i], f"{key}: {value}", *(ln for n, ln in enumerate(lines)
                                                      if n > i and n not in block)])


@pytest.mark.parametrize("pack", ["fragments", "riddles", "roles", "tower"])
def test_plain_jsonschema_gives_the_same_verdicts_as_check(
        tmp_path: Path, pack: str, shipped_cache: Callable[[str, Path], None]) -> None:
    schemas = tmp_path / "schemas"
    CliRunner().invoke(main, ["schema", "--write", str(schemas)])
    root = tmp_path / pack
    shutil.copytree(REPO / "content" / pack, root, ignore=shutil.ignore_patterns(".riddlesmith-cache"))
    rng = random.Random(f"verdicts-{pack}")
    files = sorted(p for p in root.rglob("*.yaml") if p.name != "pack.yaml")
    for file in rng.sample(files, min(12, len(files))):
        file.write_text(_mutate(file.read_text(encoding="utf-8"), rng), encoding="utf-8")
    shipped_cache(pack, tmp_path / "cache")  # only what a mutation changed is simulated
    report = pipeline.check([root], Options(cache_dir=tmp_path / "cache"))
    by_check = {Path(d.file).resolve() for d in report.diagnostics if d.code.startswith("RS-S")}
    by_plain = {f.resolve() for f in [root / "pack.yaml", *files] if plain_errors(f, schemas)}
    assert by_check == by_plain
    assert by_plain  # the mutations did break something


@pytest.mark.parametrize("system", ["fragments", "glyphs", "riddle", "roles", "tower"])
def test_init_pack_works_in_an_editor(tmp_path: Path, system: str) -> None:
    systems = discover_systems()
    assert set(systems[system].templates()) == set(systems[system].kinds)  # `new` knows every kind
    root = tmp_path / "pack"
    init_pack(root, systems[system], "pack")
    single = load_registry().single_kinds
    for kind in sorted(systems[system].kinds):
        if kind in single:  # the pack has its one already (init wrote it)
            with pytest.raises(UsageError, match="already has its one"):
                new_document(kind, f"new-{kind}", root)
            continue
        new_document(kind, f"new-{kind}", root)
    assert (root / ".gitignore").read_text().splitlines()[1:] == ["output/", ".riddlesmith-cache/"]
    settings = json.loads((root / ".vscode" / "settings.json").read_text())
    assert settings == vscode_settings([systems[system]])
    globs = {key: value for key, value in settings["yaml.schemas"].items()}
    yaml_files = sorted(root.rglob("*.yaml"))
    assert len(yaml_files) > len(systems[system].kinds)
    for file in yaml_files:
        rel = "/" + file.relative_to(root).as_posix()
        text = file.read_text(encoding="utf-8")
        target = (file.parent / MODELINE.match(text).group(1)).resolve()  # type: ignore[union-attr]
        # The modeline stays inside the pack (never a virtual environment or this checkout).
        assert target.parent == (root / SCHEMA_FOLDER).resolve(), (file, target)
        kinds = {d["kind"] for d in YAML(typ="safe", pure=True).load_all(text)}
        matched = [k for k, patterns in globs.items() if any(fnmatch.fnmatch(rel, p) for p in patterns)]
        assert [Path(m).name for m in matched] == [f"{k}.schema.json" for k in kinds], (rel, matched)
        assert plain_errors(file) == 0, file  # plain jsonschema through the modeline
    report = pipeline.check([root], Options(cache=False))
    assert not [d for d in report.diagnostics if d.code.startswith(("RS-S", "RS-P013"))]


def test_new_says_how_to_include_a_folder_the_pack_does_not_load(tmp_path: Path) -> None:
    root = tmp_path / "deck"
    init_pack(root, discover_systems()["fragments"], "deck")
    pack_yaml = root / "pack.yaml"
    pack_yaml.write_text(pack_yaml.read_text().replace("  - when-cards/*.yaml\n", ""))
    result = CliRunner().invoke(main, ["new", "when-card", "w9", "--pack", str(root)])
    assert result.exit_code == 0
    assert "add 'when-cards/*.yaml' to its 'include' list" in result.output
    result = CliRunner().invoke(main, ["new", "fragment-card", "c9", "--pack", str(root)])
    assert "note:" not in result.output
    report = pipeline.check([root], Options(cache=False))
    assert {(d.code, Path(d.file).name) for d in report.diagnostics if d.code == "RS-P013"} == {
        ("RS-P013", "when.yaml"), ("RS-P013", "w9.yaml")}


def test_new_refuses_a_kind_of_a_system_the_pack_does_not_use(tmp_path: Path) -> None:
    root = tmp_path / "deck"
    init_pack(root, discover_systems()["fragments"], "deck")
    before = sorted(p for p in root.rglob("*") if p.is_file())
    result = CliRunner().invoke(main, ["new", "glyph-set", "g1", "--pack", str(root)])
    assert result.exit_code == 2
    assert "belongs to the 'glyphs' system" in result.output
    assert "add 'glyphs' to its 'systems' list first" in result.output
    assert sorted(p for p in root.rglob("*") if p.is_file()) == before  # nothing written
    pack_yaml = root / "pack.yaml"
    pack_yaml.write_text(pack_yaml.read_text().replace("systems: [fragments]",
                                                       "systems: [fragments, glyphs]"))
    assert "systems: [fragments, glyphs]" in pack_yaml.read_text()
    result = CliRunner().invoke(main, ["new", "glyph-set", "g1", "--pack", str(root)])
    assert result.exit_code == 0, result.output


def test_init_force_keeps_the_users_gitignore_and_settings(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".vscode").mkdir(parents=True)
    (root / ".gitignore").write_text("*.pyc\noutput/\n")
    (root / ".vscode" / "settings.json").write_text('{"editor.tabSize": 2}\n')
    init_pack(root, discover_systems()["tower"], "repo", force=True)
    assert (root / ".gitignore").read_text().splitlines() == [
        "*.pyc", "output/", "", "# riddlesmith: build output and simulator cache", ".riddlesmith-cache/"]
    settings = json.loads((root / ".vscode" / "settings.json").read_text())
    assert settings["editor.tabSize"] == 2 and "yaml.schemas" in settings
    (root / ".vscode" / "settings.json").write_text('{// a comment\n"a": 1}\n')
    other = tmp_path / "other"
    shutil.copytree(root / ".vscode", other / ".vscode")
    init_pack(other, discover_systems()["tower"], "other", force=True)
    assert (other / ".vscode" / "settings.json").read_text() == '{// a comment\n"a": 1}\n'


def test_the_readmes_plain_jsonschema_lines_run_in_a_fresh_pack(tmp_path: Path) -> None:
    """Issue 27 §3: the README's Python lines validate a pack made by ``init`` with plain
    ``jsonschema`` and a ``referencing.Registry``: silent on the starter cards, the
    schema's message on a misspelt key."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme[readme.index("<!-- plain-jsonschema -->"):]
    block = block[block.index("```python") + 9:]
    code = textwrap.dedent(block[:block.index("```")])
    result = CliRunner().invoke(main, ["init", str(tmp_path / "deck"), "--system", "fragments"])
    assert result.exit_code == 0, result.output

    def run() -> str:
        done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path / "deck",
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert run() == ""
    cards = tmp_path / "deck" / "cards" / "starter.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("text:", "txt:", 1), "utf-8")
    assert "'text' is a required property" in run()
