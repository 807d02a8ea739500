"""Proofs of many riddles at once (issue 14 §2): ``--jobs`` and ``--scheduler`` give the
same verdicts, diagnostics, output files and cache files as one process, and each riddle
gets one progress line."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.sim.executors import InProcessExecutor, LocalPoolExecutor
from generator.registry import discover_systems
from generator.systems.riddle import proof_shared
from generator.systems.riddle.cache import write_entry
from generator.systems.riddle.proofs import ProofRequest, prove_all
from generator.systems.riddle.cache import read_entry
from generator.systems.riddle.solver import solve_riddle

from generator.systems.riddle.templates import STARTER_CAMPAIGN, starter_files

from .conftest import write_files

RIDDLE = """kind: riddle
id: pier-{n}
number: {n}
title: Pier {n}
island: dawn-isles
players: [1, 2, 3, 4]
map:
  grid: |
    W . . W
    . . . {tower}
    W . . W
coins:
  - {{at: B2, colour: silver, levels: [1]}}
  - {{at: C2, colour: gold, levels: [2]}}
stockpile: {{level1: 4, level2: 2, level3: 1, dome: 0}}
objectives:
  - tier: silver
    slots: {{silver: 1}}
  - tier: gold
    slots: {{gold: 1}}
  - tier: heroic
    goal: {{stand: {{figure: worker, at: D2, level: {level}}}}}
    ends: true
"""

CAMPAIGN = STARTER_CAMPAIGN.replace("[first-light]", "[pier-1, pier-2, pier-3]")


def write_piers(root: Path) -> Path:
    """The starter pack with three small riddles (every player count, three objectives)
    instead of its own."""
    files = starter_files("riddles-test")
    del files["riddles/first-light.yaml"]
    files.update({f"riddles/pier-{n}.yaml": RIDDLE.format(n=n, tower=tower, level=level)
                  for n, tower, level in ((1, "1", 2), (2, ".", 1), (3, "1", 3))})
    files["campaigns/adventure.yaml"] = CAMPAIGN
    return write_files(root, files)


@pytest.fixture(scope="module")
def piers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_piers(tmp_path_factory.mktemp("piers"))


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output + result.stderr, result.output + result.stderr
    return result.exit_code, result.stdout, result.stderr


def every_file(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def load(root: Path):  # type: ignore[no-untyped-def]
    return load_packs([root], load_schemas(), kinds_of(discover_systems())).packs[0]


REQUESTS = [ProofRequest(rid, n, count_first_moves=count, budget=3000)
            for rid in ("pier-1", "pier-3") for n in (1, 3)
            for count in (False, True)]


def plain(result: object) -> dict[str, object]:
    """A result as JSON, less the wall-clock seconds it took."""
    data = result.to_json()  # type: ignore[attr-defined]
    for o in data["objectives"]:
        o.pop("seconds")
    return data


def test_prove_all_gives_solve_riddle_s_verdicts_here_and_on_a_pool(piers: Path,
                                                                     tmp_path: Path) -> None:
    shared = proof_shared(load(piers))
    here = prove_all(REQUESTS, shared, cache_dir=tmp_path / "one")
    with LocalPoolExecutor(2) as pool:
        pooled = prove_all(REQUESTS, shared, cache_dir=tmp_path / "two", executor=pool)
    for request in REQUESTS:  # the reference: every objective in one plain call
        riddle = shared.riddles[request.riddle]
        expected = solve_riddle(riddle, request.players, gods=shared.gods,
                                die=shared.die_of(riddle), budget=request.budget,
                                count_first_moves=request.count_first_moves)
        assert here[request] == expected == pooled[request], request
        assert plain(here[request]) == plain(expected) == plain(pooled[request])
        assert [o.trace for o in here[request].objectives] == \
            [o.trace for o in pooled[request].objectives]
    assert every_file(tmp_path / "one") == every_file(tmp_path / "two")
    assert len(every_file(tmp_path / "one")) == len(REQUESTS)


def test_cached_entries_are_replayed_and_reused_and_a_bad_one_is_recomputed(
        piers: Path, tmp_path: Path) -> None:
    shared = proof_shared(load(piers))
    requests = REQUESTS[:4]
    first = prove_all(requests, shared, cache_dir=tmp_path)
    lines: list[str] = []
    again = prove_all(requests, shared, cache_dir=tmp_path, executor=InProcessExecutor(),
                      progress=lines.append, label="p")
    assert again == first
    assert lines == ["p: pier-1: silver 1, gold 2, heroic 3 [3p 1, 2, 4] (cached)"]
    path = sorted(tmp_path.glob("pier-1-*.json"))[0]
    record = json.loads(path.read_text())
    record["objectives"][1]["turns"] = 1  # a forged, shorter proof
    path.write_text(json.dumps(record))
    lines.clear()
    third = prove_all(requests, shared, cache_dir=tmp_path, progress=lines.append, label="p")
    assert third == first
    assert "warning: cached result" in lines[0] and "recomputed" in lines[0]


def test_write_entry_is_what_read_entry_reads(piers: Path, tmp_path: Path) -> None:
    shared = proof_shared(load(piers))
    riddle = shared.riddles["pier-3"]
    solve = solve_riddle(riddle, 2, gods=shared.gods)
    assert write_entry(tmp_path / "x.json", "f" * 64, solve)
    stored, problem = read_entry(tmp_path / "x.json", "f" * 64, riddle, 2, gods=shared.gods,
                                 die=None, expert=False)
    assert problem == "" and stored == solve
    assert [o.seconds for o in stored.objectives] == [0.0] * 3  # a proof, not a timing


def test_check_and_build_with_jobs_match_one_process_byte_for_byte(piers: Path,
                                                                   tmp_path: Path) -> None:
    outputs = []
    for jobs in ("1", "2"):
        out, cache = tmp_path / f"out{jobs}", tmp_path / f"cache{jobs}"
        code, stdout, _ = run("build", str(piers), "--out", str(out), "--cache-dir", str(cache),
                              "--jobs", jobs, "--format", "json")
        assert code == 0, stdout
        outputs.append((stdout, every_file(out), every_file(cache)))
        code, checked, _ = run("check", str(piers), "--no-cache", "--format", "json",
                               "--jobs", jobs)
        outputs.append((checked, {}, {}))
    assert outputs[0] == outputs[2] and outputs[1] == outputs[3]
    assert len(outputs[0][1]) > 10 and len(outputs[0][2]) >= 4
    report = json.loads(outputs[0][1]["riddles-test/report.json"])
    turns = report["systems"]["riddle"]["solver"]["turns_by_players"]
    assert turns["pier-3"] == {n: {"silver": 1, "gold": 2, "heroic": 5} for n in "1234"}
    # A line for every count, its turns as many as the par, each naming whose worker moves.
    lines = report["systems"]["riddle"]["solver"]["lines_by_players"]["pier-3"]
    assert sorted(lines) == ["1", "2", "3", "4"]
    for count, objectives in lines.items():
        for o in objectives:
            assert o["status"] == "solved" and len(o["line"]) == o["turns"], o
            if count != "1":
                assert all(re.match(r"P[1-4] W\d", step) for step in o["line"]), o
                assert o["workers"].startswith("P1 "), o


def test_check_on_a_dask_cluster_matches_one_process(piers: Path) -> None:
    distributed = pytest.importorskip("distributed")
    _, alone, _ = run("check", str(piers), "--no-cache", "--format", "json")
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2,
                                  dashboard_address=None) as cluster:
        code, on_dask, _ = run("check", str(piers), "--no-cache", "--format", "json",
                               "--scheduler", cluster.scheduler_address)
    assert code == 0 and on_dask == alone


def test_a_missing_dask_is_a_usage_error(piers: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes the import fail
    code, stdout, stderr = run("check", str(piers), "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 2 and stdout == ""
    assert stderr.count("\n") == 1 and "pip install distributed" in stderr


def riddlesmith(*args: str) -> subprocess.CompletedProcess[str]:
    """The command in its own process, standard error a pipe (as in a CI log)."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], capture_output=True,
                          text=True, timeout=300, env=env)


