"""check's skill gap by scenario (RS-T109, RS-T110) and each god card's win rate
beside the plain game's (RS-T111, RS-T112)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from generator.pipeline import check
from generator.systems import Options
from generator.systems.tower import sim_skill

CONTENT = Path(__file__).resolve().parents[3] / "content"


@pytest.fixture
def shipped_report(tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> Any:
    shipped_cache("tower", tmp_path / "cache")
    return check([CONTENT / "tower"], Options(cache_dir=tmp_path / "cache"))


def test_the_shipped_campaign_notes_its_skill_gap_and_every_cards_rate(shipped_report: Any
                                                                       ) -> None:
    codes = [d.code for d in shipped_report.diagnostics]
    assert codes.count("RS-T109") == 1 and "RS-T110" not in codes
    assert codes.count("RS-T111") == 21 and "RS-T112" not in codes
    (gap,) = [d for d in shipped_report.diagnostics if d.code == "RS-T109"]
    assert gap.message.startswith("skill gap by scenario in campaign order (greedy - random")
    rate = next(d for d in shipped_report.diagnostics if d.code == "RS-T111")
    assert f"of {sim_skill.CARD_GAMES} greedy games on each of 6 scenarios" in rate.message


def test_a_card_in_the_wrong_pile_and_a_weaker_player_winning_more_are_warnings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        shipped_cache: Callable[[str, Path], None]) -> None:
    shipped_cache("tower", tmp_path / "cache")
    calls: list[int] = []

    def counts(game: Any, level: int, settings: Any, fingerprint: str,
               cache_dir: Path | None, run: Any = None) -> tuple[int, int]:
        # The plain game (its 6 scenarios are asked first) wins half its games; every
        # card wins none.
        calls.append(1)
        return (10, 20) if len(calls) <= 6 else (0, 20)

    monkeypatch.setattr(sim_skill, "card_counts", counts)
    monkeypatch.setattr(sim_skill, "player_counts",
                        lambda *a, **k: (1000, 1000))  # random wins every game
    report = check([CONTENT / "tower"], Options(cache_dir=tmp_path / "cache"))
    wrong = [d for d in report.diagnostics if d.code == "RS-T112"]
    # Every easy card makes the game clearly harder here; no expert card is easier.
    assert len(wrong) == 13 and all("easy card" in d.message for d in wrong)
    assert all(d.file.endswith("easy.yaml") for d in wrong)
    weaker = [d for d in report.diagnostics if d.code == "RS-T110"]
    assert len(weaker) == 6 and all("the greedy player won" in d.message for d in weaker)


def test_every_tower_module_a_stored_figure_reads_is_hashed() -> None:
    """The stored playtests hold bonus counts that ``scoring`` decides (issue 23: the
    list missed it), and the skill and card rates come from ``sim_skill``: a change to
    any module the playtest summary imports from the tower system must change the key."""
    import ast
    import importlib.util

    from generator.systems.tower.sim_checks import HASHED_MODULES

    deciding = ("generator.systems.tower.playtest", "generator.systems.tower.sim_checks",
                "generator.systems.tower.sim_skill", "generator.systems.tower.proof")
    for name in deciding:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin
        tree = ast.parse(Path(spec.origin).read_text("utf-8"))
        top = [n for n in tree.body if isinstance(n, ast.ImportFrom)]
        used = {n.module for n in top if n.module and n.module.startswith(
            "generator.systems.tower.")}
        # The model compiles documents into the Game the fingerprint hashes whole, and
        # checks/variants only decide which games are played (their ids are keyed); the
        # stage only holds the models and the run's results by their cache keys.
        used -= {"generator.systems.tower.model", "generator.systems.tower.checks",
                 "generator.systems.tower.variants", "generator.systems.tower.stage"}
        assert used <= set(HASHED_MODULES), (name, sorted(used - set(HASHED_MODULES)))
    # Every policy plays through its package's modules, imported when a game needs
    # them (the lookahead's compiled kernel only with numba): each one is hashed.
    import pkgutil

    from generator.systems.tower import policies

    package = {f"{policies.__name__}.{m.name}" for m in pkgutil.iter_modules(policies.__path__)}
    assert package <= set(HASHED_MODULES), sorted(package - set(HASHED_MODULES))
