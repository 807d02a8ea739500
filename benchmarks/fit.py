"""Fit check on huge text fields: the fast path against the slow, obvious one.

Prints, for a few 1 MB texts (words, one long word, emphasis markers, spaces,
zero-width characters), the seconds the fast fit takes, the seconds the
reference takes on a 100 kB slice of the same text, and their ratio.
Run: python benchmarks/fit.py
"""
from __future__ import annotations

import random
import sys
import time

from _common import REPO

sys.path.insert(0, str(REPO / "tests" / "render"))

from fit_reference import reference_fit  # noqa: E402

from generator.render import fit_text  # noqa: E402

MB = 1_000_000


def _texts() -> dict[str, str]:
    rng = random.Random(1)
    words = ["riddle", "sphinx", "tower", "a", "the", "**bold**", "*it*", "long-word-here"]
    return {
        "words": " ".join(rng.choice(words) for _ in range(MB // 5))[:MB],
        "one word": "x" * MB,
        "markers": "a*" * (MB // 2),
        "spaces then a word": " " * (MB - 4) + "word",
        "zero-width": "\u200b " * (MB // 2),
    }


def _seconds(fn: object, *args: object) -> float:
    start = time.perf_counter()
    fn(*args)  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    import argparse

    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    fit_text("warm up", 40, 10)
    print(f"{'text (1 MB)':<20} {'fast 1 MB':>10} {'slow 100 kB':>12} {'slow/fast':>10}")
    for name, text in _texts().items():
        fast = _seconds(fit_text, text, 40, 10)
        slow = _seconds(reference_fit, text[: MB // 10], 40, 10)
        print(f"{name:<20} {fast:>9.3f}s {slow:>11.3f}s {slow / fast:>9.1f}x")


if __name__ == "__main__":
    main()