LINE = re.compile(r"\[ *\d+\.\ds\] riddles-test: (proofs: )?(pier-\d): silver 1, gold 2, "
                  r"heroic \d \[2p [^]]*; 3p [^]]*; 4p [^]]*\] \(\d+\.\d\d s\)")


def test_one_progress_line_per_riddle_in_a_log_and_none_with_quiet(piers: Path,
                                                                    tmp_path: Path) -> None:
    checked = riddlesmith("check", str(piers), "--no-cache", "--jobs", "2")
    assert checked.returncode == 0, checked.stderr
    proofs = [m.group(2) for m in map(LINE.fullmatch, checked.stderr.splitlines()) if m]
    assert proofs == ["pier-1", "pier-2", "pier-3"], checked.stderr
    built = riddlesmith("build", str(piers), "--out", str(tmp_path / "out"), "--no-cache")
    assert built.returncode == 0, built.stderr
    book = [ln for ln in built.stderr.splitlines() if re.search(r"s\] riddles-test: pier-", ln)]
    assert [ln.split(": ")[1] for ln in book] == ["pier-1", "pier-2", "pier-3"], built.stderr
    # check counted one player's first moves: the book's requests are check's, read back
    assert all(re.search(r"silver 1, gold 2, heroic \d \(cached\)$", ln) for ln in book), book
    quiet = riddlesmith("check", str(piers), "--no-cache", "--quiet")
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_an_entry_read_back_is_replayed_once_a_process_and_a_changed_one_again(
        piers: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run hands its own proofs on as values (:class:`.proofs.ProofStore`), so the
    cache file is read only by a later run: every line is replayed when first read,
    not again when read again in the same process, and again once the file changed."""
    import generator.systems.riddle.cache as cache

    shared = proof_shared(load(piers))
    riddle = shared.riddles["pier-3"]
    solve = solve_riddle(riddle, 2, gods=shared.gods)
    replays: list[str] = []
    real = cache.verify_result

    def counting(*args: object, **kwargs: object) -> str:
        replays.append("x")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cache, "verify_result", counting)
    monkeypatch.setattr(cache, "_VERIFIED", {})  # a new process: nothing replayed yet
    path, fingerprint = tmp_path / "x.json", "e" * 64
    assert write_entry(path, fingerprint, solve)
    solved = sum(o.status == "solved" for o in solve.objectives)
    for _ in range(2):
        stored, _ = read_entry(path, fingerprint, riddle, 2, gods=shared.gods, die=None,
                               expert=False)
        assert stored == solve and len(replays) == solved  # replayed the first time only
    record = json.loads(path.read_text())
    record["objectives"][0]["solution"][0] += " "  # the same proof, other bytes
    path.write_text(json.dumps(record))
    read_entry(path, fingerprint, riddle, 2, gods=shared.gods, die=None, expert=False)
    assert len(replays) > solved  # changed on disk since: replayed
