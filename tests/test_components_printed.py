"""Issue 26 §1: every game can be set up and played from what we print.

For each system, the components its rules use are listed from the pack's own
documents (the kinds of pieces, tiles, tokens, cards and boards the YAML names),
each with the words that identify it on the page; the shipped pack is built (from
a warm simulation cache) and the text of every PDF it prints is searched. A
component none of whose words are printed fails the test. Pieces that come from
the base game's box (workers, blocks, domes; the role game's rooftops and
skyscrapers; a six-sided die) are listed apart in :data:`FROM_THE_BASE_GAME`,
so that leaving one out is a visible decision, not an oversight.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from conftest import CONTENT
from generator.pack.model import Pack
from generator.pipeline import build, check
from generator.systems import Options

Components = dict[str, list[str]]
"""A component's name -> the words that show it is printed (each must appear)."""

FROM_THE_BASE_GAME = {
    "tower": ("builders (workers)", "blocks and domes", "a six-sided die"),
    "roles": ("workers", "blocks", "rooftops (domes)", "skyscrapers"),
    "riddles": ("workers", "blocks and domes"),
    "glyphs": (),
    "fragments": (),
}
"""What each system's rules use from the base game's box: not printed, on purpose."""


def _text(value: Any, lang: str = "en") -> str:
    return str(value.get(lang, next(iter(value.values())))) if isinstance(value, dict) else str(value)


def _data(pack: Pack, kind: str) -> list[dict[str, Any]]:
    return [doc.data for doc in pack.of_kind(kind)]


def _name(value: Any) -> str:
    """A card's name as it reliably reads on the page: before a comma (cards break there)."""
    return _text(value).split(",")[0]


def tower_components(pack: Pack) -> Components:
    scenarios = _data(pack, "tower-scenario")
    maps = "\n".join(s["map"] for s in scenarios)
    enemy_types = sorted({e["type"] for s in scenarios for e in s.get("enemies", [])})
    out: Components = {f"enemy marker: {t}": [t.replace("-", " ")] for t in enemy_types}
    if "T" in maps:
        out["target-zone tiles"] = ["target zones"]
    if "~" in maps:
        out["water tiles"] = ["water"]
    out["god cards"] = [_name(v["name"]) for v in _data(pack, "tower-variant")]
    big = [s for s in scenarios if len(s["map"].strip().splitlines()) - 1 > 5]
    out["boards wider than 5x5"] = [f"scenario {s['number']}, board piece" for s in big]
    out["scenario maps"] = [_text(s["title"]) for s in scenarios]
    return out


def glyphs_components(pack: Pack) -> Components:
    game = _data(pack, "glyph-game")[0]
    glyph_set = _data(pack, "glyph-set")[0]
    token_effects = {e for t in game["tokens"] for e in t["effects"]}
    return {
        "antechamber tiles": [_text(t["name"]) for t in glyph_set["tiles"]],
        "riddle cards": [_text(r["title"]) for r in _data(pack, "glyph-riddle")],
        "reward cards": [_text(r["name"]) for r in game["rewards"]],
        "basic action tiles": [_text(game["basic_actions"]["name"])],
        "special action tiles": [_text(s["name"]) for s in game["special_actions"]["tiles"]],
        "Whirlpool tile": [f"{_text(game['whirlpool']['name'])} · A",
                           f"{_text(game['whirlpool']['name'])} · B"],
        "challenge tokens": ["Challenge"] + (["Curse"] if "curse" in token_effects else []),
        "water clock": ["Water clock"],
        "set-up sheet and patterns": ["Setting up"] + [_text(s["name"])
                                                       for s in game["setups"].values()],
    }


