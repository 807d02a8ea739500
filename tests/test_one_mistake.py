"""One mistake, one diagnostic, at its place.

Empty files and empty documents are reported (they passed silently); a
misspelt key is one "unknown property" with a "did you mean" (it was also a
"missing required property"); a value of the wrong type is one type error
(an id given as a list was also "a device name on Windows"). A seeded sweep
over the shipped documents makes one mistake at a time and counts what the
schema check says about it.
"""
from __future__ import annotations

import copy
from collections.abc import Callable
import json
import random
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from conftest import PACK_YAML, write_pack
from generator.cli import main
from generator.pack.schema import load_schemas, validate_document
from generator.pack.yamlload import load_yaml

CARD = "kind: fragment-card\nid: {id}\ntext: I hum.\n"
OTHER = "kind: fragment-card\nid: b\ntext: I carry stones across the river.\n"
ROOT = Path(__file__).resolve().parents[1]


def _check(tmp_path: Path, files: dict[str, str | bytes], *args: str) -> tuple[int, list[dict]]:
    pack = write_pack(tmp_path / "p", files)
    result = CliRunner().invoke(main, ["check", str(pack), "--format", "json", "--no-cache", *args])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, json.loads(result.stdout)["diagnostics"]


def _places(diagnostics: list[dict]) -> list[tuple[str, str, int, int]]:
    return [(Path(d["file"]).name, d["code"], d["line"], d["col"]) for d in diagnostics]


@pytest.mark.parametrize("text", ["", "\n", "   \n\n", "---\n", "--- \n...\n", "---\n---\n"],
                         ids=["0-bytes", "newline", "whitespace", "separator", "doc-end", "two-seps"])
def test_a_file_with_no_document_is_an_error_at_1_1(tmp_path: Path, text: str) -> None:
    code, diags = _check(tmp_path, {"cards/x.yaml": text})
    assert code == 1
    assert _places(diags) == [("x.yaml", "RS-Y016", 1, 1)], diags
    assert diags[0]["severity"] == "error"


def test_an_empty_pack_yaml_is_one_error(tmp_path: Path) -> None:
    code, diags = _check(tmp_path, {"pack.yaml": ""})
    assert code == 1
    assert _places(diags) == [("pack.yaml", "RS-Y016", 1, 1)], diags


def test_a_file_of_comments_is_a_warning_a_placeholder_can_silence(tmp_path: Path) -> None:
    code, diags = _check(tmp_path, {"cards/x.yaml": "# cards for the next island\n\n"})
    assert code == 0
    assert _places(diags) == [("x.yaml", "RS-Y017", 1, 1)], diags
    code, _ = _check(tmp_path, {"cards/x.yaml": "# cards for the next island\n"}, "--strict")
    assert code == 1
    code, diags = _check(tmp_path, {"cards/x.yaml": "# riddlesmith: ignore[RS-Y017]\n# later\n"},
                         "--strict")
    assert (code, diags) == (0, [])


def test_an_empty_document_between_separators_is_a_warning_at_its_separator(tmp_path: Path) -> None:
    text = CARD.format(id="a") + "---\n---\n# gone\n---\n" + OTHER + "---\n"
    code, diags = _check(tmp_path, {"cards/x.yaml": text})
    assert _places(diags) == [("x.yaml", "RS-Y018", n, 1) for n in (4, 5, 11)], diags
    assert code == 0


def test_a_null_document_is_one_error_at_its_value(tmp_path: Path) -> None:
    code, diags = _check(tmp_path, {"cards/x.yaml": "---\n~\n"})
    assert code == 1
    assert _places(diags) == [("x.yaml", "RS-Y009", 2, 1)], diags
    code, diags = _check(tmp_path, {"cards/x.yaml": CARD.format(id="a") + "--- null\n"})
    assert _places(diags) == [("x.yaml", "RS-Y009", 4, 5)], diags


