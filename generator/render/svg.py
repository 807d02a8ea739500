"""SVG backend: one scene to one SVG file.

svgwrite is archived upstream, so it is imported here and nowhere else; to
swap it, rewrite this one module. The SVG is sized in mm (``width="63.5mm"``
and a viewBox in mm), so one user unit is one millimetre.

Output is deterministic: numbers are written with at most 4 decimals, ids
are the scene's own (made unique with a counter suffix) or counter-based
(clip paths), and there is no timestamp. Each text run is placed where
:mod:`.text` put it, with its measured length, so the SVG wraps exactly as
the PDF does even when a viewer substitutes the font.

>>> from .scene import Scene, Rect, Style
>>> svg = scene_to_svg(Scene(10, 20, (Rect(1, 1, 8, 18, Style(fill="#ff0000")),), id="s"))
>>> svg.startswith(b'<?xml') and b'width="10mm"' in svg
True
"""
from __future__ import annotations

from typing import Any, ContextManager

import svgwrite  # type: ignore[import-untyped]

from . import fonts
from .images import data_uri
from .reuse import Reuse
from .scene import (
    MM_PER_PT,
    Circle,
    Element,
    Group,
    Image,
    Line,
    Path,
    Polygon,
    Polyline,
    Rect,
    Scene,
    Style,
    Text,
    TextBlock,
    strip_control,
)


def _n(v: float) -> str:
    """A number as SVG text: at most 4 decimals, no trailing zeros, no '-0'."""
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class _Writer:
    """Turns scene elements into svgwrite elements; holds the id counters of one file."""

    def __init__(self, drawing: Any, scene_id: str) -> None:
        self.dwg = drawing
        self.scene_id = scene_id
        self.used_ids: set[str] = {scene_id}
        self.clips = 0

    def unique_id(self, wanted: str) -> str:
        n, candidate = 1, wanted
        while candidate in self.used_ids:
            n += 1
            candidate = f"{wanted}-{n}"
        self.used_ids.add(candidate)
        return candidate

    @staticmethod
    def paint(style: Style) -> dict[str, str]:
        attrs = {"fill": style.fill or "none", "stroke": style.stroke or "none"}
        if style.stroke:
            attrs["stroke_width"] = _n(style.stroke_width)
            if style.dash:
                attrs["stroke_dasharray"] = " ".join(_n(d) for d in style.dash)
        if style.opacity < 1:
            # Separate opacities, as the PDF's fill and stroke alphas.
            attrs["fill_opacity"] = attrs["stroke_opacity"] = _n(style.opacity)
        return attrs

    def text(self, t: Text) -> Any:
        face = fonts.resolve_face(t.font, t.bold, t.italic)
        content = strip_control(t.text)
        attrs: dict[str, str] = {
            "font_family": f"{face.css_family}, {'serif' if t.font == 'serif' else 'sans-serif'}",
            "font_size": _n(t.size * MM_PER_PT),
            "fill": t.fill,
        }
        if face.bold:
            attrs["font_weight"] = "bold"
        if face.italic:
            attrs["font_style"] = "italic"
        if t.anchor != "start":
            attrs["text_anchor"] = t.anchor
        if content:
            attrs["textLength"] = _n(fonts.unit_width(content, face.file) * t.size)
        if content != content.strip(" ") or "  " in content:
            attrs["xml:space"] = "preserve"
        return self.dwg.text(content, x=[_n(t.x)], y=[_n(t.y)], **attrs)

    def element(self, el: Element) -> Any:
        dwg = self.dwg
        if isinstance(el, Text):
            return self.text(el)
        if isinstance(el, Rect):
            extra = {"rx": _n(el.rx)} if el.rx else {}
            return dwg.rect(insert=(_n(el.x), _n(el.y)), size=(_n(el.w), _n(el.h)),
                            **extra, **self.paint(el.style))
        if isinstance(el, Line):
            return dwg.line(start=(_n(el.x1), _n(el.y1)), end=(_n(el.x2), _n(el.y2)),
                            **self.paint(el.style))
        if isinstance(el, Circle):
            return dwg.circle(center=(_n(el.cx), _n(el.cy)), r=_n(el.r), **self.paint(el.style))
        if isinstance(el, (Polyline, Polygon)):
            make = dwg.polygon if isinstance(el, Polygon) else dwg.polyline
            return make(points=[(_n(x), _n(y)) for x, y in el.points], **self.paint(el.style))
        if isinstance(el, Path):
            d = " ".join(" ".join([str(c[0]), *(_n(v) for v in c[1:])]) for c in el.commands)  # type: ignore[arg-type]
            return dwg.path(d=d, **self.paint(el.style))
        if isinstance(el, TextBlock):
            g = dwg.g()
            if el.x or el.y:
                g["transform"] = f"translate({_n(el.x)} {_n(el.y)})"
            for child in (*el.runs, *el.icons):
                g.add(self.element(child))
            return g
        if isinstance(el, Group):
            return self.group(el)
        if isinstance(el, Image):
            return dwg.image(href=data_uri(el), insert=(_n(el.x), _n(el.y)), size=(_n(el.w), _n(el.h)),
                             preserveAspectRatio="none")
        raise TypeError(f"not a scene element: {type(el).__name__}")

    def group(self, grp: Group) -> Any:
        g = self.dwg.g()
        if grp.id:
            g["id"] = self.unique_id(grp.id)
        parts = []
        if grp.translate != (0.0, 0.0):
            parts.append(f"translate({_n(grp.translate[0])} {_n(grp.translate[1])})")
        if grp.rotate:
            parts.append(f"rotate({_n(grp.rotate)})")
        if grp.scale != 1:
            parts.append(f"scale({_n(grp.scale)})")
        if parts:
            g["transform"] = " ".join(parts)
        if grp.clip is not None:
            self.clips += 1
            clip_id = self.unique_id(f"{self.scene_id}-clip-{self.clips}")
            clip = self.dwg.clipPath(id=clip_id)
            c = grp.clip
            if isinstance(c, Circle):
                clip.add(self.dwg.circle(center=(_n(c.cx), _n(c.cy)), r=_n(c.r)))
            else:
                clip.add(self.dwg.rect(insert=(_n(c.x), _n(c.y)), size=(_n(c.w), _n(c.h))))
            self.dwg.defs.add(clip)
            # The clip path is in the user space of the <g> that uses it: after its transform.
            g["clip-path"] = f"url(#{clip_id})"
        for child in grp.children:
            g.add(self.element(child))
        return g


