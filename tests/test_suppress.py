"""Suppression comments and pack.yaml's ignore list."""
from __future__ import annotations

from pathlib import Path

from conftest import write_pack
from generator import pipeline
from generator.diagnostics import make
from generator.suppress import apply_suppressions, iter_file_suppressions
from generator.systems import Options

CARD = "kind: fragment-card\nid: {id}\ntext: {text}\n"


def _codes(root: Path) -> list[tuple[str, str, int]]:
    report = pipeline.check([root], Options(cache=False))
    return [(d.code, Path(d.file).name, d.line) for d in report.diagnostics]


def test_line_next_line_document_and_pack_scopes(tmp_path: Path) -> None:
    text = ("kind: fragment-card\nid: a\ntext: It hums.  # riddlesmith: ignore[RS-F003]\n---\n"
            "# riddlesmith: ignore[RS-F003]\nkind: fragment-card\nid: b\ntext: It sings.\n---\n"
            "kind: fragment-card\nid: c\n# riddlesmith: ignore[RS-F003]\ntext: It rings.\n---\n"
            "kind: fragment-card\nid: d\ntext: It glows.\n")
    root = write_pack(tmp_path, {"cards/x.yaml": text})
    assert _codes(root) == [("RS-F003", "x.yaml", 17)]  # only d is left
    pack = root / "pack.yaml"
    pack.write_text(pack.read_text().replace("include:", "ignore: [RS-F003]\ninclude:"))
    assert _codes(root) == []


def test_idle_unknown_and_error_suppressions_warn(tmp_path: Path) -> None:
    text = CARD.format(id="a", text="I hum.  # riddlesmith: ignore[RS-F003, RS-S002, RS-F0O3]")
    root = write_pack(tmp_path, {"cards/x.yaml": text})
    report = pipeline.check([root], Options(cache=False))
    messages = sorted(d.message for d in report.diagnostics if d.code == "RS-P014")
    assert messages == ["'RS-F0O3' is not a riddlesmith code",
                        "RS-S002 is an error and cannot be suppressed",
                        "this suppression of RS-F003 on this line silences nothing"]
    assert all(d.line == 3 and d.col == 15 for d in report.diagnostics if d.code == "RS-P014")
    hint = next(d.hint for d in report.diagnostics if "RS-F0O3" in d.message)
    assert hint == "did you mean 'RS-F003'?"
    pack = root / "pack.yaml"
    pack.write_text(pack.read_text().replace("include:", "ignore: [RS-T013]\ninclude:"))
    idle = [d for d in pipeline.check([root], Options(cache=False)).diagnostics
            if d.file.endswith("pack.yaml")]
    assert [(d.code, d.line) for d in idle] == [("RS-P014", 7)]


def test_errors_are_never_suppressed_and_idle_warnings_wait_for_a_clean_pack() -> None:
    src = {"a.yaml": "kind: x\nid: y  # riddlesmith: ignore[RS-S002, RS-F003]\n"}
    error = make("RS-S002", "unknown property", "a.yaml", 2, 1)
    kept = apply_suppressions([error], src, [])
    assert error in kept
    # The pack has an error, so the idle RS-F003 suppression is not reported.
    assert not [d for d in kept if "silences nothing" in d.message]


def test_document_scope_ends_at_the_next_document() -> None:
    text = "# riddlesmith: ignore[RS-F003]\nkind: a\nid: b\n---\nkind: a\nid: c\n"
    [rule] = iter_file_suppressions("f.yaml", text)
    assert (rule.scope, rule.first, rule.last) == ("document", 1, 3)
