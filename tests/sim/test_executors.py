"""Executors: the same playtest gives identical results in this process, on a local
process pool and on a Dask cluster (skipped when ``distributed`` is not installed);
a missing extra or an unreachable scheduler is a clear error."""
from __future__ import annotations

import sys

import pytest

from generator.sim.executors import (
    DaskExecutor,
    ExecutorUnavailable,
    InProcessExecutor,
    LocalPoolExecutor,
    make_executor,
)
from generator.sim.montecarlo import run_games
from generator.systems.tower.model import game_from_map
from generator.systems.tower.playtest import TowerGames, playtest

GAME = game_from_map("""
    T T . ~ ~
    . 1 . . ~
    . B 2 . .
    ~ . . B .
    ~ ~ . . .""", ["light-female E5 N", "dark-male C5 N"])


def fail_on(shared: int, value: int) -> int:
    if value == shared:
        raise RuntimeError(f"task {value} failed")
    return value


def test_make_executor_picks_by_options() -> None:
    with make_executor(jobs=1) as one:
        assert isinstance(one, InProcessExecutor) and one.workers == 1
    with make_executor(jobs=2) as pool:
        assert isinstance(pool, LocalPoolExecutor) and pool.workers == 2
        assert pool.label == "process pool, 2 workers" and pool.tasks_hint == 8
    with make_executor() as default:
        assert default.workers >= 1
    with pytest.raises(ValueError):
        make_executor(jobs=0)


def test_in_process_equals_process_pool() -> None:
    simulation = TowerGames(GAME, "greedy")
    with make_executor(jobs=1) as here:
        expected = run_games(simulation, 300, seed=4, executor=here)
    with make_executor(jobs=2) as pool:
        assert run_games(simulation, 300, seed=4, executor=pool) == expected
        # Other chunkings on the same pool: still the same games.
        assert run_games(simulation, 300, seed=4, executor=pool, tasks=3) == expected
    assert playtest(GAME, "random", 200, seed=8, jobs=2) == playtest(GAME, "random", 200, seed=8)


def test_a_failing_task_raises_in_the_caller() -> None:
    with make_executor(jobs=2) as pool:
        with pytest.raises(RuntimeError, match="task 3 failed"):
            list(pool.run(fail_on, 3, [(1,), (3,), (5,)]))
    with pytest.raises(RuntimeError, match="task 1 failed"):
        list(InProcessExecutor().run(fail_on, 1, [(1,)]))


def test_dask_local_cluster_gives_the_same_results() -> None:
    distributed = pytest.importorskip("distributed")
    expected = playtest(GAME, "greedy", 200, seed=6)
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2,
                                  dashboard_address=None) as cluster:
        assert playtest(GAME, "greedy", 200, seed=6,
                        scheduler=cluster.scheduler_address) == expected
        with distributed.Client(cluster) as client:
            executor = DaskExecutor(client)  # an existing client is used, and left open
            with executor:
                assert executor.workers == 2 and executor.label.startswith("Dask cluster at")
                result = run_games(TowerGames(GAME, "greedy"), 200, seed=6, executor=executor)
            assert result.games == 200 and client.status == "running"


def test_unreachable_scheduler_is_a_clear_error() -> None:
    pytest.importorskip("distributed")
    with pytest.raises(ExecutorUnavailable, match="cannot reach the Dask scheduler"):
        DaskExecutor("tcp://127.0.0.1:9", timeout=0.2)


def test_missing_distributed_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes the import fail
    with pytest.raises(ExecutorUnavailable, match="pip install distributed"):
        make_executor(scheduler="tcp://127.0.0.1:8786")
