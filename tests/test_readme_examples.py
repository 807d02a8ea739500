"""The README's worked examples, run as written from the repository's root: each
prints the lines the README shows under it."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main

REPO = Path(__file__).resolve().parent.parent


def _examples() -> list[tuple[list[str], list[str]]]:
    readme = (REPO / "README.md").read_text("utf-8")
    section = readme[readme.index("## Worked examples"):readme.index("## Command reference")]
    out = []
    for block in re.findall(r"```console\n(.*?)```", section, flags=re.S):
        first, *shown = block.rstrip("\n").split("\n")
        assert first.startswith("$ riddlesmith ")
        out.append((shlex.split(first[len("$ riddlesmith "):]), shown))
    return out


EXAMPLES = _examples()


@pytest.mark.parametrize("args, shown", EXAMPLES, ids=[" ".join(a[:3]) for a, _ in EXAMPLES])
def test_each_worked_example_prints_what_the_readme_shows(
        args: list[str], shown: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    if args[0] == "playtest":
        args = [*args, "--jobs", "1"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    printed = result.output.splitlines()
    # Timings vary: the seconds in parentheses are not compared.
    strip = lambda line: re.sub(r"\d+\.\d+ s\)", "s)", line)  # noqa: E731
    assert [strip(x) for x in printed[:len(shown)]] == [strip(x) for x in shown]
