"""``build --changed-since REV``: ``print/reprint.pdf``, only the cards and tokens whose
printed face changed since REV, on sheets like the full deck's.

What counts as changed is what ``riddlesmith diff`` calls a changed face
(:mod:`generator.diff`): a front or back whose drawing (its display list) REV does not
have under the same deck and face id. Every copy of a changed card is reprinted. The
cards keep their deck's sheet layout (paper, card size, bleed, the gutter policy of
``print.gutter``/``--gutter``, crop marks, long-edge duplex backs with the back
offset, the stamp); tokens go on sheets of their own, with a blank back so the duplex
stays paired.
``print/reprint.txt`` lists what is in it.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from generator.diff import Printed, digest
from generator.pack.model import Pack
from generator.render.geometry import layout_sheet
from generator.render.pdf import document_to_pdf
from generator.render.scene import Document, Scene
from generator.render.sheets import (
    back_offset_setting,
    card_sheet_pages,
    gutter_setting,
    interleave_duplex,
    sheet_layouts,
)
from generator.systems import Artefact, Options, Registry, paper_of, stamp_of
from generator.targets import decks_of, token_sets_of

REPRINT_PDF = "print/reprint.pdf"
REPRINT_LIST = "print/reprint.txt"
TOKEN_GAP = 2.0
"""Millimetres between two reprinted tokens (they have no bleed)."""


def _is_new(deck: str, face: Scene, against: Printed, key: str = "") -> bool:
    """Whether REV printed no face like ``face`` under its id (or ``key``: a back is
    filed under its front's id, ``<front> (back)``)."""
    return digest(face) not in against.faces.get((deck, key or face.id), ())


def reprint_artefacts(pack: Pack, registry: Registry, options: Options,
                      against: Printed, since: str) -> list[Artefact]:
    """``print/reprint.pdf`` (when a face changed) and ``print/reprint.txt`` for ``pack``,
    against the faces REV (``since``) printed (``against``; empty for a new pack)."""
    paper = paper_of(pack, options)
    cfg = pack.data.get("print", {})
    offset = back_offset_setting(options.back_offset, cfg)
    gutter = gutter_setting(options.extra.get("gutter"), cfg.get("gutter"))
    marks = bool(cfg.get("crop_marks", True))
    stamp = stamp_of(pack, options)
    pages: list[Scene] = []
    listing: list[str] = []
    for name in pack.systems:
        source = registry.print_source(name)
        for deck in decks_of(source, pack, options):
            keep = [i for i, front in enumerate(deck.fronts)
                    if _is_new(deck.id, front, against)
                    or _is_new(deck.id, deck.backs[i], against, f"{front.id} (back)")]
            if not keep:
                continue
            lay, wide = sheet_layouts(paper, deck.width, deck.height, deck.bleed, gutter)
            fronts, backs = card_sheet_pages([deck.fronts[i] for i in keep],
                                             [deck.backs[i] for i in keep], lay, marks, offset,
                                             label=f"{deck.title} (reprint since {since})",
                                             gutter_layout=wide, stamp=stamp.text(deck.id))
            pages.extend(interleave_duplex(fronts, backs))
            listing.extend(_listed(deck.id, [deck.fronts[i].id for i in keep]))
        for tokens in token_sets_of(source, pack, options):
            keep = [i for i, face in enumerate(tokens.tokens) if _is_new(tokens.id, face, against)]
            if not keep:
                continue
            lay = layout_sheet(paper, tokens.size, tokens.size, bleed=0.0, gutter=TOKEN_GAP)
            fronts, _ = card_sheet_pages([tokens.tokens[i] for i in keep], None, lay, marks,
                                         label=f"{tokens.title} (reprint since {since})")
            blank = Scene(fronts[0].width, fronts[0].height, (), id="blank")
            pages.extend(interleave_duplex(fronts, [blank] * len(fronts)))
            listing.extend(_listed(tokens.id, [tokens.tokens[i].id for i in keep]))
    head = f"# cards and tokens of {pack.id} whose printed face changed since {since}\n"
    if not pages:
        return [Artefact(REPRINT_LIST, (head + "# none: nothing to reprint\n").encode("utf-8"))]
    pdf = document_to_pdf(Document(tuple(pages), title=f"{pack.id}: reprint since {since}",
                                   duplex=True))
    text = head + "# deck\tface\tcopies\n" + "".join(line + "\n" for line in listing)
    return [Artefact(REPRINT_PDF, pdf), Artefact(REPRINT_LIST, text.encode("utf-8"))]


def _listed(deck: str, faces: Sequence[str]) -> list[str]:
    """One line per face id, with its copies: ``deck<TAB>face<TAB>copies``."""
    counts: dict[str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    return [f"{deck}\t{face}\t{n}" for face, n in counts.items()]


def faces_since(revision: str, paths: Sequence[Path], options: Options,
                registry: Registry, kinds: dict[str, str]) -> dict[str, Printed]:
    """What each pack under ``paths`` (folders of the working tree) printed at
    ``revision`` of the repository around them (or in a folder of that name), by pack
    id; ``kinds`` maps each document kind to its system (``pipeline.kinds_of``). Raises
    :class:`~generator.errors.UsageError` for a revision git does not know, or paths
    outside a repository."""
    from contextlib import ExitStack

    from generator.diff import printed_of
    from generator.errors import UsageError
    from generator.pack.loader import load_packs
    from generator.pack.schema import load_schemas
    from generator.revisions import open_side, repository_root

    first = paths[0].resolve() if paths else Path.cwd()
    repo = repository_root(first if first.is_dir() else first.parent)
    relative = []
    for path in paths:
        try:
            relative.append(path.resolve().relative_to(repo.resolve()).as_posix())
        except ValueError as exc:
            raise UsageError(f"{path}: not inside the repository {repo} that --changed-since "
                             "reads") from exc
    with ExitStack() as stack:
        side = open_side(revision, repo, tuple(relative), stack, ())
        if not side.paths:
            return {}
        loaded = load_packs(list(side.paths), load_schemas(), kinds)
        return {pack.id: printed_of(pack, registry, options, books=False)
                for pack in loaded.packs}


__all__ = ["REPRINT_LIST", "REPRINT_PDF", "faces_since", "reprint_artefacts"]
