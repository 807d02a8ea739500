"""Shared fixtures: a small valid fragments pack to break in many ways."""
from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib.resources import files
from pathlib import Path

import pytest

from generator.pipeline import check
from generator.systems import Options

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"

PACK_YAML = """kind: pack
id: test-pack
title: Test pack
version: 1.0.0
systems: [fragments]
languages: [en, fr]
include:
  - game.yaml
  - cards/*.yaml
"""

GAME_YAML = """kind: fragment-game
id: game
title: Test deck
hand_size: 5
tokens: {valid: 7, invalid: 7}
press_your_luck:
  scoring: [1, 3, 6, 10, 15, 21, 28, 36]
  games: 50
"""

WHEN_YAML = "---\n".join(
    f"kind: when-card\nid: when-{i}\nonly: only when\nexcept: except when\n" for i in range(1, 7))


def starter_cards() -> str:
    return files("generator.systems.fragments").joinpath("starter_cards.yaml").read_text("utf-8")


def write_pack(root: Path, overrides: dict[str, str | bytes] | None = None) -> Path:
    """Write the valid test pack into ``root``; ``overrides`` replace or add files."""
    base: dict[str, str | bytes] = {
        "pack.yaml": PACK_YAML,
        "game.yaml": GAME_YAML,
        "cards/starter.yaml": starter_cards(),
        "cards/when.yaml": WHEN_YAML,
    }
    base.update(overrides or {})
    for rel, content in base.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


@pytest.fixture
def pack_dir(tmp_path: Path) -> Path:
    return write_pack(tmp_path / "pack")


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(autouse=True)
def _no_ci_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    os.environ.pop("RIDDLESMITH_DEBUG", None)


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` between processes (none where fcntl is missing)."""
    if sys.platform == "win32":  # each worker makes its own caches there
        yield
        return
    import fcntl

    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def shipped_cache(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, Path | None], None]:
    """``seed(pack, dest)`` fills the cache folder ``dest`` with what one check of the
    shipped ``pack`` stores, and the riddles' measures its build adds, (made once per session, in a folder of its own: the shipped
    packs' own caches are never read or written); ``dest=None`` only makes it.

    A test that needs the shipped pack checked or built, but not simulated from
    nothing, seeds its cache instead of solving and playtesting everything again.
    """
    # Under pytest-xdist every worker has its own session: the caches are made once for
    # all of them, in the run's shared temporary folder, one worker at a time.
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER") and sys.platform != "win32":  # fcntl's locks
        shared = shared.parent
    root = shared / "shipped-caches"
    root.mkdir(exist_ok=True)
    made: set[str] = set()

    def seed(pack: str, dest: Path | None) -> None:
        if pack not in made:
            with _locked(root / f"{pack}.lock"):
                if not (root / f"{pack}.done").exists():
                    report = check([CONTENT / pack], Options(cache_dir=root / pack))
                    for one in report.packs:  # what a build adds: the riddle measures
                        if "riddle" in one.systems and not report.failed():
                            report.systems["riddle"].report(one, report.options)
                    (root / f"{pack}.done").touch()
            made.add(pack)
        if dest is not None and (root / pack).is_dir():  # the fragments system caches nothing
            shutil.copytree(root / pack, dest, dirs_exist_ok=True)

    return seed


SEEDED_FIRST = {"gw0": ("riddles",), "gw1": ("tower", "roles", "glyphs")}
"""Under ``-n 2``, which worker makes which shipped caches before its first test: about a
minute of CPU each, made side by side instead of one worker waiting on the other's lock."""


@pytest.fixture(scope="session", autouse=True)
def _seed_side_by_side(request: pytest.FixtureRequest,
                       shipped_cache: Callable[[str, Path | None], None]) -> None:
    """In a whole-suite run (many tests, two workers) each worker first makes its share
    of the shipped caches (:data:`SEEDED_FIRST`); a run of a few tests makes only what
    its tests ask for."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if len(request.session.items) < 1000 or worker not in SEEDED_FIRST:
        return
    for pack in SEEDED_FIRST[worker]:
        shipped_cache(pack, None)
