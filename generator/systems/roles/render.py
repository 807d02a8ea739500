"""Print a role deck: card fronts coloured by type, a back per type, reference cards,
a player aid of the set-up and the round, and the board.

A front shows the number (a disc, top left), the name (fitted in the header band
of the type's colour), a first-play star, each ability under its timing header
(all abilities fitted together in the body, from :data:`TEXT_MAX_PT` down to
:data:`TEXT_MIN_PT`), and the type at the foot. The shared kit
(:func:`~generator.render.sheets.card_sheet_pages`) places cards on sheets with
crop marks and duplex backs; fixed words come from :mod:`generator.render.labels`.

The board of the ``role-game`` document prints at play scale (spaces of
:data:`~generator.render.board_pieces.PLAY_SPACE` mm, the base game's blocks
stand on it), empty but for a small "start n" mark on each numbered start space,
in glued pieces where it exceeds the paper. The Statue of Liberty token goes into the
first empty slot of the last card sheet (so that sheet is never printed for a card or
two alone), or onto a sheet of its own after the board when the cards fill every sheet.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from generator.diagnostics import Diagnostic
from generator.pack.model import Document, Pack, pick_text
from generator.render.board_pieces import StartMark, piece_pages, surface_scene
from generator.render.deck import Deck, Piece, crop_scene
from generator.render.geometry import CARD_SIZES, PAPERS, SheetLayout, Slot, parse_length
from generator.render.labels import label
from generator.render.pdf import document_to_pdf
from generator.render.scene import Circle, Line, Polygon, Rect, Scene, Style, Text
from generator.render.scene import Document as PdfDocument
from generator.render.sheets import (
    back_offset_setting,
    calibration_page,
    card_sheet_pages,
    deck_layout,
    interleave_duplex,
    sheet_layouts,
)
from generator.render.svg import scene_to_svg
from generator.render.text import FitResult, diagnose_fit, fit_text
from generator.systems import Artefact, Options, ProgressFn, stamp_of
from generator.systems.roles.content import deals_of, read_pack
from generator.systems.roles.engine import can_hold_skyscrapers
from generator.systems.roles.model import (
    TYPES,
    RoleCard,
    RoleGame,
    box_cards,
    roles_of_type,
)

COLOURS = {"engineer": "#8a3b12", "builder": "#1f5f8b", "specialist": "#6b2d7a",
           "mover": "#2e6b34"}
"""The colour of each card type (header band, timing headers, back)."""
PAPER = "#fbf6ec"
INK = "#1d1b18"
DEFAULT_BLEED = 3.0
SAFE = 3.0
HEADER_MM = 15.0
FOOT_MM = 9.0
TEXT_MAX_PT = 10.0
TEXT_MIN_PT = 6.5
NAME_MAX_PT = 12.0
NAME_MIN_PT = 7.0


@dataclass(frozen=True, slots=True)
class CardBox:
    """Card size, bleed and the body text box (x, y, w, h in scene mm)."""

    width: float
    height: float
    bleed: float

    @property
    def body(self) -> tuple[float, float, float, float]:
        b, inset = self.bleed, SAFE + 2.0
        return (b + inset, b + HEADER_MM + 3.0, self.width - 2 * inset,
                self.height - HEADER_MM - FOOT_MM - 5.0)


def card_box(pack: Pack) -> CardBox:
    """The card size of the pack's print settings (poker by default)."""
    cfg = pack.data.get("print", {})
    size = cfg.get("card", "poker")
    if isinstance(size, dict):
        w, h = parse_length(size["width"]), parse_length(size["height"])
    else:
        w, h = CARD_SIZES[str(size)]
    return CardBox(w, h, parse_length(cfg.get("bleed", DEFAULT_BLEED)))


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("*", "\\*").replace(":", "\\:")


def ability_markup(card: RoleCard, lang: str | None) -> str:
    """The body text: each timing header in bold, then its text, a blank line between."""
    return "\n\n".join(f"**{_escape(label('timing-' + a.timing, lang))}**\n"
                       f"{_escape(pick_text(a.text, lang))}" for a in card.abilities)


