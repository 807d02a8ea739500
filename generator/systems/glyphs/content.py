"""A pack's glyph documents read into models and checked: :func:`load_pack`.

It is the glyph system's model stage: :func:`models_of` runs it once a run and keeps
its models and diagnostics on the pack (``Pack.stage``), so check, the build, the
report, the print targets and the ``playtest`` and ``solve`` commands take those
values; :func:`results_of` holds the simulator results check computed in the run, by
cache key, for the build's report (``tests/systems/glyphs/test_glyphs_stage.py``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.diagnostics import Diagnostic, make
from generator.pack.model import Document, Pack
from generator.systems.glyphs import checks
from generator.systems.glyphs.model import (
    GlyphGame,
    GlyphSet,
    Riddle,
    Table,
    build_game,
    build_riddle,
    build_set,
    compile_game,
)

KINDS = ("glyph-set", "glyph-riddle", "glyph-game")
MODELS, RESULTS = "glyphs.models", "glyphs.results"
"""The glyph system's keys in ``Pack.stage``."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A pack's glyph models; ``table`` is None unless every check of what the game
    plays passed (its document, its glyph set, the riddle cards)."""

    game: GlyphGame | None
    game_doc: Document | None
    glyphs: GlyphSet | None
    riddles: tuple[Riddle, ...]
    table: Table | None


def load_pack(pack: Pack) -> tuple[Loaded, list[Diagnostic]]:
    """Build the models of a pack and run every rule check (pure)."""
    out: list[Diagnostic] = []
    games = [(build_game(d), d) for d in pack.of_kind("glyph-game")]
    sets = {d.id: (build_set(d), d) for d in pack.of_kind("glyph-set")}
    riddles = [(build_riddle(d), d) for d in pack.of_kind("glyph-riddle")]
    for doc in pack.documents:
        if doc.kind in KINDS:
            out.extend(checks.iter_translation_problems(doc, pack.languages))
    if not games:
        if (sets or riddles) and not pack.may_lack("glyph-game"):  # not one already reported
            first = (list(sets.values())[0][1] if sets else riddles[0][1])
            out.append(make("RS-X015", "glyph documents but no glyph-game document in pack "
                            f"'{pack.id}'", first.file, 1, 1,
                            hint="add a glyph-game (riddlesmith new glyph-game ID)"))
        return Loaded(None, None, None, tuple(r for r, _ in riddles), None), out
    game, game_doc = games[0]
    for extra, doc in games[1:]:
        out.append(doc.diag("RS-X017", f"a second glyph-game '{extra.id}' (the pack plays "
                            f"'{game.id}')", ("id",)))
    glyphs = sets[game.glyph_set][0] if game.glyph_set in sets else None
    for gs, doc in sets.values():
        out.extend(checks.iter_set_problems(gs, doc, game.grid))
    for riddle, doc in riddles:
        out.extend(checks.iter_riddle_problems(riddle, doc, glyphs, game.grid))
    may_lack = pack.may_lack("glyph-riddle")
    out.extend(checks.iter_deck_problems(riddles, game, game_doc, may_lack))
    out.extend(checks.iter_game_problems(game, game_doc, set(sets), {r.deck for r, _ in riddles},
                                         pack.rejected_ids, may_lack))
    table = None
    # The game is simulated when what it plays (its own document, its glyph set and the
    # riddle cards) has no error: another document's (a second game, an unused set)
    # does not silence it (issue 22 §4).
    played = {("glyph-game", game_doc.id), ("glyph-set", game.glyph_set)}
    played.update(("glyph-riddle", doc.id) for _, doc in riddles)
    if glyphs is not None and not played & pack.in_error(out):
        table = compile_game(game, glyphs, [r for r, _ in riddles])
    return Loaded(game, game_doc, glyphs, tuple(r for r, _ in riddles), table), out


def models_of(pack: Pack) -> tuple[Loaded, list[Diagnostic]]:
    """:func:`load_pack` of ``pack``: run on first use, then handed on (the same models;
    a new list of the same diagnostics)."""
    def read() -> tuple[Loaded, tuple[Diagnostic, ...]]:
        loaded, out = load_pack(pack)
        return loaded, tuple(out)

    loaded, out = pack.staged(MODELS, tuple, read)
    return loaded, list(out)


def results_of(pack: Pack) -> dict[str, Any]:
    """The simulator results of this run, by cache key (empty before ``check``)."""
    return pack.staged(RESULTS, dict, dict)


__all__ = ["KINDS", "Loaded", "MODELS", "RESULTS", "load_pack", "models_of", "results_of"]