def roles_components(pack: Pack) -> Components:
    game = _data(pack, "role-game")[0]
    starts = sorted({c for c in game["board"].split() if c.isdigit()})
    cards = _data(pack, "role-card")
    types = sorted({c["type"] for c in cards})
    return {
        "role cards": [_text(c["name"]) for c in cards],
        "reference cards": [f"{t} cards in this game" for t in types],
        "board with start spaces": [f"start {n}" for n in starts],
        "Statue of Liberty": ["statue of liberty"],
        "player aid with the set-up": ["setting up", "start number"],
    }


def riddles_components(pack: Pack) -> Components:
    riddles = _data(pack, "riddle")
    colours = sorted({c["colour"] for r in riddles for c in r.get("coins", [])})
    out: Components = {
        "riddle maps": [_text(r["title"]) for r in riddles],
        "god cards": [_text(g["name"]) for g in _data(pack, "god")],
        "blessing cards and tokens": [_text(b["name"]) for b in _data(pack, "blessing")]
        + ["blessing tokens"],
        "coins": ["coin", *colours],
        "campaign sheets": [_text(c["title"]) for c in _data(pack, "campaign")],
        "constellation": [_text(c["title"]) for c in _data(pack, "constellation")],
    }
    features = [_text(f["name"]) for r in riddles
                for f in (r["map"].get("features") or {}).values()]
    if _data(pack, "die"):
        out["die stickers"] = ["die-face stickers"]
    if features:
        out["feature markers"] = ["feature markers", *features]
    if any(r["map"].get("bridges") for r in riddles):
        out["sea and bridge tiles"] = ["sea and bridge tiles"]
    return out


def fragments_components(pack: Pack) -> Components:
    game = _data(pack, "fragment-game")[0]
    categories = sorted({c["category"] for c in _data(pack, "fragment-card")})
    whens = _data(pack, "when-card")
    out: Components = {"fragment cards": [c.upper() for c in categories]}
    if whens:
        out["When cards"] = [_text(whens[0]["only"]), _text(whens[0]["except"])]
    if game.get("tokens"):
        out["answer tokens"] = ["answer tokens", "valid", "invalid"]
    return out


SYSTEMS: dict[str, Callable[[Pack], Components]] = {
    "tower": tower_components, "glyphs": glyphs_components, "roles": roles_components,
    "riddles": riddles_components, "fragments": fragments_components}


def printed_text(root: Path) -> str:
    """Every PDF under ``root``'s print folder (the English one where a pack prints several),
    as one lower-case string with single spaces."""
    pdfs = sorted(p for p in (root / "print").rglob("*.pdf")
                  if "/fr/" not in p.as_posix() and "ink-saver" not in p.as_posix())
    words: list[str] = []
    for pdf in pdfs:
        words.extend(page.extract_text() or "" for page in PdfReader(pdf).pages)
    return " ".join(" ".join(words).split()).lower()


def missing(components: Components, text: str) -> list[str]:
    """The components (with the words not found) the printed text does not show.

    >>> missing({"tiles": ["sun", "moon"], "board": ["start 1"]}, "the sun, start 1")
    ['tiles: moon']
    """
    out = []
    for name, words in components.items():
        lost = [w for w in words if " ".join(w.split()).lower() not in text]
        if lost or not words:
            out.append(f"{name}: {', '.join(lost) or '(no words to look for)'}")
    return out


@pytest.mark.parametrize("pack_id", sorted(SYSTEMS))
def test_the_build_prints_every_component_the_rules_use(
        pack_id: str, tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> None:
    shipped_cache(pack_id, tmp_path / "cache")
    report = check([CONTENT / pack_id], Options(cache_dir=tmp_path / "cache", lang="en"))
    build(report, tmp_path / "out")
    pack = report.packs[0]
    components = SYSTEMS[pack_id](pack)
    assert components and all(components.values()), components
    assert missing(components, printed_text(tmp_path / "out" / pack.id)) == []


def test_an_unprinted_component_is_reported() -> None:
    """The search is not vacuous: a component whose words are absent is named."""
    assert missing({"Whirlpool tile": ["whirlpool · a"]}, "water clock") == [
        "Whirlpool tile: whirlpool · a"]
