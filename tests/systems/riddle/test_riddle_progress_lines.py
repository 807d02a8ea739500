"""Each riddle's progress line comes when its proofs finish, not with the last proof of
the pack (issue 22 §4), and the answers do not depend on how the riddles are grouped."""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.sim.executors import InProcessExecutor
from generator.registry import discover_systems
from generator.systems.riddle import proof_shared
from generator.systems.riddle.proofs import ProofShared, prove_all, requests_by_count

from .test_riddle_proofs import write_piers


class Recording:
    """Runs the tasks here, in order, recording each one's riddle as it finishes in
    ``events``; it looks like a pool of ``workers`` (not in-process) to prove_all."""

    def __init__(self, events: list[str], workers: int = 1) -> None:
        self.events = events
        self._workers = workers

    @property
    def workers(self) -> int:
        return self._workers

    def run(self, fn: Callable[..., Any], shared: Any, tasks: Sequence[tuple[Any, ...]]
            ) -> Iterator[tuple[int, Any]]:
        for index, result in InProcessExecutor().run(fn, shared, tasks):
            self.events.append(f"task {tasks[index][0].riddle}")
            yield index, result


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> ProofShared:
    root = write_piers(tmp_path_factory.mktemp("piers") / "pack")
    return proof_shared(load_packs([root], load_schemas(), kinds_of(discover_systems())).packs[0])


def lines_among_tasks(shared: ProofShared, executor: Any, events: list[str]) -> list[str]:
    requests = [q for rid in ("pier-1", "pier-2", "pier-3")
                for q in requests_by_count(shared.riddles[rid])]
    answers = prove_all(requests, shared, cache_dir=None, executor=executor, gate=True,
                        progress=lambda line: events.append("line " + line.split(": ")[1]))
    reference = prove_all(requests, shared, cache_dir=None, executor=None, gate=True)
    assert answers == reference
    return [e for i, e in enumerate(events) if i == 0 or e != events[i - 1]]  # runs of one


def test_in_one_process_each_line_comes_before_the_next_riddles_proofs(
        shared: ProofShared) -> None:
    events: list[str] = []

    class InHere(Recording, InProcessExecutor):  # what check runs with --jobs 1
        pass

    runs = lines_among_tasks(shared, InHere(events), events)
    assert runs == ["task pier-1", "line pier-1", "task pier-2", "line pier-2",
                    "task pier-3", "line pier-3"], runs


def test_a_pool_gets_a_few_riddles_per_worker_and_their_lines_as_they_finish(
        shared: ProofShared, monkeypatch: pytest.MonkeyPatch) -> None:
    """One worker, two riddles a group: pier-1's and pier-2's lines come before pier-3's
    proofs start (the pack's order kept)."""
    from generator.systems.riddle import proofs

    monkeypatch.setattr(proofs, "RIDDLES_PER_WORKER", 2)
    events: list[str] = []
    runs = lines_among_tasks(shared, Recording(events, workers=1), events)
    assert runs.index("line pier-2") < runs.index("task pier-3"), runs
    assert [r for r in runs if r.startswith("line")] == [
        "line pier-1", "line pier-2", "line pier-3"]
