"""``solve`` and ``playtest`` reach a system through the commands it registers only."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CONTENT
from generator import commands
from generator.cli import main
from generator.registry import discover_systems, load_registry
from generator.systems import Command, CommandOption, CommandRequest


def test_cli_source_names_no_game_system() -> None:
    source = (CONTENT.parent / "generator" / "cli.py").read_text(encoding="utf-8")
    for name in discover_systems():
        assert f"systems.{name}" not in source
        assert f"systems import {name}" not in source


def test_playtest_help_lists_every_installed_policy() -> None:
    out = CliRunner().invoke(main, ["playtest", "--help"]).output
    help_text = " ".join(out.split())
    playtests = load_registry().commands_of("playtest")
    assert sorted(playtests) == ["glyphs", "roles", "tower"]
    for name, offered in playtests.items():
        assert f"{name}: {', '.join(offered.policies)}" in help_text


def _fake_playtest(request: CommandRequest) -> tuple[int, str]:
    return 0, f"{request.target} {request.values['policy']} {request.values.get('level')}"


def test_a_third_party_system_gets_the_command_with_its_default_policy() -> None:
    registry = load_registry()
    registry.claim(registry.commands, "command 'playtest' of kind 'riddle'", ("playtest", "riddle"),
                   "fake", Command("playtest", ("riddle",), _fake_playtest,
                                   (CommandOption("level", "a level", minimum=1, maximum=3),),
                                   policies=("careful", "bold")))
    request = CommandRequest(str(CONTENT / "riddles"), "driftwood-dawn", values={"level": 2})
    assert commands.run_command("playtest", request, registry) == (0, "driftwood-dawn careful 2")
    options = [(name, o.name) for name, o in commands.command_options("playtest", registry)]
    assert ("fake", "level") in options


@pytest.mark.parametrize("command", ["solve", "playtest"])
def test_unknown_target_is_a_usage_error(command: str) -> None:
    code, text = commands.run_command(command, CommandRequest(str(CONTENT / "fragments"), "nope"))
    assert code == 2 and "nope" in text and "\n" not in text


def test_tower_playtest_through_the_cli_keeps_its_json_shape() -> None:
    out = CliRunner().invoke(main, ["playtest", str(CONTENT / "tower"), "fish-steps", "--games",
                                    "5", "--jobs", "1", "--format", "json"])
    assert out.exit_code == 0
    assert '"scenario": "fish-steps"' in out.output and '"policy": "greedy"' in out.output


def test_a_target_of_the_other_command_is_pointed_to_it() -> None:
    from generator.cli import main

    content = Path(__file__).resolve().parents[1] / "content"
    out = CliRunner().invoke(main, ["playtest", str(content / "riddles"), "sinking-quay"])
    assert out.exit_code == 2
    assert "'sinking-quay' is a riddle: riddlesmith solve" in out.output
    out = CliRunner().invoke(main, ["solve", str(content / "tower"), "fish-steps"])
    assert out.exit_code == 2
    assert "'fish-steps' is a tower-scenario: riddlesmith playtest" in out.output
