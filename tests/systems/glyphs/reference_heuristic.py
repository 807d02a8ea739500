"""The per-card solver's heuristic as first written: the slow, plain reference.

:meth:`generator.systems.glyphs.solver._Search.heuristic` is a one-pass
version of this one; ``test_glyphs_solver.py`` pins the two to the same value
on generated states and the whole search to the same answers and state
counts. Kept here, not in the package, so nothing but the tests uses it.
"""
from __future__ import annotations

from generator.systems.glyphs.solver import INFINITY, _Search


class ReferenceSearch(_Search):
    """The package's search with the heuristic as first written."""

    def heuristic(self, state: tuple[int, ...]) -> int:
        """Admissible: restore bound + move bound (see the solver's module notes); memoised."""
        known = self.hcache.get(state)
        if known is not None:
            return known
        self.nodes += 1
        restored: dict[int, int] = {}
        where: dict[int, list[int]] = {}
        for cell, code in enumerate(state):
            if code >= 0:
                sym = code >> 1
                where.setdefault(sym, []).append(cell)
                if code & 1:
                    restored[sym] = restored.get(sym, 0) + 1
        covered = sum(min(k, restored.get(s, 0)) for s, k in self.need.items())
        cursed_needed = self.length - covered
        if cursed_needed and restored.get(self.joker, 0):
            cursed_needed -= 1
        dist = self.dist
        none = (INFINITY,) * len(state)

        def field(cells: list[int]) -> tuple[int, ...]:
            rows = [dist[c] for c in cells]
            if not rows:
                return none
            return rows[0] if len(rows) == 1 else tuple(map(min, *rows))

        fields = {want: field(where.get(want, [])) for want in self.need}
        joker_field = field(where.get(self.joker, [])) if self.joker >= 0 else none
        best = INFINITY
        for pairs in self.pairs:
            ds = [fields[want][cell] for cell, want in pairs]
            if joker_field is not none:
                # At most one position may take a joker: let it be the one it helps most.
                gains = [d - joker_field[cell] for d, (cell, _) in zip(ds, pairs)]
                top = max(range(len(ds)), key=lambda k: (ds[k], gains[k]))
                far = max(ds)
                if gains[top] > 0:
                    rest = max((d for k, d in enumerate(ds) if k != top), default=0)
                    far = max(rest, joker_field[pairs[top][0]])
                total = sum(ds) - max(0, max(gains))
                wrong = len(ds) - ds.count(0) - (1 if any(
                    d > 0 and joker_field[c] == 0 for d, (c, _) in zip(ds, pairs)) else 0)
            else:
                far = max(ds)
                total = sum(ds)
                wrong = len(ds) - ds.count(0)
            over = max(5, len(ds))  # cells one action can change: a row of a 6x6 grid moves six
            bound = max(far, -(-wrong // over), -(-total // over))
            if bound < best:
                best = bound
        value = best + (cursed_needed + 1) // 2
        self.hcache[state] = value
        return value
