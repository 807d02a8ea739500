"""Tests for the diagnostic output formats (generator/formats.py)."""
from __future__ import annotations

import json
import re
import unicodedata
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import __version__
from generator.ci_formats import GithubFormatter, JunitFormatter, SarifFormatter, to_artifact_uri
from generator.diagnostics import CODES, Diagnostic, Severity
from generator.format_base import Summary, cell_width, describe_summary, make_snippet, show_char
from generator.formats import FORMATTERS, JsonFormatter, TextFormatter, get_formatter, make_summary

ANSI = re.compile(r"\x1b\[[0-9;]*m")

SOURCES = {
    "pack.yaml": "kind: pack\nid: demo\ntitle: Démo\n",
    "cards/when.yaml": "kind: when-card\n\tid: w1\nid: w1\n",
}


ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


def lookup(file: str) -> str | None:
    return SOURCES.get(file)


def make(code: str, message: str, file: str, line: int = 1, col: int = 1,
         severity: Severity = ERROR, *, pointer: str = "", hint: str = "") -> Diagnostic:
    """A diagnostic with an explicit severity, so tests do not depend on code defaults."""
    return Diagnostic(file, line, col, severity, code, message, pointer, hint)


def sample() -> list[Diagnostic]:
    """Diagnostics in a deliberately unsorted order."""
    return [
        make("RS-P006", "pattern 'x/*.yaml' matches nothing", "pack.yaml", 3, 8, WARNING,
             pointer="/include/0", hint="check the spelling"),
        make("RS-Y006", "tab in indentation", "cards/when.yaml", 2, 1),
        make("RS-Y003", "duplicate key 'id' — «ß» 日本", "cards/when.yaml", 3, 1,
             pointer="/id"),
        make("RS-F008", "bust rate 12.5 %", "pack.yaml", 1, 1, INFO),
    ]


SUMMARY = Summary(files=3, documents=5, errors=2, warnings=1)


# ----------------------------------------------------------------------------- json


def test_json_has_exactly_the_documented_shape() -> None:
    out = JsonFormatter().render(sample(), SUMMARY, lookup)
    data = json.loads(out)
    assert list(data) == ["diagnostics", "summary"]
    assert list(data["summary"].items()) == [
        ("files", 3), ("documents", 5), ("errors", 2), ("warnings", 1)]
    keys = ["file", "line", "col", "severity", "code", "message", "pointer", "hint"]
    assert all(list(d) == keys for d in data["diagnostics"])
    assert [(d["file"], d["line"], d["col"]) for d in data["diagnostics"]] == [
        ("cards/when.yaml", 2, 1), ("cards/when.yaml", 3, 1),
        ("pack.yaml", 1, 1), ("pack.yaml", 3, 8)]
    assert [d["severity"] for d in data["diagnostics"]] == ["error", "error", "info", "warning"]
    assert data["diagnostics"][3] == {
        "file": "pack.yaml", "line": 3, "col": 8, "severity": "warning", "code": "RS-P006",
        "message": "pattern 'x/*.yaml' matches nothing", "pointer": "/include/0",
        "hint": "check the spelling"}
    # Indent 2, and non-ASCII written as is rather than \u escapes.
    assert out == json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    assert "«ß» 日本" in out


def test_json_with_no_diagnostics() -> None:
    data = json.loads(JsonFormatter().render([], Summary(1, 1, 0, 0), lookup))
    assert data == {"diagnostics": [],
                    "summary": {"files": 1, "documents": 1, "errors": 0, "warnings": 0}}


# ----------------------------------------------------------------------------- github


def test_github_commands_and_escaping() -> None:
    diags = [
        make("RS-Y003", "50% done\nnext: 100%0A", "dir,odd/a:b.yaml", 4, 2,
             hint="line one\r\nline two"),
        make("RS-P006", "w", "ok.yaml", 1, 1, WARNING),
        make("RS-F008", "i", "ok.yaml", 2, 1, INFO),
    ]
    lines = GithubFormatter().render(diags, SUMMARY, lookup).splitlines()
    assert lines[0] == (
        "::error file=dir%2Codd/a%3Ab.yaml,line=4,col=2,title=RS-Y003::"
        "50%25 done%0Anext: 100%250A%0Ahint: line one%0D%0Aline two")
    assert lines[1] == "::warning file=ok.yaml,line=1,col=1,title=RS-P006::w"
    assert lines[2] == "::notice file=ok.yaml,line=2,col=1,title=RS-F008::i"
    assert len(lines) == 3


