"""The riddle system's model stage and check's proofs handed on as values (issue 23 §1).

A full check and build reads each riddle document once (the model stage), and the
build, the book and the report take check's proofs from the run's store: no proof is
searched twice and no cache file of this run is read back.
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import generator.systems.riddle.model as model_module
from generator import pipeline
from generator.systems import Options
from generator.systems.riddle import proof_shared
from generator.systems.riddle.proofs import ProofRequest, ProofStore, prove_all
from generator.systems.riddle.stage import models_of, proofs_of, read_models

from .conftest import write_starter
from .test_riddle_proofs import load, write_piers


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count every call of ``build_riddle``, wherever a module imported it from."""
    reads: Counter[str] = Counter()
    real = model_module.build_riddle

    def counted(doc: Any, *args: Any, **kwargs: Any) -> Any:
        reads[doc.id] += 1
        return real(doc, *args, **kwargs)

    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("generator") and \
                getattr(module, "build_riddle", None) is real:
            monkeypatch.setattr(module, "build_riddle", counted)
    return reads


def test_a_full_check_and_build_reads_each_riddle_once(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    root = write_piers(tmp_path / "piers")
    reads = _count_reads(monkeypatch)
    searched: list[str] = []
    import generator.systems.riddle.proofs as proofs

    real_prove = proofs.prove_objective

    def counting_prove(shared: Any, request: ProofRequest, tier: str, **kw: Any) -> Any:
        searched.append(f"{request.riddle} {request.players}p {tier} {request.budget}")
        return real_prove(shared, request, tier, **kw)

    monkeypatch.setattr(proofs, "prove_objective", counting_prove)
    report = pipeline.check([root], Options(cache=False, extra={"solutions": "appendix"}))
    assert report.errors == 0
    result = pipeline.build(report, tmp_path / "out")
    assert not result.refused
    ids = [d.id for p in report.packs for d in p.of_kind("riddle")]
    # (the rules pages also draw the starter riddle as an example: not a pack document)
    assert ids and {rid: reads[rid] for rid in ids} == {rid: 1 for rid in ids}, reads
    assert len(searched) == len(set(searched)), Counter(searched).most_common(3)


def test_the_store_answers_what_the_run_has_proven(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A request answered once is answered from the store as the same value: no search,
    no cache folder read (there is none here)."""
    shared = proof_shared(load(write_piers(tmp_path / "piers")))
    requests = [ProofRequest(rid, n, budget=3000) for rid in ("pier-1", "pier-3")
                for n in (1, 3)]
    store = ProofStore()
    first = prove_all(requests, shared, cache_dir=None, store=store, gate=True)
    import generator.systems.riddle.proofs as proofs

    def no_search(*_: Any, **__: Any) -> Any:
        raise AssertionError("searched again")

    monkeypatch.setattr(proofs, "prove_objective", no_search)
    again = prove_all(requests, shared, cache_dir=None, store=store, gate=True)
    assert all(again[r] is first[r] for r in requests)
    # A partial answer (gated) is never handed to a call that did not gate the same way.
    partial = [r for r in requests if (r, 1) in store.gated]
    for request in partial:
        assert request not in store.whole


def test_models_are_read_once_a_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = load(write_starter(tmp_path / "pack"))
    reads = _count_reads(monkeypatch)
    first = models_of(pack)
    assert models_of(pack) is first and proofs_of(pack) is proofs_of(pack)
    assert sum(reads.values()) == len(pack.of_kind("riddle"))
    assert read_models(pack) == first  # the stage is a pure read: the same models again
