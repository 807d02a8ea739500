"""The positioned YAML loader: values, positions and every limit."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings, strategies as st

from generator.pack.yamlload import Limits, check_bytes, load_yaml, resolve_plain


def check(text: str, **limits: int):
    return load_yaml(text, "t.yaml", Limits(**limits) if limits else Limits())


def test_values_and_positions() -> None:
    f = check("kind: card\nlist:\n  - a\n  - {b: 'c', d: 2}\n")
    doc = f.documents[0]
    assert doc.data == {"kind": "card", "list": ["a", {"b": "c", "d": 2}]}
    assert doc.locate(("list", 1, "d")) == (4, 17)
    assert doc.locate(("list", 1, "d"), key=True) == (4, 14)
    assert doc.locate(("list",), key=True) == (2, 1)
    assert doc.locate(("missing", "deeper")) == (1, 1)


def test_multi_document_positions() -> None:
    f = check("a: 1\n---\nb: 2\n---\n")
    assert [d.data for d in f.documents] == [{"a": 1}, {"b": 2}]
    assert f.documents[1].locate(("b",)) == (3, 4)


@pytest.mark.parametrize("raw, value", [
    ("12", 12), ("-3", -3), ("0o17", 15), ("0x1F", 31), ("1.5", 1.5), ("1e3", 1000.0),
    ("true", True), ("False", False), ("~", None), ("null", None), ("", None),
    ("yes", "yes"), ("no", "no"), ("on", "on"), ("63.5mm", "63.5mm"), ("C3", "C3"),
])
def test_core_schema(raw: str, value: object) -> None:
    assert resolve_plain(raw) == value


def test_special_floats() -> None:
    assert resolve_plain(".inf") == math.inf
    assert math.isnan(resolve_plain(".nan"))


def test_quoted_scalars_stay_text() -> None:
    assert check("a: '3'\nb: \"true\"\nc: !!str 4\n").documents[0].data == {"a": "3", "b": "true", "c": "4"}


def test_keys_are_text() -> None:
    assert check("1: a\ntrue: b\n").documents[0].data == {"1": "a", "true": "b"}


def test_merge_keys() -> None:
    doc = check("base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 3\n").documents[0]
    assert doc.data["d"] == {"y": 3, "x": 1}


def test_duplicate_key_reports_both_positions() -> None:
    f = check("a: 1\nb:\n  c: 1\n  c: 2\n")
    [d] = f.diagnostics
    assert (d.code, d.line, d.col) == ("RS-Y003", 4, 3)
    assert "line 3, column 3" in d.message


def test_depth_limit_is_fast_and_exact() -> None:
    f = check("a: " + "[" * 200000 + "]" * 200000, max_depth=10)
    [d] = f.diagnostics
    assert d.code == "RS-Y007"
    assert (d.line, d.col) == (1, 13)  # the root mapping is level 1


def test_node_cap() -> None:
    f = check("a: [" + ", ".join(["1"] * 50) + "]\n", max_nodes=20)
    assert [d.code for d in f.diagnostics] == ["RS-Y008"]


def test_alias_within_limits_is_shared() -> None:
    doc = check("a: &x [1, 2]\nb: *x\n").documents[0]
    assert doc.data == {"a": [1, 2], "b": [1, 2]}


def test_custom_tags_refused() -> None:
    for text in ("a: !foo 1\n", "a: !!python/object:os.system x\n", "--- !!set\n? a\n"):
        assert [d.code for d in check(text).diagnostics] == ["RS-Y010"], text


def test_bytes_checks() -> None:
    assert check_bytes(b"\xff\xfea: 1", "f", Limits())[1][0].code == "RS-Y005"
    text, diags = check_bytes("a: \u00e9\n".encode(), "f", Limits())
    assert text == "a: \u00e9\n" and not diags
    _, [d] = check_bytes(b"a: 1\nb: \xc3\x28\n", "f", Limits())
    assert (d.code, d.line, d.col) == ("RS-Y004", 2, 4)
    _, [d] = check_bytes(b"x" * 11, "f", Limits(max_bytes=10))
    assert d.code == "RS-Y002"
    _, [d] = check_bytes(b"a:\n  b: 1\n \tc: 2\n", "f", Limits())
    assert (d.code, d.line, d.col) == ("RS-Y006", 3, 2)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_never_raises(text: str) -> None:
    """Any text gives documents or diagnostics, never an exception."""
    result = load_yaml(text, "fuzz.yaml", Limits(max_depth=20, max_nodes=1000))
    assert isinstance(result.documents, list)


@settings(max_examples=100, deadline=None)
@given(st.recursive(
    st.one_of(st.integers(-10**6, 10**6), st.text(alphabet="abcxyz -", max_size=8), st.booleans()),
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.text(alphabet="abcdefg", min_size=1, max_size=5), children, max_size=4)),
    max_leaves=20))
def test_round_trip_against_json(value: object) -> None:
    """Flow YAML written as JSON loads back to the same value."""
    import json

    doc = {"v": value}
    result = load_yaml(json.dumps(doc), "j.yaml")
    assert not result.diagnostics
    assert result.documents[0].data == doc
