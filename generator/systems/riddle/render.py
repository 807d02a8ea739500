"""Print a riddle pack: the riddle book and its solutions, maps, cards, aids and sheets.

:func:`build_artefacts` is the riddle system's build. It reads the pack top to
bottom, in this order:

1. the models: riddles in campaign order, gods, blessings, dice, the campaign
   and the constellation;
2. the solver's verdicts, through :func:`~.proofs.prove_all` (the cache folder
   is ``options.cache_dir``; without one nothing is cached; the proofs run on
   ``options.executor``);
3. the pages: the book (cover, story, legend, one page per riddle, then the
   solutions as an upside-down appendix, a separate PDF or not at all, as
   ``options.extra["solutions"]`` says: ``appendix``, ``separate`` or ``none``; with
   solutions, graded hints come before them, see :mod:`.hints`),
   one SVG per map, the god and blessing card sheets with their backs, the
   player aid (two pages and a tarot-size card), the campaign sheets and a
   print check page.

Options: ``options.lang`` picks the language of every text; ``options.paper``
(else the pack's ``print.paper``, else A4) the paper; ``options.back_offset``
(else ``print.back_offset``) the duplex shift; ``options.extra["solver_budget"]``
caps the states each objective's search may expand.

Artefacts (relative to the pack's output folder)::

    maps/<riddle-id>.svg            print/<pack-id>-book.pdf
    print/<pack-id>-solutions.pdf   (solutions: separate)
    print/gods-duplex.pdf           print/blessings-duplex.pdf
    print/player-aid.pdf            print/player-aid-card.pdf
    print/campaign-sheets.pdf       print/calibration.pdf
    print/components.pdf            svg/cards/<card>.svg
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from generator.diagnostics import Diagnostic
from generator.pack.model import Pack, pick_text
from generator.systems.riddle import labels
from generator.render.impose import booklet_page
from generator.render.pdf import document_to_pdf
from generator.render.scene import Document as PdfDocument
from generator.render.scene import Scene
from generator.render.sheets import calibration_page, interleave_duplex
from generator.render.svg import scene_to_svg
from generator.systems import Artefact, Options, ProgressFn
from generator.systems.art import with_art, with_cover_art, with_map_art
from generator.systems.riddle.book import Island, cover_page, riddle_page, story_page
from generator.systems.riddle.booklet import (
    howto_pages,
    is_narrow,
    notes_page,
    riddle_spread,
    story_pages,
)
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.setup_box import BookSettings, general_rules_markup
from generator.systems.riddle.solutions import (
    SolutionBlock,
    iter_solution_blocks,
    solution_pages,
    solutions_divider,
)
from generator.systems.riddle.wording import describe_unlock, local
from generator.systems.riddle.cards import (
    CardSettings,
    card_settings,
    iter_card_overflow,
    iter_card_sheets,
    iter_card_svgs,
)
from generator.systems.riddle.hints import hint_pages
from generator.systems.riddle.legend import legend_page, legend_pages
from generator.systems.riddle.components import component_pages, needs_lines, needs_page
from generator.systems.token_art import token_art_of
from generator.systems.riddle.content import RiddleContent, back_offset_of, paper_of, read_content
from generator.systems.riddle.player_aid import (
    aid_card_faces,
    aid_card_settings,
    player_aid_card_pages,
    player_aid_pages,
)
from generator.systems.riddle.sheets import campaign_sheet_pages
from generator.systems.riddle.proofs import (
    ProofRequest,
    ProofShared,
    prove_all,
    requests_by_count,
    seats,
)
from generator.systems.riddle.results import RiddleSolve

SOLUTION_MODES = ("appendix", "separate", "none")
"""Where the solutions go: at the back of the book upside down, in their own PDF, nowhere."""
SOLVE_PLAYERS = 1
"""The book's difficulty badges and solutions are for one player (RULES 1, the solver's default)."""


def solve_all(content: RiddleContent, options: Options, progress: ProgressFn
              ) -> dict[str, RiddleSolve | None]:
    """The solver's verdicts for every riddle (one player), cached in ``options.cache_dir``,
    proven on ``options.executor``, one progress line per riddle; each solved objective
    with the designer's measures (:func:`~.figures.measured_solves`: the hints' key
    move, the solution pages' line counts and trap rates)."""
    budget = options.extra.get("solver_budget")
    shared = ProofShared({r.id: r for r, _ in content.riddles}, content.gods, content.dice,
                         {b.id: b for b, _ in content.blessings})
    requests = {r.id: ProofRequest(r.id, SOLVE_PLAYERS, count_first_moves=True, budget=budget)
                for r, _ in content.riddles if seats(r, SOLVE_PLAYERS)}
    solves = prove_all(list(requests.values()), shared, cache_dir=options.cache_dir,
                       executor=options.executor, progress=progress, label=content.pack_id,
                       store=content.proofs)
    from generator.systems.riddle.figures import measured_solves

    return measured_solves({r.id: solves[requests[r.id]] if r.id in requests else None
                            for r, _ in content.riddles}, shared, options.cache_dir,
                           content.proofs, options.executor, progress,
                           f"{content.pack_id}: measures")


