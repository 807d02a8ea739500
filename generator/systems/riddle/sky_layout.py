"""Where the constellation tree's nodes go: geometry only, no drawing.

:func:`layout_sky` puts Polaris in the centre and each god on the ring of its
distance from Polaris, with ring orders chosen so that no two paths cross;
:func:`iter_sky_problems` says what still crosses or overlaps (the tests hold the
shipped sky to none).

>>> segments_cross((0, 0), (2, 2), (0, 2), (2, 0)), segments_cross((0, 0), (1, 1), (1, 1), (2, 0))
(True, False)
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from generator.systems.riddle.campaign import Constellation

Point = tuple[float, float]


def segments_cross(a: Point, b: Point, c: Point, d: Point, eps: float = 1e-9) -> bool:
    """Whether segments ab and cd cross at a point inside both (shared ends do not count)."""
    def orient(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    shared = {a, b} & {c, d}
    if shared:
        # Segments from one point cross only if they overlap along a line.
        return False
    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if (o1 > eps and o2 < -eps or o1 < -eps and o2 > eps) and \
            (o3 > eps and o4 < -eps or o3 < -eps and o4 > eps):
        return True
    return False


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                              / length2))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


@dataclass(frozen=True, slots=True)
class SkyLayout:
    """Where each node of a constellation tree goes (mm), and the paths between them."""

    nodes: tuple[tuple[str, float, float], ...]
    paths: tuple[tuple[str, str, int], ...]
    node_radius: float
    polaris: str
    polaris_radius: float

    def position(self, node: str) -> Point:
        for name, x, y in self.nodes:
            if name == node:
                return (x, y)
        raise KeyError(node)

    def radius(self, node: str) -> float:
        return self.polaris_radius if node == self.polaris else self.node_radius


def _depths(sky: Constellation, root: str) -> dict[str, int]:
    neighbours: dict[str, list[str]] = {n.id: [] for n in sky.nodes}
    for path in sky.paths:
        a, b = path.ends
        if a in neighbours and b in neighbours:
            neighbours[a].append(b)
            neighbours[b].append(a)
    depth = {root: 0}
    frontier = [root]
    while frontier:
        nxt: list[str] = []
        for node in frontier:
            for other in sorted(neighbours[node]):
                if other not in depth:
                    depth[other] = depth[node] + 1
                    nxt.append(other)
        frontier = nxt
    deepest = max(depth.values(), default=0)
    for sky_node in sky.nodes:
        depth.setdefault(sky_node.id, deepest + 1)  # unreachable: an outer ring of its own
    return depth


def _spread(angles: list[float], gap: float) -> list[float]:
    """Push sorted angles apart until neighbours are at least ``gap`` apart (circularly)."""
    n = len(angles)
    if n < 2:
        return angles
    gap = min(gap, 2 * math.pi / n)
    out = list(angles)
    for _ in range(200):
        moved = False
        for i in range(n):
            j = (i + 1) % n
            diff = (out[j] - out[i]) % (2 * math.pi)
            if n == 2 and i == 1:
                break
            if diff < gap - 1e-9:
                push = (gap - diff) / 2
                out[i] -= push
                out[j] += push
                moved = True
        if not moved:
            break
    return out


def _place(order: Sequence[Sequence[str]], radii: Sequence[float], neighbours: Mapping[str, set[str]],
           cx: float, cy: float, min_arc: float, even: bool = False) -> dict[str, Point]:
    """Positions for rings of nodes in the given orders: the first ring evenly spaced, outer
    rings at the mean angle of their inner neighbours, pushed apart to ``min_arc`` mm, or
    (``even``) evenly spaced and turned to sit as close as they can to those angles."""
    angle: dict[str, float] = {}
    pos: dict[str, Point] = {}
    for ring, (names, r) in enumerate(zip(order, radii)):
        if ring == 0:
            for name in names:
                angle[name], pos[name] = 0.0, (cx, cy)
            continue
        n = len(names)
        if ring == 1:
            wanted = [-math.pi / 2 + math.pi / n + 2 * math.pi * i / n for i in range(n)]
        else:
            wanted = []
            for i, name in enumerate(names):
                inner = [angle[o] for o in sorted(neighbours[name]) if o in angle and o in
                         order[ring - 1]]
                if inner:
                    wanted.append(math.atan2(sum(math.sin(a) for a in inner),
                                             sum(math.cos(a) for a in inner)))
                else:
                    wanted.append(-math.pi / 2 + 2 * math.pi * i / n)
            # Keep the chosen order around the circle.
            base = wanted[0]
            for i in range(1, n):
                while wanted[i] < wanted[i - 1]:
                    wanted[i] += 2 * math.pi
                while wanted[i] - base >= 2 * math.pi:
                    wanted[i] -= 2 * math.pi
        if ring > 1 and even:
            # Least squares: the turn that brings evenly spaced angles nearest the wanted ones.
            turn = sum(w - 2 * math.pi * i / n for i, w in enumerate(wanted)) / n
            spread = [turn + 2 * math.pi * i / n for i in range(n)]
        else:
            spread = _spread(wanted, min_arc / r) if ring > 1 else wanted
        for name, a in zip(names, spread):
            angle[name] = a
            pos[name] = (cx + r * math.cos(a), cy + r * math.sin(a))
    return pos


def _count_problems(pos: Mapping[str, Point], edges: Sequence[tuple[str, str]],
                    radius: Mapping[str, float], clearance: float) -> int:
    bad = 0
    segs = [(pos[a], pos[b], a, b) for a, b in edges]
    for (p1, p2, a1, b1), (q1, q2, a2, b2) in itertools.combinations(segs, 2):
        if segments_cross(p1, p2, q1, q2):
            bad += 100
    names = sorted(pos)
    for a, b in itertools.combinations(names, 2):
        if math.dist(pos[a], pos[b]) < radius[a] + radius[b] + clearance:
            bad += 100
    for p1, p2, a, b in segs:
        for name in names:
            if name in (a, b):
                continue
            if point_segment_distance(pos[name], p1, p2) < radius[name] + clearance / 2:
                bad += 10
    return bad


def layout_sky(sky: Constellation, cx: float, cy: float, outer: float,
               node_radius: float = 9.5, polaris_radius: float = 10.0) -> SkyLayout:
    """A radial layout of a constellation tree: Polaris at (cx, cy), each node on the ring of
    its path distance from Polaris (the outermost at ``outer`` mm), ring orders searched for
    the one with no crossing paths and no crowded nodes (the first best, in a fixed order)."""
    root = next((n.id for n in sky.nodes if n.polaris), sky.nodes[0].id)
    depth = _depths(sky, root)
    rings: list[list[str]] = [[] for _ in range(max(depth.values()) + 1)]
    for name in sorted(depth):
        rings[depth[name]].append(name)
    neighbours: dict[str, set[str]] = {n.id: set() for n in sky.nodes}
    edges: list[tuple[str, str]] = []
    for path in sky.paths:
        a, b = path.ends
        if a in neighbours and b in neighbours and a != b:
            neighbours[a].add(b)
            neighbours[b].add(a)
            edges.append((a, b))
    deepest = len(rings) - 1
    radii = [0.0] + [outer * d / max(deepest, 1) for d in range(1, deepest + 1)]
    if deepest >= 2:
        # The first ring a little further out: Polaris' paths need room for their diamonds.
        radii[1] = max(radii[1], outer * 0.46)
    radius = {name: (polaris_radius if name == root else node_radius) for name in depth}
    clearance = 4.0
    first = rings[1] if len(rings) > 1 else []
    if 1 < len(first) <= 7:
        candidates = [[first[0], *rest] for rest in itertools.permutations(first[1:])]
    else:
        candidates = [first]
    best: tuple[int, dict[str, Point]] | None = None
    for ring1, even in itertools.product(candidates, (True, False)):
        order: list[list[str]] = [rings[0], list(ring1)]
        for d in range(2, len(rings)):
            # Outer rings follow the angle of their inner neighbours; try both tie orders.
            placed = _place(order, radii[:d], neighbours, cx, cy, 2 * node_radius + clearance)
            ang = {n: math.atan2(p[1] - cy, p[0] - cx) for n, p in placed.items()}
            start = ang[ring1[0]] if ring1 else 0.0

            def key(name: str) -> tuple[float, str]:
                inner = [ang[o] for o in sorted(neighbours[name]) if o in ang and o in order[d - 1]]
                if not inner:
                    return (10.0, name)
                mean = math.atan2(sum(math.sin(a) for a in inner), sum(math.cos(a) for a in inner))
                return ((mean - start) % (2 * math.pi), name)

            order.append(sorted(rings[d], key=key))
        pos = _place(order, radii, neighbours, cx, cy, 2 * node_radius + clearance, even)
        score = _count_problems(pos, edges, radius, clearance)
        if best is None or score < best[0]:
            best = (score, pos)
        if score == 0:
            break
    assert best is not None or not first
    pos = best[1] if best is not None else {root: (cx, cy)}
    return SkyLayout(tuple((name, *pos[name]) for name in sorted(pos)),
                     tuple((p.ends[0], p.ends[1], p.diamonds) for p in sky.paths),
                     node_radius, root, polaris_radius)


def iter_sky_problems(layout: SkyLayout, clearance: float = 2.0) -> Iterator[str]:
    """Crossing paths, overlapping nodes and paths running through a node, in words."""
    pos = {name: (x, y) for name, x, y in layout.nodes}
    segs = [(a, b) for a, b, _ in layout.paths if a in pos and b in pos]
    for (a1, b1), (a2, b2) in itertools.combinations(segs, 2):
        if segments_cross(pos[a1], pos[b1], pos[a2], pos[b2]):
            yield f"path {a1}–{b1} crosses path {a2}–{b2}"
    for a, b in itertools.combinations(sorted(pos), 2):
        if math.dist(pos[a], pos[b]) < layout.radius(a) + layout.radius(b) + clearance:
            yield f"nodes {a} and {b} overlap"
    for a, b in segs:
        for name in sorted(pos):
            if name not in (a, b) and point_segment_distance(pos[name], pos[a], pos[b]) \
                    < layout.radius(name) + clearance / 2:
                yield f"path {a}–{b} runs through node {name}"


__all__ = [
    "SkyLayout", "iter_sky_problems", "layout_sky", "point_segment_distance", "segments_cross",
]