def fit_body(card: RoleCard, box: CardBox, lang: str | None) -> FitResult:
    """The abilities fitted into the body box."""
    _, _, w, h = box.body
    return fit_text(ability_markup(card, lang), w, h, family="serif", max_size=TEXT_MAX_PT,
                    min_size=TEXT_MIN_PT, leading=1.2, fill=INK)


def _star(cx: float, cy: float, colour: str) -> Text:
    return Text(cx, cy, "\u2605", font="sans", size=11, fill=colour, anchor="middle")


def card_front(card: RoleCard, number: int, box: CardBox, lang: str | None) -> Scene:
    """One printed card of ``card`` with ``number``."""
    b, w, h = box.bleed, box.width, box.height
    colour = COLOURS[card.type]
    parts: list[Any] = [
        Rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=PAPER)),
        Rect(0, 0, w + 2 * b, b + HEADER_MM, Style(fill=colour)),
        Rect(0, b + h - FOOT_MM, w + 2 * b, FOOT_MM + b, Style(fill=colour)),
        Circle(b + SAFE + 5.5, b + HEADER_MM / 2, 5.2, Style(fill=PAPER)),
        Text(b + SAFE + 5.5, b + HEADER_MM / 2 + 2.1, str(number), font="sans", size=12,
             fill=colour, anchor="middle", bold=True),
    ]
    name_x = b + SAFE + 12.0
    name_w = w - 2 * SAFE - 12.0 - (8.0 if card.first_play else 1.0)
    name = fit_text(f"**{_escape(card.title(lang))}**", name_w, HEADER_MM - 4, family="sans",
                    max_size=NAME_MAX_PT, min_size=NAME_MIN_PT, valign="middle", fill="#ffffff")
    parts.append(name.block.at(name_x, b + 2.0))
    if card.first_play:
        parts.append(_star(b + w - SAFE - 3.5, b + HEADER_MM / 2 + 2.0, "#ffd95a"))
    x, y, _, _ = box.body
    parts.append(fit_body(card, box, lang).block.at(x, y))
    foot = label("role-" + card.type, lang).upper()
    if card.first_play:
        foot += f" \u00b7 \u2605 {label('role-first-play', lang)}"
    parts.append(Text(b + w / 2, b + h - FOOT_MM / 2 + 1.2, foot, font="sans", size=6.5,
                      fill="#ffffff", anchor="middle", bold=True))
    return Scene(w + 2 * b, h + 2 * b, tuple(parts), id=f"card-{card.id}-{number}")


def card_back(kind: str, box: CardBox, title: str, lang: str | None) -> Scene:
    """The back of every card of ``kind``: its colour, a frame, the type and the title."""
    b, w, h = box.bleed, box.width, box.height
    colour = COLOURS[kind]
    cx, cy = b + w / 2, b + h / 2
    parts: list[Any] = [
        Rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=colour)),
        Rect(b + SAFE, b + SAFE, w - 2 * SAFE, h - 2 * SAFE,
             Style(stroke=PAPER, stroke_width=0.6), rx=3),
    ]
    for i in range(5):  # a skyline of five towers
        tall = (12, 20, 28, 18, 10)[i]
        parts.append(Rect(cx - 17.5 + 7 * i, cy + 4 - tall, 6, tall, Style(fill=PAPER)))
    parts.append(Line(cx - 22, cy + 4.3, cx + 22, cy + 4.3, Style(stroke=PAPER, stroke_width=0.6)))
    parts.append(Text(cx, cy + 14, label("role-" + kind, lang).upper(), font="sans", size=12,
                      fill=PAPER, anchor="middle", bold=True))
    fit = fit_text(f"*{_escape(title)}*", w - 2 * SAFE - 6, 8, family="serif", max_size=9,
                   min_size=6.5, align="center", valign="middle", fill=PAPER)
    parts.append(fit.block.at(b + SAFE + 3, b + h - SAFE - 14))
    return Scene(w + 2 * b, h + 2 * b, tuple(parts), id=f"back-{kind}")


