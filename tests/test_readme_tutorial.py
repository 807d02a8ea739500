"""The README's five-minute tutorial, followed as written: what it says you will see,
you see."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main

REPO = Path(__file__).resolve().parent.parent


def _tutorial() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return readme[readme.index("## A five-minute tutorial"):readme.index("## Command reference")]


def _blocks(section: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", section, flags=re.S)


def test_the_tutorial_shows_what_a_newcomer_sees(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    section = _tutorial()
    commands = [line.split("#")[0].split() for line in _blocks(section, "sh")[0].splitlines()]
    promised = {line.split("#")[0].strip(): line.split("#", 1)[1].strip()
                for line in _blocks(section, "sh")[0].splitlines() if "#" in line}
    runner = CliRunner()
    monkeypatch.chdir(tmp_path)
    for argv in commands:
        if argv[:1] == ["cd"]:
            monkeypatch.chdir(Path.cwd() / argv[1])
            continue
        if argv[0] != "riddlesmith":
            continue
        result = runner.invoke(main, argv[1:])
        assert result.exit_code == 0, (argv, result.output)
        said = promised.get(" ".join(argv), "")
        if said.startswith('"'):
            assert said.strip('"') in result.stdout, (argv, result.stdout)
    # The edit the tutorial asks for: the lines it shows replace the document, the
    # schema comment on the first line stays.
    card = Path("cards/hums-at-night.yaml")
    first = card.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server:")
    card.write_text(first + "\n" + _blocks(section, "yaml")[0], encoding="utf-8")
    result = runner.invoke(main, ["check"])
    assert result.exit_code == 1
    shown = _blocks(section, "text")[0].splitlines()
    assert shown[0] == "$ riddlesmith check"
    expected = [line for line in shown[1:] if line != "..."]
    assert result.stdout.splitlines()[:len(expected)] == expected, result.stdout
    # The fix it names, then the build and the sheet it opens.
    fix = re.search(r"Fix it \(`([^`]*)`\)", section)
    assert fix is not None
    text = card.read_text(encoding="utf-8")
    card.write_text(re.sub(r"(?m)^txt: .*$", fix.group(1), text), encoding="utf-8")
    result = runner.invoke(main, ["build"])
    assert result.exit_code == 0, result.output
    opened = re.search(r"xdg-open (\S+)", section)
    assert opened is not None and Path(opened.group(1)).is_file()
    calibration = re.search(r"Print `(print/calibration\.pdf)`", section)
    assert calibration is not None
    assert (Path(opened.group(1)).parent.parent / calibration.group(1)).is_file()
