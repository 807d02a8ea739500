"""Does the scenario book fit its paper? One RS-R001 per page whose drawing runs past it,
and one per text box whose text runs on into what follows it on the page.

The book's pages are laid out in fixed places: the cover lists every scenario of
the campaign, the score sheet has a row for each and the gods page a box per god
card, so a long campaign (or a long story) can need more room than the paper has.
:func:`iter_book_fit_problems` lays the book out as the build would and reports
each page whose content runs under the footer or past the right margin, and each
text box (a story, a god card's text) too small for its text even at its smallest
size, at the document that filled it, instead of printing a clipped page or text
over a map.
"""
from __future__ import annotations

from collections.abc import Iterator

from generator.diagnostics import Diagnostic
from generator.pack.model import Document, Pack
from generator.render.impose import booklet_page
from generator.render.scene import Scene
from generator.systems import Options, paper_of
from generator.systems.tower.book import book_pages
from generator.systems.tower.book_content import BookContent, read_book
from generator.systems.tower.render import overfull_boxes, page_overflow

HINTS = {
    "cover": "the cover lists every scenario under the campaign's story: shorten the story or "
             "split the campaign in two",
    "score-sheet": "the score sheet has a row per scenario: split the campaign in two",
    "god-cards": "a god card's box is taller than a page: shorten its text",
    "scenario": "shorten the scenario's story or its set-up notes",
}


BOX_HINTS = {
    "cover": "the campaign's story has a box of its own on the cover: shorten it",
    "scenario": "the story has a box above the map: shorten it",
}


def _where(page: Scene, content: BookContent, campaign: Document | None,
           pack: Pack) -> tuple[Document, tuple[str, ...], str]:
    """The document a page's overflow belongs to, the key to point at, the hint's key."""
    if page.id.startswith("scenario-"):
        doc = next((d for s, d in content.scenarios if page.id == f"scenario-{s.id}"), None)
        if doc is not None:
            return doc, (("story",) if "story" in doc.data else ()), "scenario"
    if campaign is not None:
        return campaign, (("scenarios",) if "scenarios" in campaign.data else ()), page.id
    return pack.manifest, (), page.id


def iter_page_problems(pages: list[Scene], content: BookContent, pack: Pack,
                       paper: tuple[float, float], book: str = "the scenario book"
                       ) -> Iterator[Diagnostic]:
    """RS-R001 for each of ``pages`` (``book`` at ``paper``) that runs past its content
    area, and for each text box on them whose text runs past the box."""
    campaigns = sorted(pack.of_kind("tower-campaign"), key=lambda d: d.id)
    campaign = campaigns[0] if campaigns else None
    for number, page in enumerate(pages, 1):
        for mm, words in overfull_boxes(page):
            doc, path, hint = _where(page, content, campaign, pack)
            if page.id == "cover" and doc is campaign and "story" in doc.data:
                path = ("story",)
            yield doc.diag("RS-R001", f"page {number} of {book} ({page.id}): the text "
                           f"\"{words}...\" runs {mm:.0f} mm past its box on {paper[0]:g} x "
                           f"{paper[1]:g} mm paper, into what follows it", path, key=True,
                           hint=BOX_HINTS.get(hint, HINTS.get(hint, "")))
        below, beyond = page_overflow(page)
        if not (below or beyond):
            continue
        doc, path, hint = _where(page, content, campaign, pack)
        excess = " and ".join(part for part in (f"{below:.0f} mm too tall" if below else "",
                                                 f"{beyond:.0f} mm too wide" if beyond else "")
                              if part)
        yield doc.diag("RS-R001", f"page {number} of {book} ({page.id}) does not fit "
                       f"{paper[0]:g} x {paper[1]:g} mm paper: its content is {excess}", path,
                       key=True, hint=HINTS.get(hint, ""))


def iter_book_fit_problems(pack: Pack, options: Options) -> Iterator[Diagnostic]:
    """The scenario book laid out on the build's paper (and, with ``--booklet``, on the
    booklet's page), and each page that does not fit it."""
    content = read_book(pack, options.lang)
    if not content.scenarios:
        return
    paper = paper_of(pack, options)
    sizes = [(paper, "the scenario book")]
    if options.extra.get("booklet"):
        sizes.append((booklet_page(paper), "the --booklet scenario book"))
    for size, book in sizes:
        pages = book_pages(content, size, options.lang, lambda _message: None)
        yield from iter_page_problems(pages, content, pack, size, book)


__all__ = ["iter_book_fit_problems", "iter_page_problems"]