def reference_card(kind: str, roles: list[RoleCard], numbers: tuple[int, ...], box: CardBox,
                   lang: str | None) -> Scene:
    """A reference card of one type: its numbers, then every role of the type in the game
    (the first-play role marked); the players choose one of them and deal its copies."""
    b, w, h = box.bleed, box.width, box.height
    colour = COLOURS[kind]
    type_name = label("role-" + kind, lang)
    parts: list[Any] = [
        Rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=PAPER)),
        Rect(0, 0, w + 2 * b, b + HEADER_MM, Style(fill=colour)),
    ]
    head = fit_text(f"**{_escape(label('role-reference', lang, type=type_name))}**",
                    w - 2 * SAFE - 4, HEADER_MM - 4, family="sans", max_size=10, min_size=6.5,
                    align="center", valign="middle", fill="#ffffff")
    parts.append(head.block.at(b + SAFE + 2, b + 2))
    listed = ", ".join(str(n) for n in numbers)
    if kind == "engineer":
        lines = [label("role-reference-engineer", lang, count=len(numbers)),
                 f"**{_escape(roles[0].title(lang))}**: {listed}" if roles else ""]
    else:
        lines = [label("role-reference-roles", lang, count=len(numbers)),
                 f"**{_escape(listed)}**", ""] + [
            f"\u2022 {_escape(c.title(lang))}"
            + (f" *({_escape(label('role-first-play', lang))})*" if c.first_play else "")
            for c in roles]
    x, y, bw, bh = box.body
    fit = fit_text("\n".join(lines), bw, bh + FOOT_MM, family="serif", max_size=10,
                   min_size=6.5, leading=1.35, fill=INK)
    parts.append(fit.block.at(x, y))
    return Scene(w + 2 * b, h + 2 * b, tuple(parts), id=f"reference-{kind}")


AID_SECTIONS = ("role-aid-deal", "role-aid-round", "role-aid-lose", "role-aid-win",
                "role-aid-pieces")


def aid_sections(game: RoleGame, lang: str | None, *, skyscrapers: bool
                 ) -> list[tuple[str, str]]:
    """The aid's (heading, text) sections in ``lang``: setting up (one role of each type
    and the Engineers, dealt to the hand size), the round with the game's refill
    and hand size, losing workers, winning, and the pieces; the skyscraper sentence
    only when ``skyscrapers`` (a skyscraper can stand in this game:
    :func:`~.engine.can_hold_skyscrapers`)."""
    pieces = ["role-aid-pieces-levels"]
    if skyscrapers:
        pieces.append("role-aid-pieces-skyscrapers")
    pieces.append("role-aid-pieces-forced")
    set_out = label("role-aid-set-out-skyscrapers" if skyscrapers else "role-aid-set-out", lang)
    texts = {key: label(f"{key}-text", lang, refill=game.refill_every, hand=game.hand_size,
                        pieces=set_out)
             for key in AID_SECTIONS if key != "role-aid-pieces"}
    texts["role-aid-pieces"] = " ".join(label(key, lang) for key in pieces)
    return [(label(key, lang), texts[key]) for key in AID_SECTIONS]


def player_aid(game: RoleGame, paper: tuple[float, float], lang: str | None, *,
               skyscrapers: bool) -> Scene:
    """A page: the round step by step, losing workers, winning, the pieces (as
    :func:`aid_sections`)."""
    pw, ph = paper
    margin = 20.0
    title = pick_text(game.title, lang)
    parts: list[Any] = [
        Rect(margin - 6, margin - 6, pw - 2 * (margin - 6), ph - 2 * (margin - 6),
             Style(stroke=COLOURS["engineer"], stroke_width=0.6), rx=3),
        Text(pw / 2, margin + 8, title, font="serif", size=22, fill=COLOURS["engineer"],
             anchor="middle", bold=True),
        Text(pw / 2, margin + 15, label("player-aid", lang), font="serif", size=11, fill=INK,
             anchor="middle", italic=True),
    ]
    y = margin + 26
    width = pw - 2 * margin
    for heading, text in aid_sections(game, lang, skyscrapers=skyscrapers):
        parts.append(Text(margin, y + 4, heading.upper(), font="sans", size=10,
                          fill=COLOURS["builder"], bold=True))
        fit = fit_text(text, width, 60, family="serif", max_size=11, min_size=9, leading=1.35,
                       fill=INK)
        parts.append(fit.block.at(margin, y + 7))
        y += 7 + fit.lines * fit.size * 0.3528 * 1.35 + 7
    return Scene(pw, ph, tuple(parts), id="player-aid")