def solve_counts(content: RiddleContent, options: Options
                 ) -> dict[str, tuple[RiddleSolve, ...]]:
    """The verdicts for every player count each riddle allows, as ``check`` proves them
    (so a build finds them in the cache check has just filled). A stored "not proven"
    is shown as it is: check, which never trusts one, ran first."""
    shared = ProofShared({r.id: r for r, _ in content.riddles}, content.gods, content.dice,
                         {b.id: b for b, _ in content.blessings})
    budget = options.extra.get("solver_budget")
    wanted = {r.id: [replace(q, budget=budget) for q in requests_by_count(r)]
              for r, _ in content.riddles}
    solves = prove_all([q for qs in wanted.values() for q in qs], shared,
                       cache_dir=options.cache_dir, executor=options.executor,
                       stored_doubts=True, gate=True, store=content.proofs)
    return {rid: tuple(solves[q] for q in qs) for rid, qs in wanted.items()}


def _pdf(pages: Sequence[Scene], title: str, author: str, subject: str,
         duplex: bool = False) -> bytes:
    return document_to_pdf(PdfDocument(tuple(pages), title=title, author=author, subject=subject,
                                       duplex=duplex))


def _island_names(content: RiddleContent, lang: str | None) -> dict[str, str]:
    if content.campaign is None:
        return {}
    return {i.id: local(i.name, lang) for i in content.campaign.islands}


@dataclass(frozen=True, slots=True)
class Book:
    """The book's pages, the separate solutions (if any) and each riddle's map scene."""

    pages: tuple[Scene, ...]
    solutions: tuple[Scene, ...]
    maps: tuple[tuple[str, Scene], ...]
    overflowing: tuple[str, ...]  # riddle ids whose page text had to run short


def build_book(content: RiddleContent, solves: dict[str, RiddleSolve | None],
               paper: tuple[float, float], lang: str | None, mode: str,
               progress: ProgressFn, meta: Sequence[str] = (),
               by_count: Mapping[str, Sequence[RiddleSolve]] | None = None) -> Book:
    """Every page of the riddle book (see the module docstring for the order);
    ``by_count`` (from :func:`solve_counts`) puts each player count's turns on the pages."""
    if is_narrow(paper):
        return build_booklet_book(content, solves, paper, lang, mode, progress, meta, by_count)
    islands = _island_names(content, lang)
    settings = BookSettings(content.title, paper, lang, content.gods, content.dice, islands,
                            {card.id: card for card, _ in content.blessings})
    first_riddle_page = 5  # after the cover, the story, the symbols and the "You need" list
    riddle_pages: list[Scene] = []
    maps: list[tuple[str, Scene]] = []
    overflowing: list[str] = []
    for n, (riddle, _) in enumerate(content.riddles):
        progress(f"{content.pack_id}: page of {riddle.id}")
        drawn = riddle_page(riddle, solves.get(riddle.id), settings, first_riddle_page + n,
                            (by_count or {}).get(riddle.id, ()))
        riddle_pages.append(drawn.page)
        maps.append((riddle.id, drawn.map))
        if not drawn.fits:
            overflowing.append(riddle.id)
    page_of = {r.id: first_riddle_page + n for n, (r, _) in enumerate(content.riddles)}
    voyage = _voyage(content, lang, page_of)
    cover = _cover(content, voyage, paper, lang, meta)
    story = story_page(content.title, content.description, voyage, paper, 2, lang, mode)
    legend = legend_page(paper, lang=lang, number=3, title=content.title)
    pages = [cover, story, legend, needs_page(content, paper, 4, lang), *riddle_pages]
    return _with_solutions(content, solves, pages, paper, lang, mode, progress, maps,
                           overflowing, by_count)


