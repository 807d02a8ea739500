"""PDF backend: a document of scenes to one PDF with reportlab's canvas.

Each page is as large as its scene (mm converted to points). The canvas is
turned into mm with y down, so scenes are drawn as they are written. Fonts
are the bundled TrueType faces, embedded as subsets. Text is drawn run by run
with text objects, never through reportlab's paragraph markup, so user text
is always literal.

Output is byte-identical for the same document: reportlab's invariant mode
fixes dates and ids. Viewers are told not to scale the pages when printing
(``/PrintScaling /None``), and long-edge duplex when the document asks.

>>> from .scene import Document, Scene
>>> pdf = document_to_pdf(Document((Scene(63.5, 88.9),), title="t"))
>>> pdf[:5], pdf == document_to_pdf(Document((Scene(63.5, 88.9),), title="t"))
(b'%PDF-', True)
"""
from __future__ import annotations

import io
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Callable, Iterator

from reportlab.pdfgen import canvas as rl_canvas  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import FILL_NON_ZERO  # type: ignore[import-untyped]

from . import fonts
from .colour import rgb_fractions, rgb_to_cmyk
from .images import draw_image
from .scene import (
    MM_PER_PT,
    Circle,
    Document,
    Element,
    Group,
    Image,
    Line,
    Path,
    Polygon,
    Polyline,
    Rect,
    Style,
    Text,
    TextBlock,
    strip_control,
)

PT_PER_MM = 72.0 / 25.4

# The live preview (``riddlesmith serve``) wants the pages of each PDF as scenes, to
# draw them as SVG; a context variable lets it collect them without any system knowing.
# The print audit (tools/print_audit.py) collects them too, and still draws every PDF.
_CAPTURE: ContextVar[tuple[list[Document], bool] | None] = ContextVar(
    "riddlesmith_pdf_capture", default=None)
PLACEHOLDER_PREFIX = b"%riddlesmith-preview-document-"


@contextmanager
def capture_documents(*, draw: bool = False) -> Iterator[list[Document]]:
    """Collect the documents that ``document_to_pdf`` is asked for inside the block.

    Inside the block no PDF is drawn: ``document_to_pdf`` returns a short
    placeholder naming the document's index in the list, so a preview can map
    each artefact back to its pages (see :func:`placeholder_index`) and draw a
    PDF only when someone asks for it. With ``draw``, every PDF is drawn as
    usual as well (what reads the PDF, such as the rasteriser of the ``tts`` and
    ``pro`` images, gets it), and the documents are only listed.

    >>> from .scene import Scene
    >>> with capture_documents() as docs:
    ...     data = document_to_pdf(Document((Scene(10, 10),), title="t"))
    >>> placeholder_index(data), docs[0].title
    (0, 't')
    """
    found: list[Document] = []
    token = _CAPTURE.set((found, draw))
    try:
        yield found
    finally:
        _CAPTURE.reset(token)


def placeholder_index(data: bytes) -> int | None:
    """The document index in a placeholder made under :func:`capture_documents`, else None."""
    if not data.startswith(PLACEHOLDER_PREFIX):
        return None
    tail = data[len(PLACEHOLDER_PREFIX):]
    return int(tail) if tail.isdigit() else None


RICH_BLACK = (0.6, 0.4, 0.4, 1.0)
"""The rich black of a CMYK file that asks for it: C 60 M 40 Y 40 K 100 (a common print-shop
recipe, 240 % ink), deeper than K alone on a large area."""
RICH_BLACK_MIN = 5.0
"""Only black fills at least this many mm both ways turn rich: on small shapes, text and hairlines
a shift between the plates would show colour fringes, so they stay plain K."""


