"""A 1,000-card fragments deck checked from a CSV file, an XLSX workbook and YAML, side by side.

The ``url`` form includes the CSV by its web address, served by a local http.server in
this process (nothing reaches the network); its check fetches it each time (--no-cache).

Prints, for each form, the CPU seconds of the whole `riddlesmith check` process (what a
designer waits for: start-up, loading, schemas, rule and fit checks; no simulator
cache), and the CPU seconds of loading alone (reading and validating the documents,
in this process). Issue 28 asks for a 1,000-row sheet under 2 s of CPU.
Run: python benchmarks/sheets.py [--rows N]
"""
from __future__ import annotations

import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import REPO

sys.path.insert(0, str(REPO / "tests"))

from sheet_files import csv_bytes, write_xlsx, xlsx_rows  # noqa: E402

from generator.pack.loader import load_packs  # noqa: E402
from generator.pack.published import Fetching  # noqa: E402
from generator.pack.schema import load_schemas  # noqa: E402
from generator.pipeline import kinds_of  # noqa: E402
from generator.registry import discover_systems

PACK = """kind: pack
id: bench
title: Sheet benchmark
version: 1.0.0
systems: [fragments]
languages: [en, fr]
include: [game.yaml, when.yaml, {cards}]
"""
GAME = """kind: fragment-game
id: game
title: Bench
hand_size: 5
tokens: {valid: 7, invalid: 7}
press_your_luck: {scoring: [1, 3, 6, 10, 15, 21, 28, 36], games: 50}
"""
WHEN = "---\n".join(f"kind: when-card\nid: when-{i}\nonly: only when\nexcept: except when\n"
                    for i in range(1, 7))
WORDS = ("amber bell cinder dune ember feather glass harbour ink jasper kettle lantern moss needle "
         "orchard pebble quill river salt thistle umber velvet willow yarrow zephyr").split()


def cards(rows: int) -> list[dict[str, object]]:
    rng = random.Random(28)
    out: list[dict[str, object]] = []
    for i in range(rows):
        words = rng.sample(WORDS, 5)
        out.append({"kind": "fragment-card", "id": f"card-{i}",
                    "text": {"en": f"I keep {words[0]}, {words[1]} and {words[2]} near card {i}.",
                             "fr": f"Je garde {words[3]} et {words[4]} ({i})."},
                    "category": rng.choice(["sound", "light", "time"]), "copies": 1 + i % 3})
    return out


def to_yaml(documents: list[dict[str, object]]) -> str:
    parts = []
    for d in documents:
        text = d["text"]
        assert isinstance(text, dict)
        parts.append(f"kind: fragment-card\nid: {d['id']}\ntext: {{en: \"{text['en']}\", "
                     f"fr: \"{text['fr']}\"}}\ncategory: {d['category']}\ncopies: {d['copies']}\n")
    return "---\n".join(parts)


def serve_folder(folder: Path) -> str:
    """The address of ``folder`` served by a local HTTP server (a daemon thread)."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}"


def make_pack(root: Path, form: str, documents: list[dict[str, object]]) -> Path:
    if form == "url":
        served = root.parent / "served"
        served.mkdir(exist_ok=True)
        (served / "cards.csv").write_bytes(csv_bytes(documents))
        name = f'"{serve_folder(served)}/cards.csv"'
        form = "none"
    else:
        name = {"csv": "cards.csv", "xlsx": "cards.xlsx", "yaml": "cards.yaml"}[form]
    root.mkdir(parents=True)
    (root / "pack.yaml").write_text(PACK.format(cards=name), encoding="utf-8")
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "when.yaml").write_text(WHEN, encoding="utf-8")
    if form == "csv":
        (root / name).write_bytes(csv_bytes(documents))
    elif form == "xlsx":
        write_xlsx(root / name, {"Cards": xlsx_rows(documents)})
    elif form == "yaml":
        (root / name).write_text(to_yaml(documents), encoding="utf-8")
    return root


def check_cpu(pack: Path) -> tuple[float, int]:
    """CPU seconds (user + system) of a `riddlesmith check` process, and its exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "generator.entry", "check", str(pack), "--no-cache",
                           "-q", "--format", "json"], cwd=REPO, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.returncode


def load_cpu(pack: Path) -> tuple[float, int]:
    schemas, kinds = load_schemas(), kinds_of(discover_systems())
    start = time.process_time()
    loaded = load_packs([pack], schemas, kinds, fetching=Fetching(cache=False))
    return time.process_time() - start, len(loaded.packs[0].documents)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1000, help="cards in the deck (default 1000)")
    args = parser.parse_args()
    documents = cards(args.rows)
    print(f"{args.rows:,} fragment cards (text.en, text.fr, category, copies) + game + 6 When cards")
    print(f"{'form':<6} {'check, CPU s':>13} {'exit':>5} {'load, CPU s':>12} {'documents':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        for form in ("csv", "url", "xlsx", "yaml"):
            pack = make_pack(Path(tmp) / form, form, documents)
            load_cpu(pack)  # warm the imports (openpyxl, the fonts) before timing the load
            load, count = load_cpu(pack)
            cpu, code = check_cpu(pack)
            print(f"{form:<6} {cpu:>13.2f} {code:>5} {load:>12.3f} {count:>10}")


if __name__ == "__main__":
    main()
