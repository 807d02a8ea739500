"""riddlesmith explain: every code explained once, and the examples that are whole
documents, or a document's keys set into a shipped pack, really trigger their code.

Rule codes whose example is not run here, and why:

- simulation codes, judged on playouts or proofs that a check here stubs out:
  RS-T1xx and RS-X1xx, the riddle solver's RS-G101..RS-G110, the role playouts'
  RS-N011..RS-N015 and RS-N017..RS-N024;
- RS-N002: no check yields it any more (its 'deck' of sets went with RS-N016);
- examples that are not a document's keys: RS-N003 (elided; a second Engineer role
  is another document), and the tower and glyph examples that elide ('...'), are
  prose or a list, or start with a key that has no host below (RS-T013, RS-X007..RS-X009,
  RS-X012..RS-X015, RS-X017).
"""
from __future__ import annotations

import re
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
ROOT = Path(__file__).resolve().parents[1]
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


# -- tower, glyph, riddle and role examples: a document's keys, set into a shipped pack --
#
# A tower, glyph, riddle or role example is a few top-level keys of one document (a map
# and its enemies, a campaign's scenarios, a card's sequence, a riddle's coins, a role's
# abilities): they replace those keys of a document of the shipped pack (the host,
# chosen by the first key), and a check of that pack must yield the code inside the
# example's lines, at the line the example marks with a trailing comment when it marks
# one (a comment line only explains: inside a map a trailing '#' would be cells).
# Examples that elide ('...') are not whole and are left out, as are the simulations'
# codes: a check here neither simulates towers, glyphs or role playouts nor proves
# riddles (that is not what these codes judge, and it would cost minutes per example).

HOSTS: dict[str, dict[str, tuple[str, str]]] = {
    # system letter of the code -> first key of the example -> (pack in content/, file
    # of the host document)
    "T": {**{key: ("tower", "scenarios/fish-steps.yaml") for key in ("map", "enemies")},
          **{key: ("tower", "campaigns/siege-of-lykessa.yaml")
             for key in ("scenarios", "variants", "ranks")},
          **{key: ("tower", "variants/expert.yaml") for key in ("difficulty", "hooks")}},
    "X": {**{key: ("glyphs", "riddles/deck-1.yaml") for key in ("sequence", "deck")},
          **{key: ("glyphs", "game.yaml")
             for key in ("deck_size", "degrees", "setups", "turns", "glyph_set",
                         "special_actions")},
          **{key: ("glyphs", "glyph-set.yaml") for key in ("tiles", "name")}},
    "G": {**{key: ("riddles", "riddles/06-capstone-cove.yaml")
             for key in ("id", "map", "coins", "objectives", "stockpile", "players",
                         "number", "island", "gods")},
          **{key: ("riddles", "gods/atlas.yaml") for key in ("quest",)},
          **{key: ("riddles", "campaigns/lantern-archipelago.yaml") for key in ("islands",)},
          **{key: ("riddles", "constellations/night-sky.yaml") for key in ("nodes",)},
          **{key: ("riddles", "dice/sphinx-die.yaml") for key in ("faces",)}},
    "N": {**{key: ("roles", "game.yaml") for key in ("roles", "numbers", "board")},
          **{key: ("roles", "cards/builders.yaml")
             for key in ("kind", "first_play", "abilities")}},
}


def _example_keys(example: str) -> list[str] | None:
    """The top-level keys of an example that is a YAML mapping, else None."""
    import yaml

    try:
        data = yaml.safe_load(example)
    except yaml.YAMLError:
        return None
    return list(data) if isinstance(data, dict) else None


SET_INTO_A_PACK = sorted(
    code for code, e in EXPLAINED.items()
    if re.fullmatch(r"RS-[TXGN]0\d\d", code)
    and not re.search(r"(?<![\w.])\.\.\.(?![\w.])", e.example)  # elided: not whole
    and (keys := _example_keys(e.example)) and keys[0] in HOSTS[code[3]])


def _set_keys(text: str, example: str, keys: list[str]) -> tuple[str, int]:
    """``text`` with the first document that has a kind (the host) holding the example's
    lines at its end in place of its ``keys``; and the 0-based line where they start."""
    lines = text.splitlines()
    cuts = [i for i, line in enumerate(lines) if line == "---"]
    first, last = next((a, b) for a, b in zip([0, *(c + 1 for c in cuts)], [*cuts, len(lines)])
                       if any(line.startswith("kind:") for line in lines[a:b]))
    kept: list[str] = []
    dropping = False
    for line in lines[first:last]:
        top = re.match(r"([A-Za-z_]+):", line)
        if top:
            dropping = top.group(1) in keys
        elif line and not line.startswith((" ", "#")):
            dropping = False
        if not dropping:
            kept.append(line)
    out = [*lines[:first], *kept, *example.splitlines(), *lines[last:]]
    return "\n".join(out) + "\n", first + len(kept)


def test_the_examples_set_into_a_pack_are_many() -> None:
    assert len(SET_INTO_A_PACK) >= 15, SET_INTO_A_PACK


@pytest.mark.parametrize("code", SET_INTO_A_PACK)
def test_an_example_set_into_a_shipped_pack_yields_its_code(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    import shutil

    import generator.systems.glyphs.sim_checks as glyph_sims
    import generator.systems.riddle as riddle_system
    import generator.systems.roles.playout as role_playouts
    import generator.systems.tower.sim_checks as tower_sims

    monkeypatch.setattr(tower_sims, "check_simulations", lambda *_, **__: [])
    monkeypatch.setattr(glyph_sims, "iter_simulation_problems", lambda *_, **__: iter(()))
    monkeypatch.setattr(riddle_system, "_iter_solver_results", lambda *_, **__: iter(()))
    monkeypatch.setattr(role_playouts, "iter_playout_problems", lambda *_, **__: iter(()))
    example = EXPLAINED[code].example
    keys = _example_keys(example)
    assert keys is not None
    pack, host = HOSTS[code[3]][keys[0]]
    root = tmp_path / pack
    shutil.copytree(ROOT / "content" / pack, root,
                    ignore=shutil.ignore_patterns(".riddlesmith-cache"))
    text, start = _set_keys((root / host).read_text("utf-8"), example, keys)
    (root / host).write_text(text, "utf-8")
    report = pipeline.check([root], Options(cache=False))
    lines = example.splitlines()
    inside = range(start + 1, start + len(lines) + 1)
    here = [d for d in report.diagnostics if d.code == code and d.file.endswith(host)]
    assert any(d.line in inside for d in here), (code, text, report.diagnostics)
    # A mark is a comment after the line's content (a comment line only explains).
    marked = [i for i, line in enumerate(lines) if re.search(r"\S\s+#\s", line)]
    if marked:
        assert start + marked[0] + 1 in {d.line for d in here}, (code, here)