def _voyage(content: RiddleContent, lang: str | None, page_of: Mapping[str, int]) -> list[Island]:
    """The contents: each island with its unlock sentence and its riddles' pages, then the
    riddles of no island."""
    islands = _island_names(content, lang)
    titles = {r.id: local(r.title, lang) for r, _ in content.riddles}
    voyage: list[Island] = []
    listed: set[str] = set()
    if content.campaign is not None:
        for island in content.campaign.islands:
            entries = [(r.number, titles[r.id], page_of[r.id]) for r, _ in content.riddles
                       if r.id in island.riddles]
            entries.sort(key=lambda e: e[2])
            listed |= {r.id for r, _ in content.riddles if r.id in island.riddles}
            voyage.append((local(island.name, lang),
                           describe_unlock(island.unlock, islands, titles, lang), entries))
    others = [(r.number, titles[r.id], page_of[r.id]) for r, _ in content.riddles
              if r.id not in listed]
    if others:
        voyage.append((labels.label("b-other-riddles", lang), "", others))
    return voyage


def _cover(content: RiddleContent, voyage: Sequence[Island], paper: tuple[float, float],
           lang: str | None, meta: Sequence[str]) -> Scene:
    subtitle = labels.label("b-subtitle", lang)
    nr, ni = len(content.riddles), len(voyage)
    counts = (labels.label("b-riddle-count" if nr == 1 else "b-riddles-count", lang, n=nr) + " · "
              + labels.label("b-island-count" if ni == 1 else "b-islands-count", lang, n=ni))
    return cover_page(content.title, subtitle, meta, paper, counts)


def _with_solutions(content: RiddleContent, solves: dict[str, RiddleSolve | None],
                    pages: list[Scene], paper: tuple[float, float], lang: str | None, mode: str,
                    progress: ProgressFn, maps: list[tuple[str, Scene]],
                    overflowing: list[str],
                    by_count: Mapping[str, Sequence[RiddleSolve]] | None = None) -> Book:
    """The book of ``pages`` and the solutions: appended upside down, apart, or none."""
    solutions: list[Scene] = []
    if mode != "none":
        blocks: list[SolutionBlock] = []
        for riddle, _ in content.riddles:
            progress(f"{content.pack_id}: solutions of {riddle.id}")
            die = content.dice.get(riddle.die) if riddle.die else None
            blocks += iter_solution_blocks(riddle, solves.get(riddle.id), gods=content.gods,
                                           blessings={b.id: b for b, _ in content.blessings},
                                           die=die, by_count=(by_count or {}).get(riddle.id, ()))
        pages += hint_pages(blocks, paper, lang, content.title, len(pages) + 1)
        if mode == "appendix":
            start = len(pages) + 1
            pages.append(solutions_divider(paper, content.title, start, lang))
            pages += solution_pages(blocks, paper, lang, content.title, start + 1, True)
        else:
            solutions = solution_pages(blocks, paper, lang, content.title, 1, False)
    return Book(tuple(pages), tuple(solutions), tuple(maps), tuple(overflowing))


def build_booklet_book(content: RiddleContent, solves: dict[str, RiddleSolve | None],
                       paper: tuple[float, float], lang: str | None, mode: str,
                       progress: ProgressFn, meta: Sequence[str] = (),
                       by_count: Mapping[str, Sequence[RiddleSolve]] | None = None) -> Book:
    """:func:`build_book` on a booklet's page (see :mod:`.booklet`): the cover, the story
    and the voyage, how to use the book with what it needs, the symbols, a notes page when
    one puts the first riddle on a left-hand page, one spread per riddle, the solutions."""
    settings = BookSettings(content.title, paper, lang, content.gods, content.dice,
                            _island_names(content, lang),
                            {card.id: card for card, _ in content.blessings})
    howto = labels.label("b-howto", lang)
    if mode in ("appendix", "separate"):
        howto += labels.label(f"b-howto-{mode}", lang)
    base, printed = needs_lines(content, lang)
    rules = general_rules_markup([r for r, _ in content.riddles], lang)
    needs = ((labels.label("h-from-base", lang), base), (labels.label("h-printed", lang), printed),
             *(((labels.label("h-every-riddle", lang), rules),) if rules else ()))

    def front(first_riddle: int) -> tuple[list[Scene], bool]:
        page_of = {r.id: first_riddle + 2 * n for n, (r, _) in enumerate(content.riddles)}
        voyage = _voyage(content, lang, page_of)
        story, ok = story_pages(content.title, content.description, voyage, paper, 2, lang)
        aid, ok2 = howto_pages(content.title, howto, needs, paper, 2 + len(story), lang)
        legend = legend_pages(paper, lang, 2 + len(story) + len(aid), content.title)
        return [_cover(content, voyage, paper, lang, meta), *story, *aid, *legend], ok and ok2

    counted, _ = front(0)  # the front matter's length does not depend on the page numbers
    first = len(counted) + 2 - len(counted) % 2  # a left-hand (even) page
    pages, fits = front(first)
    if len(pages) % 2 == 0:
        pages.append(notes_page(paper, content.title, len(pages) + 1, lang))
    maps: list[tuple[str, Scene]] = []
    overflowing: list[str] = [] if fits else ["front matter"]
    for n, (riddle, _) in enumerate(content.riddles):
        progress(f"{content.pack_id}: pages of {riddle.id}")
        spread = riddle_spread(riddle, solves.get(riddle.id), settings, first + 2 * n,
                               (by_count or {}).get(riddle.id, ()))
        pages += spread.pages
        maps.append((riddle.id, spread.map))
        if not spread.fits:
            overflowing.append(riddle.id)
    return _with_solutions(content, solves, pages, paper, lang, mode, progress, maps,
                           overflowing, by_count)