def test_multi_document_files_still_load_every_document(tmp_path: Path) -> None:
    text = "# cards\n---\n" + CARD.format(id="a") + "---\n" + OTHER + "...\n"
    parsed = load_yaml(text, "x.yaml")
    assert [d.data["id"] for d in parsed.documents] == ["a", "b"]
    assert parsed.diagnostics == []


@pytest.mark.parametrize("files, expected, hint", [
    ({"cards/x.yaml": "kind: fragment-card\nid: x\ntxet: I hum.\n"},
     ("x.yaml", "RS-S002", 3, 1), "did you mean 'text'?"),
    ({"game.yaml": "kind: fragment-game\nid: game\ntitle: T\nhand_size: 5\n"
                   "tokens: {valid: 7, invlaid: 7}\n"},
     ("game.yaml", "RS-S002", 5, 20), "did you mean 'invalid'?"),
    ({"cards/x.yaml": CARD.format(id="x") + "category: [sound]\n"},
     ("x.yaml", "RS-S004", 4, 11), ""),
    ({"cards/x.yaml": "kind: fragment-card\nid: [x]\ntext: I hum.\n"},
     ("x.yaml", "RS-S004", 2, 5), ""),
    ({"game.yaml": "kind: fragment-game\nid: game\ntitle: T\nhand_size: 5\n"
                   "tokens: {valid: 7, invalid: 7}\ncard: {size: pokr}\n"},
     ("game.yaml", "RS-S", 6, 14), "did you mean 'poker'?"),
], ids=["misspelt-required-key", "nested-misspelt-key", "list-for-text", "list-for-id",
        "misspelt-enum"])
def test_one_mistake_gives_one_diagnostic(tmp_path: Path, files: dict[str, str | bytes],
                                          expected: tuple[str, str, int, int], hint: str) -> None:
    code, diags = _check(tmp_path, files)
    assert code == 1
    assert len(diags) == 1, diags
    (name, found, line, col), = _places(diags)
    assert (name, line, col) == expected[:1] + expected[2:] and found.startswith(expected[1]), diags
    assert hint in diags[0]["hint"]


def test_a_misspelt_alternative_key_names_the_key_it_meant() -> None:
    # An objective needs 'slots' or 'goal'; 'gola' was once "unknown" plus "missing 'slots'".
    text = (ROOT / "content/riddles/riddles/00-driftwood-dawn.yaml").read_text(encoding="utf-8")
    doc = load_yaml(text.replace("    goal: {stand:", "    gola: {stand:"), "r.yaml").documents[0]
    diags = validate_document(load_schemas(), "riddle", doc)
    assert [(d.code, d.hint) for d in diags] == [("RS-S002", "did you mean 'goal'?")], diags
    doc.data["objectives"][2].pop("gola")
    missing = validate_document(load_schemas(), "riddle", doc)
    assert [d.message for d in missing] == ["missing required property 'slots' or 'goal'"]


# --- the sweep: one mistake at a time over the shipped documents