def _rich_size(el: Element) -> bool:
    """Whether ``el`` (a filled shape) spans :data:`RICH_BLACK_MIN` mm both ways (own units)."""
    if isinstance(el, Rect):
        w, h = el.w, el.h
    elif isinstance(el, Circle):
        w = h = 2 * el.r
    elif isinstance(el, (Polygon, Polyline)):
        xs, ys = [p[0] for p in el.points], [p[1] for p in el.points]
        w, h = (max(xs) - min(xs), max(ys) - min(ys)) if xs else (0.0, 0.0)
    elif isinstance(el, Path):
        xs = [float(c[i]) for c in el.commands for i in range(1, len(c), 2)]
        ys = [float(c[i]) for c in el.commands for i in range(2, len(c), 2)]
        w, h = (max(xs) - min(xs), max(ys) - min(ys)) if xs else (0.0, 0.0)
    else:
        return False
    return w >= RICH_BLACK_MIN and h >= RICH_BLACK_MIN


class _Ink:
    """Sets fill and stroke colours as DeviceRGB, or DeviceCMYK for print shops.

    ``drawn`` (one document's memo, see :func:`_draw_leaf`) maps a text or a shape
    already drawn in this document to the content-stream operators it wrote and
    the canvas state it left; None draws every element afresh (the reference)."""

    __slots__ = ("cmyk", "rich_black", "drawn")

    def __init__(self, cmyk: bool, rich_black: bool = False, memo: bool = True) -> None:
        self.cmyk = cmyk
        self.rich_black = rich_black and cmyk
        self.drawn: dict[Element, _Drawn] | None = {} if memo else None

    def fill(self, c: Any, colour: str, area: bool = False) -> None:
        """Set the fill colour; ``area``: a large filled shape (it may turn rich black)."""
        if self.cmyk:
            if area and self.rich_black and colour.lower() == "#000000":
                c.setFillColorCMYK(*RICH_BLACK)
            else:
                c.setFillColorCMYK(*rgb_to_cmyk(colour))
        else:
            c.setFillColorRGB(*rgb_fractions(colour))

    def stroke(self, c: Any, colour: str) -> None:
        if self.cmyk:
            c.setStrokeColorCMYK(*rgb_to_cmyk(colour))
        else:
            c.setStrokeColorRGB(*rgb_fractions(colour))


def _apply_style(c: Any, style: Style, ink: _Ink, area: bool = False) -> tuple[int, int]:
    """Set colours and pen for ``style``; return the (stroke, fill) flags."""
    if style.fill:
        ink.fill(c, style.fill, area)
    if style.stroke:
        ink.stroke(c, style.stroke)
        c.setLineWidth(style.stroke_width)
        if style.dash:
            c.setDash(list(style.dash), 0)
    if style.opacity < 1:
        c.setFillAlpha(style.opacity)
        c.setStrokeAlpha(style.opacity)
    return (1 if style.stroke else 0, 1 if style.fill else 0)


def _draw_text(c: Any, t: Text, ink: _Ink) -> None:
    text = strip_control(t.text)
    if not text:
        return
    face = fonts.resolve_face(t.font, t.bold, t.italic)
    x = t.x
    if t.anchor != "start":
        width = fonts.unit_width(text, face.file) * t.size
        x -= width / 2 if t.anchor == "middle" else width
    ink.fill(c, t.fill)
    obj = c.beginText()
    # The page is flipped to y-down; flip the text back so glyphs stand upright.
    obj.setTextTransform(1, 0, 0, -1, x, t.y)
    obj.setFont(fonts.register_face(face), t.size * MM_PER_PT)
    obj.textOut(text)
    c.drawText(obj)


def _path(c: Any, el: Path) -> Any:
    p = c.beginPath()
    cur = start = (0.0, 0.0)
    for cmd in el.commands:
        op, args = cmd[0], [float(a) for a in cmd[1:]]
        if op == "M":
            p.moveTo(*args)
            cur = start = (args[0], args[1])
        elif op == "L":
            p.lineTo(*args)
            cur = (args[0], args[1])
        elif op == "C":
            p.curveTo(*args)
            cur = (args[4], args[5])
        elif op == "Q":
            # A quadratic Bezier is the cubic with control points 2/3 of the way to its one.
            qx, qy, x, y = args
            p.curveTo(cur[0] + 2 / 3 * (qx - cur[0]), cur[1] + 2 / 3 * (qy - cur[1]),
                      x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)
            cur = (x, y)
        else:
            p.close()
            cur = start
    return p