Outline = tuple[tuple[tuple[str, int], ...], tuple[int, ...]]
"""Bookmarks, (title, 0-based page index), and the depth of each."""


def book_outline(pages: Sequence[Scene], content: RiddleContent, lang: str | None) -> Outline:
    """The bookmarks of the riddle book: the front matter, each island with its riddles
    under it (an island points at its first riddle's page), the solutions. Each points at
    its page by the page's id, so a booklet's longer front matter is found too."""
    index: dict[str, int] = {}
    for n, scene in enumerate(pages):
        index.setdefault(scene.id, n)
    front = [(content.title, "cover"), (labels.label("h-voyage", lang), "story"),
             (labels.label("h-symbols", lang), "legend"),
             (labels.label("h-you-need", lang), "you-need")]
    # In page order: a booklet puts "You need" before the symbols, the A4 book after.
    named: list[tuple[str, str, int]] = [
        (title, key, 0) for title, key in sorted((f for f in front if f[1] in index),
                                                 key=lambda f: index[f[1]])]
    grouped: list[tuple[str, list[Riddle]]] = []
    listed: set[str] = set()
    for island in content.campaign.islands if content.campaign is not None else ():
        riddles = [r for r, _ in content.riddles if r.id in island.riddles]
        listed |= {r.id for r in riddles}
        grouped.append((local(island.name, lang), riddles))
    others = [r for r, _ in content.riddles if r.id not in listed]
    if others:
        grouped.append((labels.label("b-other-riddles", lang), others))
    for name, riddles in grouped:
        keys = [f"riddle-{r.id}" for r in riddles if f"riddle-{r.id}" in index]
        if keys:
            named.append((name, keys[0], 0))
            named += [(f"{r.number}. {local(r.title, lang)}", f"riddle-{r.id}", 1)
                      for r in riddles]
    named.append((labels.label("h-hints", lang), "hints-1", 0))
    named.append((labels.label("h-solutions", lang), "solutions-divider", 0))
    kept = [(title, index[key], level) for title, key, level in named if key in index]
    return tuple((t, n) for t, n, _ in kept), tuple(level for _, _, level in kept)


def dress_book(book: Book, content: RiddleContent, pack: Pack) -> Book:
    """The book with the pack's cover art and each riddle's map art (see :mod:`generator.systems.art`)."""
    docs = [(r.id, doc) for r, doc in content.riddles]
    pages = with_map_art(with_cover_art(book.pages, pack), docs, pack.root)
    solutions = with_map_art(book.solutions, docs, pack.root)
    by_id = dict(docs)
    maps = tuple((rid, with_art(scene, by_id[rid], "front", pack.root, scene.width, scene.height, 0.0))
                 for rid, scene in book.maps)
    return replace(book, pages=pages, solutions=solutions, maps=maps)


