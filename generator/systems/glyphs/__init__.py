"""Sfynx-style tile-pattern puzzle (RULES.md section 5): the ``glyphs`` system.

Document kinds: ``glyph-set`` (the antechamber's tiles and their vector
glyphs), ``glyph-riddle`` (one riddle card: deck, symbol sequence, no-joker
mark) and ``glyph-game`` (difficulty degrees, action tiles, rewards, tokens,
clepsydra, set-up patterns). Modules, each with one job:

- :mod:`.board`: the grid and the steps that change it; solved detection;
- :mod:`.model`: frozen models, ``build_*`` readers and ``compile_game``;
- :mod:`.checks`: the rule checks (``RS-X0xx``);
- :mod:`.game`: the full game; :mod:`.policies`: the planner and a random player;
- :mod:`.solver`: the per-card IDA* solver and its BFS reference;
- :mod:`.playtest`: many seeded games at a degree, and the ``playtest`` command;
- :mod:`.sim_checks`: the degree curve and card difficulties (cached), ``RS-X1xx``;
- :mod:`.render` and :mod:`.glyphs_draw`: the print files, in each pack language.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.diagnostics import Diagnostic, Severity, make
from generator.pack.model import Document, Pack
from generator.systems import Artefact, CommandOption, CommandRequest, Options, ProgressFn
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


@dataclass(frozen=True, slots=True)
class Loaded:
    """A pack's glyph models; ``table`` is None unless every check passed."""

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
        out.append(doc.diag("RS-X007", f"a second glyph-game '{extra.id}' (the pack plays "
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
    if glyphs is not None and not any(d.severity is Severity.ERROR for d in out):
        table = compile_game(game, glyphs, [r for r, _ in riddles])
    return Loaded(game, game_doc, glyphs, tuple(r for r, _ in riddles), table), out


@dataclass(frozen=True, slots=True)
class GlyphsSystem:
    name: str = "glyphs"
    kinds: tuple[str, ...] = KINDS
    playtest_kinds: tuple[str, ...] = ("glyph-game",)
    playtest_policies: tuple[str, ...] = ("planner", "random")
    solve_kinds: tuple[str, ...] = ("glyph-riddle",)

    def check(self, pack: Pack, options: Options) -> list[Diagnostic]:
        from generator.systems import cache_dir_for
        from generator.systems.glyphs.sim_checks import iter_simulation_problems

        loaded, out = load_pack(pack)
        # A glyph document left out for its own error would make the curve and the deck
        # means those of another game: they wait until it is fixed.
        complete = not any(pack.may_lack(kind) for kind in KINDS)
        if loaded.table is not None and loaded.game_doc is not None and complete:
            out.extend(iter_simulation_problems(pack, loaded, cache_dir_for(pack, options)))
        return out

    def build(self, pack: Pack, options: Options, progress: ProgressFn) -> list[Artefact]:
        from generator.systems.glyphs.render import build_artefacts

        return build_artefacts(pack, options, progress)

    def token_kinds(self, pack: Pack, options: Options) -> list[Any]:
        """The keys of ``print.tokens`` (token artwork) the challenge tokens answer to."""
        from generator.systems.glyphs.render import token_kinds

        loaded, _ = load_pack(pack)
        return token_kinds(loaded.game.tokens) if loaded.game is not None else []

    def report(self, pack: Pack, options: Options) -> dict[str, Any]:
        from generator.systems import cache_dir_for
        from generator.systems.glyphs.sim_checks import report_simulations

        return report_simulations(pack, cache_dir_for(pack, options))

    def playtest_options(self) -> tuple[CommandOption, ...]:
        return (CommandOption("degree", "Difficulty degree of a glyph game (default 1).",
                              minimum=1, maximum=8),)

    def run_playtest(self, request: CommandRequest) -> tuple[int, str]:
        from generator.systems.glyphs.playtest import run_playtest

        return run_playtest(request)

    def solve_options(self) -> tuple[CommandOption, ...]:
        return (CommandOption("grids", "Shuffled grids a glyph riddle is solved from "
                              "(default 8).", minimum=1, maximum=200),)

    def run_solve(self, request: CommandRequest) -> tuple[int, str]:
        from generator.systems.glyphs.playtest import run_solve

        return run_solve(request)

    def templates(self) -> dict[str, str]:
        from generator.systems.glyphs.templates import TEMPLATES

        return dict(TEMPLATES)

    def starter_files(self, pack_id: str) -> dict[str, str]:
        from generator.systems.glyphs.templates import starter_files

        return starter_files(pack_id)


SYSTEM = GlyphsSystem()

__all__ = ["GlyphsSystem", "KINDS", "Loaded", "SYSTEM", "load_pack"]
