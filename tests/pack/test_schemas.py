"""The schemas themselves, and their use on positioned YAML."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from referencing.exceptions import Unresolvable

from generator.pack.schema import SCHEMA_BASE, check_schemas, load_schemas, suggest, validate_document
from generator.pack.yamlload import load_yaml
from generator.resources import schemas_dir
from generator.registry import discover_systems

REPO = Path(__file__).resolve().parents[2]


def test_schemas_are_valid_2020_12_with_relative_ids() -> None:
    schemas = load_schemas()
    assert check_schemas(schemas) == []
    for path in sorted(schemas_dir().glob("*.schema.json")):
        doc = json.loads(path.read_text())
        assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert doc["$id"] == SCHEMA_BASE + path.name
        assert ":" not in doc["$id"]  # no scheme, so no host we do not serve


def test_every_ref_resolves_locally() -> None:
    schemas = load_schemas()
    for path in sorted(schemas_dir().glob("*.schema.json")):
        doc = json.loads(path.read_text())
        resolver = schemas.registry.resolver(base_uri=doc["$id"])
        for ref in sorted(set(re.findall(r'"\$ref":\s*"([^"]+)"', path.read_text()))):
            try:
                resolver.lookup(ref)
            except Unresolvable as exc:  # pragma: no cover - the assertion message
                pytest.fail(f"{path.name}: {ref} does not resolve: {exc}")


def test_every_system_kind_has_a_schema() -> None:
    schemas = load_schemas()
    for system in discover_systems().values():
        for kind in system.kinds:
            assert kind in schemas.schemas, kind
            assert schemas.schemas[kind]["properties"]["kind"] == {"const": kind}


def test_shipped_yaml_files_name_their_schema() -> None:
    files = sorted((REPO / "content").rglob("*.yaml"))
    assert files
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        m = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
        assert m, f"{path}: first line must name the schema"
        target = (path.parent / m.group(1)).resolve()
        assert target.is_file(), f"{path}: {m.group(1)} does not exist"
        kinds = set(re.findall(r"^kind: ([a-z-]+)$", path.read_text(encoding="utf-8"), re.M))
        assert target.name.removesuffix(".schema.json") in kinds, path


def _doc(text: str):
    return load_yaml(text, "t.yaml").documents[0]


def test_one_of_text_reports_a_readable_type() -> None:
    schemas = load_schemas()
    [d] = validate_document(schemas, "fragment-card", _doc("kind: fragment-card\nid: a\ntext: 12\n"))
    assert (d.code, d.line, d.col) == ("RS-S004", 3, 7)
    assert "text" in d.message and "the number 12" in d.message


def test_localized_text_language_codes() -> None:
    schemas = load_schemas()
    [d] = validate_document(schemas, "fragment-card",
                            _doc("kind: fragment-card\nid: a\ntext: {en: I hum., French: Je}\n"))
    assert d.line == 3 and d.pointer.startswith("/text")


def test_suggest() -> None:
    assert suggest("colour", ["color", "accent"]) == "did you mean 'color'?"
    assert suggest("zzz", ["color"]) == ""
