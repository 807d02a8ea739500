"""Role cards (Santorini: New York, RULES.md section 3).

Document kinds: ``role-card`` (type, set, number(s), name, first-play flag and
abilities, each a timing, a text and an engine power with parameters) and
``role-game`` (board with numbered start spaces, pieces, the deck, players,
hand size, refill cadence). Modules, each with one job:

- :mod:`.model`: constants and frozen models; :mod:`.checks`: rule checks;
  :mod:`.content`: a pack's role documents read and checked;
  :mod:`.codes`: explanations of the ``RS-N`` codes;
- :mod:`.engine`: the round engine (simultaneous card choice, the Statue of
  Liberty, turns lowest to highest, refills, losing workers, the three wins),
  playing each ability through the shared power engine
  (:mod:`generator.engine.powers`);
- :mod:`.policies`: random, greedy and lookahead players (:mod:`.fast` and
  :mod:`.compiled`: the greedy player's listing compiled); :mod:`.playout`: seeded
  playouts, per-card statistics, the playtest command and the card warnings;
  :mod:`.challenge`: one policy against the field (what skill is worth, in the game
  and per role);
- :mod:`.render`: card sheets, backs, reference cards and the player aid.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.diagnostics import Diagnostic, Severity
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
from generator.systems.roles.content import check_pack, read_pack

KINDS = ("role-card", "role-game")
POLICY_NAMES = ("greedy", "random", "lookahead")
"""The players of :mod:`.policies` (pinned to its table in the tests), the default first."""


@dataclass(frozen=True, slots=True)
class RolesSystem:
    name: str = "roles"
    kinds: tuple[str, ...] = KINDS

    def check(self, pack: Pack, options: Options) -> list[Diagnostic]:
        from generator.systems import cache_dir_for
        from generator.systems.roles.playout import iter_playout_problems

        from generator.systems.roles.render import card_box, iter_fit_problems

        out = check_pack(pack)
        cards, docs, _ = read_pack(pack)
        out.extend(iter_fit_problems(cards, docs, card_box(pack), options.lang))
        if not any(d.severity is Severity.ERROR for d in out):
            out.extend(iter_playout_problems(pack, cache_dir_for(pack, options),
                                             options.progress))
        return out

    def build(self, pack: Pack, options: Options, progress: ProgressFn) -> list[Artefact]:
        from generator.systems.roles.render import build_artefacts

        return build_artefacts(pack, options, progress)

    def decks(self, pack: Pack, options: Options) -> list[Any]:
        """Each game's role cards and reference cards, for the print targets."""
        from generator.systems.roles.render import role_decks

        return role_decks(pack, options)

    def table_pieces(self, pack: Pack, options: Options) -> list[Any]:
        """Each game's board and Statue token, for ``--target tts``."""
        from generator.systems.roles.render import role_pieces

        return role_pieces(pack, options)

    def report(self, pack: Pack, options: Options) -> dict[str, Any]:
        from generator.systems import cache_dir_for
        from generator.systems.roles.playout import report_playouts

        return report_playouts(pack, cache_dir_for(pack, options))

    def figures(self, pack: Pack, options: Options,
                other: Pack | None) -> list[Figure]:
        """Each role's play rate, cost-a-worker rate and win share with their intervals,
        and each game's mean rounds (for ``riddlesmith diff``)."""
        out = []
        for game, entry in sorted(self.report(pack, options).items()):
            if not isinstance(entry, dict) or "roles" not in entry:
                continue
            out.append(Figure("role-game", game, "mean rounds", entry.get("mean_rounds"),
                              _interval(entry.get("mean_rounds_ci95")), "measure"))
            for role, shares in sorted(entry["roles"].items()):
                for key, name in (("play_rate", "played"), ("cost_rate", "cost a worker"),
                                  ("win_share", "win share")):
                    out.append(Figure("role-card", role, f"{name} ({game})", shares.get(key),
                                      _interval(shares.get(f"{key}_ci95")), "share"))
        return out

    def run_playtest(self, request: CommandRequest) -> tuple[int, str]:
        from generator.systems.roles.playout import run_playtest

        v = request.values
        against = v.get("against") or ("greedy" if v.get("comparing") else None)
        return run_playtest(request.pack, request.target, v["games"], v["policy"], v["seed"],
                            v.get("jobs"), v.get("scheduler"), request.fmt, request.progress,
                            v.get("players"), against, v.get("replay"))

    def warm(self, notice: ProgressFn) -> str:
        """Compile the greedy player's ply listing ahead of its first game (``riddlesmith
        warm``): a no-op without numba or with ``RIDDLESMITH_COMPILED=0``."""
        from generator.systems.roles.fast import warm_kernel

        return warm_kernel()

    def templates(self) -> dict[str, str]:
        from generator.systems.roles.templates import TEMPLATES

        return dict(TEMPLATES)

    def starter_files(self, pack_id: str) -> dict[str, str]:
        from generator.systems.roles.templates import starter_files

        return starter_files(pack_id)

    def setup(self, app: SystemSetup) -> None:
        """Register its kinds with their shipped schemas and its ``RS-N`` codes."""
        from generator.registry import add_shipped
        from generator.systems.roles.challenge import SKILL_ORDER
        from generator.systems.roles.codes import EXPLANATIONS

        add_shipped(app, "N", EXPLANATIONS)
        app.add_print_source(PrintSource(
            decks=self.decks, table_pieces=self.table_pieces, figures=self.figures))
        app.add_warmer(self.warm)
        app.add_command(Command(
            "playtest", ("role-game",), self.run_playtest,
            (CommandOption("players", "Players of a role game (default: its "
                           "playtest.players).", minimum=2, maximum=5),
             CommandOption("against", "The policy of the other seats: the --policy "
                           "player takes each seat in turn and its win share is the "
                           "figure (default when comparing policies: greedy).",
                           kind="choice", choices=POLICY_NAMES), REPLAY_OPTION),
            policies=POLICY_NAMES, skill_order=SKILL_ORDER))


def _interval(value: Any) -> tuple[float, float] | None:
    return (float(value[0]), float(value[1])) if isinstance(value, list) and len(value) == 2 else None


SYSTEM = RolesSystem()

__all__ = ["KINDS", "SYSTEM", "RolesSystem"]
