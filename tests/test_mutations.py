"""Careless edits of the shipped content never crash the pipeline.

Each case copies a shipped pack, mutates one line of one file (delete it,
repeat it, change a character, change a number or letter) and checks it. A
report must come back (with or without diagnostics) and every diagnostic must
point inside a file of the pack.
"""
from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import CONTENT
from generator.pipeline import check
from generator.systems import Options

PACKS = ("fragments", "riddles", "tower")
PER_PACK = 8


def _mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    op = rng.randrange(4)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    elif op == 2 and lines[i]:
        j = rng.randrange(len(lines[i]))
        lines[i] = lines[i][:j] + rng.choice(":-[]{}~#*0123456789WKSbT .") + lines[i][j + 1:]
    else:
        old = rng.choice(["1", "2", "3", "A", "B", "C", "N", "true", "-"])
        lines[i] = lines[i].replace(old, rng.choice(["9", "0", "Z", "H9", "x", ""]), 1)
    return "\n".join(lines)


@pytest.mark.parametrize("pack, n", [(p, n) for p in PACKS for n in range(PER_PACK)])
def test_mutated_content_gives_diagnostics_not_crashes(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None], pack: str, n: int) -> None:
    rng = random.Random(f"{pack}-{n}")
    dst = tmp_path / pack
    shutil.copytree(CONTENT / pack, dst, ignore=shutil.ignore_patterns(".riddlesmith-cache"))
    # Starting from the unmutated pack's cache, only the items a mutation changed (new
    # content, new cache key) are solved again instead of the whole pack every time.
    shipped_cache(pack, tmp_path / "cache")
    target = rng.choice(sorted(dst.rglob("*.yaml")))
    target.write_text(_mutate(target.read_text(encoding="utf-8"), rng), encoding="utf-8")
    report = check([dst], Options(cache_dir=tmp_path / "cache"))
    for d in report.diagnostics:
        assert d.line >= 1 and d.col >= 1
        assert Path(d.file).resolve().is_relative_to(dst.resolve()), d