START_COLOURS = ("#b3261e", "#1f5f8b", "#2e6b34", "#6b2d7a", "#8a3b12")
"""The chip beside the start mark of numbers 1-5."""
STATUE = 40.0
"""Side (mm) of the Statue of Liberty token: one board space."""


def board_scene(game: RoleGame, lang: str | None) -> Scene | None:
    """The game's board at play scale: empty spaces (no space where the document has
    ``~``), coordinates round it, and "start n" in the corner of the two start spaces
    of each number; ``None`` for a game without a board."""
    if game.board is None:
        return None
    geo = game.board.geometry
    voids = frozenset(sq for sq in range(geo.width * geo.height) if not geo.land >> sq & 1)
    marks = {sq: [StartMark((label("board-mark-start", lang, n=n),),
                            START_COLOURS[(n - 1) % len(START_COLOURS)])]
             for n, squares in game.board.starts for sq in squares}
    return surface_scene(geo.width, geo.height, marks, f"board-{game.id}", voids=voids)


STATUE_CUT = 1.5
"""Distance (mm) from the Statue token's edge to its dashed cut line."""


def statue_token(x: float, y: float, lang: str | None) -> list[Any]:
    """The Statue of Liberty token with its top left corner at (x, y), and its dashed cut
    line :data:`STATUE_CUT` mm outside it."""
    colour = "#3f7f73"
    cx = x + STATUE / 2
    figure = Polygon(((cx - 5, y + 31), (cx + 5, y + 31), (cx + 3.5, y + 14), (cx + 6.5, y + 7),
                      (cx + 5.5, y + 6), (cx + 2, y + 12), (cx, y + 9), (cx - 2, y + 12),
                      (cx - 3.5, y + 14)), Style(fill=PAPER))
    return [
        Rect(x, y, STATUE, STATUE, Style(fill=colour), rx=4),
        figure,
        Circle(cx + 6, y + 5, 1.6, Style(fill="#ffd95a")),
        Text(cx, y + STATUE - 3, label("role-statue", lang), font="sans", size=6.5,
             fill=PAPER, anchor="middle", bold=True),
        Rect(x - STATUE_CUT, y - STATUE_CUT, STATUE + 2 * STATUE_CUT, STATUE + 2 * STATUE_CUT,
             Style(stroke="#000000", stroke_width=0.25, dash=(2.0, 1.0))),
    ]


def statue_page(paper: tuple[float, float], title: str, lang: str | None) -> Scene:
    """A sheet with the Statue of Liberty token to cut out (the game's one extra piece)."""
    pw, _ = paper
    parts: list[Any] = [
        Text(20, 22, title, font="serif", size=16, fill=INK, bold=True),
        Text(20, 30, label("role-statue-how", lang), font="sans", size=9, fill=INK),
        *statue_token((pw - STATUE) / 2, 40.0, lang),
    ]
    return Scene(pw, paper[1], tuple(parts), id="statue")


STATUE_NOTE_PT = 6.5
"""Size (pt) of the cutting note beside the Statue token on a card sheet."""


def statue_on_sheet(page: Scene, slot: Slot, lang: str | None) -> Scene | None:
    """The card sheet ``page`` with the Statue token in the empty card slot ``slot`` (its
    trim box; the cards' crop marks stay outside it) and the cutting note under it; None
    when the slot cannot hold the token, its cut line and the note."""
    box = slot.trim
    note = fit_text(label("role-statue-how", lang), box.w - 4.0, 12.0, family="sans",
                    max_size=STATUE_NOTE_PT, min_size=STATUE_NOTE_PT, align="center", fill=INK)
    room = STATUE + 2 * STATUE_CUT
    needed = room + 2.0 + note.lines * STATUE_NOTE_PT * 0.3528 * 1.2
    if not note.fits or box.w < room or box.h < needed:
        return None
    x = box.x + (box.w - STATUE) / 2
    y = box.y + (box.h - needed) / 2 + STATUE_CUT
    parts = [*statue_token(x, y, lang), note.block.at(box.x + 2.0, y + STATUE + STATUE_CUT + 2.0)]
    return Scene(page.width, page.height, (*page.children, *parts), id=page.id)


