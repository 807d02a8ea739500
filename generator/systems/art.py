"""The ``art`` field: pictures on cards, shared by every system that prints cards.

An ``art`` value is a file name, a mapping, or a list of them::

    art: art/apollo.png                 # the whole face, with bleed, cropped to fill it
    art:
      - file: art/sea.jpg
        fit: contain                    # cover (default) or contain
        box: {x: 4mm, y: 20mm, width: 55.5mm, height: 40mm}   # from the trim's corner
        side: back                      # front (default) or back
        layer: over                     # under the card's drawing (default) or over it

Paths are relative to the YAML file and must stay inside the pack folder.
:func:`iter_art_problems` reports, at the line of the file name: a path
outside the pack (RS-P009), a missing file (RS-A001), a file that is not a
readable PNG, JPEG or SVG (RS-A002), and a raster picture printed below
300 dpi (RS-A003, a warning). :func:`with_art` draws the pictures into a card
scene; the same files always give the same bytes.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.diagnostics import Diagnostic
from generator.pack.model import Document, Pack
from generator.render.art import MIN_DPI, art_element, printed_dpi
from generator.render.geometry import parse_length
from generator.render.images import Picture, SvgUnavailable, read_picture
from generator.render.icons import element_bounds
from generator.render.scene import Element, Group, Rect, Scene

MAX_ART_BYTES = 32 * 1024 * 1024
"""Larger files are refused (RS-A002): a card needs nothing near this."""


@dataclass(frozen=True, slots=True)
class ArtSpec:
    """One picture asked for by a document, with where it was written (YAML path)."""

    file: str
    fit: str
    box: tuple[float, float, float, float] | None
    side: str
    layer: str
    path: tuple[Any, ...]


def iter_art_specs(doc: Document, field: tuple[Any, ...] = ("art",)) -> Iterator[ArtSpec]:
    """The pictures of ``doc`` at ``field`` (missing: none), as the schema allows them."""
    value: Any = doc.data
    for key in field:
        value = value.get(key) if isinstance(value, dict) else None
    items = value if isinstance(value, list) else [] if value is None else [value]
    for i, item in enumerate(items):
        path = (*field, i) if isinstance(value, list) else field
        if isinstance(item, str):
            yield ArtSpec(item, "cover", None, "front", "under", path)
        elif isinstance(item, dict) and isinstance(item.get("file"), str):
            box = item.get("box")
            rect = None
            if isinstance(box, dict):
                rect = tuple(parse_length(box[k]) for k in ("x", "y", "width", "height"))
            yield ArtSpec(item["file"], str(item.get("fit", "cover")), rect,  # type: ignore[arg-type]
                          str(item.get("side", "front")), str(item.get("layer", "under")),
                          (*path, "file"))


def resolve(doc: Document, spec: ArtSpec, root: Path) -> Path | None:
    """The picture's file, or None when the path leaves the pack folder."""
    path = (Path(doc.file).parent / spec.file).resolve()
    return path if path.is_relative_to(root.resolve()) else None


def face_box(spec: ArtSpec, width: float, height: float, bleed: float) -> tuple[float, float, float, float]:
    """The box of ``spec`` in the card scene's coordinates (trim ``width`` x ``height``)."""
    if spec.box is None:
        return (0.0, 0.0, width + 2 * bleed, height + 2 * bleed)
    x, y, w, h = spec.box
    return (bleed + x, bleed + y, w, h)


def load_art(doc: Document, spec: ArtSpec, root: Path) -> tuple[bytes, Picture] | str:
    """The file's bytes and picture, or the code and message of what is wrong."""
    path = resolve(doc, spec, root)
    if path is None:
        return f"RS-P009|art '{spec.file}' is outside the pack folder"
    if not path.is_file():
        return f"RS-A001|art file '{spec.file}' not found"
    try:
        if path.stat().st_size > MAX_ART_BYTES:
            return f"RS-A002|art file '{spec.file}' is larger than {MAX_ART_BYTES >> 20} MB"
        data = path.read_bytes()
    except OSError as exc:
        return f"RS-A002|art file '{spec.file}' cannot be read ({exc.strerror})"
    try:
        return data, read_picture(data)
    except ValueError as exc:
        return f"RS-A002|art file '{spec.file}' cannot be used: {exc}"


def iter_art_problems(doc: Document, root: Path, width: float, height: float, bleed: float,
                      field: tuple[Any, ...] = ("art",)) -> Iterator[Diagnostic]:
    """Problems of the pictures of ``doc`` on a card of trim ``width`` x ``height`` mm.

    Raises :class:`~generator.render.images.SvgUnavailable` when an SVG picture
    needs svglib and it is missing (an environment problem, not the content's).
    """
    for spec in iter_art_specs(doc, field):
        loaded = load_art(doc, spec, root)
        if isinstance(loaded, str):
            code, message = loaded.split("|", 1)
            yield doc.diag(code, message, spec.path,
                           hint="paths are relative to this YAML file" if code == "RS-A001" else "")
            continue
        _, picture = loaded
        if picture.raster:
            dpi = printed_dpi(picture.width, picture.height, face_box(spec, width, height, bleed),
                              spec.fit)
            if dpi < MIN_DPI - 0.5:
                yield doc.diag("RS-A003", f"art '{spec.file}' prints at {dpi:.0f} dpi "
                               f"({picture.width:.0f} x {picture.height:.0f} px); print shops "
                               f"ask for {MIN_DPI:.0f}", spec.path,
                               hint="use a larger picture, or a smaller box")


