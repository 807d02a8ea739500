"""The tower system's build: the book, maps, tokens, aid, god cards, boards, calibration.

Artefacts (relative to the pack's output folder)::

    maps/<scenario>.svg         print/<pack>-book.pdf     print/tokens.pdf
    print/player-aid.pdf        print/calibration.pdf     print/god-cards-duplex.pdf
    print/boards.pdf            svg/cards/god-<id>.svg    svg/cards/_god-back-<side>.svg
"""
from __future__ import annotations

from collections.abc import Sequence

from generator.pack.model import Pack
from generator.render.pdf import document_to_pdf
from generator.render.scene import Document as PdfDocument
from generator.render.scene import Scene
from generator.render.sheets import calibration_page, interleave_duplex
from generator.render.svg import scene_to_svg
from generator.systems import Artefact, Options, ProgressFn, paper_of
from generator.systems.art import with_art, with_cover_art, with_map_art
from generator.systems.token_art import token_art_of
from generator.systems.tower.aid import aid_pages
from generator.systems.tower.boards import all_board_pages
from generator.systems.tower.book import book_pages
from generator.systems.tower.book_content import BookContent, read_book
from generator.systems.tower.cards import card_options, god_card_sheets, iter_god_card_svgs
from generator.systems.tower.render import map_scene
from generator.systems.tower.tokens import token_pages


def dress_pages(pages: Sequence[Scene], content: BookContent, pack: Pack) -> tuple[Scene, ...]:
    """Book pages with the pack's cover art and each scenario's map art."""
    return with_map_art(with_cover_art(pages, pack), [(s.id, doc) for s, doc in content.scenarios],
                        pack.root)


def build_artefacts(pack: Pack, options: Options, progress: ProgressFn) -> list[Artefact]:
    """Every printed file of a tower pack (see the module notes for the list)."""
    lang = options.lang
    paper = paper_of(pack, options)
    content = read_book(pack, lang)
    author = str(pack.data.get("author", ""))
    cards = card_options(pack, options)

    def pdf(pages: Sequence[Scene], what: str, subject: str, duplex: bool = False) -> bytes:
        return document_to_pdf(PdfDocument(tuple(pages), title=f"{content.title}: {what}",
                                           author=author, subject=subject, duplex=duplex))

    artefacts: list[Artefact] = []
    for s, doc in content.scenarios:
        scene = map_scene(s, content.enemy_order)
        scene = with_art(scene, doc, "front", pack.root, scene.width, scene.height, 0.0)
        artefacts.append(Artefact(f"maps/{s.id}.svg", scene_to_svg(scene)))
    if content.scenarios:
        progress(f"{pack.id}: scenario book")
        artefacts.append(Artefact(f"print/{pack.id}-book.pdf", pdf(
            dress_pages(book_pages(content, paper, lang, progress), content, pack),
            "scenario book", "Santowerini scenario book")))
    progress(f"{pack.id}: tokens, boards, god cards and player aid")
    artefacts.append(Artefact("print/tokens.pdf", pdf(
        token_pages(content, paper, lang, token_art_of(pack)), "tiles and markers", "Santowerini print-and-play tokens")))
    boards = all_board_pages(content, paper, lang)
    if boards:
        artefacts.append(Artefact("print/boards.pdf", pdf(
            boards, "boards at play scale", "Santowerini boards to cut and glue")))
    if content.variants:
        fronts, backs = god_card_sheets(content.variants, cards, paper, lang, content.title)
        artefacts.append(Artefact("print/god-cards-duplex.pdf", pdf(
            interleave_duplex(fronts, backs), "god cards (duplex)", "Santowerini god cards",
            duplex=True)))
        artefacts += [Artefact(path, scene_to_svg(scene)) for path, scene
                      in iter_god_card_svgs(content.variants, cards, lang, content.title)]
    artefacts.append(Artefact("print/player-aid.pdf", pdf(
        aid_pages(content, paper, lang), "player aid", "Santowerini player aid")))
    artefacts.append(Artefact("print/calibration.pdf", pdf(
        calibration_page(paper, cards.back_offset, lang), "print check", "printer calibration",
        duplex=True)))
    return artefacts


__all__ = ["build_artefacts", "dress_pages", "paper_of"]
