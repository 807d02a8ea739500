"""Issue 8: never lose a user's files, never trust a cache, clear messages for the
environment's refusals (output folder, report file).

The build's output writer is tested end to end through the command line and,
for kills at every step of a swap, through :mod:`generator.output` run in a
child process that is sent a real SIGKILL at a named step.
"""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import REPO, write_pack
from generator import cachefile, output
from generator.cli import main
from generator.sim.executors import InProcessExecutor, LocalPoolExecutor
from generator.systems.tower import sim_checks
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.registry import discover_systems
from generator.systems.tower.engine import Game
from generator.systems.tower.model import build_scenario, compile_game
from generator.systems.tower.rules import BASE_RULES
from generator.systems.tower.sim_checks import SimSettings


SCRIPT = Path(sys.executable).with_name("riddlesmith")
RIDDLESMITH = [str(SCRIPT)] if SCRIPT.is_file() else [sys.executable, "-m", "generator.entry"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative path -> bytes)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pack folder ``test-pack`` (the folder is named like its id) and its output."""
    root = tmp_path_factory.mktemp("built")
    pack = write_pack(root / "test-pack")
    code, out = run("build", str(pack), "--out", str(root / "out"), "--no-cache")
    assert code == 0, out
    return root


@pytest.fixture()
def work(built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(built, tmp_path, dirs_exist_ok=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


# -- §1 the pack's own folder ------------------------------------------------------------


@pytest.mark.parametrize("where, out", [
    ("test-pack", ".."),  # cd my-deck && riddlesmith build --out ..
    ("test-pack", "."),  # the output folder would be the pack folder itself
    (".", "."),  # from the pack's parent: OUT/<pack-id> is the pack
    (".", "test-pack/.."),
])
def test_build_never_replaces_or_writes_into_the_pack_folder(
        work: Path, monkeypatch: pytest.MonkeyPatch, where: str, out: str) -> None:
    before = tree(work / "test-pack")
    monkeypatch.chdir(work / where)
    code, text = run("build", str(work / "test-pack"), "--out", out, "--no-cache")
    assert code == 2, text
    assert "pack folder" in text.splitlines()[-1]
    assert tree(work / "test-pack") == before


def test_empty_out_is_a_usage_error(work: Path) -> None:
    before = tree(work / "test-pack")
    code, text = run("build", "test-pack", "--out", "", "--no-cache")
    assert code == 2 and "--out is empty" in text
    assert tree(work / "test-pack") == before


def test_output_inside_an_ancestor_of_a_pack_is_refused(work: Path) -> None:
    # A pack whose id names the folder that holds another pack.
    outer = write_pack(work / "outer", {"pack.yaml": "kind: pack\nid: nest\ntitle: T\n"
                                        "version: 1.0.0\nsystems: [fragments]\nlanguages: [en]\n"
                                        "include: [game.yaml, cards/*.yaml]\n"})
    write_pack(work / "out2" / "nest" / "inner")
    before = tree(work / "out2")
    for force in ([], ["--force"]):
        code, text = run("build", str(outer), "--out", "out2", "--no-cache", *force)
        assert code == 2 and "it holds a pack (inner/pack.yaml)" in one_message(text)
        assert tree(work / "out2") == before


# -- §1 folders a build did not make ------------------------------------------------------


def test_unrelated_folder_is_refused_unless_forced(work: Path) -> None:
    shutil.rmtree(work / "out" / "test-pack")
    (work / "out" / "test-pack").mkdir()
    (work / "out" / "test-pack" / "thesis.tex").write_text("years of work")
    code, text = run("build", "test-pack", "--out", "out", "--no-cache")
    assert code == 2, text
    [line] = [t for t in text.splitlines() if t.startswith("riddlesmith:")]
    assert "out/test-pack" in line and "--force" in line and "manifest.json" in line
    assert (work / "out" / "test-pack" / "thesis.tex").read_text() == "years of work"
    code, text = run("build", "test-pack", "--out", "out", "--no-cache", "--force")
    assert code == 0, text
    assert not (work / "out" / "test-pack" / "thesis.tex").exists()
    assert (work / "out" / "test-pack" / "manifest.json").is_file()


def test_a_file_added_to_previous_output_is_not_deleted(work: Path) -> None:
    (work / "out" / "test-pack" / "print" / "notes.txt").write_text("mine")
    code, text = run("build", "test-pack", "--out", "out", "--no-cache")
    assert code == 2 and "print/notes.txt" in text and "no build wrote" in text
    assert (work / "out" / "test-pack" / "print" / "notes.txt").read_text() == "mine"


def test_a_link_or_file_at_the_output_name_is_not_followed(work: Path) -> None:
    shutil.rmtree(work / "out" / "test-pack")
    (work / "elsewhere").mkdir()
    (work / "elsewhere" / "keep.txt").write_text("keep")
    (work / "out" / "test-pack").symlink_to(work / "elsewhere")
    code, text = run("build", "test-pack", "--out", "out", "--no-cache")
    assert code == 2, text
    code, text = run("build", "test-pack", "--out", "out", "--no-cache", "--force")
    assert code == 0, text
    assert (work / "elsewhere" / "keep.txt").read_text() == "keep"  # the link went, not this
    assert not (work / "out" / "test-pack").is_symlink()


def test_previous_output_is_replaced_and_nothing_hidden_stays(work: Path) -> None:
    code, text = run("build", "test-pack", "--out", "out", "--no-cache")
    assert code == 0, text
    assert sorted(p.name for p in (work / "out").iterdir()) == ["test-pack"]


def test_two_packs_with_one_id_are_refused_naming_both(work: Path) -> None:
    shutil.copytree(work / "test-pack", work / "copy")
    code, text = run("build", "test-pack", "copy", "--out", "fresh", "--no-cache")
    assert code == 1, text
    assert "RS-P015" in text and "copy/pack.yaml:2:" in text and "'test-pack'" in text
    assert not (work / "fresh").exists()


def test_two_packs_with_one_id_are_refused_by_the_writer_too(tmp_path: Path) -> None:
    outs = [output.PackOutput("same", (), tmp_path / name) for name in ("a", "b")]
    with pytest.raises(output.OutputError, match="two packs have the id 'same'"):
        output.write_outputs(tmp_path / "out", outs)
    assert not (tmp_path / "out").exists()


# -- §7 the environment refuses -----------------------------------------------------------


def messages(stderr: str) -> list[str]:
    """The lines of standard error that are not progress lines (``[  1.0s] ...``)."""
    return [line for line in stderr.splitlines() if line and not line.startswith("[")]


def one_message(text: str) -> str:
    lines = [t for t in text.splitlines() if t.startswith("riddlesmith:")]
    assert len(lines) == 1 and "internal error" not in text, text
    return lines[0]


@pytest.mark.parametrize("target, reason", [
    ("missing/report.txt", "No such file or directory"),
    ("/dev/full", "No space left on device"),
    ("test-pack/pack.yaml/report.txt", "Not a directory"),
])
def test_report_that_cannot_be_written_is_a_usage_error(work: Path, target: str,
                                                        reason: str) -> None:
    if target == "/dev/full" and not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    for command in ("check", "build"):
        args = [command, "test-pack", "--report", target, "--no-cache"]
        code, text = run(*(args + (["--out", "out"] if command == "build" else [])))
        assert code == 2, text
        line = one_message(text)
        assert target in line and reason in line


def test_report_never_overwrites_a_pack_document(work: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    before = tree(work / "test-pack")
    code, text = run("check", "test-pack", "--report", "test-pack/game.yaml", "--no-cache")
    assert code == 2 and "over a pack document" in one_message(text)
    monkeypatch.chdir(work / "test-pack")
    code, text = run("check", "--report", "pack.yaml", "--no-cache")
    assert code == 2 and "pack.yaml: will not write the report" in one_message(text)
    assert tree(work / "test-pack") == before


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_standard_output_is_a_usage_error(work: Path) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([*RIDDLESMITH, "check", "test-pack", "--no-cache"], cwd=work,
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2
    assert messages(done.stderr) == ["riddlesmith: standard output: cannot write "
                                     "(No space left on device)"]


def test_a_reader_that_stops_early_is_not_an_error_message(work: Path) -> None:
    # `riddlesmith explain | head -3`: the reader closes the pipe; say nothing, as cat does.
    proc = subprocess.Popen([*RIDDLESMITH, "explain"], cwd=work, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    stderr = proc.stderr.read()
    assert proc.wait(timeout=120) == 2
    assert stderr == ""


def chattr(flag: str, *paths: Path) -> bool:
    if shutil.which("chattr") is None:
        return False
    done = subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True)
    return done.returncode == 0


@pytest.mark.skipif(os.geteuid() == 0 and shutil.which("chattr") is None,
                    reason="root ignores permissions and chattr is missing")
def test_read_only_or_immutable_output_is_a_usage_error(work: Path) -> None:
    before = tree(work / "out")
    if os.geteuid() == 0:
        # Root writes through permissions: make the folders immutable instead.
        if not chattr("+i", work / "out" / "test-pack"):
            pytest.skip("this file system has no immutable flag")
        cases = [(work / "out" / "test-pack",)]
    else:
        (work / "out" / "test-pack").chmod(0o555)
        cases = [(work / "out" / "test-pack",)]
    try:
        # The immutable previous output: it cannot be swapped away.
        code, text = run("build", "test-pack", "--out", "out", "--no-cache")
        assert code == 2, text
        line = one_message(text)
        assert "out" in line and ("not permitted" in line or "denied" in line), line
        assert sorted(p.name for p in (work / "out").iterdir()) == ["test-pack"]
    finally:
        if os.geteuid() == 0:
            chattr("-i", *cases[0])
        else:
            (work / "out" / "test-pack").chmod(0o755)
    assert tree(work / "out") == before
    # A read-only (immutable) output folder.
    (work / "ro").mkdir()
    locked = chattr("+i", work / "ro") if os.geteuid() == 0 else True
    if os.geteuid() != 0:
        (work / "ro").chmod(0o555)
    if not locked:
        return
    try:
        code, text = run("build", "test-pack", "--out", "ro", "--no-cache")
        assert code == 2, text
        line = one_message(text)
        assert line.startswith("riddlesmith: ro:") and "cannot write the output" in line, line
    finally:
        if os.geteuid() == 0:
            chattr("-i", work / "ro")
        else:
            (work / "ro").chmod(0o755)
    assert list((work / "ro").iterdir()) == []


# -- §1 kill -9 at every step of the swap -------------------------------------------------

KILLED_WRITER = textwrap.dedent("""
    import hashlib, json, os, signal, sys
    from pathlib import Path
    from generator import output
    from generator.systems import Artefact

    out, version, kill_at, mode = sys.argv[1:5]
    if mode == "rename":
        output.exchange = lambda a, b: False

    def step(name):
        print(name, flush=True)
        if name == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    def artefacts(ident):
        files = [Artefact(f"print/{ident}-{n}.txt", f"{ident} {version} {n}".encode())
                 for n in range(3)]
        entries = [{"path": a.path, "sha256": hashlib.sha256(a.data).hexdigest()}
                   for a in files]
        manifest = json.dumps({"pack": ident, "version": version, "artefacts": entries})
        return (*files, Artefact("manifest.json", manifest.encode()))

    outputs = [output.PackOutput(i, artefacts(i), Path(out).parent / "src" / i)
               for i in ("alpha", "beta")]
    output.write_outputs(Path(out), outputs, step=step)
