"""riddlesmith explain: every code explained once, and the examples that are whole
documents really trigger their code."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import write_pack
from generator import pipeline
from generator.cli import main
from generator.diagnostics import CODES
from generator.explain import all_explanations
from generator.systems import Options

EXPLAINED = all_explanations()
# Examples that are a whole document (or file) of a fragments pack: run them.
RUNNABLE = sorted(code for code, e in EXPLAINED.items()
                  if e.example.startswith(("kind: fragment-card", "kind: when-card", "id: ", "- kind")))


def test_every_code_is_explained_once() -> None:
    assert set(EXPLAINED) == set(CODES)
    whys = [e.why for e in EXPLAINED.values()]
    assert len(set(whys)) == len(whys)
    assert all(e.why.endswith(".") and e.example.strip() for e in EXPLAINED.values())


def test_explain_prints_meaning_why_and_example() -> None:
    result = CliRunner().invoke(main, ["explain", "rs-f003"])
    assert result.exit_code == 0
    assert result.output.startswith("RS-F003  warning  fragment is not in the first person")
    assert "Why it matters:" in result.output and "It rattles in the wind." in result.output
    assert "ignore[RS-F003]" in result.output
    listing = CliRunner().invoke(main, ["explain"])
    assert listing.exit_code == 0 and len(listing.output.splitlines()) == len(CODES)
    wrong = CliRunner().invoke(main, ["explain", "RS-F03"])
    assert wrong.exit_code == 2 and "did you mean" in wrong.output


def test_enough_examples_are_runnable() -> None:
    assert len(RUNNABLE) >= 10, RUNNABLE


@pytest.mark.parametrize("code", RUNNABLE)
def test_runnable_example_triggers_its_code(tmp_path: Path, code: str) -> None:
    text = EXPLAINED[code].example + "\n"
    root = write_pack(tmp_path, {"cards/example.yaml": text})
    report = pipeline.check([root], Options(cache=False))
    found = {d.code for d in report.diagnostics if d.file.endswith("example.yaml")}
    assert code in found, (code, text, found)