def statue_on_last_sheet(front_pages: Sequence[Scene], count: int, layout: SheetLayout,
                         lang: str | None) -> Scene | None:
    """The last of the card sheets ``front_pages`` (``count`` cards in ``layout``, the
    deck's one layout) with the Statue token in its first empty slot; None when the last
    sheet is full or its empty slot cannot hold the token.

    The token goes there rather than on a sheet of its own: a last card sheet is then
    never printed for a card or two alone, and the box takes a sheet less."""
    used = count - (len(front_pages) - 1) * layout.capacity
    if not 0 < used < layout.capacity:
        return None
    return statue_on_sheet(front_pages[-1], layout.slots[used], lang)


def board_pages(game: RoleGame, paper: tuple[float, float], lang: str | None,
                statue: bool = True) -> list[Scene]:
    """The board's pieces, one per sheet, then the Statue token's sheet (none without a
    board; ``statue`` False: the token is printed elsewhere, on the card sheets)."""
    board = board_scene(game, lang)
    if board is None:
        return []
    title = pick_text(game.title, lang).replace("{", "{{").replace("}", "}}")
    heading = label("role-board-piece", lang, title=title, name="{name}", count="{count}")
    pieces = piece_pages(board, paper, heading, lang)
    if not statue:
        return list(pieces)
    return [*pieces, statue_page(paper, pick_text(game.title, lang), lang)]


def iter_fit_problems(cards: dict[str, RoleCard], docs: dict[str, Document], box: CardBox,
                      lang: str | None) -> Iterator[Diagnostic]:
    """Cards whose abilities do not fit the body at the minimum size (at their first text)."""
    for ident, card in sorted(cards.items()):
        result = fit_body(card, box, lang)
        line, col = docs[ident].locate(("abilities", 0, "text"))
        yield from diagnose_fit(result, docs[ident].file, line, col,
                                pointer="/abilities/0/text", what=f"the abilities of '{ident}'")


def _game_cards(game: RoleGame, cards: dict[str, RoleCard], box: CardBox, title: str,
                lang: str | None) -> tuple[Deck, dict[str, Scene]]:
    """A game's printed cards (every role of the box, once per number of its type), then a
    reference card per type, as one deck (the card sheets and the print targets) and
    the back of each type."""
    printed = box_cards(cards, game)
    backs = {kind: card_back(kind, box, title, lang) for kind in TYPES}
    fronts = [card_front(card, n, box, lang) for n, card in printed]
    back_list = [backs[card.type] for _, card in printed]
    names = [f"{n} {card.title(lang)}" for n, card in printed]
    for kind in TYPES:
        of_kind = [cards[r] for r in roles_of_type(game, cards, kind)]
        if of_kind:
            fronts.append(reference_card(kind, of_kind, game.numbers.get(kind, ()), box, lang))
            back_list.append(backs[kind])
            names.append(label("role-reference", lang, type=label("role-" + kind, lang)))
    deck = Deck(f"{game.id}-cards", f"{title}: role cards", box.width, box.height, box.bleed,
                tuple(fronts), tuple(back_list), tuple(names))
    return deck, backs


def role_decks(pack: Pack, options: Options) -> list[Deck]:
    """Each role game's deck (cards and reference cards), for the print targets."""
    cards, _, games = read_pack(pack)
    box = card_box(pack)
    return [_game_cards(game, cards, box, pick_text(game.title, options.lang), options.lang)[0]
            for game, _, _ in games]


