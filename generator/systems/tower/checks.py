"""Rule checks of the tower system: pure functions, models and documents in,
diagnostics out (each at the YAML line and column of what it is about: a map
cell, an enemy's ``at``, a campaign's list entry).

Choices these checks make:

- A builder may stand on a target zone (RULES 2 Decision), so a builder set
  up on one is a warning (RS-T007), not an error; an enemy there would lose
  the scenario at once (RS-T006).
- **Lost before the player moves** (RS-T013): every scenario starts with the
  enemy turn. The check enumerates every die outcome of that first turn
  exactly (6^k for k enemies; an attack-die variant doubles the exponent)
  and adds the chance that the player then has no move-then-build. Certain
  loss is an error, a possible one a warning; the diagnostic sits on the enemy
  most often to blame (on the map when the builders are stuck). A campaign
  repeats the check under its enemy order and each of its god cards, and
  reports at the scenario's entry when the odds are worse than without cards.
- **Order** (RS-T014): along a campaign, levels should not go down and
  numbers should go up.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from fractions import Fraction

from generator.diagnostics import Diagnostic, Severity, make, pointer_of
from generator.pack.model import Document
from generator.pack.schema import suggest
from generator.systems.tower.engine import Game, LossOdds, loss_odds
from generator.systems.tower.model import (
    DEAL_PER_SCENARIO,
    MAP_PATH,
    NO_FACING,
    Scenario,
    TowerCampaign,
    Variant,
    cell_of,
    compile_game,
)
from generator.systems.tower.rules import BASE_RULES, DOME, LOSS_STUCK, Rules, describe_losses
from generator.systems.tower.variants import hook_sides

BUILDERS = 2
"""A scenario sets up exactly this many builders."""


def _at_cell(doc: Document, scenario: Scenario, sq: int, code: str, message: str,
             hint: str = "") -> Diagnostic:
    line, col = cell_of(scenario, sq)
    return make(code, message, doc.file, line, col, pointer=pointer_of(MAP_PATH), hint=hint)


def iter_setup_problems(scenario: Scenario, doc: Document) -> Iterator[Diagnostic]:
    """Pawns on water, on domes, on target zones or on each other; enemies without a
    facing or sharing a type; the builder count; a map without a building."""
    s = scenario
    for n, sq in enumerate(s.builders):
        name = s.name(sq)
        if s.water[sq]:
            yield _at_cell(doc, s, sq, "RS-T003", f"{name}: a builder starts on water",
                           "no pawn stands on water")
        elif s.levels[sq] == DOME:
            yield _at_cell(doc, s, sq, "RS-T004", f"{name}: a builder starts on a dome",
                           "nothing stands on a domed building; use 3 for three blocks")
        elif s.targets[sq]:
            yield _at_cell(doc, s, sq, "RS-T007", f"{name}: a builder starts on a target zone",
                           "builders may stand there, but cannot build there")
        if n == BUILDERS:
            yield _at_cell(doc, s, sq, "RS-T012", f"{name}: a third builder; a scenario has "
                           f"{BUILDERS}", "remove the extra 'B'")
    if len(s.builders) < BUILDERS:
        yield doc.diag("RS-T012", f"the map sets up {len(s.builders)} builder"
                       f"{'s' if len(s.builders) != 1 else ''}; a scenario has {BUILDERS}",
                       MAP_PATH, key=True, hint="mark two cells with B, e.g. '.B' or '1B'")
    taken: dict[int, str] = {sq: "a builder" for sq in s.builders}
    types: dict[str, int] = {}
    for e in s.enemies:
        path = ("enemies", e.index)
        name = s.name(e.square)
        if e.facing == NO_FACING:
            yield doc.diag("RS-T009", f"the {e.type} enemy on {name} has no facing", path,
                           hint="add facing: N, E, S or W")
        if e.type in types:
            yield doc.diag("RS-T010", f"a second {e.type} enemy (the first is on "
                           f"{s.name(types[e.type])})", path + ("type",),
                           hint="each enemy type appears at most once in a scenario")
        else:
            types[e.type] = e.square
        at = path + ("at",)
        if s.water[e.square]:
            yield doc.diag("RS-T003", f"the {e.type} enemy starts on water at {name}", at)
        elif s.levels[e.square] == DOME:
            yield doc.diag("RS-T004", f"the {e.type} enemy starts on a dome at {name}", at)
        elif s.targets[e.square]:
            yield doc.diag("RS-T006", f"the {e.type} enemy starts on a target zone at {name}",
                           at, hint="an enemy on a target zone loses the scenario at once")
        if e.square in taken:
            yield doc.diag("RS-T005", f"the {e.type} enemy starts on {name}, where "
                           f"{taken[e.square]} already stands", at,
                           hint="each space holds at most one pawn")
        else:
            taken[e.square] = f"the {e.type} enemy"
    if not any(s.levels):
        yield doc.diag("RS-T008", "the map has no building; the enemies have nothing to attack",
                       MAP_PATH, key=True, hint="put a height 1-4 in some cells")


def format_odds(p: Fraction) -> str:
    """A probability as a fraction and a percentage.

    >>> format_odds(Fraction(1, 6))
    '1/6 (16.7%)'
    """
    return f"{p} ({float(p) * 100:.1f}%)" if p not in (0, 1) else f"{p} ({int(p) * 100}%)"


def iter_first_turn_problems(scenario: Scenario, doc: Document, odds: LossOdds,
                             path: Sequence[object] | None = None, context: str = ""
                             ) -> Iterator[Diagnostic]:
    """RS-T013 from computed odds: at ``path`` if given, else at the enemy most to blame."""
    if odds.probability == 0:
        return
    reasons = "; ".join(f"{describe_losses(flags)} ({p})" for flags, p in odds.by_reason)
    certain = odds.probability == 1
    message = (f"the first enemy turn loses this scenario{context} "
               f"{'for certain' if certain else 'with probability ' + format_odds(odds.probability)}"
               f" before the player moves: {reasons}")
    if path is None:
        culprit = max(odds.by_culprit, key=lambda item: (item[1], -item[0]))[0]
        ordered = sorted(scenario.enemies, key=lambda e: (_order_index(e.type), e.index))
        if culprit >= 0:
            path = ("enemies", ordered[culprit].index)
        else:
            path = MAP_PATH
    severity = Severity.ERROR if certain else Severity.WARNING
    hint = ("every scenario starts with the enemy turn: move the enemies back, or give the "
            "builders room" if not any(f & LOSS_STUCK for f, _ in odds.by_reason) else
            "after the first enemy turn no builder can move then build")
    yield doc.diag("RS-T013", message, tuple(path), key=path == MAP_PATH, hint=hint,
                   severity=severity)


def _order_index(kind: str, rules: Rules = BASE_RULES) -> int:
    return rules.enemy_order.index(kind) if kind in rules.enemy_order else len(rules.enemy_order)


def first_turn_odds(scenario: Scenario, rules: Rules = BASE_RULES, *,
                    compile: Callable[[Scenario, Rules], Game] = compile_game) -> LossOdds:
    """The exact odds of losing before the player's first move under ``rules``
    (``compile``: how its game is compiled, e.g. once a run by the run's store)."""
    return loss_odds(compile(scenario, rules))


# -- campaigns and variants ---------------------------------------------------------


def _unknown(doc: Document, what: str, ident: str, path: tuple[object, ...],
             known: Sequence[str], kinds: dict[str, str]) -> Diagnostic:
    if ident in kinds:
        return doc.diag("RS-P010", f"'{ident}' is a {kinds[ident]}, not a {what}", path)
    return doc.diag("RS-P010", f"unknown {what} '{ident}'", path,
                    hint=suggest(ident, sorted(known)))


def iter_campaign_problems(campaign: TowerCampaign, doc: Document,
                           scenarios: dict[str, tuple[Scenario | None, Document]],
                           variants: dict[str, Variant], kinds: dict[str, str],
                           rejected: Collection[str] = ()) -> Iterator[Diagnostic]:
    """Unknown ids (RS-P010), repeats (RS-T015), order (RS-T014), mixed cards
    (RS-T016), piles too small for a card per scenario (RS-T019) and the rank table
    (RS-T017). An id in ``rejected`` names a document left out for its own (reported)
    errors: not unknown, so not reported again."""
    seen: set[str] = set()
    previous: Scenario | None = None
    for i, ident in enumerate(campaign.scenarios):
        path = ("scenarios", i)
        if ident in seen:
            yield doc.diag("RS-T015", f"scenario '{ident}' is already listed", path)
            continue
        seen.add(ident)
        if ident not in scenarios:
            if ident in rejected:
                continue
            yield _unknown(doc, "tower-scenario", ident, path, list(scenarios), kinds)
            continue
        current = scenarios[ident][0]
        if current is None:
            continue
        if previous is not None and current.level < previous.level:
            yield doc.diag("RS-T014", f"'{ident}' is level {current.level}, after "
                           f"'{previous.id}' at level {previous.level}", path,
                           hint="list scenarios from the easiest level to the hardest")
        elif previous is not None and current.number <= previous.number:
            yield doc.diag("RS-T014", f"'{ident}' is number {current.number}, after "
                           f"'{previous.id}' number {previous.number}", path,
                           hint="list scenarios in the order of their numbers")
        previous = current
    first_side = ""
    for i, ident in enumerate(campaign.cards):
        card_path = ("variants", "cards", i)
        if ident not in variants:
            if ident in rejected:
                continue
            yield _unknown(doc, "tower-variant", ident, card_path, list(variants), kinds)
            continue
        side = variants[ident].difficulty
        if not first_side:
            first_side = side
        elif side != first_side:
            yield doc.diag("RS-T016", f"'{ident}' is an {side} card, but the pile's first "
                           f"card is {first_side}", card_path,
                           hint="a game is easy or expert: the campaign's end bonus depends "
                           "on it")
    yield from _iter_short_piles(campaign, doc, variants, len(seen))
    if campaign.ranks is not None:
        last = None
        for i, rank in enumerate(campaign.ranks):
            if i == 0 and rank.points != 0:
                yield doc.diag("RS-T017", f"the first rank starts at {rank.points}; it must "
                               "start at 0", ("ranks", 0, "from"),
                               hint="a total below the first rank's would have no rank")
            elif last is not None and rank.points <= last:
                yield doc.diag("RS-T017", f"rank {i + 1} starts at {rank.points}, not above "
                               f"the rank before it ({last})", ("ranks", i, "from"))
            last = rank.points


def _iter_short_piles(campaign: TowerCampaign, doc: Document, variants: dict[str, Variant],
                      scenarios: int) -> Iterator[Diagnostic]:
    """RS-T019: a pile with fewer cards than the campaign has scenarios, when a card may
    be drawn per scenario: the campaign's own pile dealt per scenario or, with no pile
    of its own, each side of the pack's cards (the book offers both ways to deal)."""
    if campaign.cards:
        pile = [c for c in dict.fromkeys(campaign.cards) if c in variants]
        if campaign.deal == DEAL_PER_SCENARIO and 0 < len(pile) < scenarios:
            yield doc.diag("RS-T019", f"the pile has {len(pile)} card"
                           f"{'s' if len(pile) > 1 else ''} for {scenarios} scenarios, "
                           "dealt one per scenario", ("variants", "cards"),
                           hint="add cards or deal one card for the whole campaign "
                           "(deal: campaign)")
        return
    for side in ("easy", "expert"):
        count = sum(1 for v in variants.values() if v.difficulty == side)
        if 0 < count < scenarios:
            yield doc.diag("RS-T019", f"the pack has {count} {side} card"
                           f"{'s' if count > 1 else ''} for {scenarios} scenarios: the book "
                           "offers a new card each scenario", ("scenarios",), key=True,
                           hint=f"add {side} cards, or list a pile under 'variants'")


def campaign_rule_sets(campaign: TowerCampaign, variants: dict[str, Variant]
                       ) -> list[tuple[str, Rules]]:
    """(label, rules) a campaign can be played under: its enemy order, with each card."""
    base = campaign.base_rules()
    cards = [variants[c] for c in dict.fromkeys(campaign.cards) if c in variants]
    if not cards:
        return [("", base)] if base != BASE_RULES else []
    return [(f" with the '{v.id}' card", v.apply(base)) for v in cards]


def iter_campaign_odds(campaign: TowerCampaign, doc: Document,
                       clean: dict[str, tuple[Scenario, LossOdds]],
                       variants: dict[str, Variant],
                       compile: Callable[[Scenario, Rules], Game] = compile_game
                       ) -> Iterator[Diagnostic]:
    """RS-T013 for each clean scenario of the campaign under its rules, when worse
    than under the base rules."""
    rule_sets = campaign_rule_sets(campaign, variants)
    listed: set[str] = set()
    for i, ident in enumerate(campaign.scenarios):
        if ident not in clean or ident in listed:
            continue
        listed.add(ident)
        scenario, base_odds = clean[ident]
        for label, rules in rule_sets:
            odds = first_turn_odds(scenario, rules, compile=compile)
            if odds.probability > base_odds.probability:
                yield from iter_first_turn_problems(scenario, doc, odds, ("scenarios", i),
                                                    label or " in this enemy order")


def iter_variant_problems(variant: Variant, doc: Document) -> Iterator[Diagnostic]:
    """A variant whose difficulty is the opposite of every hook's side (RS-T018)."""
    sides = hook_sides(h for h, _ in variant.hooks)
    if sides and variant.difficulty not in sides:
        (side,) = sides
        helps = "the builders" if side == "easy" else "the enemies"
        yield doc.diag("RS-T018", f"the card is marked {variant.difficulty}, but its hooks help "
                       f"{helps}", ("difficulty",), hint=f"did you mean 'difficulty: {side}'?")


__all__ = ["BUILDERS", "campaign_rule_sets", "first_turn_odds", "format_odds",
           "iter_campaign_odds", "iter_campaign_problems", "iter_first_turn_problems",
           "iter_setup_problems", "iter_variant_problems"]
