"""``check`` says where a par with god powers is not decided (RS-G111, issue 22 §1).

Where the search for a shorter line with powers stops on its cap, the par kept is the
line without powers. The book marks it; ``check`` gives a note at the objective's
``tier`` line naming the player counts and their turns. The notes are compared with
the proofs themselves, read one result at a time.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from conftest import CONTENT
from generator.diagnostics import CODES, Severity
from generator.pipeline import check
from generator.systems import Options
from generator.systems.riddle import proof_shared
from generator.systems.riddle.proofs import prove_all, requests_by_count
from generator.systems.riddle.results import SOLVED
from generator.systems.riddle.solver import NOT_RULED_OUT


def test_each_undecided_objective_gets_one_note_naming_its_counts(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> None:
    cache = tmp_path / "cache"
    shipped_cache("riddles", cache)
    report = check([CONTENT / "riddles"], Options(cache_dir=cache))
    notes = [d for d in report.diagnostics if d.code == "RS-G111"]
    assert CODES["RS-G111"][0] is Severity.INFO
    assert all(d.severity is Severity.INFO for d in notes)

    # The plain count: every proof check asks for, one objective at a time.
    pack = report.packs[0]
    shared = proof_shared(pack)
    requests = [q for r in shared.riddles.values() for q in requests_by_count(r)]
    solves = prove_all(requests, shared, cache_dir=cache / pack.id, gate=True)
    want: dict[tuple[str, str], list[tuple[int, int | None]]] = {}
    for q, solve in solves.items():
        for o in solve.objectives:
            if o.status == SOLVED and o.reason.startswith(NOT_RULED_OUT):
                want.setdefault((q.riddle, o.tier), []).append((q.players, o.turns))
    assert want, "the shipped campaign has undecided pars: the comparison is not empty"

    docs = {d.id: d for d in pack.of_kind("riddle")}
    got = {}
    for (rid, tier), counts in want.items():
        doc = docs[rid]
        j = [o["tier"] for o in doc.data["objectives"]].index(tier)
        line, _ = doc.locate(("objectives", j, "tier"))
        [note] = [d for d in notes if d.file == doc.file and d.line == line]
        for players, turns in counts:
            assert f"{turns} turn{'s' if turns != 1 else ''} at {players} player" in note.message
        assert note.message.startswith(f"the {tier} objective's par with god powers is not "
                                       "decided for ")
        got[(rid, tier)] = note
    assert len(notes) == len(got)  # no note where every count is decided