_Drawn = tuple[tuple[str, ...], Any, Any, Any]
"""What drawing a leaf wrote: its operators, then the canvas's fill colour, stroke colour
and line width after it."""


def _draw_leaf(c: Any, el: Element, ink: _Ink, draw: Callable[[Any, Any, _Ink], None]) -> None:
    """Draw a text or an opaque shape, or write again what the same element wrote before
    in this document.

    Equal elements write equal operators: a shape's depend only on its own fields
    and the ink; a text's also on the font subsets of the document, which only
    grow (a glyph keeps its code once it has one), so its second drawing reads
    as its first. reportlab's canvas keeps its page content as a list of
    operator strings (``_code``), and its fill colour, stroke colour and line
    width as plain attributes: a replay writes the same strings and leaves the
    same state. Elements with opacity are never replayed (their alpha goes
    through the document's graphics-state resources)."""
    memo = ink.drawn
    if memo is None:
        draw(c, el, ink)
        return
    done = memo.get(el)
    if done is not None:
        c._code.extend(done[0])
        c._fillColorObj, c._strokeColorObj, c._lineWidth = done[1], done[2], done[3]
        return
    code = c._code
    start = len(code)
    draw(c, el, ink)
    memo[el] = (tuple(code[start:]), c._fillColorObj, c._strokeColorObj, c._lineWidth)


def _draw(c: Any, el: Element, ink: _Ink) -> None:
    if isinstance(el, Text):
        _draw_leaf(c, el, ink, _draw_text)
        return
    if isinstance(el, Image):
        draw_image(c, el, ink.cmyk)
        return
    if isinstance(el, Group):
        c.saveState()
        if el.translate != (0.0, 0.0):
            c.translate(*el.translate)
        if el.rotate:
            c.rotate(el.rotate)
        if el.scale != 1:
            c.scale(el.scale, el.scale)
        if el.clip is not None:
            clip = c.beginPath()
            if isinstance(el.clip, Circle):
                clip.circle(el.clip.cx, el.clip.cy, el.clip.r)
            else:
                clip.rect(el.clip.x, el.clip.y, el.clip.w, el.clip.h)
            c.clipPath(clip, stroke=0, fill=0, fillMode=FILL_NON_ZERO)
        for child in el.children:
            _draw(c, child, ink)
        c.restoreState()
        return
    if isinstance(el, TextBlock):
        c.saveState()
        c.translate(el.x, el.y)
        for child in (*el.runs, *el.icons):
            _draw(c, child, ink)
        c.restoreState()
        return
    style: Style = el.style
    if not (style.fill or style.stroke):
        return
    if style.opacity < 1:
        _draw_shape(c, el, ink)
    else:
        _draw_leaf(c, el, ink, _draw_shape)


def _draw_shape(c: Any, el: Any, ink: _Ink) -> None:
    style: Style = el.style
    # Dashes and transparency are graphics state: scope them to this shape.
    scoped = bool(style.dash) or style.opacity < 1
    if scoped:
        c.saveState()
    stroke, fill = _apply_style(c, style, ink, ink.rich_black and _rich_size(el))
    if isinstance(el, Rect):
        if el.rx:
            c.roundRect(el.x, el.y, el.w, el.h, el.rx, stroke=stroke, fill=fill)
        else:
            c.rect(el.x, el.y, el.w, el.h, stroke=stroke, fill=fill)
    elif isinstance(el, Circle):
        c.circle(el.cx, el.cy, el.r, stroke=stroke, fill=fill)
    elif isinstance(el, Line):
        if stroke:
            c.line(el.x1, el.y1, el.x2, el.y2)
    elif isinstance(el, (Polyline, Polygon)):
        if el.points:
            p = c.beginPath()
            p.moveTo(*el.points[0])
            for pt in el.points[1:]:
                p.lineTo(*pt)
            if isinstance(el, Polygon):
                p.close()
            c.drawPath(p, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)
    elif isinstance(el, Path):
        c.drawPath(_path(c, el), stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)
    else:
        raise TypeError(f"not a scene element: {type(el).__name__}")
    if scoped:
        c.restoreState()