""")


def write_in_child(out: Path, version: str, kill_at: str = "", mode: str = "exchange"
                   ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", KILLED_WRITER, str(out), version, kill_at, mode],
                          capture_output=True, text=True, cwd=REPO, timeout=60)


def versions(out: Path) -> dict[str, str | None]:
    """Each pack's output version (None: its folder is missing); asserts it is whole."""
    found: dict[str, str | None] = {}
    for ident in ("alpha", "beta"):
        folder = out / ident
        if not folder.exists():
            found[ident] = None
            continue
        manifest = json.loads((folder / "manifest.json").read_text())
        assert output.foreign_entry(folder) is None, folder
        texts = {(folder / e["path"]).read_text().split()[1] for e in manifest["artefacts"]}
        assert texts == {manifest["version"]}, texts  # no file of another version
        found[ident] = manifest["version"]
    return found


STEPS = ["staged:alpha", "staged:beta", "journal", "moved-away:alpha", "swapped:alpha",
         "moved-away:beta", "swapped:beta", "committed"]


@pytest.mark.parametrize("mode", ["exchange", "rename"])
def test_kill_at_every_step_leaves_whole_output_and_the_next_build_recovers(
        tmp_path: Path, mode: str) -> None:
    if mode == "exchange" and not output.exchange(tmp_path, tmp_path):
        pytest.skip("no atomic exchange on this system")
    out = tmp_path / "out"
    done = write_in_child(out, "v1", mode=mode)
    assert done.returncode == 0, done.stderr
    seen = done.stdout.split()
    for kill_at in [s for s in STEPS if mode == "rename" or not s.startswith("moved")]:
        killed = write_in_child(out, "v2", kill_at, mode)
        assert killed.returncode == -9, (kill_at, killed.stdout, killed.stderr)
        state = versions(out)
        # At every instant each name holds a whole output; after the first swap a
        # name may hold the new one (or, between two renames, rest at .old-* briefly).
        if kill_at.startswith("moved-away"):  # only without an atomic exchange
            ident = kill_at.split(":")[1]
            assert state[ident] is None and len(list(out.glob(f".{ident}.old-*"))) == 1
        else:
            assert set(state.values()) <= {"v1", "v2"}, (kill_at, state)
        with output._locked(out, 5):
            output.recover(out)
        after = versions(out)
        expected = "v2" if kill_at == "committed" else "v1"  # all or nothing
        assert after == {"alpha": expected, "beta": expected}, (kill_at, after)
        assert sorted(p.name for p in out.iterdir()) == ["alpha", "beta"], kill_at
        if expected == "v2":  # put v1 back for the next round
            assert write_in_child(out, "v1", mode=mode).returncode == 0
    assert "journal" in seen and "committed" in seen