_SVGS: Reuse[Scene, bytes] = Reuse("riddlesmith_svg_reuse")


def reuse_svgs(previous: dict[Scene, bytes]) -> ContextManager[dict[Scene, bytes]]:
    """Inside the block, :func:`scene_to_svg` of a scene equal to one in ``previous``
    returns its SVG from there instead of drawing it again. Yields the SVG of every
    scene asked for in the block: the ``previous`` of the next run.

    A live preview rebuilds a whole pack on each save; this redraws only what changed.

    >>> from .scene import Scene
    >>> with reuse_svgs({}) as first:
    ...     a = scene_to_svg(Scene(10, 10, id="a"))
    >>> with reuse_svgs(first) as second:
    ...     b = scene_to_svg(Scene(10, 10, id="a"))
    >>> a is b, list(second) == list(first)
    (True, True)
    """
    return _SVGS.block(previous)


def scene_to_svg(scene: Scene) -> bytes:
    """Render ``scene`` as a standalone SVG document (UTF-8 bytes)."""
    return _SVGS.get(scene, lambda: _draw_svg(scene))


def _draw_svg(scene: Scene) -> bytes:
    w, h = _n(scene.width), _n(scene.height)
    # debug=False: svgwrite's attribute validation is slow and our values are checked already.
    dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", profile="full",
                           debug=False, id=scene.id)
    dwg["style"] = "font-kerning:none;font-variant-ligatures:none"
    writer = _Writer(dwg, scene.id)
    for child in scene.children:
        dwg.add(writer.element(child))
    body: str = dwg.tostring()
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + body.encode("utf-8") + b"\n"
