"""riddlesmith serve without a browser: endpoints, path safety, the workspace and its memo."""
from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.pack.loader import UsageError
from generator.render.pdf import capture_documents, document_to_pdf
from generator.render.scene import Document, Rect, Scene, Style, Text
from generator.render.svg import scene_to_svg
from tests.serve.server import CARD_FILE, free_port, get, make_pack, serving

pytest.importorskip("starlette")

from generator.serve.app import safe_artefact_path  # noqa: E402
from generator.serve.workspace import PackView, Place, RenderMemo, Workspace  # noqa: E402


def _raw_get(base: str, path: str) -> int:
    """GET ``path`` as written (no client-side ``..`` folding), return the status."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        head = sock.recv(64).decode("latin-1")
    return int(head.split()[1])


def test_endpoints_report_artefacts_and_refusals(tmp_path: Path) -> None:
    pack = make_pack(tmp_path)
    (tmp_path / "secret.txt").write_text("not yours\n")
    (tmp_path / "secret.yaml").write_text("kind: fragment-card\nid: secret\ntext: I am not yours.\n")
    os.symlink(tmp_path / "secret.txt", pack / "cards" / "link.txt")
    with serving(pack) as base:
        status, body = get(base + "/")
        assert status == 200 and b"riddlesmith serve" in body
        status, body = get(base + "/api/report")
        cli = subprocess.run([sys.executable, "-m", "generator.cli", "check", str(pack), "--format",
                              "json", "--no-cache"], cwd=tmp_path, capture_output=True, text=True)
        assert status == 200 and json.loads(body) == json.loads(cli.stdout)
        state = json.loads(get(base + "/api/state")[1])
        drawings = [d["label"] for d in state["packs"][0]["drawings"]]
        assert any(d.startswith("svg/cards/") for d in drawings)
        assert any(".pdf p. " in d for d in drawings)
        status, body = get(base + "/artefacts/deck/print/cards-duplex.pdf")
        assert status == 200 and body.startswith(b"%PDF-")
        status, body = get(base + "/artefacts/deck/svg/cards/_back.svg")
        assert status == 200 and b"<svg" in body
        for bad in ("/artefacts/deck/../../secret.txt", "/artefacts/deck/..%2F..%2Fsecret.txt",
                    "/artefacts/deck/cards/link.txt", "/artefacts/deck//etc/passwd",
                    "/artefacts/nope/svg/cards/_back.svg"):
            assert _raw_get(base, bad) in (400, 404), bad
        # A YAML link out of the pack: reported (RS-P009), never read nor served.
        os.symlink(tmp_path / "secret.yaml", pack / "cards" / "link.yaml")
        deadline = time.monotonic() + 30
        while b"RS-P009" not in get(base + "/api/report")[1]:
            assert time.monotonic() < deadline, "the link was not reported"
            time.sleep(0.1)
        for bad in ("../secret.txt", str(tmp_path / "secret.txt"), "deck/cards/link.txt",
                    "deck/cards/link.yaml", "secret.yaml", str(tmp_path / "secret.yaml")):
            assert get(base + "/api/source?file=" + bad)[0] == 404, bad
        for endpoint in ("/api/state", "/api/report", "/api/drawings/deck"):
            assert b"I am not yours" not in get(base + endpoint)[1]
        status, body = get(base + "/api/source?file=deck/" + CARD_FILE)
        assert status == 200 and b"kind: fragment-card" in body


def test_safe_artefact_path() -> None:
    assert safe_artefact_path("maps/a.svg") == "maps/a.svg"
    for bad in ("", "../a", "a/../../b", "/abs", "a//b", "a\\..\\b", "a/./../b"):
        assert safe_artefact_path(bad) is None, bad


def _checked_deck(tmp_path: Path, monkeypatch) -> tuple[Workspace, PackView]:
    """A workspace of a fresh fragments deck (``deck``, checked once) and its view."""
    monkeypatch.chdir(tmp_path)
    ws = Workspace([make_pack(tmp_path)])
    ws.refresh()
    [view] = ws.views()
    return ws, view


def _edit_card(ws: Workspace, old: str, new: str) -> PackView:
    """Replace ``old`` by ``new`` in the deck's card file, check again, return the view."""
    card = ws.paths[0] / CARD_FILE
    card.write_text(card.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    roots = ws.roots_touched([card])
    assert roots == [ws.paths[0].resolve()]
    ws.refresh(roots)
    [view] = ws.views()
    return view


def test_a_card_left_out_for_errors_keeps_its_last_drawing_and_only_it(tmp_path: Path,
                                                                       monkeypatch) -> None:
    ws, good = _checked_deck(tmp_path, monkeypatch)
    pack = ws.paths[0]
    assert good.status == "ready" and good.drawings and not good.stale and not good.kept
    label = "svg/cards/starter-teeth-cannot-chew.svg"
    assert good.places[label] == Place("deck/" + CARD_FILE, 2, 5, "fragment-card", "fragments",
                                       "starter-teeth-cannot-chew")
    bad = _edit_card(ws, "text: I have teeth", "txt: I have teeth")
    assert bad.status == "broken" and not bad.stale and bad.kept == {label}
    assert {d.label for d in bad.drawings} == {d.label for d in good.drawings}
    assert next(d for d in bad.drawings if d.label == label) in good.drawings
    assert any(d.code == "RS-S002" and d.line == 4 for d in bad.diagnostics)
    # Nothing can be drawn without a pack.yaml: every last drawing stays, greyed.
    (pack / "pack.yaml").write_text("kind: [\n", encoding="utf-8")
    ws.refresh(ws.roots_touched([pack / "pack.yaml"]))
    [worse] = ws.views()
    assert worse.stale and worse.drawings == bad.drawings
    assert any(d.code == "RS-Y001" for d in worse.diagnostics)


def test_a_renderer_failing_on_content_with_errors_leaves_the_last_drawings(tmp_path: Path,
                                                                            monkeypatch) -> None:
    from generator.serve import workspace

    ws, good = _checked_deck(tmp_path, monkeypatch)

    def broken(_report: object) -> None:
        raise RuntimeError("a renderer met content it did not expect")

    monkeypatch.setattr(workspace, "render_pack", broken)
    bad = _edit_card(ws, "text: I have", "txt: I have")
    assert bad.status == "broken" and bad.stale and bad.drawings == good.drawings
    # On clean content a renderer's failure is a bug, not a state to show: it is raised.
    with pytest.raises(RuntimeError, match="did not expect"):
        _edit_card(ws, "txt: I have", "text: I have")


def test_an_overflowing_card_is_drawn_with_its_problem_and_the_rest_stays_current(
        tmp_path: Path, monkeypatch) -> None:
    from generator.serve.app import recheck_line, state_json

    ws, _ = _checked_deck(tmp_path, monkeypatch)
    view = _edit_card(ws, "I travel along wires.", "I sleep and " * 60 + "wake.")
    assert view.status == "broken" and not view.stale and not view.kept
    label = "svg/cards/starter-travel-along-wires.svg"
    assert "I sleep and" in next(d.svg for d in view.drawings if d.label == label)
    assert label in view.changed
    [state] = state_json(ws)["packs"]
    drawn = {d["label"]: d for d in state["drawings"]}
    assert [p["code"] for p in drawn[label]["problems"]] == ["RS-R001"]
    assert drawn[label]["file"] == "deck/" + CARD_FILE and drawn[label]["line"] == 12
    assert not any(d["stale"] for d in state["drawings"])
    assert not drawn["svg/cards/starter-teeth-cannot-chew.svg"]["problems"]
    line = recheck_line(view, "deck", ["deck/" + CARD_FILE], "12:00:00")
    assert line.startswith("12:00:00 deck: deck/cards/starter.yaml changed; broken in ")
    assert "1 error(s)" in line and "RS-R001" in line and label in line


def test_drawings_are_placed_at_the_document_their_name_or_page_carries(tmp_path: Path,
                                                                        monkeypatch) -> None:
    from generator.scaffold import init_pack
    from generator.registry import discover_systems

    pack = tmp_path / "tw"
    init_pack(pack, discover_systems()["tower"], "tw")
    monkeypatch.chdir(tmp_path)
    ws = Workspace([pack])
    ws.refresh()
    [view] = ws.views()
    places = {label: (p.file, p.kind) for label, p in view.places.items()}
    assert places["maps/the-old-mill.svg"] == ("tw/scenarios/the-old-mill.yaml", "tower-scenario")
    # The book page "scenario-the-old-mill", the card "god-apollo" of a variant's god.
    book = next(d.label for d in view.drawings if d.scene_id == "scenario-the-old-mill")
    assert places[book] == places["maps/the-old-mill.svg"]
    assert places["svg/cards/god-apollo.svg"][1] == "tower-variant"
    # A sheet of many cards belongs to no one document: the pack's manifest.
    assert places["print/god-cards-duplex.pdf p. 1"] == ("tw/pack.yaml", "print sheet")
    assert set(view.places) == {d.label for d in view.drawings}


def test_a_riddle_page_of_the_book_has_its_riddles_figures(tmp_path: Path, monkeypatch) -> None:
    from generator.scaffold import init_pack
    from generator.serve.app import state_json
    from generator.registry import discover_systems

    init_pack(tmp_path / "rd", discover_systems()["riddle"], "rd")
    monkeypatch.chdir(tmp_path)
    ws = Workspace([tmp_path / "rd"])
    ws.refresh()
    [state] = state_json(ws)["packs"]
    pages = [d for d in state["drawings"] if ".pdf p. " in d["label"] and d["doc"] == "first-light"]
    assert pages and all(d["file"] == "rd/riddles/first-light.yaml" for d in pages)
    assert "<th>turns</th>" in state["doc_figures"]["first-light"]


def test_roots_touched_only_names_the_changed_pack(tmp_path: Path) -> None:
    from generator.scaffold import init_pack
    from generator.registry import discover_systems

    fragments = discover_systems()["fragments"]
    a, b = tmp_path / "a", tmp_path / "b"
    init_pack(a, fragments, "a")
    init_pack(b, fragments, "b")
    ws = Workspace([tmp_path])
    assert ws.roots_touched([]) == sorted([a.resolve(), b.resolve()])  # new packs
    ws.refresh()
    assert ws.roots_touched([b / "cards" / "starter.yaml"]) == [b.resolve()]
    assert ws.roots_touched([tmp_path / "elsewhere.txt"]) == []


def _random_scene(rng: random.Random, n: int) -> Scene:
    kids = [Rect(rng.uniform(0, 40), rng.uniform(0, 60), 5, 5, Style(fill=rng.choice(["#000000", "#ff0000"])))
            for _ in range(rng.randint(1, 4))]
    kids.append(Text(10, 10, f"card {rng.randint(0, 5)}", size=rng.choice([6.0, 9.0])))
    return Scene(63.5, 88.9, tuple(kids), id=f"s{n}")


def test_svg_memo_matches_a_fresh_render_on_seeded_scenes() -> None:
    rng = random.Random(11)
    memo = RenderMemo()
    for _round in range(6):
        scenes = [_random_scene(rng, n) for n in range(rng.randint(1, 8))]
        assert memo.render(scenes) == [scene_to_svg(s).decode("utf-8") for s in scenes]


def test_capture_documents_draws_no_pdf_and_outside_it_pdfs_are_unchanged() -> None:
    doc = Document((Scene(20, 20),), title="x")
    plain = document_to_pdf(doc)
    with capture_documents() as docs:
        assert not document_to_pdf(doc).startswith(b"%PDF")
    assert docs == [doc] and document_to_pdf(doc) == plain


def test_serve_says_how_to_install_its_extra(monkeypatch) -> None:
    import importlib.util

    from generator import serve

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "uvicorn" else real(name, *a))
    with pytest.raises(UsageError, match=r"pip install 'riddlesmith\[serve\]'"):
        serve.run_serve([Path(".")], serve.Options(), "127.0.0.1", free_port(), False)


