"""Checks of the documents that tie riddles together: campaigns and the constellation tree.

Pure functions like :mod:`.checks` (documents and models in, diagnostics out, each at
the YAML line of what it is about). A campaign's islands must open in an order the
players can reach (:func:`open_islands`, :func:`explain_unlock`, no circle of unlock
rules), every riddle must belong to the island it names, and the constellation tree
must be connected and name only known gods.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from generator.diagnostics import Diagnostic
from generator.pack.model import Document
from generator.systems.riddle.checks import unknown
from generator.systems.riddle.campaign import (
    AllOf,
    AnyOf,
    Campaign,
    Constellation,
    Island,
    IslandComplete,
    ObjectivesOn,
    Unlock,
)


# -- campaigns ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RiddleInfo:
    """What the campaign checks need of a riddle, read from its (schema-valid) document,
    so a riddle whose map has errors still counts as existing."""

    id: str
    number: int
    objectives: int
    island: str


def riddle_info(doc: Document) -> RiddleInfo:
    """The :class:`RiddleInfo` of a riddle document."""
    d = doc.data
    return RiddleInfo(doc.id, d["number"], len(d["objectives"]), d["island"])


def iter_campaign_problems(campaign: Campaign, doc: Document, riddles: Mapping[str, RiddleInfo]
                           ) -> Iterator[Diagnostic]:
    """Unknown riddles and islands (RS-P010), repeated islands or riddles (RS-G022,
    RS-G020) and islands that can never open (RS-G019)."""
    ids: dict[str, int] = {}
    island_of: dict[str, str] = {}
    for i, island in enumerate(campaign.islands):
        if island.id in ids:
            yield doc.diag("RS-G022", f"island id '{island.id}' is used twice",
                           ("islands", i, "id"))
        ids.setdefault(island.id, i)
        for j, rid in enumerate(island.riddles):
            if rid not in riddles:
                yield unknown(doc, "riddle", rid, ("islands", i, "riddles", j), riddles)
            elif rid in island_of:
                yield doc.diag("RS-G020", f"riddle '{rid}' is already on island "
                               f"'{island_of[rid]}'", ("islands", i, "riddles", j),
                               hint="a riddle belongs to one island")
            else:
                island_of[rid] = island.id
    for i, island in enumerate(campaign.islands):
        if island.unlock is not None:
            for path, ident in _iter_island_refs(island.unlock, ("islands", i, "unlock")):
                if ident not in ids:
                    yield unknown(doc, "island", ident, path, ids)
    by_number: dict[int, list[str]] = {}
    for rid, riddle in sorted(riddles.items()):
        by_number.setdefault(riddle.number, []).append(rid)
    opened = open_islands(campaign, riddles, by_number, island_of)
    for i, island in enumerate(campaign.islands):
        if island.id not in opened and island.unlock is not None and ids.get(island.id) == i:
            reason = explain_unlock(island.unlock, campaign, riddles, by_number, island_of, opened)
            yield doc.diag("RS-G019", f"island '{island.id}' can never open: {reason}",
                           ("islands", i, "unlock"))


def _iter_island_refs(rule: Unlock, path: tuple[object, ...]
                      ) -> Iterator[tuple[tuple[object, ...], str]]:
    if isinstance(rule, IslandComplete):
        yield path + ("island_complete",), rule.island
    elif isinstance(rule, (AllOf, AnyOf)):
        key = "all_of" if isinstance(rule, AllOf) else "any_of"
        for i, sub in enumerate(rule.rules):
            yield from _iter_island_refs(sub, path + (key, i))


def _riddles_of(rule: ObjectivesOn, by_number: Mapping[int, list[str]]
                ) -> list[tuple[str, str | None]]:
    """(label, riddle id or None when missing) for each riddle the rule names."""
    if rule.first is None or rule.last is None:
        return [(f"'{rid}'", rid) for rid in rule.ids]
    out: list[tuple[str, str | None]] = []
    for number in range(rule.first, rule.last + 1):
        found = by_number.get(number)
        out.append((f"riddle {number}", found[0] if found else None))
    return out


def _satisfied(rule: Unlock, riddles: Mapping[str, RiddleInfo], by_number: Mapping[int, list[str]],
               island_of: Mapping[str, str], opened: set[str]) -> bool:
    if isinstance(rule, IslandComplete):
        return rule.island in opened
    if isinstance(rule, AllOf):
        return all(_satisfied(r, riddles, by_number, island_of, opened) for r in rule.rules)
    if isinstance(rule, AnyOf):
        return any(_satisfied(r, riddles, by_number, island_of, opened) for r in rule.rules)
    for _, rid in _riddles_of(rule, by_number):
        if rid is None or rid not in riddles or island_of.get(rid) not in opened:
            return False
        if riddles[rid].objectives < rule.at_least:
            return False
    return True


def open_islands(campaign: Campaign, riddles: Mapping[str, RiddleInfo],
                 by_number: Mapping[int, list[str]], island_of: Mapping[str, str]) -> set[str]:
    """Islands that can ever open: a fixed point from the islands open at the start."""
    opened: set[str] = set()
    changed = True
    while changed:
        changed = False
        for island in campaign.islands:
            if island.id in opened:
                continue
            if island.unlock is None or _satisfied(island.unlock, riddles, by_number, island_of,
                                                   opened):
                opened.add(island.id)
                changed = True
    return opened


def explain_unlock(rule: Unlock, campaign: Campaign, riddles: Mapping[str, RiddleInfo],
                   by_number: Mapping[int, list[str]], island_of: Mapping[str, str],
                   opened: set[str]) -> str:
    """Why an unlock rule is never met, in words (the first reason found)."""
    known = {i.id for i in campaign.islands}
    if isinstance(rule, IslandComplete):
        if rule.island not in known:
            return f"it needs island '{rule.island}', which does not exist"
        cycle = _find_cycle(campaign, rule.island, riddles, by_number, island_of, opened)
        if cycle:
            return "its requirements form a cycle: " + " → ".join(cycle)
        return f"it needs island '{rule.island}' complete, which never opens"
    if isinstance(rule, (AllOf, AnyOf)):
        failing = [r for r in rule.rules
                   if not _satisfied(r, riddles, by_number, island_of, opened)]
        reasons = [explain_unlock(r, campaign, riddles, by_number, island_of, opened)
                   for r in failing]
        return reasons[0] if isinstance(rule, AllOf) else " and ".join(reasons)
    for label, rid in _riddles_of(rule, by_number):
        if rid is None or rid not in riddles:
            return f"it needs objectives on {label}, which does not exist"
        where = island_of.get(rid)
        if where is None:
            return f"it needs objectives on {label} ('{rid}'), which is on no island of " \
                   f"this campaign"
        count = riddles[rid].objectives
        if count < rule.at_least:
            return f"it needs {rule.at_least} objectives on {label} ('{rid}'), which has {count}"
        if where not in opened:
            cycle = _find_cycle(campaign, where, riddles, by_number, island_of, opened)
            if cycle:
                return "its requirements form a cycle: " + " → ".join(cycle)
            return f"it needs objectives on {label} ('{rid}'), on island '{where}', which " \
                   f"never opens"
    return "its requirements are never met"


def _depends_on(rule: Unlock | None, by_number: Mapping[int, list[str]],
                island_of: Mapping[str, str]) -> list[str]:
    if rule is None:
        return []
    if isinstance(rule, IslandComplete):
        return [rule.island]
    if isinstance(rule, (AllOf, AnyOf)):
        return [i for r in rule.rules for i in _depends_on(r, by_number, island_of)]
    return [island_of[rid] for _, rid in _riddles_of(rule, by_number)
            if rid is not None and rid in island_of]


def _find_cycle(campaign: Campaign, start: str, riddles: Mapping[str, RiddleInfo],
                by_number: Mapping[int, list[str]], island_of: Mapping[str, str],
                opened: set[str]) -> list[str]:
    """A cycle of requirements among closed islands through ``start`` (empty if none)."""
    deps = {i.id: [d for d in _depends_on(i.unlock, by_number, island_of) if d not in opened]
            for i in campaign.islands if i.id not in opened}
    path: list[str] = []

    def walk(node: str, visiting: set[str]) -> list[str]:
        if node in visiting:
            return path[path.index(node):] + [node]
        visiting.add(node)
        path.append(node)
        for nxt in deps.get(node, []):
            found = walk(nxt, visiting)
            if found:
                return found
        path.pop()
        visiting.discard(node)
        return []

    cycle = walk(start, set())
    return [f"'{name}'" for name in cycle]


def iter_island_membership(riddle: RiddleInfo, doc: Document, campaigns: list[Campaign]
                           ) -> Iterator[Diagnostic]:
    """A riddle's ``island`` against the campaigns (RS-P010, RS-G020, RS-G026)."""
    if not campaigns:
        return
    islands: dict[str, Island] = {}
    for island in (i for c in campaigns for i in c.islands):
        islands.setdefault(island.id, island)  # a repeated id is RS-G022's business
    if riddle.island not in islands:
        yield unknown(doc, "island", riddle.island, ("island",), islands)
        return
    if riddle.id in islands[riddle.island].riddles:
        return
    listing = sorted(i.id for i in islands.values() if riddle.id in i.riddles)
    if listing:
        yield doc.diag("RS-G020", f"the campaign lists this riddle on island '{listing[0]}', "
                       f"not '{riddle.island}'", ("island",), hint=f"write island: {listing[0]}")
    else:
        yield doc.diag("RS-G026", f"island '{riddle.island}' does not list this riddle, so no "
                       "campaign reaches it", ("island",),
                       hint=f"add '{riddle.id}' to the riddles of island '{riddle.island}'")


