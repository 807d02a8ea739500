"""How fast `riddlesmith check` is, measured side by side in one run.

Prints, for the shipped content and for a large synthetic pack:
- check time and documents per second (target: all shipped content < 2 s);
- our loader (libyaml events composed with positions) against ruamel's
  round-trip loader on the same files, as a ratio.

    python benchmarks/check.py [--cards N]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import REPO, best_of

from generator.pack.yamlload import load_yaml
from generator.pipeline import check
from generator.systems import Options


def _synthetic_pack(root: Path, cards: int) -> Path:
    import random

    rng = random.Random(7)
    verbs = ["keep", "hide", "carry", "follow", "count", "break", "mend", "swallow", "open",
             "guard", "echo", "spin", "fold", "warm", "lose", "gather", "paint", "weigh"]
    things = ["amber", "brooks", "cinders", "dunes", "embers", "fjords", "groves", "harbors",
              "irises", "junipers", "kestrels", "lanterns", "meadows", "nettles", "orchards",
              "pebbles", "quills", "ropes", "saddles", "tides", "umbrellas", "violins", "wheels"]
    times = ["at dawn", "in winter", "after rain", "when asked", "for nobody", "every hour",
             "under the stairs", "on Sundays", "without a sound", "in the dark", "twice a year"]
    (root / "cards").mkdir(parents=True)
    (root / "pack.yaml").write_text(
        "kind: pack\nid: synthetic\ntitle: Synthetic\nversion: 1.0.0\nsystems: [fragments]\n")
    docs = []
    for i in range(cards):
        text = (f"I {rng.choice(verbs)} {rng.choice(things)} and {rng.choice(things)} "
                f"{rng.choice(times)}, {rng.choice(verbs)}ing {rng.randint(2, 9999)} "
                f"{rng.choice(things)}.")
        docs.append(f"kind: fragment-card\nid: card-{i}\ntext: {text}\ntags: [synthetic]\n")
    (root / "cards" / "all.yaml").write_text("---\n".join(docs))
    (root / "game.yaml").write_text("kind: fragment-game\nid: game\ntitle: Synthetic\n")
    return root


def _ruamel_round_trip(files: list[Path]) -> None:
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    for f in files:
        list(yaml.load_all(f.read_text(encoding="utf-8")))


def _ours(files: list[Path]) -> None:
    for f in files:
        load_yaml(f.read_text(encoding="utf-8"), str(f))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=5000, help="cards in the synthetic pack")
    args = parser.parse_args()

    content = REPO / "content"
    report = check([content])
    t_check = best_of(lambda: check([content]))
    t_cold = best_of(lambda: check([content], Options(cache=False)), repeat=1)
    cli = [sys.executable, "-m", "generator.cli", "check", str(content)]
    t_cli = best_of(lambda: subprocess.run(cli, check=True, capture_output=True))
    files = sorted(content.rglob("*.yaml"))
    size = sum(f.stat().st_size for f in files)
    print(f"shipped content: {report.files} files, {report.documents} documents, {size / 1024:.0f} KiB")
    print(f"  `riddlesmith check content` end to end (new process, warm simulator cache): "
          f"{t_cli:.3f} s; target < 2 s: {'met' if t_cli < 2 else 'MISSED'} "
          f"({t_cli / 2:.2f} of the budget)")
    print(f"  check in process: {t_check:.3f} s warm cache ({report.documents / t_check:,.0f} "
          f"documents/s), {t_cold:.3f} s with no cache (every riddle solved, every scenario "
          f"playtested)")
    t_ours = best_of(lambda: _ours(files))
    t_rt = best_of(lambda: _ruamel_round_trip(files), repeat=1)
    print(f"  load only: ours {t_ours:.3f} s, ruamel round-trip {t_rt:.3f} s, "
          f"ratio {t_rt / t_ours:.1f}x")

    with tempfile.TemporaryDirectory() as tmp:
        pack = _synthetic_pack(Path(tmp) / "synthetic", args.cards)
        big = sorted(pack.rglob("*.yaml"))
        size = sum(f.stat().st_size for f in big)
        r = check([pack])
        t = best_of(lambda: check([pack]), repeat=1)
        print(f"synthetic pack: {args.cards} cards, {size / 1024:.0f} KiB, "
              f"{len(r.diagnostics)} diagnostics")
        print(f"  check: {t:.3f} s  ({r.documents / t:,.0f} documents/s)")
        t_ours = best_of(lambda: _ours(big), repeat=1)
        t_rt = best_of(lambda: _ruamel_round_trip(big), repeat=1)
        print(f"  load only: ours {t_ours:.3f} s ({size / t_ours / 1e6:.1f} MB/s), ruamel "
              f"round-trip {t_rt:.3f} s ({size / t_rt / 1e6:.2f} MB/s), ratio {t_rt / t_ours:.1f}x")


if __name__ == "__main__":
    main()