def with_cover_art(pages: Sequence[Scene], pack: Pack) -> tuple[Scene, ...]:
    """A book's pages with the pack's ``art`` (from ``pack.yaml``) drawn on the cover."""
    if not pages:
        return tuple(pages)
    cover = pages[0]
    return (with_art(cover, pack.manifest, "front", pack.root, cover.width, cover.height, 0.0),
            *pages[1:])


def iter_cover_art_problems(pack: Pack, paper: tuple[float, float]) -> Iterator[Diagnostic]:
    """Problems of the pack's cover art on a page of ``paper``."""
    yield from iter_art_problems(pack.manifest, pack.root, paper[0], paper[1], 0.0)


MAP_ROOM = 30.0
"""Page width (mm) the books keep for margins: a map prints at most this much narrower
than the paper, which is the size the map-art resolution check assumes."""


def iter_map_art_problems(doc: Document, root: Path, paper: tuple[float, float]) -> Iterator[Diagnostic]:
    """Problems of a map's art, at the largest size a book prints the map."""
    side = paper[0] - MAP_ROOM
    yield from iter_art_problems(doc, root, side, side, 0.0)


def with_map_art(pages: Sequence[Scene], maps: Sequence[tuple[str, Document]], root: Path
                 ) -> tuple[Scene, ...]:
    """Book pages whose map groups (``Group(id="map-<id>")``) carry their document's art.

    The box of the art is the map's drawing (its bounds); a ``box`` is measured
    from that drawing's top-left corner.
    """
    docs = {f"map-{mid}": doc for mid, doc in maps if doc.data.get("art") is not None}
    if not docs:
        return tuple(pages)
    out = []
    for page in pages:
        kids = tuple(_dress_map(el, docs[el.id], root) if isinstance(el, Group) and el.id in docs
                     else el for el in page.children)
        out.append(page if kids == page.children else replace(page, children=kids))
    return tuple(out)


def _dress_map(group: Group, doc: Document, root: Path) -> Group:
    bounds = element_bounds(group.children)
    if bounds is None:
        return group
    x0, y0, x1, y1 = bounds
    under, over = _layers(doc, "front", root, x1 - x0, y1 - y0, 0.0, ("art",), (x0, y0))
    if not under and not over:
        return group
    kids = list(group.children)
    first = kids[0] if kids else None
    # Just above the map's own background (its frame), when it has one.
    at = 1 if (isinstance(first, Rect) and first.style.fill is not None and first.x <= x0 + 0.5
               and first.y <= y0 + 0.5 and first.x + first.w >= x1 - 0.5
               and first.y + first.h >= y1 - 0.5) else 0
    return replace(group, children=(*kids[:at], *under, *kids[at:], *over))


def _is_background(el: Element, scene: Scene) -> bool:
    return (isinstance(el, Rect) and el.style.fill is not None and el.x <= 0.05 and el.y <= 0.05
            and el.w >= scene.width - 0.05 and el.h >= scene.height - 0.05)


def _layers(doc: Document, side: str, root: Path, width: float, height: float, bleed: float,
            field: tuple[Any, ...], origin: tuple[float, float]) -> tuple[list[Element], list[Element]]:
    """The pictures of ``doc`` for ``side``: (under, over), boxes moved by ``origin``."""
    under: list[Element] = []
    over: list[Element] = []
    for spec in iter_art_specs(doc, field):
        if spec.side != side and side != "any":
            continue
        try:
            loaded = load_art(doc, spec, root)
        except SvgUnavailable:
            continue
        if isinstance(loaded, str):
            continue
        data, picture = loaded
        x, y, w, h = face_box(spec, width, height, bleed)
        el = art_element(data, picture.format, picture.width, picture.height,
                         (x + origin[0], y + origin[1], w, h), spec.fit)
        (over if spec.layer == "over" else under).append(el)
    return under, over


def with_art(scene: Scene, doc: Document | None, side: str, root: Path, width: float,
             height: float, bleed: float, field: tuple[Any, ...] = ("art",)) -> Scene:
    """``scene`` (a card face of trim ``width`` x ``height``) with ``doc``'s pictures for
    ``side`` drawn in: ``under`` ones just above the card's background, ``over`` ones on
    top. Pictures the check refused are left out (the build never runs on errors)."""
    if doc is None:
        return scene
    under, over = _layers(doc, side, root, width, height, bleed, field, (0.0, 0.0))
    if not under and not over:
        return scene
    kids = list(scene.children)
    at = 1 if kids and _is_background(kids[0], scene) else 0
    return replace(scene, children=(*kids[:at], *under, *kids[at:], *over))
