"""Riddle models: the map becomes the engine's geometry and set-up, and a model
written back as data builds into an equal model."""
from __future__ import annotations

import json

import pytest

from generator.engine import NO_SQUARE, State, Stockpile, height_at
from generator.pack.model import Document
from generator.pack.yamlload import load_yaml
from generator.systems.riddle.goals.all_of import AllOfGoal
from generator.systems.riddle.goals.slots import SlotsGoal
from generator.systems.riddle.goals.stand import StandGoal
from generator.systems.riddle.goals.within import WithinGoal
from generator.systems.riddle.box import build_blessing, build_die, build_god
from generator.systems.riddle.campaign import (
    AllOf,
    IslandComplete,
    ObjectivesOn,
    build_campaign,
    build_constellation,
    read_unlock,
)
from generator.systems.riddle.model import BASE_GAME_PIECES, build_riddle, dump_riddle
from generator.systems.riddle.templates import STARTER_GODS, TEMPLATES, starter_files

from .test_riddle_checks import RIDDLE


def document(text: str, kind: str = "riddle") -> Document:
    doc = load_yaml(text, "t.yaml").documents[0]
    return Document(kind, doc.data["id"], "t.yaml", doc)


def riddle_of(text: str):  # type: ignore[no-untyped-def]
    riddle, diags = build_riddle(document(text), text)
    assert riddle is not None and diags == [], diags
    return riddle


def test_map_becomes_geometry_and_setup() -> None:
    r = riddle_of(RIDDLE)
    g = r.board.geometry
    assert (g.width, g.height) == (5, 5)
    assert g.names(~g.land & ((1 << 25) - 1)) == ("B1", "B2", "B3", "A5", "B5")
    assert g.bridges == ((g.square("A2"), g.square("C2")),)
    assert g.move_neighbours[g.square("A2")] >> g.square("C2") & 1
    assert not g.build_neighbours[g.square("A2")] >> g.square("C2") & 1
    assert [g.name(sq) for sq in r.board.workers] == ["C2", "A3", "D3", "D4"]
    assert (g.name(r.board.king), g.name(r.board.sphinx)) == ("E1", "E5")
    assert g.names(r.board.tokens) == ("B4",)
    assert [(g.name(f.square), f.name) for f in r.board.features] == [("E3", "Beacon")]
    state = r.board.state()
    assert isinstance(state, State)
    assert height_at(state, g.square("D2")) == 1 and height_at(state, g.square("C3")) == 2
    assert state.workers == r.board.workers and state.king == r.board.king


def test_towers_of_four_are_domed_three_block_towers() -> None:
    r = riddle_of(RIDDLE.replace("    . ~ W 1 .", "    . ~ W 4 ."))
    g = r.board.geometry
    sq = g.square("D2")
    assert r.board.heights[sq] == 3 and r.board.domes == 1 << sq


def test_objectives_compile_to_goals_with_slots() -> None:
    text = RIDDLE.replace("    slots: {gold: 1}\n",
                          "    slots: {gold: 1}\n    goal: {within: 6}\n")
    r = riddle_of(text)
    silver, gold, heroic = r.objectives
    assert silver.goal == SlotsGoal(2, 0, 0) and silver.slots == (2, 0)
    assert silver.reward is not None and silver.reward.piece == "any"
    assert gold.goal == AllOfGoal((SlotsGoal(0, 1, 1), WithinGoal(6))) and gold.slots == (0, 1)
    assert heroic.goal == StandGoal("worker", 2, r.board.geometry.square("E3"))
    assert heroic.slots == (0, 0) and heroic.ends and r.ending() == 2


def test_several_goal_names_must_all_hold() -> None:
    r = riddle_of(RIDDLE.replace("goal: {stand: {figure: worker, at: E3, level: 2}}",
                                 "goal: {stand: {figure: worker, at: E3, level: 2}, within: 9}"))
    assert r.objectives[2].goal == AllOfGoal((StandGoal("worker", 2, r.board.geometry.square(
        "E3")), WithinGoal(9)))