def test_the_next_build_cleans_leftovers_by_itself(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert write_in_child(out, "v1").returncode == 0
    assert write_in_child(out, "v2", "swapped:alpha", "rename").returncode == -9
    assert any(p.name.startswith(".") for p in out.iterdir())
    done = write_in_child(out, "v3")
    assert done.returncode == 0, done.stderr
    assert versions(out) == {"alpha": "v3", "beta": "v3"}
    assert sorted(p.name for p in out.iterdir()) == ["alpha", "beta"]


def test_a_failed_swap_undoes_the_ones_before_it(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    assert write_in_child(out, "v1").returncode == 0
    real = output._swap_in

    def fail_on_beta(new: Path, target: Path, old: Path, step: output.Step) -> None:
        if target.name == "beta":
            raise PermissionError(1, "Operation not permitted", str(target))
        real(new, target, old, step)

    monkeypatch.setattr(output, "_swap_in", fail_on_beta)
    from generator.systems import Artefact
    outs = [output.PackOutput(i, (Artefact("manifest.json", json.dumps(
        {"version": "v2", "artefacts": []}).encode()),), tmp_path / "src")
        for i in ("alpha", "beta")]
    with pytest.raises(output.OutputError, match="beta: cannot write the output"):
        output.write_outputs(out, outs)
    assert versions(out) == {"alpha": "v1", "beta": "v1"}
    assert sorted(p.name for p in out.iterdir()) == ["alpha", "beta"]


# -- §6 concurrent builds into one folder ---------------------------------------------------


def test_concurrent_writers_wait_for_each_other(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert write_in_child(out, "v1").returncode == 0
    slow = textwrap.dedent("""
        import sys, time
        from generator import output
        real = output.write_outputs
        def slow(*args, **kwargs):
            kwargs["step"] = lambda name: (print(name, flush=True), time.sleep(0.1))
            return real(*args, **kwargs)
        output.write_outputs = slow
    """)
    script = slow + KILLED_WRITER
    procs = [subprocess.Popen([sys.executable, "-c", script, str(out), f"w{i}", "", "exchange"],
                              cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for i in range(3)]
    results = [p.communicate(timeout=60) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], results
    state = versions(out)
    assert state["alpha"] == state["beta"] and state["alpha"] in {"w0", "w1", "w2"}
    assert sorted(p.name for p in out.iterdir()) == ["alpha", "beta"]


def test_a_writer_that_waits_too_long_gives_up_with_a_message(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    with output._locked(out, 1):
        started = time.monotonic()
        with pytest.raises(output.OutputError, match="another riddlesmith build is writing"):
            output.write_outputs(out, [], lock_wait=0.2)
        assert time.monotonic() - started < 5


def test_concurrent_cli_builds_into_one_folder(work: Path) -> None:
    args = [sys.executable, "-m", "generator.cli", "build", "test-pack", "--out", "race",
            "--cache-dir", "cache"]
    procs = [subprocess.Popen(args, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
             for _ in range(2)]
    results = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], results
    assert not any("internal error" in err for _, err in results)
    assert output.foreign_entry(work / "race" / "test-pack") is None
    assert sorted(p.name for p in (work / "race").iterdir()) == ["test-pack"]


# -- §2 caches: tampered summaries, hostile files -------------------------------------------

SMALL = SimSettings(games=40)


def shipped_game() -> Game:
    """The first scenario of the shipped tower pack, under the base rules."""
    loaded = load_packs([REPO / "content" / "tower"], load_schemas(),
                        kinds_of(discover_systems()))
    doc = min(loaded.packs[0].of_kind("tower-scenario"), key=lambda d: d.id)
    scenario = build_scenario(doc)[0]
    assert scenario is not None
    return compile_game(scenario, BASE_RULES)


GAME = shipped_game()


def cached_sim(cache: Path) -> tuple[Path, dict[str, Any]]:
    [path] = [p for p in cache.iterdir() if p.name.startswith(sim_checks.CACHE_PREFIX)]
    return path, json.loads(path.read_text())


def tamper_wins(data: dict[str, Any]) -> None:
    data["playtest"]["wins"] = 199_999


def tamper_interval(data: dict[str, Any]) -> None:
    data["playtest"]["ci95"] = [0.9, 1.0]


def tamper_losses(data: dict[str, Any]) -> None:
    data["playtest"]["losses"] = [["target", 1]]


def tamper_games(data: dict[str, Any]) -> None:
    data["playtest"]["games"] = 200_000


def tamper_histogram(data: dict[str, Any]) -> None:
    data["playtest"]["turns_lost"] = [[3, -5]]


def tamper_bonus(data: dict[str, Any]) -> None:
    data["playtest"]["builders_alive"] = data["playtest"]["wins"] + 1


def tamper_first_win(data: dict[str, Any]) -> None:
    data["playtest"]["first_win"] = 10**9


def tamper_proof(data: dict[str, Any]) -> None:
    data["proof_status"] = "win"


def tamper_bool(data: dict[str, Any]) -> None:
    data["playtest"]["wins"] = True


@pytest.mark.parametrize("tamper", [tamper_wins, tamper_interval, tamper_losses, tamper_games,
                                    tamper_histogram, tamper_bonus, tamper_first_win,
                                    tamper_proof, tamper_bool])
def test_an_inconsistent_cached_playtest_is_recomputed(tmp_path: Path, tamper: Any) -> None:
    fresh = sim_checks.simulate_scenario(GAME, 0, SMALL)  # the reference: no cache at all
    first = sim_checks.simulate_scenario(GAME, 0, SMALL, tmp_path)
    assert first == fresh and first.cache_problem == ""
    path, data = cached_sim(tmp_path)
    tamper(data)
    path.write_text(json.dumps(data))
    again = sim_checks.simulate_scenario(GAME, 0, SMALL, tmp_path)
    assert again == fresh and again.cache_problem.startswith(path.name)
    assert cached_sim(tmp_path)[1] != data  # rewritten
    assert sim_checks.simulate_scenario(GAME, 0, SMALL, tmp_path).cache_problem == ""


def test_cached_playtests_match_fresh_ones_over_generated_settings(tmp_path: Path) -> None:
    """The cache is a fast path: what it returns equals a fresh simulation."""
    rng = random.Random(8)
    for _ in range(4):
        settings = SimSettings(games=rng.randrange(5, 30), seed=rng.randrange(100),
                               max_rounds=rng.randrange(5, 40))
        level = rng.randrange(0, 4)
        fresh = sim_checks.simulate_scenario(GAME, level, settings)
        assert sim_checks.simulate_scenario(GAME, level, settings, tmp_path) == fresh
        assert sim_checks.simulate_scenario(GAME, level, settings, tmp_path) == fresh


def test_tampered_tower_cache_is_one_warning_and_never_reaches_the_report(
        work: Path, shipped_cache: Callable[[str, Path], None]) -> None:
    pack = shutil.copytree(REPO / "content" / "tower", work / "tower",
                           ignore=shutil.ignore_patterns(".riddlesmith-cache"))
    shipped_cache("tower", work / "cache")  # a cache as a first check writes it
    code, text = run("check", str(pack), "--cache-dir", "cache")
    assert code == 0, text
    files = sorted((work / "cache" / "tower").glob("tower-sim-*.json"))
    data = json.loads(files[0].read_text())
    data["playtest"]["wins"] = 199_999
    data["playtest"]["games"] = 200
    files[0].write_text(json.dumps(data))
    code, text = run("build", str(pack), "--cache-dir", "cache", "--out", "built")
    assert code == 0, text
    assert text.count("RS-T104") == 1 and "inconsistent and was recomputed" in text
    report = json.loads((work / "built" / "tower" / "report.json").read_text())
    for entry in report["systems"]["tower"]["playtests"].values():
        assert 0 <= entry["wins"] <= entry["games"] <= sim_checks.SimSettings().games
    code, text = run("check", str(pack), "--cache-dir", "cache")
    assert code == 0 and "RS-T104" not in text


def fifo(path: Path) -> None:
    os.mkfifo(path)


def zero_link(path: Path) -> None:
    path.symlink_to("/dev/zero")


def deep_array(path: Path) -> None:
    path.write_text("[" * 200_000 + "]" * 200_000)


def huge_file(path: Path) -> None:
    with open(path, "wb") as handle:
        handle.truncate(cachefile.MAX_CACHE_BYTES + 1)


BAD_FILES = {"list": lambda p: p.write_text("[]"), "null": lambda p: p.write_text("null"),
             "deep": deep_array, "fifo": fifo, "dev-zero": zero_link, "huge": huge_file,
             "latin-1": lambda p: p.write_bytes(b'{"a": "\xe9"}'),
             "folder": lambda p: p.mkdir()}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_a_hostile_cache_file_is_ignored_and_rewritten(tmp_path: Path, kind: str) -> None:
    if kind in ("fifo", "dev-zero") and not hasattr(os, "mkfifo"):
        pytest.skip("POSIX only")
    first = sim_checks.simulate_scenario(GAME, 0, SMALL, tmp_path)
    path, _ = cached_sim(tmp_path)
    path.unlink()
    BAD_FILES[kind](path)
    started = time.monotonic()
    assert cachefile.read_object(path) is None
    assert sim_checks.simulate_scenario(GAME, 0, SMALL, tmp_path) == first
    assert time.monotonic() - started < 10  # never hangs on a FIFO, never reads /dev/zero
    if kind == "folder":
        assert path.is_dir()  # cannot be replaced: only costs time
    else:
        assert not path.is_symlink() and path.is_file()
        assert json.loads(path.read_text())["playtest"]["games"] == 40
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".tmp-")]


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_a_hostile_riddle_cache_file_is_ignored_and_rewritten(tmp_path: Path, kind: str) -> None:
    from generator.systems.riddle.model import build_riddle
    from generator.systems.riddle.solver import solve_cached

    loaded = load_packs([REPO / "content" / "riddles"], load_schemas(),
                        kinds_of(discover_systems()))
    doc = next(d for d in loaded.packs[0].of_kind("riddle"))
    riddle = build_riddle(doc)[0]
    assert riddle is not None
    first = solve_cached(riddle, 1, 2000, tmp_path, count_first_moves=False)
    [path] = [p for p in tmp_path.iterdir() if p.suffix == ".json"]
    path.unlink()
    BAD_FILES[kind](path)
    started = time.monotonic()
    assert solve_cached(riddle, 1, 2000, tmp_path, count_first_moves=False) == first
    assert time.monotonic() - started < 30
    if kind != "folder":
        assert path.is_file() and not path.is_symlink()
        assert json.loads(path.read_text())["riddle"] == riddle.id


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_a_hostile_riddle_cache_file_is_ignored_and_rewritten_by_check_s_proofs(
        tmp_path: Path, kind: str) -> None:
    """The same for the path ``check`` and ``build`` take (riddle.proofs.prove_all)."""
    from generator.systems.riddle import proof_shared
    from generator.systems.riddle.proofs import ProofRequest, prove_all

    loaded = load_packs([REPO / "content" / "riddles"], load_schemas(),
                        kinds_of(discover_systems()))
    shared = proof_shared(loaded.packs[0])
    request = ProofRequest(next(iter(shared.riddles)), 2, budget=2000)
    first = prove_all([request], shared, cache_dir=tmp_path)[request]
    [path] = [p for p in tmp_path.iterdir() if p.suffix == ".json"]
    path.unlink()
    BAD_FILES[kind](path)
    started = time.monotonic()
    assert prove_all([request], shared, cache_dir=tmp_path)[request] == first
    assert time.monotonic() - started < 30
    if kind != "folder":
        assert path.is_file() and not path.is_symlink()
        assert json.loads(path.read_text())["players"] == 2


# -- §5 stopping cleanly ------------------------------------------------------------------


def children_of(pid: int) -> list[int]:
    found: list[int] = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as handle:
                found += [int(c) for c in handle.read().split()]
        except FileNotFoundError:  # the thread ended after it was listed
            continue
    return found


def catches_sigterm(pid: int) -> bool:
    """True once the process has its own SIGTERM handler (the CLI installs one when a
    command starts; before that a signal would only interrupt the imports)."""
    with open(f"/proc/{pid}/status") as handle:
        mask = next(int(line.split()[1], 16) for line in handle if line.startswith("SigCgt:"))
    return bool(mask & (1 << (signal.SIGTERM - 1)))


def running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def stop_midway(args: list[str], sig: int, *, group: bool, workers: int, twice: bool = False,
                cwd: Path = REPO) -> tuple[int, float, str, list[int]]:
    """Start ``riddlesmith ARGS``, wait until it runs ``workers`` worker processes (or a
    moment), send ``sig``; return (exit code, seconds to exit, stderr, worker pids)."""
    proc = subprocess.Popen([*RIDDLESMITH, *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    deadline = time.monotonic() + 30
    kids: list[int] = []
    while time.monotonic() < deadline and proc.poll() is None:
        kids = children_of(proc.pid)
        if len(kids) >= workers and catches_sigterm(proc.pid):  # the command has begun
            break
        time.sleep(0.05)
    time.sleep(0.5)  # well into the run
    assert proc.poll() is None, proc.communicate()
    kids = children_of(proc.pid)
    started = time.monotonic()
    send = (lambda s: os.killpg(proc.pid, s)) if group else (lambda s: os.kill(proc.pid, s))
    send(sig)
    if twice:
        time.sleep(0.05)
        send(sig)
    try:
        _, err = proc.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()  # never leave it running; the assertions below then fail
        _, err = proc.communicate()
        err += "\n(did not stop: killed)"
    return proc.returncode, time.monotonic() - started, err, kids


STOP_SECONDS = 2.0 if os.getloadavg()[0] < 2 * (os.cpu_count() or 1) else 5.0
"""The issue's bound; on a machine loaded far beyond its cores, a looser one."""
needs_proc = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="Linux /proc")
PLAYTEST = ["playtest", "content/tower", "cistern-bridges", "--games", "10000000"]


@needs_proc
@pytest.mark.parametrize("jobs, sig, group, twice", [
    (2, signal.SIGINT, True, False),  # Ctrl-C at a terminal reaches every process
    (2, signal.SIGINT, True, True),  # ... pressed twice
    (2, signal.SIGTERM, False, False),  # kill PID: the parent only
    (1, signal.SIGTERM, False, False),  # in-process
])
def test_a_long_playtest_stops_at_once_without_orphans(jobs: int, sig: int, group: bool,
                                                       twice: bool) -> None:
    code, seconds, err, kids = stop_midway([*PLAYTEST, "--jobs", str(jobs)], sig, group=group,
                                           workers=jobs if jobs > 1 else 0, twice=twice)
    assert code == (130 if sig == signal.SIGINT else 143), err
    assert seconds < STOP_SECONDS, seconds
    assert "Traceback" not in err and "Exception" not in err, err
    assert messages(err) == ["riddlesmith: interrupted" if sig == signal.SIGINT
                             else "riddlesmith: terminated"]
    assert len(kids) >= (jobs if jobs > 1 else 0)
    time.sleep(0.2)
    assert not [k for k in kids if running(k)], "orphaned workers"


@needs_proc
def test_workers_die_with_a_killed_parent() -> None:
    code, _, _, kids = stop_midway([*PLAYTEST, "--jobs", "2"], signal.SIGKILL, group=False,
                                   workers=2)
    assert code == -signal.SIGKILL and len(kids) >= 2
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(running(k) for k in kids):
        time.sleep(0.05)
    assert not [k for k in kids if running(k)], "orphaned workers"


@needs_proc
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_check_stops_cleanly(tmp_path: Path, sig: int) -> None:
    code, seconds, err, _ = stop_midway(["check", str(REPO / "content"), "--no-cache"], sig,
                                        group=True, workers=0, cwd=tmp_path)
    assert code == (130 if sig == signal.SIGINT else 143), err
    assert seconds < STOP_SECONDS and "Traceback" not in err, (seconds, err)


@needs_proc
@pytest.mark.parametrize("sig, group", [(signal.SIGINT, True), (signal.SIGTERM, False)])
def test_a_check_proving_on_a_pool_stops_at_once_without_orphans(tmp_path: Path, sig: int,
                                                                  group: bool) -> None:
    code, seconds, err, kids = stop_midway(
        ["check", str(REPO / "content" / "riddles"), "--no-cache", "--jobs", "2"], sig,
        group=group, workers=2, cwd=tmp_path)
    assert code == (130 if sig == signal.SIGINT else 143), err
    assert seconds < STOP_SECONDS and "Traceback" not in err, (seconds, err)
    assert len(kids) >= 2
    time.sleep(0.2)
    assert not [k for k in kids if running(k)], "orphaned workers"


def nap(shared: object, seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_leaving_a_pool_by_an_exception_stops_its_running_tasks() -> None:
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with LocalPoolExecutor(2) as pool:
            for _ in pool.run(nap, None, [(0.0,), (60.0,), (60.0,), (60.0,)]):
                raise KeyboardInterrupt
    assert time.monotonic() - started < 10  # not the 60 s the running task wanted


def test_a_pool_keeps_few_tasks_in_flight_and_returns_every_result() -> None:
    with LocalPoolExecutor(2) as pool:
        results = dict(pool.run(nap, None, [(0.001 * (i % 3),) for i in range(40)]))
    assert results == {i: 0.001 * (i % 3) for i in range(40)}


def coin(rng: random.Random) -> int:
    return rng.randrange(2)


def test_a_long_run_is_cut_into_short_tasks() -> None:
    from generator.sim.montecarlo import MAX_CHUNK, run_games

    seen: list[tuple[int, int]] = []

    class Recording(InProcessExecutor):
        def run(self, fn: Any, shared: Any, tasks: Any) -> Any:
            seen.extend((a, b) for _, a, b in tasks)
            return super().run(fn, shared, tasks)

    result = run_games(coin, 20_000, seed=3, executor=Recording())
    assert max(b - a for a, b in seen) <= MAX_CHUNK and len(seen) >= 20_000 // MAX_CHUNK
    assert result == run_games(coin, 20_000, seed=3, tasks=7)  # chunking never matters


# -- §6 whatever check passes, build must build ----------------------------------------------

NUMBER = re.compile(r"(?<![\w.#-])(-?\d+(?:\.\d+)?)(?=(mm|in|pt)?(?![\w.]))")
KEY_LINE = re.compile(r"\s*(- )?[\w-]+: ")
"""A mapping entry (numbers in map rows and prose are mostly rejected, so not tried)."""
EDGE_VALUES = ["0", "-1", "1", "0.5", "0.001", "99", "1000", "100000", "64", "3.7"]


@pytest.mark.parametrize("pack, seed", [("fragments", 1), ("tower", 2)])
def test_numbers_that_check_accepts_build(tmp_path: Path, pack: str, seed: int,
                                          shipped_cache: Callable[[str, Path], None]) -> None:
    """Seeded edits of numbers in a shipped pack: each one either gets an error from
    ``check`` or builds; never a crash in ``build`` (the fuzzing behind issue 8 §6)."""
    from generator.pipeline import build, check
    from generator.systems import Options

    shipped_cache(pack, tmp_path / "cache")  # only what an edit changes is simulated again
    rng = random.Random(seed)
    built = 0
    for attempt in range(12):
        dst = tmp_path / f"{pack}-{attempt}"
        shutil.copytree(REPO / "content" / pack, dst,
                        ignore=shutil.ignore_patterns(".riddlesmith-cache"))
        candidates = [(f, i, m) for f in sorted(dst.rglob("*.yaml"))
                      for i, line in enumerate(f.read_text().split("\n"))
                      if KEY_LINE.match(line) for m in NUMBER.finditer(line)]
        path, i, match = rng.choice(candidates)
        lines = path.read_text().split("\n")
        lines[i] = lines[i][:match.start(1)] + rng.choice(EDGE_VALUES) + lines[i][match.end(1):]
        path.write_text("\n".join(lines))
        report = check([dst], Options(cache_dir=tmp_path / "cache"))
        if report.failed():
            continue
        result = build(report, tmp_path / f"out-{attempt}")  # must not raise
        assert not result.refused and result.written, lines[i]
        built += 1
        if built == 1:
            break
    assert built == 1  # the test must exercise build


def test_recover_removes_only_what_a_build_leaves(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / ".tmp-notes").write_text("a user's file")
    (tmp_path / ".tmp-ab12cd_3").write_text("{")  # a journal cut short
    (tmp_path / ".mine.tmp-zz99yy88").mkdir()  # a staging folder
    (tmp_path / ".gone.old-123").mkdir()  # an output moved away and never replaced
    output.recover(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".tmp-notes", "gone", "mine"]


def test_command_line_codes_name_themselves_in_the_one_line_message(tmp_path: Path) -> None:
    """RS-E001/RS-E002 are explained by ``explain``; the exit-2 line names them."""
    from generator.pack.loader import UsageError

    with pytest.raises(UsageError, match=r"no such file or folder \[RS-E001\]"):
        load_packs([tmp_path / "missing"], load_schemas(), {})
    error = output._fs_error(PermissionError(13, "Permission denied"), tmp_path,
                             "cannot write the output")
    assert str(error).endswith("cannot write the output (Permission denied) [RS-E002]")
