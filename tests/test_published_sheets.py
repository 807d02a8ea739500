"""Sheets included by their web address (issue 28 §1): fetched with bounded waits and
a size cap, kept in the pack's cache with their ETag and Last-Modified, used from the
cache with a warning when the server cannot be reached, and every failure a
diagnostic at the include line. Every server here is local (http.server in a thread);
nothing reaches the network."""
from __future__ import annotations

import io
import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import PACK_YAML, write_pack
from generator.cli import main
from generator.pack.loader import load_packs
from generator.pack.published import FETCH_DEADLINE, FETCH_TIMEOUT, Fetching
from generator.pack.schema import load_schemas
from generator.pack.sheetread import MAX_ROWS
from generator.pipeline import check, kinds_of
from generator.systems import Options
from generator.registry import discover_systems
from test_sheets import starter_documents
from sheet_files import csv_bytes, xlsx_rows


@dataclass
class Route:
    """What the local server answers on one path."""

    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    trickle: float = 0.0  # seconds between the bytes of the body (0: all at once)


@dataclass
class Server:
    base: str
    routes: dict[str, Route]
    asked: list[dict[str, str]]  # the path (":path") and headers of every request, in order

    def url(self, path: str) -> str:
        return self.base + path


@pytest.fixture()
def server() -> Iterator[Server]:
    routes: dict[str, Route] = {}
    asked: list[dict[str, str]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            asked.append({":path": self.path, **{k.lower(): v for k, v in self.headers.items()}})
            route = routes.get(self.path, Route(404, b"not here"))
            etag = route.headers.get("ETag")
            if etag and self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.end_headers()
                return
            self.send_response(route.status)
            for name, value in {"Content-Type": "text/csv; charset=utf-8", **route.headers}.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(route.body)))
            self.end_headers()
            try:
                if route.trickle:
                    for byte in route.body:
                        self.wfile.write(bytes([byte]))
                        self.wfile.flush()
                        time.sleep(route.trickle)
                else:
                    self.wfile.write(route.body)
            except OSError:
                pass  # the client gave up

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield Server(f"http://127.0.0.1:{httpd.server_address[1]}", routes, asked)
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture()
def silent_port() -> Iterator[int]:
    """A port that takes connections and never answers (the kernel accepts them into
    the backlog; nobody reads or writes)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    try:
        yield int(sock.getsockname()[1])
    finally:
        sock.close()


def closed_port() -> int:
    """A port nothing listens on (connections are refused at once)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = int(sock.getsockname()[1])
    sock.close()
    return port


def url_pack(root: Path, url: str, extra: str = "") -> Path:
    """The test pack with its starter cards from ``url`` (line 10 of pack.yaml)."""
    pack_yaml = PACK_YAML.replace("  - cards/*.yaml\n", f'  - cards/when.yaml\n  - "{url}"\n') + extra
    pack = write_pack(root, {"pack.yaml": pack_yaml})
    (pack / "cards" / "starter.yaml").unlink()
    return pack


