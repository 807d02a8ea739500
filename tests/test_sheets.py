"""Documents from CSV files and XLSX workbooks (issue 28 §1): the same cards as YAML
check and build to the same files, every diagnostic lands on its cell in every format,
and bad sheets are diagnostics, never tracebacks."""
from __future__ import annotations

import json
import re
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import CONTENT, PACK_YAML, write_pack
from generator.cli import main
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas, validate_document
from generator.pack.sheetread import MAX_ROWS, read_csv_bytes, read_workbook_bytes
from generator.pack.sheets import documents_of
from generator.pack.yamlload import load_yaml
from generator.pipeline import build, check, kinds_of
from generator.systems import Options
from generator.registry import discover_systems
from sheet_files import csv_bytes, rows_of, write_xlsx, xlsx_rows

SHEET_PACK = PACK_YAML.replace("  - cards/*.yaml\n", "  - cards/*\n")


def starter_documents() -> list[dict[str, Any]]:
    from conftest import starter_cards

    return [d.data for d in load_yaml(starter_cards(), "starter.yaml").documents]


def run(pack: Path, *args: str, cache: Path | None = None) -> tuple[int, str]:
    """``check`` of ``pack`` (``cache``: the simulators' cache folder, else none)."""
    caching = ["--cache-dir", str(cache)] if cache is not None else ["--no-cache"]
    result = CliRunner().invoke(main, ["check", str(pack), *caching, *args])
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


def diagnostics(pack: Path) -> list[dict[str, Any]]:
    code, out = run(pack, "--format", "json")
    return list(json.loads(out)["diagnostics"])


def places(pack: Path) -> list[tuple[str, str, int, int]]:
    return [(d["file"][d["file"].find("cards/"):] if "cards/" in d["file"] else Path(d["file"]).name,
             d["code"], d["line"], d["col"]) for d in diagnostics(pack)]


def sheet_pack(root: Path, files: dict[str, str | bytes], *, drop_starter: bool = True,
               pack_yaml: str = SHEET_PACK) -> Path:
    pack = write_pack(root, {"pack.yaml": pack_yaml, **files})
    if drop_starter:
        (pack / "cards" / "starter.yaml").unlink()
    return pack


# --------------------------------------------------------------------------- same as YAML


