"""Sfynx-style tile-pattern puzzle (RULES.md section 5): the ``glyphs`` system.

Document kinds: ``glyph-set`` (the antechamber's tiles and their vector
glyphs), ``glyph-riddle`` (one riddle card: deck, symbol sequence, no-joker
mark) and ``glyph-game`` (difficulty degrees, action tiles, rewards, tokens,
clepsydra, set-up patterns). Modules, each with one job:

- :mod:`.board`: the grid and the steps that change it; solved detection;
- :mod:`.content`: a pack's glyph documents read and checked (``load_pack``), once a
  run (the model stage, ``models_of``), and the run's simulator results (``results_of``);
- :mod:`.model`: frozen models, ``build_*`` readers and ``compile_game``;
- :mod:`.checks`: the rule checks (``RS-X0xx``);
- :mod:`.game`: the full game; :mod:`.policies`: the planner and a random player;
  :mod:`.scoring`: the planner's scorer; :mod:`.compiled`: its turn in numba;
- :mod:`.solver`: the per-card IDA* solver and its BFS reference;
- :mod:`.playtest`: many seeded games at a degree, and the ``playtest`` command;
- :mod:`.sim_checks`: the degree curve and card difficulties (cached), ``RS-X1xx``;
- :mod:`.render` and :mod:`.glyphs_draw`: the print files, in each pack language.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.diagnostics import Diagnostic
from generator.pack.model import Pack
from generator.systems import (
    PrintSource,
    Command,
    SystemSetup,
    REPLAY_OPTION,
    Artefact,
    CommandOption,
    CommandRequest,
    Figure,
    Options,
    ProgressFn,
)
from generator.systems.glyphs.content import KINDS, models_of, results_of


@dataclass(frozen=True, slots=True)
class GlyphsSystem:
    name: str = "glyphs"
    kinds: tuple[str, ...] = KINDS

    def check(self, pack: Pack, options: Options) -> list[Diagnostic]:
        from generator.systems import cache_dir_for
        from generator.systems.glyphs.sim_checks import iter_simulation_problems

        loaded, out = models_of(pack)
        # A glyph document left out for its own error would make the curve and the deck
        # means those of another game: they wait until it is fixed.
        complete = not any(pack.may_lack(kind) for kind in KINDS)
        if loaded.table is not None and loaded.game_doc is not None and complete:
            out.extend(iter_simulation_problems(pack, loaded, cache_dir_for(pack, options),
                                                progress=options.progress,
                                                run=results_of(pack)))
        return out

    def build(self, pack: Pack, options: Options, progress: ProgressFn) -> list[Artefact]:
        from generator.systems.glyphs.render import build_artefacts

        return build_artefacts(pack, options, progress)

    def decks(self, pack: Pack, options: Options) -> list[Any]:
        """Per language: riddle and reward cards, tiles, action tiles and challenge
        tokens (all two-sided), for the print targets."""
        from generator.systems.glyphs.render import glyph_decks

        return glyph_decks(pack, options)

    def table_pieces(self, pack: Pack, options: Options) -> list[Any]:
        """Per language: the clepsydra, degree table and set-up sheet, for ``--target tts``."""
        from generator.systems.glyphs.render import glyph_pieces

        return glyph_pieces(pack, options)

    def token_kinds(self, pack: Pack, options: Options) -> list[Any]:
        """The keys of ``print.tokens`` (token artwork) the challenge tokens answer to."""
        from generator.systems.glyphs.render import token_kinds

        loaded, _ = models_of(pack)
        return token_kinds(loaded.game.tokens) if loaded.game is not None else []

    def report(self, pack: Pack, options: Options) -> dict[str, Any]:
        from generator.systems import cache_dir_for
        from generator.systems.glyphs.sim_checks import report_simulations

        return report_simulations(pack, cache_dir_for(pack, options), results_of(pack))

    def figures(self, pack: Pack, options: Options,
                other: Pack | None) -> list[Figure]:
        """Each degree's win rate with its interval, and each riddle card's mean fewest
        actions (for ``riddlesmith diff``)."""
        report = self.report(pack, options)
        games = pack.of_kind("glyph-game")
        game = games[0].id if games else pack.id
        out = []
        for row in report.get("curve", []):
            ci = row.get("ci95")
            out.append(Figure("glyph-game", game, f"degree {row['degree']} win rate",
                              row.get("win_rate"), tuple(ci) if ci else None, "win-rate"))
        for card in report.get("cards", []):
            out.append(Figure("glyph-riddle", card["card"], "mean fewest actions",
                              card.get("mean_min_actions")))
        return out

    def run_playtest(self, request: CommandRequest) -> tuple[int, str]:
        from generator.systems.glyphs.playtest import run_playtest

        return run_playtest(request)

    def run_solve(self, request: CommandRequest) -> tuple[int, str]:
        from generator.systems.glyphs.playtest import run_solve

        return run_solve(request)

    def warm(self, notice: ProgressFn) -> str:
        """Compile the planner's numba kernel ahead of its first game (``riddlesmith
        warm``): a no-op without numba or with ``RIDDLESMITH_COMPILED=0``."""
        import time

        from generator.engine.playouts import compiled_off

        off = compiled_off()
        if off is not None:
            return f"the glyph planner's compiled turn is off ({off}): nothing to compile"
        from generator.systems.glyphs import compiled

        cpu = time.process_time()
        compiled.warm_up()
        return (f"the glyph planner's compiled turn is ready (compiled, or loaded from "
                f"numba's cache) in {time.process_time() - cpu:.1f} s of CPU")

    def templates(self) -> dict[str, str]:
        from generator.systems.glyphs.templates import TEMPLATES

        return dict(TEMPLATES)

    def starter_files(self, pack_id: str) -> dict[str, str]:
        from generator.systems.glyphs.templates import starter_files

        return starter_files(pack_id)

    def setup(self, app: SystemSetup) -> None:
        """Register its kinds with their shipped schemas and its ``RS-X`` codes."""
        from generator.registry import add_shipped
        from generator.systems.glyphs.codes import EXPLANATIONS

        add_shipped(app, "X", EXPLANATIONS, single=("glyph-game",))
        app.add_print_source(PrintSource(
            decks=self.decks, token_kinds=self.token_kinds, table_pieces=self.table_pieces,
            figures=self.figures))
        app.add_warmer(self.warm)
        app.add_command(Command(
            "playtest", ("glyph-game",), self.run_playtest,
            (CommandOption("degree", "Difficulty degree of a glyph game (default 1).",
                           minimum=1, maximum=8), REPLAY_OPTION),
            policies=("planner", "random", "lookahead"),
            skill_order=("random", "planner", "lookahead")))
        app.add_command(Command(
            "solve", ("glyph-riddle",), self.run_solve,
            (CommandOption("grids", "Shuffled grids a glyph riddle is solved from "
                           "(default 8).", minimum=1, maximum=200),)))


SYSTEM = GlyphsSystem()

__all__ = ["GlyphsSystem", "SYSTEM"]
