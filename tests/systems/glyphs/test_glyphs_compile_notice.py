"""``check`` says so before the glyph planner's first compile (about 30 s of CPU), as the
riddle solver does for its core: the wait is the compile, not the games."""
from __future__ import annotations

import pytest

from generator.systems.glyphs import sim_checks

numba = pytest.importorskip("numba")


def heard(monkeypatch: pytest.MonkeyPatch, *, compiled: bool, switch: str | None) -> list[str]:
    from generator.systems.glyphs import compiled as kernel

    if switch is None:
        monkeypatch.delenv("RIDDLESMITH_COMPILED", raising=False)
    else:
        monkeypatch.setenv("RIDDLESMITH_COMPILED", switch)
    monkeypatch.setattr(kernel, "compiled_already", lambda: compiled)
    lines: list[str] = []
    sim_checks._compile_notice(lines.append)
    return lines


def test_a_first_compile_is_announced(monkeypatch: pytest.MonkeyPatch) -> None:
    assert heard(monkeypatch, compiled=False, switch=None) == [sim_checks.COMPILE_NOTICE]


def test_nothing_is_said_when_compiled_or_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    assert heard(monkeypatch, compiled=True, switch=None) == []
    assert heard(monkeypatch, compiled=False, switch="0") == []


def test_the_cache_index_is_read() -> None:
    """After a warm-up numba's index for the planner's turn is there."""
    from generator.systems.glyphs import compiled as kernel

    kernel.warm_up()
    assert kernel.compiled_already()
