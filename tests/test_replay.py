"""``playtest --replay I`` prints game I of the run as the run played it, on every
system that playtests: its outcome is the run's record for that game."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from generator.cli import main
from generator.sim.montecarlo import make_rng, run_games

CONTENT = Path(__file__).resolve().parents[1] / "content"


def _replay(pack: str, target: str, index: int, *extra: str) -> str:
    result = CliRunner().invoke(main, ["playtest", str(CONTENT / pack), target, "--replay",
                                       str(index), "--seed", "4", *extra])
    assert result.exit_code == 0, result.output
    return result.output


def test_tower_replays_are_the_runs_games() -> None:
    from generator.systems.tower.playtest import TowerGames, load_game, name_loss

    game, _ = load_game(CONTENT / "tower", "lamp-street")
    play = TowerGames(game, "greedy").prepare()
    records = [play(make_rng(4, i)) for i in range(6)]
    assert Counter(records) == Counter(dict(run_games(TowerGames(game, "greedy"), 6, 4).counts))
    for i in (0, 5):
        last = _replay("tower", "lamp-street", i).strip().splitlines()[-1]
        won, lost, rounds = records[i][0], records[i][1], records[i][2]
        assert last == (f"won in {rounds} round{'s' if rounds != 1 else ''}" if won
                        else f"lost in round {rounds}: {name_loss(lost)}")


def test_glyph_replays_are_the_runs_games() -> None:
    from generator.systems.glyphs.playtest import GlyphGames, _table_of

    _, _, table, _ = _table_of(CONTENT / "glyphs", "glyph-game", "drowned-antechamber")
    assert table is not None
    sim = GlyphGames(table, 2, "planner")
    records = [sim(make_rng(4, i)) for i in range(3)]
    assert Counter(records) == Counter(dict(run_games(sim, 3, 4).counts))
    for i in range(3):
        out = _replay("glyphs", "drowned-antechamber", i, "--degree", "2")
        won, turns, solved, _ = records[i]
        assert re.search(rf"^{'won' if won else 'lost'} on turn {turns} with {solved} riddle",
                         out, re.M), out[-300:]


def test_role_replays_are_the_runs_games() -> None:
    from generator.systems.roles.content import read_pack
    from generator.systems.roles.content import compile_deals
    from generator.systems.roles.playout import DealGames
    from tests.systems.roles.conftest import load_pack

    cards, _, games = read_pack(load_pack(CONTENT / "roles"))
    tables = compile_deals(games[0][0], cards)[1]
    play = DealGames(tables, "greedy", 2).prepare()
    for i in (0, 77):
        _, record = play(make_rng(4, i), i)
        out = _replay("roles", "harbour-lights", i)
        assert f"deal {i % len(tables)}:" in out.splitlines()[0]
        assert out.strip().splitlines()[-1] == (
            f"player {record.winner + 1} wins in round {record.rounds} ({record.win_type})"
            if record.winner >= 0 else f"no winner after {record.rounds} rounds")


def test_replay_plays_one_game_only() -> None:
    result = CliRunner().invoke(main, ["playtest", str(CONTENT / "glyphs"),
                                       "drowned-antechamber", "--replay", "1", "--policy",
                                       "random", "--policy", "planner"])
    assert result.exit_code == 2 and "one game" in result.output
    result = CliRunner().invoke(main, ["playtest", str(CONTENT / "tower"), "lamp-street",
                                       "--replay", "-1"])
    assert result.exit_code == 2
