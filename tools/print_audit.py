"""Print audit: every document ``riddlesmith build`` writes, checked for text a reader
cannot read (a development script; reading PDFs back needs pypdf, from the ``test``
extra).

    python tools/print_audit.py [PATHS...] [build options: --paper letter --lang fr ...]

Builds PATHS (``content`` when none are given) once into a temporary folder, keeping
every document drawn on the way (:func:`generator.render.pdf.capture_documents`).
The PDFs written are read back: a text run under 6 pt (its font size times the
matrices in force, so any scale counts); so are the PDFs drawn only to become
images (``--target tts`` card sheets, ``--target pro`` PNGs), named by their
document. Every drawn page is checked too (see :mod:`generator.render.legibility`):
a paragraph whose ink runs past its box, a text cut by the page's edge, two texts
that overlap. Prints one line per problem and exits 1 when there is any, 0 when
none, 2 when the build fails.
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
from generator.render.pdf import capture_documents, document_to_pdf
from generator.render.text import MIN_PRINT_SIZE


def small_text(name: str, pdf: bytes) -> list[str]:
    """One line per text run under 6 pt in ``pdf`` (counted per page, size and text)."""
    small = collections.Counter((page, round(size, 1), text.strip()[:30])
                                for page, size, text in pdf_text_sizes(pdf)
                                if size < MIN_PRINT_SIZE - 0.01)
    return [f"{name}: page {page}: {size} pt x{count}: {text!r}"
            for (page, size, text), count in sorted(small.items())]


def audit(build_args: Sequence[str]) -> tuple[int, list[str]]:
    """(build exit code, problems) for ``riddlesmith build`` with ``build_args``."""
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as out, capture_documents(draw=True) as documents:
        result = CliRunner().invoke(main, ["build", *build_args, "--out", out])
        if result.exit_code != 0:
            return result.exit_code, [result.output.strip()]
        written = set()
        for pdf in sorted(Path(out).rglob("*.pdf")):
            data = pdf.read_bytes()
            written.add(data)
            lines += small_text(str(pdf.relative_to(out)), data)
    for index, doc in enumerate(documents, 1):
        name = doc.title or f"document {index}"
        data = document_to_pdf(doc)
        if data not in written:  # drawn for an image, never written as a PDF
            lines += small_text(f"{name} (drawn for an image)", data)
        for number, page in enumerate(doc.pages, 1):
            found = [f"paragraph {o.down} mm below, {o.right} mm right of its box: {o.words!r}"
                     for o in overruns(page)]
            for problem in dict.fromkeys([*found, *text_problems(page)]):
                lines.append(f"{name}: page {number} ({page.id}): {problem}")
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