def test_github_without_file_and_with_windows_path() -> None:
    out = GithubFormatter().render(
        [make("RS-E001", "no such path", ""), make("RS-P001", "m", "packs\\demo\\x.yaml")],
        SUMMARY, lookup)
    assert out.splitlines() == [
        "::error title=RS-E001::no such path",
        "::error file=packs/demo/x.yaml,line=1,col=1,title=RS-P001::m",
    ]


# ----------------------------------------------------------------------------- junit


def parse_junit(out: str) -> ET.Element:
    assert out.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    return ET.fromstring(out.encode("utf-8"))


def test_junit_counts_and_cases() -> None:
    files = ("pack.yaml", "cards/when.yaml", "cards/clean.yaml")
    root = parse_junit(JunitFormatter(files=files).render(sample(), SUMMARY, lookup))
    suites = root.findall("testsuite")
    assert root.tag == "testsuites" and len(suites) == 1
    suite = suites[0]
    assert suite.get("name") == "riddlesmith"
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == ["cards/clean.yaml", "cards/when.yaml", "pack.yaml"]
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("3", "1", "0")
    assert (root.get("tests"), root.get("failures")) == ("3", "1")
    clean, when, pack = cases
    assert list(clean) == []
    failure = when.find("failure")
    assert failure is not None and failure.get("type") == "error"
    assert "(and 1 more)" in (failure.get("message") or "")
    text = failure.text or ""
    assert "cards/when.yaml:3:1: error[RS-Y003] duplicate key 'id' — «ß» 日本" in text
    # Without --strict a warning is reported but does not fail its file.
    assert pack.find("failure") is None
    assert "warning[RS-P006]" in (pack.findtext("system-out") or "")


def test_junit_strict_makes_warnings_fail() -> None:
    out = get_formatter("junit", files=["pack.yaml"], strict=True).render(
        [make("RS-P006", "w", "pack.yaml", 2, 1, WARNING)], Summary(1, 1, 0, 1), lookup)
    suite = parse_junit(out).find("testsuite")
    assert suite is not None and suite.get("failures") == "1"
    failure = suite.find("testcase/failure")
    assert failure is not None and failure.get("type") == "warning"


def test_junit_is_valid_xml_for_hostile_text() -> None:
    nasty = 'a <b> & "c" \x00\x1b[31m\x0c \ufffe end 𝔘'
    out = JunitFormatter().render(
        [make("RS-Y001", nasty, 'x&<"y>.yaml', 1, 1, hint=nasty)], SUMMARY, lookup)
    root = parse_junit(out)
    case = root.find("testsuite/testcase")
    assert case is not None and case.get("name") == 'x&<"y>.yaml'
    failure = case.find("failure")
    assert failure is not None
    assert 'a <b> & "c" \\x00\\x1b[31m\\x0c \\ufffe end 𝔘' in (failure.get("message") or "")
    assert failure.text is not None and failure.text.count("end 𝔘") == 2


# ----------------------------------------------------------------------------- sarif


def test_sarif_has_the_required_structure() -> None:
    diags = sample() + [make("RS-Y003", "again", "sub\\dir\\my file.yaml", 7, 3)]
    log = json.loads(SarifFormatter().render(diags, SUMMARY, lookup))
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    assert log["version"] == "2.1.0"
    assert len(log["runs"]) == 1
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "riddlesmith" and driver["version"] == __version__
    assert [r["id"] for r in driver["rules"]] == ["RS-F008", "RS-P006", "RS-Y003", "RS-Y006"]
    levels = {ERROR: "error", WARNING: "warning", INFO: "note"}
    for rule in driver["rules"]:
        default, title = CODES[rule["id"]]
        assert rule == {"id": rule["id"], "shortDescription": {"text": title},
                        "defaultConfiguration": {"level": levels[default]}}
    results = run["results"]
    assert len(results) == 5
    for result in results:
        assert {"ruleId", "level", "message", "locations"} <= set(result)
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in {"error", "warning", "note"}
        assert isinstance(result["message"]["text"], str)
        location = result["locations"][0]["physicalLocation"]
        assert set(location["region"]) == {"startLine", "startColumn"}
    assert [r["level"] for r in results] == ["error", "error", "note", "warning", "error"]
    assert results[1]["message"]["text"] == "duplicate key 'id' — «ß» 日本"
    assert results[3]["message"]["text"].endswith("\nhint: check the spelling")
    last = results[4]["locations"][0]["physicalLocation"]
    assert last == {"artifactLocation": {"uri": "sub/dir/my%20file.yaml"},
                    "region": {"startLine": 7, "startColumn": 3}}


