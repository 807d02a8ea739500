"""``build --target pro|tts`` and the ``--fold``/``--ink-saver`` sheets cover the card
decks of every system that prints cards, not only the fragment and riddle decks: each
shipped pack's decks reach the print-shop PDF (one face per page, fronts and backs
alternating), the Tabletop Simulator JSON and the fold and ink-saving sheets."""
from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import CONTENT
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.systems import Options
from generator.registry import load_registry
from generator.targets import decks_of
from test_cli import run


def _decks(pack_id: str, system: str, lang: str) -> list[tuple[str, int]]:
    registry = load_registry()
    loaded = load_packs([CONTENT / pack_id], load_schemas(), kinds_of(registry.systems))
    pack = loaded.packs[0]
    return [(d.id, len(d.fronts)) for d in
            decks_of(registry.print_source(system), pack, Options(lang=lang))]


@pytest.mark.parametrize(("pack_id", "system", "lang", "expected"), [
    ("roles", "roles", "en", {"harbour-lights-cards"}),
    ("glyphs", "glyphs", "fr", {f"{deck}-fr" for deck in ("cards", "tiles", "action-tiles",
                                                          "tokens")}),
    ("tower", "tower", "en", {"god-cards"}),
])
def test_every_printed_deck_reaches_the_targets(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None], pack_id: str, system: str,
        lang: str, expected: set[str]) -> None:
    decks = _decks(pack_id, system, lang)
    assert {d for d, _ in decks} == expected
    shipped_cache(pack_id, tmp_path / "cache")
    out = tmp_path / "out"
    code, text = run("build", str(CONTENT / pack_id), "--out", str(out), "--target", "pnp",
                     "--target", "pro", "--target", "tts", "--fold", "--ink-saver", "--lang", lang,
                     "--cache-dir", str(tmp_path / "cache"))
    assert code == 0, text
    root = out / pack_id
    for deck, cards in decks:
        assert len(PdfReader(root / "pro" / f"{deck}.pdf").pages) == 2 * cards
        with (root / "pro" / deck / "cards.csv").open(encoding="utf-8") as f:
            assert len(list(csv.reader(f))) > 1
        saved = json.loads((root / "tts" / f"{deck}.json").read_text(encoding="utf-8"))
        assert len(saved["ObjectStates"][0]["DeckIDs"]) == cards
        assert (root / "print" / "ink-saver" / f"{deck}-fold.pdf").is_file()
        assert (root / "print" / "ink-saver" / f"{deck}-duplex.pdf").is_file()
