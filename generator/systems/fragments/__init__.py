"""Riddle Craft: fragment cards, two-sided When cards, tokens and the press-your-luck variant."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.diagnostics import Diagnostic, make
from generator.pack.model import Document, Pack
from generator.systems import Artefact, Figure, Options, ProgressFn, SystemSetup, PrintSource
from generator.systems.fragments import checks
from generator.systems.fragments.settings import GameSettings, results_of, settings_for

KINDS = ("fragment-card", "when-card", "fragment-game")


@dataclass(frozen=True, slots=True)
class FragmentsSystem:
    name: str = "fragments"
    kinds: tuple[str, ...] = KINDS

    def check(self, pack: Pack, options: Options) -> list[Diagnostic]:
        from generator.systems.fragments.art import iter_fragment_art_problems
        from generator.systems.fragments.layout import (
            iter_overflow_problems,
            iter_override_problems,
            iter_sheet_problems,
        )

        cards = pack.of_kind("fragment-card")
        whens = pack.of_kind("when-card")
        games = pack.of_kind("fragment-game")
        out: list[Diagnostic] = []
        if not games and not pack.may_lack("fragment-game"):
            out.append(make("RS-F007", "the pack has no 'fragment-game' document; default "
                            "settings are used", pack.manifest.file,
                            hint="riddlesmith new fragment-game game"))
        for extra in games[1:]:
            out.append(extra.diag("RS-F009", f"only one 'fragment-game' is allowed; "
                                  f"'{games[0].id}' is used", ("kind",),
                                  severity=None))
        settings = settings_for(pack)
        players = games[0].data.get("players", {}) if games else {}
        if players.get("min", 0) > players.get("max", 99):
            out.append(games[0].diag("RS-S001", f"players.min ({players['min']}) is larger than "
                                     f"players.max ({players['max']})", ("players", "min")))
        out.extend(checks.iter_duplicate_fragments(cards, "en"))
        out.extend(checks.iter_person_problems(cards))
        out.extend(checks.iter_when_problems(whens))
        if games:
            out.extend(checks.iter_scoring_problems(games[0]))
        size = checks.deck_size(cards)
        need = checks.cards_needed(settings.hand_size)
        if size < need and not pack.may_lack("fragment-card"):
            where: Any = games[0] if games else None
            message = (f"the deck has {size} fragment card{'s' if size != 1 else ''}; six players' "
                       f"hands of {settings.hand_size} plus a round need at least {need}")
            out.append(where.diag("RS-F006", message, ("hand_size",) if "hand_size" in where.data
                                  else ()) if where else
                       make("RS-F006", message, pack.manifest.file))
        out.extend(iter_overflow_problems(pack, settings, options))
        out.extend(iter_fragment_art_problems(pack, settings))
        out.extend(iter_sheet_problems(pack, settings, options))
        out.extend(iter_override_problems(pack, settings))
        if options.lang:
            out.extend(_iter_missing_translations(cards + whens, options.lang, pack))
        return out

    def report(self, pack: Pack, options: Options) -> dict[str, Any]:
        from generator.systems import cache_dir_for
        from generator.systems.fragments.report import cached_report, labelled_report

        return labelled_report(cached_report(checks.deck_size(pack.of_kind("fragment-card")),
                                             settings_for(pack), cache_dir_for(pack, options),
                                             results_of(pack)))

    def figures(self, pack: Pack, options: Options,
                other: Pack | None) -> list[Figure]:
        """The press-your-luck curve: points per turn by where a player stops, and the
        best stop (for ``riddlesmith diff``)."""
        games = pack.of_kind("fragment-game")
        ident = games[0].id if games else pack.id
        kind = "fragment-game" if games else "pack"
        luck = self.report(pack, options).get("press_your_luck", {})
        out = [Figure(kind, ident, "best stop", luck.get("best_stop"), change="curve")]
        out.extend(Figure(kind, ident, f"points per turn stopping at {row['stop_at']}",
                          round(row["points_per_turn"], 2), change="curve")
                   for row in luck.get("expected_points_per_turn_by_stop", []))
        return out

    def build(self, pack: Pack, options: Options, progress: ProgressFn) -> list[Artefact]:
        from generator.systems.fragments.render import build_artefacts

        return build_artefacts(pack, settings_for(pack), options, progress)

    def decks(self, pack: Pack, options: Options) -> list[Any]:
        """The fragment deck and the When cards, for the print targets."""
        from generator.systems.fragments.decks import fragment_decks

        return fragment_decks(pack, options)

    def token_sets(self, pack: Pack, options: Options) -> list[Any]:
        """The answer tokens, for the print targets."""
        from generator.systems.fragments.decks import fragment_token_sets

        return fragment_token_sets(pack, options)

    def token_kinds(self, pack: Pack, options: Options) -> list[Any]:
        """The keys of ``print.tokens`` (token artwork) the answer tokens answer to."""
        from generator.systems.fragments.render import token_kinds

        return token_kinds()

    def templates(self) -> dict[str, str]:
        from generator.systems.fragments.templates import TEMPLATES

        return dict(TEMPLATES)

    def starter_files(self, pack_id: str) -> dict[str, str]:
        from generator.systems.fragments.templates import starter_files

        return starter_files(pack_id)

    def setup(self, app: SystemSetup) -> None:
        """Register its kinds with their shipped schemas and its ``RS-F`` codes."""
        from generator.registry import add_shipped
        from generator.systems.fragments.codes import EXPLANATIONS

        add_shipped(app, "F", EXPLANATIONS, single=("fragment-game",))
        app.add_print_source(PrintSource(
            decks=self.decks, token_sets=self.token_sets, token_kinds=self.token_kinds,
            figures=self.figures))


MISSING_SHOWN = 8
"""Documents named in the one missing-translation warning before it says "and N more"."""


def _iter_missing_translations(docs: list[Document], lang: str, pack: Pack) -> list[Diagnostic]:
    """One warning for every text the build language lacks, listed once.

    It points at the first missing text and names the documents (the first
    :data:`MISSING_SHOWN` of them), so a deck half translated gives one line to
    act on, not one per card.
    """
    if lang not in pack.languages:
        return []
    missing: list[tuple[Document, str]] = []
    for doc in docs:
        for field in ("text", "only", "except"):
            value = doc.data.get(field)
            if (isinstance(value, dict) and lang not in value) or (
                    isinstance(value, str) and lang != pack.languages[0]):
                missing.append((doc, field))
    if not missing:
        return []
    first, field = missing[0]
    names = sorted(dict.fromkeys(doc.id for doc, _ in missing))
    shown = ", ".join(names[:MISSING_SHOWN])
    more = f" and {len(names) - MISSING_SHOWN} more" if len(names) > MISSING_SHOWN else ""
    texts = f"{len(missing)} text{'s' if len(missing) != 1 else ''}"
    return [first.diag("RS-P011", f"{texts} have no '{lang}' version; the "
                       f"{pack.languages[0]} text is printed instead: {shown}{more}", (field,),
                       hint=f"add '{lang}:' to each of them, or drop '{lang}' from the pack's "
                            "languages")]


SYSTEM = FragmentsSystem()

__all__ = ["SYSTEM", "FragmentsSystem", "GameSettings", "KINDS"]