def test_sarif_without_diagnostics_is_still_a_log() -> None:
    log = json.loads(SarifFormatter().render([], Summary(1, 1, 0, 0), lookup))
    assert log["runs"][0]["results"] == []
    assert log["runs"][0]["tool"]["driver"]["rules"] == []


def test_sarif_unregistered_code_and_related_locations() -> None:
    d = Diagnostic("a.yaml", 2, 4, WARNING, "X-PLUGIN1", "from a plugin",
                   related=(("b.yaml", 5, 1),))
    run = json.loads(SarifFormatter().render([d], SUMMARY, lookup))["runs"][0]
    assert run["tool"]["driver"]["rules"] == [{
        "id": "X-PLUGIN1", "shortDescription": {"text": "X-PLUGIN1"},
        "defaultConfiguration": {"level": "warning"}}]
    related = run["results"][0]["relatedLocations"]
    assert related[0]["physicalLocation"]["artifactLocation"]["uri"] == "b.yaml"


@pytest.mark.parametrize(("path", "uri"), [
    ("./packs/demo/pack.yaml", "packs/demo/pack.yaml"),
    ("packs\\demo\\ä.yaml", "packs/demo/%C3%A4.yaml"),
    ("a:b.yaml", "a%3Ab.yaml"),
    ("/srv/pack.yaml", "file:///srv/pack.yaml"),
    ("C:\\packs\\p.yaml", "file:///C:/packs/p.yaml"),
])
def test_artifact_uris(path: str, uri: str) -> None:
    assert to_artifact_uri(path) == uri


# ----------------------------------------------------------------------------- text


def test_text_headline_caret_hint_and_summary() -> None:
    out = TextFormatter(color=False).render(sample(), SUMMARY, lookup)
    assert not ANSI.search(out) and "\x1b" not in out
    blocks = out.split("\n\n")
    assert blocks[0].splitlines() == [
        "cards/when.yaml:2:1: error[RS-Y006] tab in indentation",
        " 2 |     id: w1",
        "   | ^",
    ]
    assert blocks[3].splitlines() == [
        "pack.yaml:3:8: warning[RS-P006] pattern 'x/*.yaml' matches nothing",
        " 3 | title: Démo",
        "   |        ^",
        "  hint: check the spelling",
    ]
    assert "duplicate key 'id' — «ß» 日本" in blocks[1]
    assert out.endswith("\n\n2 errors, 1 warning in 3 files (5 documents)\n")


def test_text_caret_follows_expanded_tabs() -> None:
    source = "a:\n\tb:\tc\n"
    out = TextFormatter().render(
        [make("RS-Y006", "tab", "t.yaml", 2, 5)], SUMMARY, {"t.yaml": source}.get)
    lines = out.splitlines()
    code_line, caret_line = lines[1], lines[2]
    # Column 5 is the 'c' after the second tab; the caret must sit right under it.
    assert code_line == " 2 |     b:  c"
    assert caret_line.index("^") == code_line.index("c")


def test_text_color_only_when_asked() -> None:
    plain = TextFormatter(color=False).render(sample(), SUMMARY, lookup)
    colored = TextFormatter(color=True).render(sample(), SUMMARY, lookup)
    assert "\x1b[" in colored and "\x1b[" not in plain
    assert ANSI.sub("", colored) == plain
    assert get_formatter("text", color=True).render([], SUMMARY, lookup) != \
        get_formatter("text", color=False).render([], SUMMARY, lookup)


