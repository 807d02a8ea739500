"""``riddlesmith explain``: what a diagnostic code means, why it matters, an example.

Titles live in :data:`generator.diagnostics.CODES`; the longer text lives once,
beside the declarations: core codes in :data:`generator.diagnostics.EXPLANATIONS`,
each built-in game system's in its ``codes.py`` module, a plug-in's in the
:class:`~generator.diagnostics.Code` values it registers. Every one reaches here
through the registry (:func:`generator.registry.load_registry`).
"""
from __future__ import annotations

import textwrap

from generator.diagnostics import CODES, Explanation, Severity
from generator.registry import load_registry


def all_explanations() -> dict[str, Explanation]:
    """Every explanation: the core ones and those of each installed system."""
    return load_registry().explanations()


def normalise(code: str) -> str:
    """'g103', 'RS-G103' and 'rs-g103' all name RS-G103.

    >>> normalise("g103"), normalise("rs-f003")
    ('RS-G103', 'RS-F003')
    """
    code = code.strip().upper()
    return code if code.startswith("RS-") else "RS-" + code


def explain_text(code: str, explanations: dict[str, Explanation]) -> str:
    """The text ``riddlesmith explain CODE`` prints (the code must exist)."""
    severity, title = CODES[code]
    out = [f"{code}  {severity.value}  {title}", ""]
    entry = explanations.get(code)
    if entry is not None:
        out += ["Why it matters:", textwrap.indent(textwrap.fill(entry.why, 76), "  "), "",
                "For example:", textwrap.indent(entry.example, "  "), ""]
    if severity is Severity.ERROR:
        out.append("This is an error: build refuses to print until it is fixed.")
    else:
        out.append(f"To silence it where you mean it: '# riddlesmith: ignore[{code}]' at the end of "
                   "the line,\nat the top of the document, or 'ignore: [" + code + "]' in pack.yaml.")
    return "\n".join(out) + "\n"


def listing_text() -> str:
    """One line per code: code, default severity, title."""
    return "".join(f"{code}  {severity.value:<7}  {title}\n"
                   for code, (severity, title) in sorted(CODES.items()))


def run_explain(code: str | None) -> str:
    """What ``riddlesmith explain [CODE]`` prints; an unknown code is a usage error."""
    from generator.pack.loader import UsageError
    from generator.pack.schema import suggest

    load_registry()  # the plug-ins' codes join the table
    if code is None:
        return listing_text()
    wanted = normalise(code)
    if wanted not in CODES:
        hint = suggest(wanted, sorted(CODES))
        raise UsageError(f"unknown code '{code}'" + (f"; {hint}" if hint else "")
                         + " ('riddlesmith explain' lists every code)")
    return explain_text(wanted, all_explanations())