def test_missing_stockpile_is_the_full_box_and_expert_merges() -> None:
    text = RIDDLE.replace("stockpile: {level1: 4, level2: 3, level3: 2, dome: 1}\n", "")
    text += "expert:\n  stockpile: {level1: 2}\n  turn_limit: 9\n"
    r = riddle_of(text)
    assert r.stockpile == BASE_GAME_PIECES
    assert r.expert is not None
    assert r.expert.stockpile == Stockpile(2, 18, 14, 18) and r.expert.turn_limit == 9


def test_unreadable_grid_gives_no_model() -> None:
    riddle, diags = build_riddle(document(RIDDLE.replace(". ~ W 1 .", ". ~ W ? .")), RIDDLE)
    assert riddle is None and [d.code for d in diags] == ["RS-G001"]


EVERYTHING = RIDDLE.replace("  - step-toward-closest-worker: {figure: sphinx}\n", """\
  - remove-top: {at: D2, to: stockpile}
  - sink: {at: A1, turn: 3}
  - stockpile-add: {piece: dome, count: 2}
  - stockpile-remove: {piece: level1}
  - step-toward-closest-worker: {figure: king}
solver: {horizon: 9, nodes: 5000, expect: {heroic: 4}}
blessings: [second-wind]
die: sphinx-die
turn_limit: 20
rules: {en: Careful., fr: Prudence.}
expert: {stockpile: {dome: 0}, turn_limit: 12, end_of_turn: [{remove-top: {at: C3}}], text: Hard.}
""")


@pytest.mark.parametrize("text", [
    RIDDLE,
    TEMPLATES["riddle"].split("\n", 1)[1].replace("{id}", "tpl"),
    starter_files("x")["riddles/first-light.yaml"],
    EVERYTHING,
], ids=["test", "template", "starter", "everything"])
def test_model_round_trip(text: str) -> None:
    first = riddle_of(text)
    data = dump_riddle(first)
    again = riddle_of(json.dumps(data))
    assert again == first
    assert dump_riddle(again) == data


def test_other_kinds_build() -> None:
    gods = [Document("god", d.data["id"], "g.yaml", d)
            for d in load_yaml(STARTER_GODS, "g.yaml").documents]
    atlas = build_god(gods[0])
    assert (atlas.type, atlas.pieces, atlas.power) == ("builder", Stockpile(0, 0, 0, 1),
                                                       "dome-at-any-level")
    files = starter_files("x")
    die = build_die(document(files["dice/sphinx-die.yaml"], "die"))
    assert len(die.faces) == 6 and die.gems == ("red", "green", "blue")
    blessing = build_blessing(document(files["blessings/starter.yaml"].split("---")[0],
                                       "blessing"))
    assert (blessing.number, blessing.effect) == (1, "extra-build")
    campaign = build_campaign(document(files["campaigns/adventure.yaml"], "campaign"))
    assert campaign.islands[0].riddles == ("first-light",)
    sky = build_constellation(document(files["constellations/sky.yaml"], "constellation"))
    assert sky.blessing_score == 8 and [n.polaris for n in sky.nodes] == [True, False, False]
    assert sky.stars[0].arrows == ("to-atlas", "to-hermes", "to-hermes-again")


def test_unlock_rules() -> None:
    assert read_unlock({"objectives_on": {"riddles": "7"}}) == ObjectivesOn(7, 7, (), 1)
    assert read_unlock({"objectives_on": {"riddles": ["a", "b"], "at_least": 2}}) \
        == ObjectivesOn(None, None, ("a", "b"), 2)
    assert read_unlock({"all_of": [{"island_complete": "x"}]}) == AllOf((IslandComplete("x"),))


def test_figures_absent_are_no_square() -> None:
    r = riddle_of(RIDDLE.replace("    . ~ . . K", "    . ~ . . .").replace(
        "    ~ ~ . . S", "    ~ ~ . . ."))
    assert r.board.king == NO_SQUARE and r.board.sphinx == NO_SQUARE