def _built(pack: Path, out: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    monkeypatch.chdir(pack.parent)
    report = check([Path(pack.name)], Options(cache=False))
    assert report.errors == 0, [d.location() + " " + d.message for d in report.diagnostics]
    result = build(report, out)
    assert not result.refused
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_cards_from_a_csv_and_an_xlsx_build_the_same_files_as_the_same_cards_in_yaml(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    documents = starter_documents()
    yaml_pack = write_pack(tmp_path / "yaml" / "deck")
    csv_pack = sheet_pack(tmp_path / "csv" / "deck", {"cards/starter.csv": csv_bytes(documents)})
    xlsx_pack = sheet_pack(tmp_path / "xlsx" / "deck", {})
    write_xlsx(xlsx_pack / "cards" / "starter.xlsx", {"Cards": xlsx_rows(documents)})
    built = {name: _built(pack, tmp_path / name / "out", monkeypatch)
             for name, pack in (("yaml", yaml_pack), ("csv", csv_pack), ("xlsx", xlsx_pack))}
    pdfs = [name for name in built["yaml"] if name.endswith(".pdf")]
    assert len(pdfs) >= 3
    for name in ("csv", "xlsx"):
        # manifest.json and report.json name the source files; everything printed is equal.
        differ = sorted(f for f in built["yaml"] if built[name].get(f) != built["yaml"][f])
        assert set(built[name]) == set(built["yaml"])
        assert all(f.endswith(".json") for f in differ), differ
    # The documents themselves are equal, field by field, in the same order.
    loaded = {name: [(d.kind, d.id, d.data) for d in check([p]).packs[0].documents]
              for name, p in (("yaml", yaml_pack), ("csv", csv_pack), ("xlsx", xlsx_pack))}
    assert loaded["csv"] == loaded["yaml"] == loaded["xlsx"]


def test_every_shipped_kind_reads_back_from_a_sheet_as_the_same_documents() -> None:
    """YAML -> sheet -> documents, over every document of every shipped pack: the header
    rules and the typing by schema lose nothing (nested lists of mappings, localised
    texts, maps written as multi-line text, lists in one cell, free-form parameters)."""
    schemas = load_schemas()
    kinds = kinds_of(discover_systems())
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for pack in load_packs([CONTENT], schemas, kinds).packs:
        for doc in pack.documents:
            by_kind.setdefault(doc.kind, []).append(doc.data)
    assert len(by_kind) >= 15
    for kind, documents in sorted(by_kind.items()):
        for form in ("csv", "xlsx"):
            if form == "csv":
                table = read_csv_bytes(csv_bytes(documents), f"{kind}.csv").tables[0]
            else:
                import io

                from openpyxl import Workbook
                book = Workbook()
                ws = book.active
                ws.title = "Docs"
                for row in xlsx_rows(documents):
                    ws.append(row)
                raw = io.BytesIO()
                book.save(raw)
                read = read_workbook_bytes(raw.getvalue(), f"{kind}.xlsx")
                assert not read.diagnostics, read.diagnostics
                table = read.tables[0]
            got = documents_of(table, schemas, None)
            assert not got.diagnostics, (kind, form, got.diagnostics[:3])
            assert [d.data for d, _, _ in got.documents] == documents, (kind, form)
            for doc, _, _ in got.documents:
                assert validate_document(schemas, kind, doc) == [], (kind, form)


# --------------------------------------------------------------------------- at the cell


def _role_pack(tmp_path: Path, *, row7_type: str) -> tuple[Path, int]:
    """The shipped role deck with its cards in one CSV; row 7's type set to ``row7_type``.
    Returns the pack and the column of 'type'."""
    schemas = load_schemas()
    pack = load_packs([CONTENT / "roles"], schemas, kinds_of(discover_systems())).packs[0]
    cards = [d.data for d in pack.documents if d.kind == "role-card"]
    # Row 1 is the header: the 6th card is row 7. A Builder goes there, so the clean
    # pack (its type written again as "builder") keeps its deck as shipped.
    builder = next(i for i, c in enumerate(cards) if c["type"] == "builder")
    cards.insert(5, cards.pop(builder))
    cards[5] = {**cards[5], "type": row7_type}
    root = tmp_path / "roles"
    (root / "cards").mkdir(parents=True)
    manifest = (CONTENT / "roles" / "pack.yaml").read_text(encoding="utf-8")
    manifest = re.sub(r"include:\n(  - .*\n)+", "include:\n  - game.yaml\n  - cards.csv\n", manifest)
    manifest = manifest.replace("../../schemas/", "")
    (root / "pack.yaml").write_text(manifest, encoding="utf-8")
    (root / "game.yaml").write_text((CONTENT / "roles" / "game.yaml").read_text(encoding="utf-8"),
                                    encoding="utf-8")
    (root / "cards.csv").write_bytes(csv_bytes(cards))
    header, _ = rows_of(cards)
    return root, header.index("type") + 1


def test_a_misspelt_enum_in_row_7_is_reported_at_row_7_and_its_column_in_every_format(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        shipped_cache: Callable[[str, Path], None]) -> None:
    monkeypatch.chdir(tmp_path)
    # The playouts are keyed by content: the clean deck's are the shipped deck's, the
    # broken deck's are played once and read back by the runs in the other formats.
    cache = tmp_path / "cache"
    shipped_cache("roles", cache)
    clean, _ = _role_pack(tmp_path / "clean", row7_type="builder")
    code, text = run(clean, cache=cache)
    assert code == 0, text
    pack, col = _role_pack(tmp_path / "bad", row7_type="buildr")
    rel = Path("bad/roles")
    code, text = run(rel, cache=cache)
    assert code == 1
    head = f"bad/roles/cards.csv:7:{col}: error[RS-S005]"
    assert head in text, text
    block = text[text.index(head):].split("\n\n")[0].splitlines()
    shown, caret = block[1], block[2]
    assert shown.split("| ", 1)[1].split(",")[col - 1] == "buildr"
    # The caret sits under the first character of the cell.
    assert shown.index("buildr") == caret.index("^")
    assert "did you mean 'builder'?" in text
    found = [d for d in json.loads(run(rel, "--format", "json", cache=cache)[1])["diagnostics"] if d["code"] == "RS-S005"]
    assert [(d["file"], d["line"], d["col"], d["pointer"]) for d in found] == [
        ("bad/roles/cards.csv", 7, col, "/type")]
    github = run(rel, "--format", "github", cache=cache)[1]
    assert f"::error file=bad/roles/cards.csv,line=7,col={col},title=RS-S005::cell " in github
    junit = ET.fromstring(run(rel, "--format", "junit", cache=cache)[1])
    case = next(c for c in junit.iter("testcase") if c.get("name") == "bad/roles/cards.csv")
    assert f"bad/roles/cards.csv:7:{col}: error[RS-S005]" in (case.find("failure").text or "")
    sarif = json.loads(run(rel, "--format", "sarif", cache=cache)[1])
    result = next(r for r in sarif["runs"][0]["results"] if r["ruleId"] == "RS-S005")
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "bad/roles/cards.csv"
    assert location["region"] == {"startLine": 7, "startColumn": col}


def test_a_workbook_cell_is_named_book_sheet_cell_in_text_and_the_file_in_ci_formats(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    documents = starter_documents()
    rows = xlsx_rows(documents)
    category = rows[0].index("category")
    rows[6][category] = "Starter"  # row 7
    pack = sheet_pack(tmp_path / "p", {})
    write_xlsx(pack / "cards" / "deck.xlsx", {"Cards": rows})
    monkeypatch.chdir(tmp_path)
    letter = "ABCDEFGH"[category]
    code, text = run(Path("p"))
    assert code == 1
    assert f"p/cards/deck.xlsx[Cards]!{letter}7: error[RS-S001]" in text
    block = text[text.index("deck.xlsx[Cards]!"):].split("\n\n")[0].splitlines()
    assert block[1].index("Starter") == block[2].index("^")
    found = [d for d in json.loads(run(Path("p"), "--format", "json")[1])["diagnostics"]
             if d["code"] == "RS-S001"]
    assert [(d["file"], d["line"], d["col"]) for d in found] == [
        ("p/cards/deck.xlsx[Cards]", 7, category + 1)]
    github = run(Path("p"), "--format", "github")[1]
    assert f"file=p/cards/deck.xlsx,line=7,col={category + 1},title=RS-S001::cell Cards!{letter}7: " in github
    sarif = json.loads(run(Path("p"), "--format", "sarif")[1])
    result = next(r for r in sarif["runs"][0]["results"] if r["ruleId"] == "RS-S001")
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "p/cards/deck.xlsx"
    assert result["message"]["text"].startswith(f"cell Cards!{letter}7: ")


def test_a_header_that_is_not_a_field_is_one_error_at_its_cell_with_a_did_you_mean(tmp_path: Path) -> None:
    sheet = "kind,id,txt,category\n" + "".join(
        f"fragment-card,c{i},I am {i}.,starter\n" for i in range(3))
    pack = sheet_pack(tmp_path / "p", {"cards/a.csv": sheet}, drop_starter=False)
    found = diagnostics(pack)
    errors = [d for d in found if d["severity"] == "error"]
    assert [(d["code"], d["line"], d["col"]) for d in errors] == [("RS-C002", 1, 3)]
    assert errors[0]["hint"] == "did you mean 'text'?"


def test_duplicate_ids_point_at_both_rows(tmp_path: Path) -> None:
    sheet = "id,text\nalpha,I hum.\nbeta,I sing.\n\n\ngamma,I creak.\nalpha,I whistle.\n"
    pack = sheet_pack(tmp_path / "p", {"cards/a.csv": sheet},
                      pack_yaml=SHEET_PACK + "sheets:\n  cards/a.csv: fragment-card\n", drop_starter=False)
    result = check([pack])
    dup = [d for d in result.diagnostics if d.code == "RS-P005"]
    assert [(d.line, d.col) for d in dup] == [(7, 1)]  # the blank rows 4-5 count, as in a spreadsheet
    assert dup[0].related == ((dup[0].file, 2, 1),)
    assert f"{dup[0].file}:2:1" in dup[0].message
    text = CliRunner().invoke(main, ["check", str(pack), "--no-cache"]).stdout
    assert f"related: {dup[0].file}:2:1" in text


def test_texts_keep_icons_emphasis_line_breaks_and_their_languages(tmp_path: Path) -> None:
    sheet = ('id,text.en,text.fr,copies,tags[|]\n'
             'hums,"I hum *softly* by the :dome:,\nat night.",Je bourdonne *doucement*.,3,sound|night\n')
    pack = sheet_pack(tmp_path / "p", {"cards/a.csv": sheet.encode("utf-8-sig")},
                      pack_yaml=SHEET_PACK + "sheets: {cards/a.csv: fragment-card}\n", drop_starter=False)
    doc = next(d for d in check([pack]).packs[0].documents if d.id == "hums")
    assert doc.data == {"id": "hums", "kind": "fragment-card", "copies": 3, "tags": ["sound", "night"],
                        "text": {"en": "I hum *softly* by the :dome:,\nat night.",
                                 "fr": "Je bourdonne *doucement*."}}
    assert doc.locate(("text", "fr")) == (2, 3) and doc.locate(("tags", 1)) == (2, 5)


def test_a_semicolon_csv_from_a_european_excel_reads_the_same(tmp_path: Path) -> None:
    documents = starter_documents()
    comma = sheet_pack(tmp_path / "a", {"cards/starter.csv": csv_bytes(documents)})
    semi = sheet_pack(tmp_path / "b", {"cards/starter.csv": csv_bytes(documents, ";")})
    data = [[d.data for d in check([p]).packs[0].documents] for p in (comma, semi)]
    assert data[0] == data[1] and len(data[0]) == 47


def test_a_number_where_the_schema_wants_text_or_a_whole_number_is_typed_by_the_schema(
        tmp_path: Path) -> None:
    pack = sheet_pack(tmp_path / "p", {}, pack_yaml=SHEET_PACK + "sheets: {cards/n.xlsx: fragment-card}\n",
                      drop_starter=False)
    write_xlsx(pack / "cards" / "n.xlsx", {"S": [["id", "text", "copies", "category"],
                                                  ["n1", 42, 2.0, "starter"],
                                                  ["n2", "I hum.", "2.5", "starter"]]})
    report = check([pack])
    docs = {d.id: d.data for d in report.packs[0].documents}
    assert docs["n1"]["text"] == "42" and docs["n1"]["copies"] == 2
    wrong = [(d.code, d.line, d.col) for d in report.diagnostics if d.code.startswith("RS-S")]
    assert wrong == [("RS-S004", 3, 3)]  # 2.5 copies: kept as written, reported at its cell


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("name, content, expect", [
    ("cards/a.csv", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", ("RS-C001", 1, 1)),
    ("cards/a.csv", b"PK\x03\x04\x14\x00\x00\x00\x08\x00", ("RS-C001", 1, 1)),
    ("cards/a.csv", bytes(range(256)) * 4, ("RS-C001", 1, 1)),  # binary, with NUL bytes
    ("cards/a.csv", bytes(range(128, 256)) * 4, ("RS-C001", 1, 1)),  # binary, no NUL byte
    ("cards/a.csv", "id,text\nx,I hum.\n".encode("utf-16"), ("RS-C001", 1, 1)),
    ("cards/a.csv", b"kind: fragment-card\nid: x\ntext: I hum.\n", ("RS-C001", 1, 1)),  # YAML
    ("cards/a.csv", "id,text\nx,Je fredonne l\u2019\u00e9t\u00e9.\n".encode("cp1252"), ("RS-Y004", 2, 2)),
    ("cards/a.csv", b"id,text\nx,I hum \xe9t\xe9.\n", ("RS-Y004", 2, 2)),
    ("cards/a.csv", b'id,text\nx,"I hum\ny,I sing.\n', ("RS-C001", 2, 1)),
    ("cards/a.csv", b"", ("RS-Y016", 1, 1)),
    ("cards/a.xlsx", b"id,text\nx,I hum.\n", ("RS-C001", 1, 1)),
    ("cards/a.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, ("RS-C001", 1, 1)),
])
def test_a_file_that_is_not_a_sheet_is_a_clear_error(tmp_path: Path, name: str, content: bytes,
                                                     expect: tuple[str, int, int]) -> None:
    pack = sheet_pack(tmp_path / "p", {name: content},
                      pack_yaml=SHEET_PACK + f"sheets: {{{name}: fragment-card}}\n", drop_starter=False)
    code, _ = run(pack)
    assert code == 1
    found = [(d["file"][d["file"].index("cards/"):], d["code"], d["line"], d["col"])
             for d in diagnostics(pack)]
    assert (name, *expect) in found, found


def test_a_zip_that_is_not_a_workbook_is_an_error(tmp_path: Path) -> None:
    import io
    import zipfile

    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w") as archive:
        archive.writestr("hello.txt", "not a workbook")
    pack = sheet_pack(tmp_path / "p", {"cards/a.xlsx": raw.getvalue()},
                      pack_yaml=SHEET_PACK + "sheets: {cards/a.xlsx: fragment-card}\n", drop_starter=False)
    assert run(pack)[0] == 1
    assert [d["code"] for d in diagnostics(pack) if d["severity"] == "error"] == ["RS-C001"]


def test_a_100000_row_sheet_stops_at_the_row_limit_quickly(tmp_path: Path) -> None:
    rows = "".join(f"fragment-card,c{i},I am card number {i}.\n" for i in range(100_000))
    pack = sheet_pack(tmp_path / "p", {"cards/big.csv": "kind,id,text\n" + rows}, drop_starter=False)
    start = time.process_time()
    found = places(pack)
    assert time.process_time() - start < 10
    assert [p for p in found if p[1] == "RS-C006"] == [("cards/big.csv", "RS-C006", MAX_ROWS + 1, 1)]


def test_a_formula_without_a_saved_value_and_an_error_value_are_errors_at_their_cells(
        tmp_path: Path) -> None:
    pack = sheet_pack(tmp_path / "p", {}, drop_starter=False)
    write_xlsx(pack / "cards" / "f.xlsx", {"Cards": [
        ["kind", "id", "text", "copies"],
        ["fragment-card", "f1", "I hum.", 1],
        ["fragment-card", "f2", "I sing.", "=1+1"],
    ]})
    assert run(pack)[0] == 1
    assert [p for p in places(pack) if p[1] == "RS-C004"] == [("cards/f.xlsx[Cards]", "RS-C004", 3, 4)]


def test_a_formula_with_a_saved_value_gives_that_value(tmp_path: Path) -> None:
    """What a spreadsheet program saves: the formula and its cached value, in the sheet XML."""
    import io
    import zipfile

    pack = sheet_pack(tmp_path / "p", {}, drop_starter=False)
    path = write_xlsx(pack / "cards" / "f.xlsx", {"Cards": [
        ["kind", "id", "text", "copies"], ["fragment-card", "f1", "I hum.", "=1+1"]]})
    source = io.BytesIO(path.read_bytes())
    out = io.BytesIO()
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(out, "w") as new:
        for item in old.infolist():
            data = old.read(item.filename)
            if item.filename.startswith("xl/worksheets/sheet"):
                data = re.sub(rb"<f>1\+1</f><v>\s*</v>|<f>1\+1</f>(<v/>)?", b"<f>1+1</f><v>2</v>", data)
            new.writestr(item, data)
    path.write_bytes(out.getvalue())
    report = check([pack])
    assert report.errors == 0, [d.message for d in report.diagnostics]
    assert next(d for d in report.packs[0].documents if d.id == "f1").data["copies"] == 2


def test_merged_cells_are_an_error_at_their_first_cell(tmp_path: Path) -> None:
    from openpyxl import Workbook

    pack = sheet_pack(tmp_path / "p", {}, drop_starter=False)
    book = Workbook()
    ws = book.active
    ws.title = "Cards"
    for row in (["kind", "id", "text", "category"], ["fragment-card", "m1", "I hum.", "starter"],
                ["fragment-card", "m2", "I sing along with the kettle.", None]):
        ws.append(row)
    ws.merge_cells("C3:D3")
    book.save(pack / "cards" / "m.xlsx")
    assert run(pack)[0] == 1
    assert [p for p in places(pack) if p[1] == "RS-C005"] == [("cards/m.xlsx[Cards]", "RS-C005", 3, 3)]


def test_a_workbook_without_openpyxl_says_which_pip_command_installs_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = sheet_pack(tmp_path / "p", {}, drop_starter=False)
    write_xlsx(pack / "cards" / "w.xlsx", {"Cards": xlsx_rows(starter_documents()[:2])})
    monkeypatch.setitem(sys.modules, "openpyxl", None)
    code, text = run(pack)
    assert code == 1
    assert "error[RS-C007] reading .xlsx workbooks needs openpyxl" in text
    assert "pip install 'openpyxl>=3.1'" in text


def test_sheets_entries_that_name_no_sheet_are_errors_at_the_entry_with_a_did_you_mean(
        tmp_path: Path) -> None:
    pack = sheet_pack(tmp_path / "p", {"cards/a.csv": "id,text\nx,I hum.\n"}, drop_starter=False,
                      pack_yaml=SHEET_PACK + "sheets:\n  cards/b.csv: fragment-card\n"
                      "  cards/w.xlsx#Crads: fragment-card\n  cards/w.xlsx: fragment-crad\n")
    write_xlsx(pack / "cards" / "w.xlsx", {"Cards": [["id", "text"], ["y", "I sing."]]})
    found = [d for d in diagnostics(pack) if d["file"].endswith("pack.yaml")]
    assert [(d["code"], d["line"]) for d in found] == [("RS-C008", 11), ("RS-C008", 12), ("RS-P004", 13)]
    assert [d["hint"] for d in found] == ["did you mean 'cards/a.csv'?", "did you mean 'Cards'?",
                                          "did you mean 'fragment-card'?"]


def test_header_problems_are_errors_at_the_header_cell(tmp_path: Path) -> None:
    sheet = ("id,text,text.fr,copies,,tags,# notes\n"
             "x,I hum.,Je bourdonne.,2,stray,sound,free text here\n")
    pack = sheet_pack(tmp_path / "p", {"cards/a.csv": sheet}, drop_starter=False,
                      pack_yaml=SHEET_PACK + "sheets: {cards/a.csv: fragment-card}\n")
    found = [(d["code"], d["line"], d["col"], d["message"]) for d in diagnostics(pack)
             if d["file"].endswith("a.csv")]
    assert [f[:3] for f in found] == [("RS-C003", 1, 5), ("RS-C003", 1, 6), ("RS-C003", 2, 3)]
    assert "holds values but has no header" in found[0][3]
    assert "names a list" in found[1][3]
    assert "'text.fr' and 'text' (column B) both fill one field in this row" in found[2][3]


def test_rows_without_a_kind_or_an_id_are_errors_at_the_row(tmp_path: Path) -> None:
    sheet = "kind,id,text\nfragment-card,a,I hum.\n,b,I sing.\nfragment-card,,I creak.\n"
    pack = sheet_pack(tmp_path / "p", {"cards/a.csv": sheet}, drop_starter=False)
    assert [p for p in places(pack) if p[1] in ("RS-P002", "RS-P003")] == [
        ("cards/a.csv", "RS-P002", 3, 1), ("cards/a.csv", "RS-P003", 4, 2)]


def test_lock_files_of_an_open_workbook_are_not_read(tmp_path: Path) -> None:
    pack = sheet_pack(tmp_path / "p", {"cards/~$deck.xlsx": b"\x00lock"})
    write_xlsx(pack / "cards" / "deck.xlsx", {"Cards": xlsx_rows(starter_documents())})
    assert run(pack)[0] == 0


# --------------------------------------------------------------------------- init, serve


def test_init_sheet_starts_a_fragments_pack_whose_cards_are_in_cards_csv(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["init", str(tmp_path / "deck"), "--system", "fragments", "--sheet"])
    assert result.exit_code == 0, result.output
    assert "cards.csv" in result.output
    pack = tmp_path / "deck"
    assert not list(pack.glob("cards/*.yaml"))
    report = check([pack])
    assert report.errors == 0 and report.warnings == 0, [d.message for d in report.diagnostics]
    cards = [d for d in report.packs[0].documents if d.kind == "fragment-card"]
    assert len(cards) == 40 and {d.file for d in cards} == {cards[0].file}
    assert cards[0].file.endswith("deck/cards.csv")
    assert [d.data for d in cards] == starter_documents()


def test_serve_refreshes_the_pack_when_a_sheet_changes(tmp_path: Path) -> None:
    pytest.importorskip("watchfiles")
    from generator.serve.app import PackFilter
    from generator.serve.workspace import Workspace

    pack = sheet_pack(tmp_path / "p", {"cards/starter.csv": csv_bytes(starter_documents())})
    ws = Workspace([tmp_path], Options())
    assert ws.roots_touched([pack / "cards" / "starter.csv"]) == [pack.resolve()]
    watched = PackFilter([tmp_path.resolve()])
    from watchfiles import Change
    assert watched(Change.modified, str((pack / "cards" / "starter.csv").resolve()))
    assert watched(Change.modified, str((pack / "cards" / "deck.xlsx").resolve()))
    assert not watched(Change.added, str((pack / "cards" / "~$deck.xlsx").resolve()))
    assert not watched(Change.added, str((pack / "cards" / ".~lock.starter.csv#").resolve()))


def test_a_suppression_in_a_notes_column_silences_that_warning_in_its_row_only(tmp_path: Path) -> None:
    sheet = ("id,text,# notes\n"
             "hums,It hums at night.,# riddlesmith: ignore[RS-F003]\n"
             "sings,It sings at dawn.,\n")
    pack = sheet_pack(tmp_path / "p", {"cards/a.csv": sheet}, drop_starter=False,
                      pack_yaml=SHEET_PACK + "sheets: {cards/a.csv: fragment-card}\n")
    assert [p[1:] for p in places(pack) if p[0] == "cards/a.csv"] == [("RS-F003", 3, 2)]
