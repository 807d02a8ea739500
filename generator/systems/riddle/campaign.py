"""The documents that tie riddles together, read from schema-valid data: a campaign's
islands with their unlock rules, and the constellation tree of gods around Polaris.
Their checks are in :mod:`.campaign_checks`."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.pack.model import Document
from generator.systems.riddle.model import Text, freeze_text


@dataclass(frozen=True, slots=True)
class ObjectivesOn:
    """Objectives shaded on riddles given by number range or by id."""

    first: int | None
    last: int | None
    ids: tuple[str, ...]
    at_least: int = 1


@dataclass(frozen=True, slots=True)
class IslandComplete:
    island: str


@dataclass(frozen=True, slots=True)
class AllOf:
    rules: tuple[Unlock, ...]


@dataclass(frozen=True, slots=True)
class AnyOf:
    rules: tuple[Unlock, ...]


Unlock = ObjectivesOn | IslandComplete | AllOf | AnyOf


def read_unlock(data: Mapping[str, Any]) -> Unlock:
    """An unlock rule from its schema-valid mapping.

    >>> read_unlock({"objectives_on": {"riddles": "1-20"}})
    ObjectivesOn(first=1, last=20, ids=(), at_least=1)
    """
    (name, value), = data.items()
    if name == "island_complete":
        return IslandComplete(value)
    if name in ("all_of", "any_of"):
        rules = tuple(read_unlock(v) for v in value)
        return AllOf(rules) if name == "all_of" else AnyOf(rules)
    riddles = value["riddles"]
    at_least = value.get("at_least", 1)
    if isinstance(riddles, str):
        first, _, last = riddles.partition("-")
        return ObjectivesOn(int(first), int(last or first), (), at_least)
    return ObjectivesOn(None, None, tuple(riddles), at_least)


@dataclass(frozen=True, slots=True)
class Island:
    id: str
    name: Text
    riddles: tuple[str, ...]
    unlock: Unlock | None = None


@dataclass(frozen=True, slots=True)
class Campaign:
    id: str
    title: Text
    islands: tuple[Island, ...]


def build_campaign(doc: Document) -> Campaign:
    d = doc.data
    islands = tuple(Island(i["id"], freeze_text(i["name"]), tuple(i.get("riddles", ())),
                           read_unlock(i["unlock"]) if "unlock" in i else None)
                    for i in d["islands"])
    return Campaign(doc.id, freeze_text(d["title"]), islands)


@dataclass(frozen=True, slots=True)
class SkyNode:
    id: str
    god: str | None = None
    polaris: bool = False


@dataclass(frozen=True, slots=True)
class SkyPath:
    ends: tuple[str, str]
    diamonds: int


@dataclass(frozen=True, slots=True)
class Arrow:
    id: str
    toward: str


@dataclass(frozen=True, slots=True)
class Star:
    id: str
    arrows: tuple[str, ...]


DEFAULT_BLESSING_SCORE = 8
"""RULES 1: the blessing score starts at 8 (Polaris)."""


@dataclass(frozen=True, slots=True)
class Constellation:
    id: str
    nodes: tuple[SkyNode, ...]
    paths: tuple[SkyPath, ...]
    arrows: tuple[Arrow, ...]
    stars: tuple[Star, ...]
    blessing_score: int = DEFAULT_BLESSING_SCORE


def build_constellation(doc: Document) -> Constellation:
    d = doc.data
    return Constellation(
        doc.id,
        tuple(SkyNode(n["id"], n.get("god"), bool(n.get("polaris", False))) for n in d["nodes"]),
        tuple(SkyPath((p["between"][0], p["between"][1]), p["diamonds"])
              for p in d.get("paths", ())),
        tuple(Arrow(a["id"], a["toward"]) for a in d.get("arrows", ())),
        tuple(Star(s["id"], tuple(s["arrows"])) for s in d.get("stars", ())),
        d.get("blessing_score", DEFAULT_BLESSING_SCORE),
    )


__all__ = [
    "AllOf", "AnyOf", "Arrow", "Campaign", "Constellation", "DEFAULT_BLESSING_SCORE", "Island",
    "IslandComplete", "ObjectivesOn", "SkyNode", "SkyPath", "Star", "Unlock", "build_campaign",
    "build_constellation", "read_unlock",
]
