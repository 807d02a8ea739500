"""Print audit: every document ``riddlesmith build`` writes, checked for text a reader
cannot read (a development script; reading PDFs back needs pypdf, from the ``test``
extra).

    python tools/print_audit.py [PATHS...] [build options: --paper letter --lang fr ...]

Builds PATHS (``content`` when none are given) twice into a temporary folder. The
PDFs of the first build are read back: a text run under 6 pt (its font size times
the matrices in force, so any scale counts). The second build keeps the drawn pages
(see :mod:`generator.render.legibility`): a paragraph whose ink runs past its box,
a text cut by the page's edge, two texts that overlap. Prints one line per problem
and exits 1 when there is any, 0 when none, 2 when the build fails.
"""
from __future__ import annotations

import collections
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from click.testing import CliRunner

from generator.cli import main
from generator.render.legibility import overruns, pdf_text_sizes, text_problems
from generator.render.pdf import capture_documents
from generator.render.text import MIN_PRINT_SIZE


def audit(build_args: Sequence[str]) -> tuple[int, list[str]]:
    """(build exit code, problems) for ``riddlesmith build`` with ``build_args``."""
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as out:
        result = CliRunner().invoke(main, ["build", *build_args, "--out", out])
        if result.exit_code != 0:
            return result.exit_code, [result.output.strip()]
        for pdf in sorted(Path(out).rglob("*.pdf")):
            small = collections.Counter((page, round(size, 1), text.strip()[:30])
                                        for page, size, text in pdf_text_sizes(pdf.read_bytes())
                                        if size < MIN_PRINT_SIZE - 0.01)
            lines += [f"{pdf.relative_to(out)}: page {page}: {size} pt x{count}: {text!r}"
                      for (page, size, text), count in sorted(small.items())]
    with tempfile.TemporaryDirectory() as out, capture_documents() as documents:
        CliRunner().invoke(main, ["build", *build_args, "--out", out])
    for doc in documents:
        for number, page in enumerate(doc.pages, 1):
            found = [f"paragraph {o.down} mm below, {o.right} mm right of its box: {o.words!r}"
                     for o in overruns(page)]
            for problem in dict.fromkeys([*found, *text_problems(page)]):
                lines.append(f"{doc.title}: page {number} ({page.id}): {problem}")
    return 0, lines


def run(argv: Sequence[str]) -> int:
    """Audit the build of ``argv`` (paths first, ``content`` when none); the exit code."""
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    args = list(argv) if argv and not argv[0].startswith("-") else ["content", *argv]
    code, lines = audit(args)
    print("\n".join(lines) if lines else "no text under 6 pt, out of its box, cut or overlapping")
    return 2 if code else 1 if lines else 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