def _inset_box(page: Any, inset: float) -> tuple[float, float, float, float]:
    """A page box ``inset`` mm inside the paper edge, in PDF points (y up)."""
    return (inset * PT_PER_MM, inset * PT_PER_MM, (page.width - inset) * PT_PER_MM,
            (page.height - inset) * PT_PER_MM)


def _set_output_intent(c: Any, identifier: str, registry: str, info: str) -> None:
    """Add a PDF/X output intent to the catalogue and the PDF/X version to the info.

    reportlab has no call for either: the catalogue writes the keys listed in its
    ``__NoDefault__``, so this one instance lists ``OutputIntents`` too, and the
    info dictionary is formatted with one more key."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFString  # type: ignore[import-untyped]

    catalog = c._doc.Catalog
    catalog.OutputIntents = PDFArray([PDFDictionary({
        "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(identifier), "RegistryName": PDFString(registry),
        "Info": PDFString(info), "OutputCondition": PDFString(info)})])
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    info_obj = c._doc.info
    plain = info_obj.format

    def with_version(document: Any) -> Any:
        text = plain(document)
        return text.replace(b"/Trapped", b"/GTS_PDFXVersion (PDF/X-1:2001) /Trapped", 1)

    info_obj.format = with_version


def document_to_pdf(doc: Document, *, memo: bool = True) -> bytes:
    """Render every page of ``doc`` into one PDF and return its bytes.

    ``memo=False`` draws every element through reportlab's canvas calls, the plain
    reference the tests pin the replay of repeated elements (:func:`_draw_leaf`) to."""
    capture = _CAPTURE.get()
    if capture is not None:
        captured, draw = capture
        captured.append(doc)
        if not draw:
            return PLACEHOLDER_PREFIX + str(len(captured) - 1).encode("ascii")
    buf = io.BytesIO()
    first = doc.pages[0]
    # The initial font is ours: otherwise reportlab lists an unembedded Helvetica on every page.
    c = rl_canvas.Canvas(buf, pagesize=(first.width * PT_PER_MM, first.height * PT_PER_MM),
                         invariant=1, pageCompression=1,
                         initialFontName=fonts.register_face(fonts.resolve_face("sans")))
    c.setTitle(doc.title)
    c.setAuthor(doc.author)
    c.setSubject(doc.subject)
    c.setCreator("riddlesmith")
    if doc.keywords:
        c.setKeywords(", ".join(doc.keywords))
    c.setViewerPreference("PrintScaling", "None")
    if doc.duplex:
        c.setViewerPreference("Duplex", "DuplexFlipShortEdge" if doc.flip_short_edge
                              else "DuplexFlipLongEdge")
    ink = _Ink(doc.cmyk, doc.rich_black, memo)
    # One destination per bookmark: reportlab keys an outline entry by its destination, so
    # an island and its first riddle on the same page need two.
    marks: dict[int, list[str]] = {}
    for i, (_, n) in enumerate(doc.outline):
        marks.setdefault(n, []).append(f"outline-{i}")
    for n, page in enumerate(doc.pages):
        c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        if doc.trim_inset is not None:
            c.setTrimBox(_inset_box(page, doc.trim_inset))
            c.setBleedBox(_inset_box(page, doc.bleed_inset))
        for key in marks.get(n, ()):
            c.bookmarkPage(key)
        # mm with y down, origin top-left, like the scene.
        c.transform(PT_PER_MM, 0, 0, -PT_PER_MM, 0, page.height * PT_PER_MM)
        c.setMiterLimit(4)  # the SVG default, so corners match
        if doc.cmyk:
            c.setFillColorCMYK(0, 0, 0, 1)
            c.setStrokeColorCMYK(0, 0, 0, 1)
        for el in page.children:
            _draw(c, el, ink)
        c.showPage()
    if doc.output_intent is not None:
        _set_output_intent(c, *doc.output_intent)
    levels = doc.outline_levels + (0,) * (len(doc.outline) - len(doc.outline_levels))
    for i, ((title, _), level) in enumerate(zip(doc.outline, levels)):
        c.addOutlineEntry(title, f"outline-{i}", level=level)
    if doc.outline:
        c.showOutline()
    c.save()
    return buf.getvalue()
