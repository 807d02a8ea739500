"""A French build of every shipped pack prints no English fixed text (issue 12 §5).

Every page each system prints is rendered with ``lang="fr"`` and the text of its
scenes is gathered. The pack's own texts (titles, stories, god powers...) are
removed first: the riddle and tower packs are written in English only, so they
print English content by design (one RS-P011 warning says so). What is left must
not hold any English sentence of the label catalogue, nor the English phrasing of
the sentences the book generates from goals, effects and the solver's notation.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CONTENT

from generator.pack.model import Pack
from generator.pipeline import check
from generator.render.geometry import resolve_paper
from generator.registry import load_registry
from generator.render.labels import LANGUAGES
from generator.render.scene import Scene
from generator.systems import Options
from tests.scene_text import iter_texts

PAPER = resolve_paper("a4")
ENGLISH_PHRASES = (
    # The book's generated sentences (goals, effects, unlocks, notation) in English.
    "fill the slots with", "to the stockpile", "from the stockpile", "stands on", "sinks into",
    "Open from the start", "Opens when", "at least one objective", "objective achieved",
    "top piece removed", "shortest first move", " turns", "set-up pieces included",
    "take one step", "blessing token", "silver coin", "gold coin", " build ", "(level ",
    "player aid", "campaign sheet", "tokens and tiles", "scenario book", "Reward:",
)
"""English that must not be left on a French page once the pack's own text is removed."""


def _quiet(_: str) -> None:
    return None


def _norm(text: str) -> str:
    return " ".join(text.split())


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def _pack_texts(pack: Pack) -> list[str]:
    """Every string the pack writes, as printed (markup and icon codes dropped), longest first."""
    out = set()
    for doc in pack.documents:
        for text in _strings(doc.data):
            printed = _norm(re.sub(r":[a-z0-9-]+:", " ", text).replace("*", ""))
            if len(printed) >= 4:
                out.add(printed)
                out.add(printed.rstrip("."))
    out |= {_norm(str(pack.data.get("title", "")))}
    return sorted(out, key=len, reverse=True)


def _fixed_text(pages: list[Scene], pack: Pack) -> str:
    """The pages' text with the pack's own texts cut out."""
    text = "\n".join(_norm(t) for page in pages for t in iter_texts(page.children))
    for own in _pack_texts(pack):
        text = text.replace(own, "\u2591")
    return text


LABELS = {key: dict(zip(LANGUAGES, entry.value)) for key, entry in load_registry().labels.items()}
"""Every registered label (the core's and each system's), key -> language -> text."""


def _english_left(text: str) -> list[str]:
    found = [p for p in ENGLISH_PHRASES if p in text]
    for key, texts in LABELS.items():
        if texts["en"] == texts["fr"]:
            continue
        # Literal stretches of the English entry (fields and markup split it) of 3+ words.
        for chunk in re.split(r"\{\w+\}|\*+|:[a-z0-9-]+:|\n", texts["en"]):
            chunk = _norm(chunk)
            if len(chunk.split()) >= 3 and chunk in text:
                found.append(f"{key}: {chunk}")
    return found


def _load(name: str, cache: Path, lang: str = "fr") -> Pack:
    """The shipped pack ``name`` checked with ``cache`` as its cache folder (seeded by
    :func:`shipped_cache`: the pages are what is tested, not the simulations)."""
    report = check([CONTENT / name], Options(lang=lang, cache_dir=cache))
    assert not report.failed()
    return report.packs[0]


def riddle_pages(pack: Pack, lang: str, cache: Path) -> list[Scene]:
    from generator.systems.riddle.cards import card_settings, iter_card_sheets
    from generator.systems.riddle.components import component_pages
    from generator.systems.riddle.content import back_offset_of, read_content
    from generator.systems.riddle.render import build_book, solve_all
    from generator.systems.riddle.player_aid import aid_card_faces, aid_card_settings, player_aid_pages
    from generator.systems.riddle.sheets import campaign_sheet_pages

    options = Options(lang=lang, cache_dir=cache)
    content = read_content(pack, lang)
    solves = solve_all(content, options, _quiet)
    book = build_book(content, solves, PAPER, lang, "appendix", _quiet)
    cards = card_settings(pack, options)
    front, back, _ = aid_card_faces(content, aid_card_settings(cards), lang)
    pages = [*book.pages, *player_aid_pages(content, PAPER, lang), front, back,
             *component_pages(content, PAPER, lang), *campaign_sheet_pages(content, PAPER, lang)]
    for _, fronts, backs in iter_card_sheets(content, cards, PAPER, back_offset_of(pack, options),
                                             lang, pack.root):
        pages += [*fronts, *backs]
    return pages


def tower_pages(pack: Pack, lang: str) -> list[Scene]:
    from generator.systems.tower.aid import aid_pages
    from generator.systems.tower.boards import all_board_pages
    from generator.systems.tower.book import book_pages
    from generator.systems.tower.book_content import read_book
    from generator.systems.tower.tokens import token_pages

    content = read_book(pack, lang)
    return [*book_pages(content, PAPER, lang, _quiet), *token_pages(content, PAPER, lang),
            *aid_pages(content, PAPER, lang), *all_board_pages(content, PAPER, lang)]


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory,
           shipped_cache: Callable[[str, Path], None]) -> Path:
    """A cache folder holding one check's results of the shipped riddles and tower."""
    cache = tmp_path_factory.mktemp("french-cache")
    for name in ("riddles", "tower"):
        shipped_cache(name, cache)
    return cache


@pytest.fixture(scope="module")
def riddles(seeded: Path) -> Pack:
    return _load("riddles", seeded)


@pytest.fixture(scope="module")
def solver_cache(seeded: Path, riddles: Pack) -> Path:
    """The riddle campaign's own cache folder in the seeded cache: its proofs and measures."""
    return seeded / riddles.id


def test_french_riddle_pages_print_no_english_fixed_text(riddles: Pack, solver_cache: Path
                                                         ) -> None:
    pages = riddle_pages(riddles, "fr", solver_cache)
    text = _fixed_text(pages, riddles)
    assert not _english_left(text)
    # The French is there: headings, the generated sentences and the solutions' notation.
    for french in ("Il vous faut", "Remplissez les cases avec", "Récompenses et fins",
                   "Les règles en bref", "construit", "S'ouvre quand", "Écu d'or"):
        assert french in text, french


def test_english_riddle_pages_are_caught_by_the_same_scan(riddles: Pack, solver_cache: Path
                                                          ) -> None:
    """The scan is not blind: the same pages in English trip it all over."""
    left = _english_left(_fixed_text(riddle_pages(riddles, "en", solver_cache), riddles))
    assert len(left) > 50, left


def test_french_tower_pages_print_no_english_fixed_text(seeded: Path) -> None:
    pack = _load("tower", seeded)
    text = _fixed_text(tower_pages(pack, "fr"), pack)
    assert not _english_left(text)
    for french in ("Le tour des ennemis", "Feuille de score", "Tuiles et marqueurs",
                   "tourné vers", "Femelle claire"):
        assert french in text, french
    assert _english_left(_fixed_text(tower_pages(pack, "en"), pack))


def test_tower_and_riddle_packs_say_once_that_they_lack_french(seeded: Path) -> None:
    for name in ("riddles", "tower"):
        report = check([CONTENT / name], Options(lang="fr", cache_dir=seeded))
        assert len([d for d in report.diagnostics if d.code == "RS-P011"]) == 1, name
