"""The glyph system's model stage and check's curve handed on as values (issue 23 §1).

A full check and build reads each glyph document once and compiles the game once; the
build's report takes check's simulation from the run (nothing played again, no cache
file read back); and the run's store gives what a fresh computation gives.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from tests.counting import count_calls

import generator.systems.glyphs.model as model_module
import generator.systems.glyphs.render as render_module
import generator.systems.glyphs.sim_checks as sim_checks
from generator import pipeline
from generator.systems import Options
from generator.systems.glyphs.content import load_pack, models_of, results_of

from .conftest import load_small, write_pack

LOADED_BEFORE_COUNTING = (render_module, sim_checks)
"""Modules the build imports on first use, loaded here so the counters wrap what they
import."""


def test_a_full_check_and_build_reads_each_document_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = write_pack(tmp_path / "small")
    readers = [count_calls(monkeypatch, model_module, name, lambda doc: (doc.kind, doc.id))
               for name in ("build_game", "build_set", "build_riddle")]
    tables = count_calls(monkeypatch, model_module, "compile_game", lambda game, *_: game.id)
    degrees = count_calls(monkeypatch, sim_checks, "playtest_until",
                     lambda table, degree, policy, *a, **k: (degree, policy))
    read_back: list[str] = []
    real_read = sim_checks.read_keyed

    def reading(path: Path, *args: Any, **kwargs: Any) -> Any:
        read_back.append(path.name)
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(sim_checks, "read_keyed", reading)
    report = pipeline.check([root], Options(cache=False))
    assert report.errors == 0, report.diagnostics
    assert not pipeline.build(report, tmp_path / "out").refused
    [pack] = report.packs
    reads = sum(readers, Counter[Any]())
    documents = {(d.kind, d.id) for d in pack.documents if d.kind.startswith("glyph-")}
    assert set(reads) == documents and set(reads.values()) == {1}, reads.most_common(3)
    assert tables == Counter({"small": 1})
    assert degrees and set(degrees.values()) == {1}, degrees.most_common(3)
    assert read_back == []  # the report took check's curve from the run


def test_the_run_store_gives_what_a_fresh_computation_gives(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "small")
    pack = load_small(root)
    loaded, problems = models_of(pack)
    assert models_of(pack)[0] is loaded and problems == load_pack(pack)[1]
    first = list(sim_checks.iter_simulation_problems(pack, loaded, None, run=results_of(pack)))
    assert results_of(pack)
    again = list(sim_checks.iter_simulation_problems(pack, loaded, None, run=results_of(pack)))
    assert again == first
    handed_on = sim_checks.report_simulations(pack, None, results_of(pack))
    fresh = load_small(root)
    assert handed_on == sim_checks.report_simulations(fresh, None)
    assert list(sim_checks.iter_simulation_problems(fresh, load_pack(fresh)[0], None)) == first
