"""A card face with more (or less) bleed than it was drawn with.

Print shops ask for their own bleed: 3 mm for the ``pro`` target, 1/8 in
(3.175 mm) for The Game Crafter and DriveThruCards. A deck drawn with less
(the glyph tiles have 2 mm, so home-printed tiles can be butted) is widened
here: every rectangle painted up to an edge of the face (a background, a
colour band) is pushed out to the new edge, and the rest of the drawing moves
in by the difference. Anything else that reaches an edge (a picture, a
clipped group, a circle) cannot be widened; the face then keeps its own bleed
and :func:`rebleed` says so, for the preflight to report.

>>> from .scene import Rect, Scene, Style
>>> tile = Scene(34, 34, (Rect(0, 0, 34, 34, Style(fill="#264653")),), id="t")
>>> face, reached = rebleed(tile, 2.0, 3.0)
>>> (face.width, face.children[0].w, reached)
(36.0, 36.0, 3.0)
"""
from __future__ import annotations

from dataclasses import replace

from .scene import Element, Group, Rect, Scene, painted_box

_EPS = 0.01


def _box(el: Element) -> tuple[float, float, float, float] | None:
    """The box (x0, y0, x1, y1) a top-level element may paint, or None when unknown.

    A group is measured by its clip when it has one and no turn or scale; text is
    never drawn into the bleed by a card layout and is not measured."""
    if isinstance(el, Group):
        if el.clip is None or el.rotate or el.scale != 1:
            return None
        inner = _box(el.clip)
        if inner is None:
            return None
        dx, dy = el.translate
        return (inner[0] + dx, inner[1] + dy, inner[2] + dx, inner[3] + dy)
    return painted_box(el)


def _edges(box: tuple[float, float, float, float], w: float, h: float) -> tuple[bool, bool, bool, bool]:
    """Which edges (left, top, right, bottom) of a ``w`` x ``h`` face the box reaches."""
    return (box[0] <= _EPS, box[1] <= _EPS, box[2] >= w - _EPS, box[3] >= h - _EPS)


def _widen(rect: Rect, edges: tuple[bool, bool, bool, bool], d: float) -> Rect:
    """``rect`` moved in by ``d`` on both axes, each edge it had at the face's edge pushed out."""
    left, top, right, bottom = edges
    x0 = rect.x + d - (d if left else 0.0)
    y0 = rect.y + d - (d if top else 0.0)
    x1 = rect.x + rect.w + d + (d if right else 0.0)
    y1 = rect.y + rect.h + d + (d if bottom else 0.0)
    return replace(rect, x=x0, y=y0, w=x1 - x0, h=y1 - y0)


def rebleed(scene: Scene, bleed: float, want: float) -> tuple[Scene, float]:
    """``scene`` (a face drawn with ``bleed`` mm) on a face with ``want`` mm of bleed,
    and the bleed its artwork now covers (``want``, or ``bleed`` when something at
    an edge could not be widened).

    Less bleed is a crop: the drawing moves out and the page edge cuts it.
    """
    d = want - bleed
    w, h = scene.width + 2 * d, scene.height + 2 * d
    if abs(d) < 1e-9:
        return scene, bleed
    if d < 0:
        return Scene(w, h, (Group(scene.children, translate=(d, d)),), id=scene.id), want
    out: list[Element] = []
    run: list[Element] = []  # elements that only move, drawn as one group
    reached = want
    for el in scene.children:
        box = _box(el)
        edges = _edges(box, scene.width, scene.height) if box is not None else (False,) * 4
        if isinstance(el, Rect) and el.rx == 0 and any(edges):
            if run:
                out.append(Group(tuple(run), translate=(d, d)))
                run = []
            out.append(_widen(el, edges, d))
            continue
        if any(edges):
            reached = bleed
        run.append(el)
    if run:
        out.append(Group(tuple(run), translate=(d, d)))
    return Scene(w, h, tuple(out), id=scene.id), reached