def _walk(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, data
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(
        data, list) else ()
    for key, value in items:
        yield from _walk(value, path + (key,))


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _misspell(word: str, rng: random.Random) -> str:
    """A typo a hand makes: two neighbours swapped, a letter dropped or doubled."""
    i = rng.randrange(len(word) - 1)
    how = rng.choice(("swap", "drop", "double"))
    if how == "swap" and word[i] != word[i + 1]:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if how == "drop":
        return word[:i] + word[i + 1:]
    return word[:i] + word[i] + word[i:]


Mistake = tuple[str, tuple[Any, ...], Any]
"""What is done (key, list, text, typo), where, and the wrong key or value."""


def _iter_mistakes(data: dict[str, Any], rng: random.Random) -> Iterator[Mistake]:
    """Every single mistake of four kinds in one document.

    A misspelt key; a scalar written as a one-item list; a number, list or mapping
    written as text; a misspelt text value.
    """
    for path, value in _walk(data):
        if isinstance(value, dict):
            for key in value:
                if key not in ("kind", "id") and len(str(key)) >= 4:
                    wrong = _misspell(str(key), rng)
                    if wrong not in value:
                        yield "key", path + (key,), wrong
        if not path or path[-1] in ("kind", "id"):
            continue
        if not isinstance(value, (dict, list)):
            yield "list", path, [value]
        if not isinstance(value, str):
            yield "text", path, "many"
        elif len(value) > 3:
            yield "typo", path, _misspell(value, rng)


def _make(data: dict[str, Any], mistake: Mistake) -> dict[str, Any]:
    what, path, wrong = mistake
    out = copy.deepcopy(data)
    parent = _at(out, path[:-1])
    if what == "key":
        items = [(wrong if k == path[-1] else k, v) for k, v in parent.items()]
        parent.clear()
        parent.update(items)
    else:
        parent[path[-1]] = wrong
    return out


def test_one_mistake_anywhere_in_the_shipped_documents_gives_at_most_one_diagnostic() -> None:
    schemas = load_schemas()
    rng = random.Random(8)
    cases: list[tuple[str, str, Any, Mistake]] = []
    for file in sorted((ROOT / "content").rglob("*.yaml")):
        for doc in load_yaml(file.read_text(encoding="utf-8"), file.name).documents:
            kind = doc.data.get("kind")
            if kind in schemas.validators:
                cases.extend((file.name, kind, doc, m) for m in _iter_mistakes(doc.data, rng))
    assert len(cases) > 5000
    counted = {0: 0, 1: 0}
    for name, kind, doc, mistake in random.Random(11).sample(cases, 400):
        wrong = copy.copy(doc)
        wrong.data = _make(doc.data, mistake)
        diags = validate_document(schemas, kind, wrong)
        assert len(diags) <= 1, (name, mistake, [(d.code, d.message, d.hint) for d in diags])
        counted[len(diags)] += 1
    assert counted[1] > 200, counted  # most mistakes are caught by the schema itself


def test_the_pack_yaml_of_the_test_pack_is_valid() -> None:
    # The fixtures above change one file at a time of a pack that is otherwise clean.
    doc = load_yaml(PACK_YAML, "pack.yaml").documents[0]
    assert validate_document(load_schemas(), "pack", doc) == []


def test_a_riddle_file_yaml_cannot_parse_is_one_error_not_echoes_in_the_campaign(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> None:
    """A broken riddle file is one YAML error: the campaign's reference to its id is not
    "unknown" (RS-P010) and its island is not "never open" (RS-G019) because of it."""
    import shutil

    root = tmp_path / "riddles"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content" / "riddles", root,
                    ignore=shutil.ignore_patterns(".riddlesmith-cache"))
    broken = root / "riddles" / "02-keepers-stair.yaml"
    broken.write_text(broken.read_text().replace("\ngods:", "\ngods:\n\tfoo: 1", 1))
    cache = tmp_path / "cache"  # the other riddles' proofs, as one check of the campaign stores
    shipped_cache("riddles", cache)
    result = CliRunner().invoke(main, ["check", str(root), "--format", "json", "--cache-dir",
                                       str(cache), "-q"])
    assert result.exit_code == 1
    # Notes (the proofs' RS-G111 on the other riddles) are not echoes of the mistake.
    found = [(Path(d["file"]).name, d["code"]) for d in json.loads(result.stdout)["diagnostics"]
             if d["severity"] != "info"]
    assert found == [("02-keepers-stair.yaml", "RS-Y006")]
    # A reference to an id no file declares is still unknown.
    campaign = root / "campaigns" / "lantern-archipelago.yaml"
    campaign.write_text(campaign.read_text().replace("keepers-stair,", "keepers-stare,", 1))
    result = CliRunner().invoke(main, ["check", str(root), "--format", "json", "--cache-dir",
                                       str(cache), "-q"])
    codes = [d["code"] for d in json.loads(result.stdout)["diagnostics"]]
    assert "RS-P010" in codes