# -- the constellation tree -----------------------------------------------------------------


def iter_constellation_problems(sky: Constellation, doc: Document, gods: Iterable[str]
                                ) -> Iterator[Diagnostic]:
    """Polaris, ids, references (RS-G022, RS-P010) and gods cut off from Polaris (RS-G021)."""
    god_ids = set(gods)
    nodes: dict[str, int] = {}
    for i, node in enumerate(sky.nodes):
        if node.id in nodes:
            yield doc.diag("RS-G022", f"node id '{node.id}' is used twice", ("nodes", i, "id"))
            continue
        nodes[node.id] = i
        if node.god is not None and node.god not in god_ids:
            yield unknown(doc, "god", node.god, ("nodes", i, "god"), god_ids)
        if node.god is not None and node.polaris:
            yield doc.diag("RS-G022", "Polaris is the centre, not a god's constellation",
                           ("nodes", i, "polaris"))
    polaris = [i for i, n in enumerate(sky.nodes) if n.polaris]
    if not polaris:
        yield doc.diag("RS-G022", "the tree has no Polaris", ("nodes",), key=True,
                       hint="add a node with 'polaris: true'")
    for i in polaris[1:]:
        yield doc.diag("RS-G022", "a second Polaris", ("nodes", i, "polaris"),
                       hint="the tree has one centre")
    links: dict[str, set[str]] = {n: set() for n in nodes}
    for i, p in enumerate(sky.paths):
        a, b = p.ends
        bad = False
        for j, end in enumerate(p.ends):
            if end not in nodes:
                bad = True
                yield unknown(doc, "node", end, ("paths", i, "between", j), nodes)
        if a == b:
            yield doc.diag("RS-G022", f"path from '{a}' to itself", ("paths", i, "between"))
        elif not bad:
            links[a].add(b)
            links[b].add(a)
    arrows: dict[str, int] = {}
    for i, arrow in enumerate(sky.arrows):
        if arrow.id in arrows:
            yield doc.diag("RS-G022", f"arrow id '{arrow.id}' is used twice", ("arrows", i, "id"))
        arrows.setdefault(arrow.id, i)
        if arrow.toward not in nodes:
            yield unknown(doc, "node", arrow.toward, ("arrows", i, "toward"), nodes)
    stars: set[str] = set()
    for i, star in enumerate(sky.stars):
        if star.id in stars:
            yield doc.diag("RS-G022", f"star id '{star.id}' is used twice", ("stars", i, "id"))
        stars.add(star.id)
        for j, aid in enumerate(star.arrows):
            if aid not in arrows:
                yield unknown(doc, "arrow", aid, ("stars", i, "arrows", j), arrows)
    if len(polaris) != 1:
        return
    centre = sky.nodes[polaris[0]].id
    seen = {centre}
    frontier = [centre]
    while frontier:
        for nxt in sorted(links[frontier.pop()]):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    for node_id, i in nodes.items():
        node = sky.nodes[i]
        if node.god is not None and node_id not in seen:
            yield doc.diag("RS-G021", f"no path of diamonds joins '{node_id}' ({node.god}) to "
                           "Polaris: this god can never become friendly", ("nodes", i, "id"))