def test_serve_on_a_taken_port_exits_2_with_one_line(tmp_path: Path) -> None:
    pack = make_pack(tmp_path)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "generator.cli", "serve", str(pack), "--port",
                               str(port)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "cannot listen" in done.stderr
    assert "Traceback" not in done.stderr


def test_drawings_are_published_before_the_simulator_results(tmp_path: Path, monkeypatch) -> None:
    pack = make_pack(tmp_path)
    monkeypatch.chdir(tmp_path)
    ws = Workspace([pack])
    seen: list[tuple[str, bool, bool]] = []

    def snapshot() -> None:
        [view] = ws.views()
        seen.append((view.status, bool(view.drawings), view.metrics_pending))

    ws.refresh(on_done=snapshot)
    assert seen == [("ready", True, True), ("ready", True, False)]
    [view] = ws.views()
    assert view.metrics["fragments"]["press_your_luck"]["deck_size"] == 40


def test_a_result_arriving_after_the_server_stopped_is_dropped_quietly(tmp_path: Path) -> None:
    # Ctrl-C while a simulation runs: its callback fires after the event loop closed.
    import asyncio

    from generator.serve.app import Hub

    hub = Hub(Workspace([make_pack(tmp_path)]))
    loop = asyncio.new_event_loop()
    hub.loop = loop
    loop.close()
    hub.notify()  # no RuntimeError('Event loop is closed') from the worker's thread


def test_serve_port_0_is_refused_rather_than_announced_as_port_0(tmp_path: Path, monkeypatch) -> None:
    """Port 0 would bind a random port while the page's address said ':0'; it is a usage error."""
    from click.testing import CliRunner

    from generator import serve
    from generator.cli import main

    served: list[int] = []
    monkeypatch.setattr(serve, "run_serve", lambda *args, **kw: served.append(args[3]) or 0)
    done = CliRunner().invoke(main, ["serve", str(make_pack(tmp_path)), "--port", "0"])
    assert served == []
    assert done.exit_code == 2 and "1<=x<=65535" in done.output