def role_pieces(pack: Pack, options: Options) -> list[Piece]:
    """Each game's board at play scale and its Statue token, for the virtual table."""
    _, _, games = read_pack(pack)
    out: list[Piece] = []
    for game, _, _ in games:
        board = board_scene(game, options.lang)
        if board is None:
            continue
        title = pick_text(game.title, options.lang)
        # The token as the Statue's sheet draws it, cut at its square.
        page = statue_page(PAPERS["a4"], title, options.lang)
        statue = crop_scene(page, (PAPERS["a4"][0] - STATUE) / 2, 40.0, STATUE, STATUE,
                            f"statue-{game.id}")
        out += [Piece(f"board-{game.id}", f"{title}: board", "board", board),
                Piece(f"statue-{game.id}", f"{title}: {label('role-statue', options.lang)}",
                      "token", statue)]
    return out


def build_artefacts(pack: Pack, options: Options, progress: ProgressFn) -> list[Artefact]:
    """Card sheets (fronts, backs, duplex), reference cards and the player aid per game."""
    cards, _, games = read_pack(pack)
    lang = options.lang
    box = card_box(pack)
    paper = options.paper or str(pack.data.get("print", {}).get("paper", "a4"))
    crop = bool(pack.data.get("print", {}).get("crop_marks", True))
    offset = back_offset_setting(options.back_offset, pack.data.get("print", {}))
    artefacts: list[Artefact] = []
    for game, _, _ in games:
        title = pick_text(game.title, lang)
        progress(f"{pack.id}: {game.id} cards")
        printed = box_cards(cards, game)
        skyscrapers = game.board is not None and any(
            can_hold_skyscrapers(table) for table in deals_of(pack, game)[1])
        deck, backs = _game_cards(game, cards, box, title, lang)
        fronts, back_list = list(deck.fronts), list(deck.backs)
        for scene in fronts[: len(printed)]:
            artefacts.append(Artefact(f"svg/{game.id}/{scene.id}.svg", scene_to_svg(scene)))
        for kind, scene in backs.items():
            artefacts.append(Artefact(f"svg/{game.id}/back-{kind}.svg", scene_to_svg(scene)))
        layout, wide = sheet_layouts(PAPERS[paper], box.width, box.height, box.bleed, "auto")
        stamp = stamp_of(pack, options).text(f"{game.id}-cards")
        front_pages, back_pages = card_sheet_pages(
            fronts, back_list, layout, crop_marks=crop, back_offset=offset,
            label=f"{title} \u2014 {pack.id}", gutter_layout=wide, lang=lang, stamp=stamp)
        with_statue = None
        if game.board is not None:
            lay = deck_layout(fronts, back_list, layout, wide, every=bool(stamp))
            with_statue = statue_on_last_sheet(front_pages, len(fronts), lay, lang)
        if with_statue is not None:
            front_pages = (*front_pages[:-1], with_statue)
        subject = "Role card sheets"
        artefacts.append(Artefact(f"print/{game.id}-cards-fronts.pdf", document_to_pdf(
            PdfDocument(front_pages, title=f"{title}: card fronts", subject=subject))))
        artefacts.append(Artefact(f"print/{game.id}-cards-backs.pdf", document_to_pdf(
            PdfDocument(back_pages, title=f"{title}: card backs", subject=subject))))
        artefacts.append(Artefact(f"print/{game.id}-cards-duplex.pdf", document_to_pdf(
            PdfDocument(interleave_duplex(front_pages, back_pages), duplex=True,
                        title=f"{title}: cards for duplex printing", subject=subject))))
        artefacts.append(Artefact(f"print/{game.id}-player-aid.pdf", document_to_pdf(
            PdfDocument((player_aid(game, PAPERS[paper], lang, skyscrapers=skyscrapers),),
                        title=f"{title}: player aid", subject=subject))))
        board = board_pages(game, PAPERS[paper], lang, statue=with_statue is None)
        if board:
            artefacts.append(Artefact(f"print/{game.id}-board.pdf", document_to_pdf(
                PdfDocument(tuple(board), title=f"{title}: board at play scale" + (
                    " and the Statue" if with_statue is None else ""),
                            subject="Role game board to cut and glue"))))
    artefacts.append(Artefact("print/calibration.pdf", document_to_pdf(PdfDocument(
        calibration_page(paper, offset, lang), title="Printer calibration", duplex=True))))
    return artefacts