def test_text_neutralises_terminal_escapes_from_content() -> None:
    source = "id: \x1b[2Jx\u202e\n"
    out = TextFormatter().render(
        [make("RS-P010", "bad \x1b[31mred\x07", "p.yaml", 1, 6)], SUMMARY, {"p.yaml": source}.get)
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "bad ␛[31mred␇" in out
    lines = out.splitlines()
    assert lines[2].index("^") == lines[1].index("[")


def test_text_without_source_or_file() -> None:
    out = TextFormatter().render(
        [make("RS-E001", "path 'x' does not exist", ""),
         make("RS-Y012", "cannot read", "gone.yaml", 4, 2),
         make("RS-Y001", "bad", "pack.yaml", 99, 1)],
        Summary(0, 0, 3, 0), lookup)
    assert out.splitlines() == [
        "error[RS-E001] path 'x' does not exist",
        "",
        "gone.yaml:4:2: error[RS-Y012] cannot read",
        "",
        "pack.yaml:99:1: error[RS-Y001] bad",
        "",
        "3 errors in 0 files (0 documents)",
    ]


def test_long_lines_are_trimmed_around_the_column() -> None:
    line = "k: " + "x" * 300 + "HERE" + "y" * 300
    snippet = make_snippet(line, 304, max_width=60)
    assert snippet.text.startswith("…") and snippet.text.endswith("…")
    assert cell_width(snippet.text) <= 60
    assert snippet.text[snippet.caret:].startswith("HERE")


@pytest.mark.parametrize(("summary", "expected"), [
    (Summary(14, 130, 2, 1), "2 errors, 1 warning in 14 files (130 documents)"),
    (Summary(14, 130, 0, 0), "no problems in 14 files (130 documents)"),
    (Summary(1, 1, 1, 0), "1 error in 1 file (1 document)"),
    (Summary(2, 3, 0, 4), "4 warnings in 2 files (3 documents)"),
])
def test_summary_line(summary: Summary, expected: str) -> None:
    assert describe_summary(summary) == expected


def column_text(text: str, cells: int) -> str:
    """The rest of ``text`` from the visible character that starts at cell ``cells``."""
    position = 0
    for i, ch in enumerate(text):
        if position == cells and cell_width(ch):
            return text[i:]
        position += cell_width(ch)
    assert position == cells, "caret is not on a character boundary"
    return ""


LINE_CHARS = st.sampled_from(list("ab :-\t") + ["é", "日", "\u0301", "\x1b", "\u202e", "𝔘"])


@settings(max_examples=300, deadline=None)
@given(st.lists(LINE_CHARS, max_size=120).map("".join),
       st.integers(min_value=1, max_value=125), st.integers(min_value=6, max_value=60))
def test_caret_always_lands_on_its_character(line: str, col: int, width: int) -> None:
    snippet = make_snippet(line, col, max_width=width)
    assert cell_width(snippet.text) <= width
    rest = column_text(snippet.text, snippet.caret)
    if col <= len(line) and not unicodedata.combining(line[col - 1]):
        expected = " " if line[col - 1] == "\t" else show_char(line[col - 1])
        assert rest.startswith(expected)
    elif col > len(line):
        assert rest == ""


# ----------------------------------------------------------------------------- all formats


def test_registry_and_unknown_name() -> None:
    assert sorted(FORMATTERS) == ["github", "json", "junit", "sarif", "text"]
    for name, cls in FORMATTERS.items():
        assert cls.name == name
        assert isinstance(get_formatter(name, color=False), cls)
    with pytest.raises(ValueError, match="unknown output format"):
        get_formatter("xml", color=False)


@pytest.mark.parametrize("name", sorted(FORMATTERS))
def test_output_is_deterministic_and_order_free(name: str) -> None:
    formatter = get_formatter(name, color=True, files=["pack.yaml", "other.yaml"])
    first = formatter.render(sample(), SUMMARY, lookup)
    assert formatter.render(list(reversed(sample())), SUMMARY, lookup) == first
    assert first.endswith("\n")
    assert "«ß» 日本" in first


def test_make_summary_counts_severities() -> None:
    assert make_summary(sample(), files=3, documents=5) == SUMMARY
    assert make_summary([make("RS-F008", "i", "x", 1, 1, INFO)], 1, 1) == Summary(1, 1, 0, 0)
