"""What the box brings beside the riddles, read from their documents: god cards (with
the quest the solver plays), blessing cards and the Sphinx's die. Plain reads of
schema-valid data: the schemas already say everything."""
from __future__ import annotations

from dataclasses import dataclass

from generator.engine.state import Stockpile
from generator.pack.model import Document
from generator.systems.riddle.model import Reward, Text, freeze_text, read_reward, stockpile_of
from generator.systems.riddle.quests import DEFAULT_QUEST, RAISE_TO_LEVEL, Quest


@dataclass(frozen=True, slots=True)
class GodCard:
    id: str
    name: Text
    type: str  # mover | builder | specialist
    pieces: Stockpile  # what the card brings from the box when selected
    power: str  # the power's id (what a solver implements)
    power_text: Text
    number: int | None = None
    quest_text: Text | None = None  # None: the default quest's printed text
    reward_text: Text | None = None
    quest_id: str | None = None  # the quest the solver plays (None: the default)
    quest: Quest = Quest()


def build_god(doc: Document) -> GodCard:
    d = doc.data
    quest = d.get("quest", {})
    reward = quest.get("reward")
    piece = "any"
    if isinstance(reward, dict) and "text" in reward:  # {text, piece}, not a language map
        piece = reward.get("piece", "any")
        reward = reward["text"]
    return GodCard(doc.id, freeze_text(d["name"]), d["type"], stockpile_of(d["pieces"]),
                   d["power"]["id"], freeze_text(d["power"]["text"]), d.get("number"),
                   freeze_text(quest["text"]) if "text" in quest else None,
                   freeze_text(reward) if reward is not None else None,
                   quest.get("id"),
                   Quest(quest.get("id", DEFAULT_QUEST), quest.get("level", RAISE_TO_LEVEL), piece))


@dataclass(frozen=True, slots=True)
class BlessingCard:
    id: str
    number: int
    text: Text
    effect: str
    name: Text | None = None


def build_blessing(doc: Document) -> BlessingCard:
    d = doc.data
    return BlessingCard(doc.id, d["number"], freeze_text(d["text"]), d["effect"],
                        freeze_text(d["name"]) if "name" in d else None)


@dataclass(frozen=True, slots=True)
class DieFace:
    colour: str
    reward: Reward | None = None


@dataclass(frozen=True, slots=True)
class Die:
    id: str
    faces: tuple[DieFace, ...]
    gems: tuple[str, ...]


DEFAULT_GEMS = 3
"""Gems of the Sphinx's game when a riddle names no die."""


def build_die(doc: Document) -> Die:
    d = doc.data
    faces = tuple(DieFace(f["colour"], read_reward(f.get("reward"))) for f in d["faces"])
    return Die(doc.id, faces, tuple(d["gems"]))


__all__ = [
    "BlessingCard", "DEFAULT_GEMS", "Die", "DieFace", "GodCard", "build_blessing", "build_die",
    "build_god",
]