def run(pack: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", str(pack), *args])
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


def found(pack: Path, *args: str) -> list[dict[str, Any]]:
    return list(json.loads(run(pack, "--format", "json", *args)[1])["diagnostics"])


def codes(pack: Path, *args: str) -> list[tuple[str, str, int, int]]:
    return [(d["code"], Path(d["file"]).name if d["file"].endswith(".yaml") else d["file"],
             d["line"], d["col"]) for d in found(pack, *args)]


def starter_csv(*, category_of_row_3: str | None = None) -> bytes:
    documents = starter_documents()
    if category_of_row_3 is not None:
        documents[1] = {**documents[1], "category": category_of_row_3}
    return csv_bytes(documents)


def sheet_copies(cache: Path) -> list[Path]:
    return sorted(p for p in cache.rglob("sheets/*") if p.suffix != ".json")


# --------------------------------------------------------------------------- fetched


def test_a_published_csv_gives_the_same_documents_and_its_cells_are_named_by_address(
        server: Server, tmp_path: Path) -> None:
    server.routes["/pub?output=csv"] = Route(body=starter_csv(category_of_row_3="Starter"))
    url = server.url("/pub?output=csv")
    pack = url_pack(tmp_path / "p", url)
    code, text = run(pack, "--cache-dir", str(tmp_path / "cache"))
    assert code == 1
    column = starter_csv().split(b"\n")[0].decode().split(",").index("category") + 1
    assert f"{url}:3:{column}: error[RS-S001]" in text
    block = text[text.index(f"{url}:3:"):].split("\n\n")[0].splitlines()
    assert block[1].index("Starter") == block[2].index("^")  # the row shown, a caret under the cell
    assert [(d["file"], d["line"], d["col"]) for d in found(pack, "--no-cache")
            if d["code"] == "RS-S001"] == [(url, 3, column)]
    sarif = json.loads(run(pack, "--no-cache", "--format", "sarif")[1])
    result = next(r for r in sarif["runs"][0]["results"] if r["ruleId"] == "RS-S001")
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == url
    github = run(pack, "--no-cache", "--format", "github")[1]
    assert f"file={url},line=3,col={column},title=RS-S001::cell " in github.replace("%3A", ":").replace(
        "%2C", ",")


def test_the_documents_of_a_published_sheet_equal_those_of_the_local_file(
        server: Server, tmp_path: Path) -> None:
    server.routes["/pub?output=csv"] = Route(body=starter_csv())
    pack = url_pack(tmp_path / "p", server.url("/pub?output=csv"))
    heard: list[str] = []
    report = check([pack], Options(cache=False), progress=heard.append)
    assert heard[0] == f"fetching {server.url('/pub?output=csv')}"  # a wait the user sees the cause of
    assert report.errors == 0 and report.warnings == 0, [d.message for d in report.diagnostics]
    cards = [d.data for d in report.packs[0].documents if d.kind == "fragment-card"]
    assert cards == starter_documents()


def test_a_second_check_sends_the_etag_and_date_back_and_a_304_reuses_the_copy(
        server: Server, tmp_path: Path) -> None:
    stamp = "Mon, 07 Dec 2026 10:00:00 GMT"
    server.routes["/s.csv"] = Route(body=starter_csv(), headers={"ETag": '"v1"', "Last-Modified": stamp})
    pack = url_pack(tmp_path / "p", server.url("/s.csv"))
    assert run(pack)[0] == 0
    copies = sheet_copies(pack / ".riddlesmith-cache")
    assert [p.read_bytes() for p in copies] == [starter_csv()]
    assert "if-none-match" not in server.asked[0]
    assert run(pack)[0] == 0
    assert server.asked[1]["if-none-match"] == '"v1"'
    assert server.asked[1]["if-modified-since"] == stamp
    assert sheet_copies(pack / ".riddlesmith-cache") == copies  # a 304 leaves the copy as it is
    # A changed sheet (new ETag) replaces the copy; the old one is gone.
    server.routes["/s.csv"] = Route(body=starter_csv(category_of_row_3="Starter"), headers={"ETag": '"v2"'})
    assert run(pack)[0] == 1
    assert [p.read_bytes() for p in sheet_copies(pack / ".riddlesmith-cache")] == [
        starter_csv(category_of_row_3="Starter")]


def test_offline_the_cached_copy_is_used_with_a_warning_at_the_include_line(
        server: Server, tmp_path: Path) -> None:
    server.routes["/s.csv"] = Route(body=starter_csv())
    cache = tmp_path / "cache"
    pack = url_pack(tmp_path / "p", server.url("/s.csv"))
    assert run(pack, "--cache-dir", str(cache))[0] == 0
    assert len(sheet_copies(cache / "test-pack")) == 1
    for failure in (Route(500, b"oops"), Route(404, b"gone")):
        server.routes["/s.csv"] = failure
        code, text = run(pack, "--cache-dir", str(cache))
        assert code == 0
        assert codes(pack, "--cache-dir", str(cache)) == [("RS-C009", "pack.yaml", 10, 5)]
        assert f"the server answered {failure.status}" in text and "is used" in text
    # The copy is intact, and gives the documents the server gave.
    assert [p.read_bytes() for p in sheet_copies(cache / "test-pack")] == [starter_csv()]
    report = check([pack], Options(cache_dir=cache))
    assert [d.data for d in report.packs[0].documents if d.kind == "fragment-card"] == starter_documents()
    # Nobody listening at all: the same, and the copy is still the one first fetched.
    gone = url_pack(tmp_path / "q", f"http://127.0.0.1:{closed_port()}/s.csv")
    assert run(gone, "--cache-dir", str(cache))[0] == 1  # another address: nothing cached
    server.routes["/s.csv"] = Route(body=b"\x00 not a sheet")
    assert codes(pack, "--cache-dir", str(cache))[0][0] == "RS-C001"  # a 200 is used as it is
    assert [p.read_bytes() for p in sheet_copies(cache / "test-pack")] == [b"\x00 not a sheet"]


def test_without_a_copy_a_failed_fetch_is_an_error_at_the_include_line(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{closed_port()}/pub?output=csv"
    pack = url_pack(tmp_path / "p", url)
    code, text = run(pack)
    assert code == 1
    assert codes(pack) == [("RS-C010", "pack.yaml", 10, 5)]
    assert "cannot reach 127.0.0.1" in text
    # Nothing of the pack was lost on the way: its other documents are still checked.
    assert "RS-F" not in text and "RS-P" not in text


def test_no_cache_fetches_without_keeping_a_copy_and_uses_none(server: Server, tmp_path: Path) -> None:
    server.routes["/s.csv"] = Route(body=starter_csv(), headers={"ETag": '"v1"'})
    pack = url_pack(tmp_path / "p", server.url("/s.csv"))
    assert run(pack)[0] == 0  # keeps a copy in .riddlesmith-cache
    assert run(pack, "--no-cache")[0] == 0
    assert "if-none-match" not in server.asked[-1]  # no copy read: nothing to revalidate
    server.routes["/s.csv"] = Route(503, b"down")
    assert codes(pack, "--no-cache") == [("RS-C010", "pack.yaml", 10, 5)]
    fresh = url_pack(tmp_path / "q", server.url("/t.csv"))
    server.routes["/t.csv"] = Route(body=starter_csv())
    assert run(fresh, "--no-cache")[0] == 0
    assert not (fresh / ".riddlesmith-cache").exists()


@pytest.mark.parametrize("url, why", [
    ("file:///etc/passwd", "not 'file://'"),
    ("ftp://example.org/cards.csv", "not 'ftp://'"),
    ("https://ana:secret@example.org/pub?output=csv", "user name or password"),
    ("https:///pub?output=csv", "names no server"),
    ("http://[::1/pub?output=csv", "cannot be read"),
    ("https://example.org/cartes été.csv", "outside ASCII"),
])
def test_an_address_that_is_not_http_is_refused_at_the_include_line(tmp_path: Path, url: str,
                                                                   why: str) -> None:
    pack = url_pack(tmp_path / "p", url)
    code, text = run(pack)
    assert code == 1
    assert codes(pack) == [("RS-C011", "pack.yaml", 10, 5)]
    assert why in text and "root:" not in text


def test_a_redirect_to_a_file_address_is_refused(server: Server, tmp_path: Path) -> None:
    server.routes["/s.csv"] = Route(302, b"", headers={"Location": "file:///etc/passwd"})
    pack = url_pack(tmp_path / "p", server.url("/s.csv"))
    code, text = run(pack)
    assert code == 1 and codes(pack) == [("RS-C010", "pack.yaml", 10, 5)]
    assert "not an http(s) address" in text and "root:" not in text


def test_a_redirect_to_another_http_address_is_followed(server: Server, tmp_path: Path) -> None:
    server.routes["/pub"] = Route(307, b"", headers={"Location": server.url("/real.csv")})
    server.routes["/real.csv"] = Route(body=starter_csv())
    assert run(url_pack(tmp_path / "p", server.url("/pub")))[0] == 0


def test_a_web_page_instead_of_the_sheet_is_an_error_that_says_so(server: Server, tmp_path: Path) -> None:
    server.routes["/pubhtml"] = Route(body=b"<!DOCTYPE html><html><body>Sign in</body></html>",
                                      headers={"Content-Type": "text/html; charset=utf-8"})
    pack = url_pack(tmp_path / "p", server.url("/pubhtml"))
    code, text = run(pack)
    assert code == 1 and codes(pack) == [("RS-C010", "pack.yaml", 10, 5)]
    assert "gives a web page, not a sheet" in text and "Publish to web" in text


def test_an_answer_over_the_size_cap_is_refused(server: Server, tmp_path: Path) -> None:
    server.routes["/big.csv"] = Route(body=b"id,text\n" + b"x" * (5 * 1024 * 1024))
    pack = url_pack(tmp_path / "p", server.url("/big.csv"))
    code, text = run(pack)
    assert code == 1 and codes(pack) == [("RS-C010", "pack.yaml", 10, 5)]
    assert "the limit is 5,242,880 bytes" in text


def test_a_workbook_by_address_names_its_cells_address_sheet_cell(server: Server, tmp_path: Path) -> None:
    from openpyxl import Workbook

    documents = starter_documents()
    rows = xlsx_rows(documents)
    category = rows[0].index("category")
    rows[6][category] = "Starter"  # row 7
    book = Workbook()
    ws = book.active
    ws.title = "Cards"
    for row in rows:
        ws.append(row)
    raw = io.BytesIO()
    book.save(raw)
    server.routes["/pub?output=xlsx"] = Route(body=raw.getvalue(), headers={
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"})
    url = server.url("/pub?output=xlsx")
    pack = url_pack(tmp_path / "p", url)
    letter = "ABCDEFGH"[category]
    code, text = run(pack)
    assert code == 1
    assert f"{url}[Cards]!{letter}7: error[RS-S001]" in text
    assert sheet_copies(pack / ".riddlesmith-cache")[0].suffix == ".xlsx"


def test_a_sheets_entry_gives_the_kind_of_an_address_and_is_fetched_even_if_not_included(
        server: Server, tmp_path: Path) -> None:
    documents = [{k: v for k, v in d.items() if k != "kind"} for d in starter_documents()]
    server.routes["/pub?output=tsv"] = Route(body=csv_bytes(documents, "\t"),
                                             headers={"Content-Type": "text/tab-separated-values"})
    url = server.url("/pub?output=tsv")
    pack_yaml = PACK_YAML.replace("  - cards/*.yaml\n", "  - cards/when.yaml\n") + (
        f'sheets:\n  "{url}": fragment-card\n')
    pack = write_pack(tmp_path / "p", {"pack.yaml": pack_yaml})
    (pack / "cards" / "starter.yaml").unlink()
    assert run(pack)[0] == 0
    server.routes["/pub?output=tsv"] = Route(500)
    assert codes(pack) == [("RS-C009", "pack.yaml", 11, 3)]  # at the entry's key


def test_the_kept_copy_is_never_read_as_a_sheet_of_the_pack(server: Server, tmp_path: Path) -> None:
    """The copy is a .csv file inside the pack folder (in the hidden cache folder): a
    pattern that takes every CSV file must not load its cards a second time."""
    server.routes["/s.csv"] = Route(body=starter_csv())
    pack = url_pack(tmp_path / "p", server.url("/s.csv"))
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        "  - cards/when.yaml\n", "  - cards/when.yaml\n  - '**/*.csv'\n"), encoding="utf-8")
    (pack / "cards" / "more.csv").write_text("kind,id,text\nfragment-card,extra,I hum.\n", encoding="utf-8")
    assert run(pack)[0] == 0
    assert sheet_copies(pack / ".riddlesmith-cache")
    code, text = run(pack)
    assert code == 0 and "RS-P005" not in text


def test_serve_does_not_re_check_when_a_check_keeps_a_copy(server: Server, tmp_path: Path) -> None:
    """A check run by serve writes the copy into the pack's cache folder; that write must
    not look like an edit (it would re-check, fetch, write again: a loop)."""
    pytest.importorskip("watchfiles")
    from watchfiles import Change

    from generator.serve.app import PackFilter

    server.routes["/s.csv"] = Route(body=starter_csv())
    pack = url_pack(tmp_path / "p", server.url("/s.csv"))
    assert run(pack)[0] == 0
    watched = PackFilter([tmp_path.resolve()])
    for copy in sheet_copies(pack / ".riddlesmith-cache"):
        assert not watched(Change.added, str(copy.resolve()))
    assert watched(Change.modified, str((pack / "pack.yaml").resolve()))


def test_a_sheets_entry_names_one_sheet_of_a_workbook_by_address_hash_sheet(
        server: Server, tmp_path: Path) -> None:
    from openpyxl import Workbook

    documents = [{k: v for k, v in d.items() if k != "kind"} for d in starter_documents()]
    book = Workbook()
    ws = book.active
    ws.title = "Cards"
    for row in xlsx_rows(documents):
        ws.append(row)
    book.create_sheet("#notes").append(["free text"])
    raw = io.BytesIO()
    book.save(raw)
    server.routes["/pub?output=xlsx"] = Route(body=raw.getvalue())
    url = server.url("/pub?output=xlsx")
    pack_yaml = PACK_YAML.replace("  - cards/*.yaml\n", "  - cards/when.yaml\n") + (
        f'sheets:\n  "{url}#Cards": fragment-card\n')
    pack = write_pack(tmp_path / "p", {"pack.yaml": pack_yaml})
    (pack / "cards" / "starter.yaml").unlink()
    assert run(pack, "--no-cache") == (0, "no problems in 4 files (48 documents)\n")
    assert server.asked[-1][":path"] == "/pub?output=xlsx"  # the fragment is never sent
    (pack / "pack.yaml").write_text(pack_yaml.replace("#Cards", "#Crads"), encoding="utf-8")
    wrong = [d for d in found(pack, "--no-cache") if d["code"] == "RS-C008"]
    assert [(d["line"], d["hint"]) for d in wrong] == [(11, "did you mean 'Cards'?")]


def test_a_damaged_copy_is_not_used_and_an_unwritable_cache_does_not_stop_the_check(
        server: Server, tmp_path: Path) -> None:
    server.routes["/s.csv"] = Route(body=starter_csv())
    pack = url_pack(tmp_path / "p", server.url("/s.csv"))
    assert run(pack)[0] == 0
    [copy] = sheet_copies(pack / ".riddlesmith-cache")
    copy.write_bytes(copy.read_bytes()[:100])  # cut short: not the bytes the server sent
    server.routes["/s.csv"] = Route(503)
    assert codes(pack) == [("RS-C010", "pack.yaml", 10, 5)]
    # A cache folder that cannot be made (a file is in the way): fetched, not kept.
    server.routes["/s.csv"] = Route(body=starter_csv())
    blocked = tmp_path / "blocked"
    blocked.write_text("a file, not a folder", encoding="utf-8")
    result = _load(pack, Fetching(cache_dir=blocked))
    assert not [d for d in result.diagnostics if d.code.startswith("RS-C")]
    assert len([d for d in result.packs[0].documents if d.kind == "fragment-card"]) == 40


# --------------------------------------------------------------------------- bounded waits


def _load(pack: Path, fetching: Fetching) -> Any:
    return load_packs([pack], load_schemas(), kinds_of(discover_systems()), fetching=fetching)


def test_a_server_that_never_answers_is_given_up_after_the_timeout(silent_port: int,
                                                                   tmp_path: Path) -> None:
    pack = url_pack(tmp_path / "p", f"http://127.0.0.1:{silent_port}/pub?output=csv")
    start = time.monotonic()
    result = _load(pack, Fetching(cache=False, timeout=0.5, deadline=2.0))
    assert time.monotonic() - start < 1.5
    [diag] = [d for d in result.diagnostics if d.code.startswith("RS-C")]
    assert (diag.code, diag.line, diag.col) == ("RS-C010", 10, 5)
    assert "did not answer within 0.5 s" in diag.message


def test_a_server_that_trickles_is_given_up_at_the_deadline(server: Server, tmp_path: Path) -> None:
    server.routes["/slow.csv"] = Route(body=starter_csv(), trickle=0.05)
    pack = url_pack(tmp_path / "p", server.url("/slow.csv"))
    start = time.monotonic()
    result = _load(pack, Fetching(cache=False, timeout=0.5, deadline=1.0))
    assert time.monotonic() - start < 1.5
    [diag] = [d for d in result.diagnostics if d.code.startswith("RS-C")]
    assert diag.code == "RS-C010" and ("longer than 1 s" in diag.message
                                       or "no complete answer within 1 s" in diag.message)


def test_check_on_a_hanging_address_ends_within_the_stated_wait(silent_port: int, tmp_path: Path) -> None:
    """The command a designer runs, with the waits it states (README): a hung server costs
    one timeout, and a cached copy is then used."""
    pack = url_pack(tmp_path / "p", f"http://127.0.0.1:{silent_port}/s.csv")
    start = time.monotonic()
    code, text = run(pack)
    waited = time.monotonic() - start
    assert code == 1 and "RS-C010" in text
    assert FETCH_TIMEOUT - 0.5 < waited < FETCH_DEADLINE + 1, waited


def test_a_100000_row_published_sheet_stops_at_the_row_limit(server: Server, tmp_path: Path) -> None:
    rows = "".join(f"fragment-card,c{i},I am card number {i}.\n" for i in range(100_000))
    server.routes["/big.csv"] = Route(body=("kind,id,text\n" + rows).encode())
    url = server.url("/big.csv")
    pack = url_pack(tmp_path / "p", url)
    start = time.process_time()
    found_codes = codes(pack, "--no-cache")
    assert time.process_time() - start < 10
    assert ("RS-C006", url, MAX_ROWS + 1, 1) in found_codes


# --------------------------------------------------------------------------- the README


def test_the_readme_recipe_runs_with_a_local_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Sheets by web address", followed as written (the server on a free port, not 8000)."""
    import functools
    import re
    import shutil
    from http.server import SimpleHTTPRequestHandler

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("#### Sheets by web address"):readme.index("### Editors")]
    sh = re.findall(r"```sh\n(.*?)```", section, flags=re.S)[0].splitlines()
    pack_yaml = re.findall(r"```yaml\n(.*?)```", section, flags=re.S)[1]
    shown = re.findall(r"```text\n(.*?)```", section, flags=re.S)[0].splitlines()
    assert sh == ["riddlesmith init deck --system fragments --sheet",
                  "mkdir published && mv deck/cards.csv published/",
                  "python3 -m http.server 8000 --bind 127.0.0.1 --directory published &"]
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, sh[0].split()[1:]).exit_code == 0
    (tmp_path / "published").mkdir()
    shutil.move("deck/cards.csv", "published/cards.csv")

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory="published"))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    port = str(httpd.server_address[1])
    manifest = Path("deck/pack.yaml")
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text[:text.index("include:")] + pack_yaml.replace("8000", port), encoding="utf-8")
    code, out = run(Path("deck"))
    assert (code, out.strip()) == (0, shown[1])
    httpd.shutdown()
    httpd.server_close()
    code, out = run(Path("deck"))
    assert code == 0
    first = shown[3].replace("8000", port)
    assert out.startswith(first[:first.index("the copy fetched")])
    assert out.splitlines()[1:3] == [line.replace("8000", port) for line in shown[4:6]]
    assert out.splitlines()[3].startswith("  hint: the copy is deck/.riddlesmith-cache/sheets/")
