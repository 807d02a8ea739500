"""Issue 27 §3: one code per problem. The problems that shared a code before (a
tile id twice and a second glyph-game under RS-X007; a missing and a second
fragment-game under RS-F007) each carry their own, and each code's explanation
speaks of the problem its messages report."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.diagnostics import CODES
from generator.explain import all_explanations
from generator.explain import explain_text as _explain
from generator.pipeline import check
from tests.systems.glyphs.conftest import write_pack

def explain_text(code: str) -> str:
    return _explain(code, all_explanations())


CASES = [
    # (file, old, new, code, words of the message, words of the explanation)
    ("set.yaml", "{id: moon,", "{id: sun,", "RS-X016", "appears twice in the glyph set",
     "own id"),
    ("game.yaml", "kind: glyph-game", None, "RS-X017", "a second glyph-game",
     "two glyph-game documents"),
]


@pytest.mark.parametrize(("file", "old", "new", "code", "message", "why"), CASES)
def test_each_glyph_problem_has_its_own_code(tmp_path: Path, file: str, old: str,
                                             new: str | None, code: str, message: str,
                                             why: str) -> None:
    root = write_pack(tmp_path / "p")
    text = (root / file).read_text("utf-8")
    if new is None:  # a second document: the file again, under another id
        second = text.replace("id: ", "id: second-", 1)
        (root / file).write_text(text + "---\n" + second, "utf-8")
    else:
        assert old in text
        (root / file).write_text(text.replace(old, new, 1), "utf-8")
    report = check([root])
    found = [d for d in report.diagnostics if message in d.message]
    assert found and {d.code for d in found} == {code}, report.diagnostics
    assert why in explain_text(code)
    assert "RS-X007" not in {d.code for d in report.diagnostics}


def test_the_codes_that_were_split_say_one_thing_each() -> None:
    assert "second" not in CODES["RS-F007"][1] and "second" in CODES["RS-F009"][1]
    assert "tile" not in explain_text("RS-X007").split("For example")[0]
    assert "two are ambiguous" not in explain_text("RS-F007")