def build_artefacts(pack: Pack, options: Options, progress: ProgressFn) -> list[Artefact]:
    """Every print file of a riddle pack (see the module docstring)."""
    lang = options.lang
    mode = str(options.extra.get("solutions", "appendix"))
    if mode not in SOLUTION_MODES:
        raise ValueError(f"solutions must be one of {', '.join(SOLUTION_MODES)}, got {mode!r}")
    paper = paper_of(pack, options)
    content = read_content(pack, lang)
    author = pick_text(pack.data.get("author", ""), lang)
    title = content.title
    solves = solve_all(content, options, progress)
    version = labels.label("b-version", lang, v=pack.data.get("version", ""))
    meta = [f"{title} · {version}".strip(" ·")]
    if author:
        meta.append(author)
    book = build_book(content, solves, paper, lang, mode, progress, meta,
                      solve_counts(content, options))
    book = dress_book(book, content, pack)
    artefacts = [Artefact(f"maps/{rid}.svg", scene_to_svg(scene)) for rid, scene in book.maps]
    progress(f"{pack.id}: writing the book")
    chapters, levels = book_outline(book.pages, content, lang)
    artefacts.append(Artefact(f"print/{pack.id}-book.pdf", document_to_pdf(PdfDocument(
        book.pages, title=f"{title}: riddle book", author=author, subject="Sphinx riddle book",
        outline=chapters, outline_levels=levels))))
    if book.solutions:
        artefacts.append(Artefact(f"print/{pack.id}-solutions.pdf", _pdf(
            book.solutions, f"{title}: solutions", author, "Sphinx riddle solutions")))
    progress(f"{pack.id}: card sheets")
    cards = card_settings(pack, options)
    offset = back_offset_of(pack, options)
    artefacts += [Artefact(path, scene_to_svg(scene))
                  for path, scene in iter_card_svgs(content, cards, lang)]
    front, back, _ = aid_card_faces(content, aid_card_settings(cards), lang)
    artefacts += [Artefact("svg/cards/aid-card-front.svg", scene_to_svg(front)),
                  Artefact("svg/cards/aid-card-back.svg", scene_to_svg(back))]
    for name, fronts, backs in iter_card_sheets(content, cards, paper, offset, lang, pack.root):
        artefacts.append(Artefact(f"print/{name}-duplex.pdf", _pdf(
            interleave_duplex(fronts, backs), f"{title}: {name} (duplex)", author,
            f"{name} card sheets", duplex=True)))
    progress(f"{pack.id}: player aid and campaign sheets")
    artefacts.append(Artefact("print/player-aid.pdf", _pdf(
        player_aid_pages(content, paper, lang), f"{title}: player aid", author, "player aid")))
    artefacts.append(Artefact("print/player-aid-card.pdf", _pdf(
        player_aid_card_pages(content, cards, paper, offset, lang),
        f"{title}: player aid card (duplex)", author, "player aid card", duplex=True)))
    artefacts.append(Artefact("print/components.pdf", _pdf(
        component_pages(content, paper, lang, token_art_of(pack)),
        f"{title}: tokens, tiles and the Sphinx's board",
        author, "components to cut out")))
    artefacts.append(Artefact("print/campaign-sheets.pdf", _pdf(
        campaign_sheet_pages(content, paper, lang), f"{title}: campaign sheets", author,
        "campaign sheets")))
    artefacts.append(Artefact("print/calibration.pdf", _pdf(
        calibration_page(_paper_name(pack, options), offset, lang), f"{title}: print check", author,
        "printer calibration", duplex=True)))
    return artefacts


def _paper_name(pack: Pack, options: Options) -> Any:
    return options.paper or pack.data.get("print", {}).get("paper", "a4")


def iter_booklet_fit_problems(pack: Pack, options: Options) -> Iterator[Diagnostic]:
    """With ``--booklet``: RS-R001 for each riddle (and the front matter) that does not fit
    the booklet's pages even at the smallest body size (see :mod:`.booklet`), at its
    document. The solver's verdicts come from the cache ``check`` has just filled."""
    if not options.extra.get("booklet"):
        return
    content = read_content(pack, options.lang)
    if not content.riddles:
        return
    paper = booklet_page(paper_of(pack, options))
    mode = str(options.extra.get("solutions", "appendix"))
    book = build_book(content, solve_all(content, options, _quiet), paper, options.lang,
                      mode if mode in SOLUTION_MODES else "appendix", _quiet, (),
                      solve_counts(content, options))
    docs = {r.id: doc for r, doc in content.riddles}
    for what in book.overflowing:
        doc = docs.get(what)
        where = f"riddle '{what}'" if doc is not None else f"the book's {what}"
        yield (doc or pack.manifest).diag(
            "RS-R001", f"{where} does not fit the --booklet's {paper[0]:g} x {paper[1]:g} mm "
            "pages, even with its text at the smallest size",
            hint="shorten its story (the map's page) or its rules and expert text (the page "
                 "facing it)" if doc is not None else "shorten the campaign's description")


def _quiet(_message: str) -> None:
    """A progress function that says nothing."""


def iter_build_problems(pack: Pack, options: Options) -> Iterator[Diagnostic]:
    """Problems only printing finds: card text that overflows its box (RS-R001 and kin)."""
    yield from iter_card_overflow(pack, options)


__all__ = ["Book", "Outline", "book_outline", "CardSettings", "RiddleContent", "SOLUTION_MODES", "back_offset_of",
           "build_artefacts", "build_book", "iter_booklet_fit_problems", "iter_build_problems", "iter_card_overflow",
           "paper_of", "read_content", "solve_all", "solve_counts"]
