"""The files of a print-service profile (``build --target tgc|mpc|dtc``) for one deck.

A ``png`` profile gets one image per distinct face at the service's pixel size
(``<target>/<deck>/01-<face>.png``, backs ``back-01-<face>.png``, and a
``cards.csv`` of fronts, backs and copies, as the ``pro`` target names them).
A ``pdf`` profile gets ``<target>/<deck>.pdf``: one face per page at trim plus
the service's bleed, TrimBox and BleedBox set, CMYK, with the profile's output
intent; with ``back_first`` the shared back is page 1 and the fronts follow
(a deck whose backs differ: back, front for each card).

A deck that is no product of the service gets no files: the preflight
(:mod:`.preflight`) says why.
"""
from __future__ import annotations

from ..deck import Deck
from ..pdf import document_to_pdf
from ..scene import Document, Scene
from .pro import cards_csv, deck_bleed_reach, face_files, pro_face
from .profile import Profile
from .raster import png_bytes, rasterise


def page_order(deck: Deck, back_first: bool) -> tuple[Scene, ...]:
    """The faces of ``deck`` in the order the service wants its pages.

    >>> from ..scene import Scene
    >>> f1, f2, b = Scene(1, 1, id="f1"), Scene(1, 1, id="f2"), Scene(1, 1, id="b")
    >>> [s.id for s in page_order(Deck("d", "D", 1, 1, 0, (f1, f2), (b, b)), True)]
    ['b', 'f1', 'f2']
    """
    if back_first and not deck.unique_backs:
        return (deck.backs[0], *deck.fronts)
    if back_first:
        return tuple(s for pair in zip(deck.backs, deck.fronts) for s in pair)
    return tuple(s for pair in zip(deck.fronts, deck.backs) for s in pair)


def profile_artefacts(profile: Profile, deck: Deck) -> list[tuple[str, bytes]]:
    """(path, bytes) of the files ``profile`` asks for, for ``deck`` (none when the deck's
    size is no product of the service)."""
    product = profile.product_for(deck.width, deck.height)
    if product is None:
        return []
    folder = profile.id
    if profile.files == "pdf":
        reach = deck_bleed_reach(deck, profile.bleed)
        pages = tuple(pro_face(s, deck, profile.bleed) for s in page_order(deck, profile.back_first))
        intent = profile.output_intent
        return [(f"{folder}/{deck.id}.pdf", document_to_pdf(Document(
            pages, title=deck.title, subject=f"cards for {profile.service} ({product.name})",
            keywords=(f"trim + {profile.bleed:.3f} mm bleed", "back first" if profile.back_first
                      else "front, back"),
            cmyk=True, trim_inset=profile.bleed, bleed_inset=max(0.0, profile.bleed - reach),
            output_intent=(intent.identifier, intent.registry, intent.info) if intent else None)))]
    faces, name_of = face_files(deck)
    sheet = document_to_pdf(Document(tuple(pro_face(s, deck, profile.bleed) for s in faces),
                                     title=deck.title))
    size = profile.pixels(product)
    out = [(f"{folder}/{deck.id}/{name_of[scene]}", png_bytes(image, profile.dpi))
           for scene, image in zip(faces, rasterise(sheet, [size] * len(faces)))]
    out.append((f"{folder}/{deck.id}/cards.csv", cards_csv(deck, name_of)))
    return out
