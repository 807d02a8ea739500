"""Steering the command line: --quiet, --verbose, progress lines, listings in --help,
"did you mean" for mistyped names."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from conftest import CONTENT, write_pack
from generator.cli import main

WARNS = {"cards/x.yaml": "kind: fragment-card\nid: x\ntext: It hums at night.\n"}  # RS-F003


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def test_quiet_lists_errors_only_and_counts_the_rest(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "p", WARNS)
    code, out = run("check", str(pack))
    assert code == 0 and "RS-F003" in out
    code, out = run("check", str(pack), "--quiet")
    assert code == 0 and "RS-F003" not in out and "1 warning" in out
    code, out = run("check", str(pack), "--quiet", "--strict")  # warnings fail: show them
    assert code == 1 and "RS-F003" in out
    code, out = run("check", str(pack), "-q", "-v")
    assert code == 2 and "cannot be used together" in out


def test_progress_lines_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "p", {})
    done = subprocess.run([sys.executable, "-m", "generator.cli", "check", str(pack)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    lines = done.stderr.splitlines()
    assert lines and all(ln.startswith("[") and "s] checking test-pack" in ln for ln in lines), lines
    assert "\r" not in done.stderr
    quiet = subprocess.run([sys.executable, "-m", "generator.cli", "check", str(pack), "--quiet"],
                           capture_output=True, text=True, timeout=120)
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_verbose_build_lists_files(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "p", {})
    code, out = run("build", str(pack), "--out", str(tmp_path / "out"), "-v")
    assert code == 0 and "checking test-pack" in out and "  print/cards-duplex.pdf" in out


def test_help_lists_systems_kinds_and_policies() -> None:
    words = " ".join(run("init", "--help")[1].split())  # help text wraps at any width
    assert "fragments, glyphs, riddle, roles, tower" in words
    for command in ("new", "schema"):
        out = run(command, "--help")[1]
        assert "Document kinds, by system" in out and "tower-scenario" in out and "when-card" in out
    playtest = " ".join(run("playtest", "--help")[1].split())
    assert "roles: greedy, random, lookahead" in playtest and "tower: greedy, lookahead, lookahead_all, random" in playtest


def test_did_you_mean() -> None:
    assert "did you mean 'fragments'?" in run("init", "x", "--system", "fragmnets")[1]
    assert "did you mean 'when-card'?" in run("schema", "wen-card")[1]
    assert "did you mean 'tower-scenario'?" in run("new", "tower-scenaro", "x")[1]
    code, out = run("solve", str(CONTENT / "riddles"), "gate-of-questons")
    assert code == 2 and "did you mean 'gate-of-questions'?" in out
    code, out = run("playtest", str(CONTENT / "tower"), "fish-step", "--games", "2")
    assert code == 2 and "did you mean 'fish-steps'?" in out