# -- difficulty along an island -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RiddleDifficulty:
    """What the island difficulty check needs of one riddle's one-player results.

    ``hardest`` is the most turns among its solved objectives (None: none solved);
    ``estimate_gap`` and ``trap_rate`` are the largest over its solved objectives
    (:mod:`.measures`), None when not measured.
    """

    riddle: str
    hardest: int | None
    hardest_tier: str = ""
    estimate_gap: int | None = None
    trap_rate: float | None = None


def iter_island_difficulty(campaign: Campaign, doc: Document,
                           riddles: Mapping[str, RiddleDifficulty]) -> Iterator[Diagnostic]:
    """In campaign order, a riddle whose hardest objective takes fewer turns than the
    hardest of the riddle before it on the island (RS-G108, at the riddle in the
    island's list), and an island whose riddles all have estimate gap 0 and trap
    rate 0 (RS-G109, a note at the island's list). Riddles without a result are
    skipped (the riddle before a skipped one stays the one compared).

    >>> from generator.pack.yamlload import load_yaml
    >>> yaml = load_yaml("islands:\\n  - {id: isle, riddles: [a, b]}\\n", "c.yaml").documents[0]
    >>> isle = Campaign("c", "C", (Island("isle", "Isle", ("a", "b")),))
    >>> [(d.code, d.line, d.col) for d in iter_island_difficulty(
    ...     isle, Document("campaign", "c", "c.yaml", yaml),
    ...     {"a": RiddleDifficulty("a", 5, "gold"), "b": RiddleDifficulty("b", 3, "heroic")})]
    [('RS-G108', 2, 29)]
    """
    for i, island in enumerate(campaign.islands):
        before: RiddleDifficulty | None = None
        for j, rid in enumerate(island.riddles):
            here = riddles.get(rid)
            if here is None or here.hardest is None:
                continue
            if before is not None and before.hardest is not None \
                    and here.hardest < before.hardest:
                yield doc.diag("RS-G108", f"riddle '{rid}' on island '{island.id}' is easier "
                               f"than '{before.riddle}' before it: its hardest objective "
                               f"({here.hardest_tier}) takes {here.hardest} turns, "
                               f"'{before.riddle}'s ({before.hardest_tier}) {before.hardest}",
                               ("islands", i, "riddles", j),
                               hint="reorder the island's riddles, or make this one longer")
            before = here
        known = [riddles.get(rid) for rid in island.riddles]
        if known and all(d is not None and d.hardest is not None and d.estimate_gap == 0
                         and d.trap_rate == 0 for d in known):
            yield doc.diag("RS-G109", f"island '{island.id}': on each of its {len(known)} "
                           "riddles the shortest line is the obvious count (estimate gap 0) "
                           "and the greedy move never misses par (trap rate 0)",
                           ("islands", i, "riddles"))


__all__ = [
    "RiddleDifficulty", "iter_island_difficulty",
    "RiddleInfo", "explain_unlock", "iter_campaign_problems", "iter_constellation_problems",
    "iter_island_membership", "open_islands", "riddle_info",
]
