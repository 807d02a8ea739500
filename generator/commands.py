"""``riddlesmith solve`` and ``playtest``: route a command to the system that owns its target.

The command line names no game system. A system offers ``playtest`` or ``solve``
by registering a :class:`~generator.systems.Command` in its setup;
:func:`run_command` loads the pack, finds the document named by the command's
target among the kinds of the registered commands, and hands the request to
that system's command. When the
target is not there, a pack whose declared systems include exactly one such
system gets that system's own answer (its list of targets); otherwise the
answer lists every target the pack offers.
"""
from __future__ import annotations

import json

from pathlib import Path
from typing import Any

from generator.diagnostics import Diagnostic, Severity
from generator.pack.loader import UsageError, load_packs
from generator.pack.schema import load_schemas
from generator.registry import load_registry
from generator.systems import COMMANDS, Command, CommandOption, CommandRequest, Registry


def command_options(command: str, registry: Registry | None = None
                    ) -> list[tuple[str, CommandOption]]:
    """Every system option of ``command`` as (system name, option); a name only once."""
    seen: set[str] = set()
    out: list[tuple[str, CommandOption]] = []
    for name, offered in (registry or load_registry()).commands_of(command).items():
        for option in offered.options:
            if option.name not in seen:
                seen.add(option.name)
                out.append((name, option))
    return out


def policies_help(registry: Registry | None = None) -> str:
    """The policies of the installed playtesting systems, in words (default first)."""
    parts = [f"{name}: {', '.join(offered.policies)}"
             for name, offered in (registry or load_registry()).commands_of("playtest").items()]
    return "; ".join(parts) if parts else "no installed system playtests"


def run_command(command: str, request: CommandRequest,
                registry: Registry | None = None) -> tuple[int, str]:
    """Run ``solve`` or ``playtest`` for ``request``; return (exit code, text).

    Exit codes: what the owning system returns; 1 when the pack has errors and
    the target could not be loaded; 2 for usage problems (no such pack or target).
    """
    if command not in COMMANDS:
        raise ValueError(f"unknown command {command!r}")
    registry = registry or load_registry()
    offering = registry.commands_of(command)
    if not offering:
        return 2, f"riddlesmith: no installed system can {command}"
    kinds = {kind: entry.owner for kind, entry in registry.kinds.items()}
    try:
        loaded = load_packs([Path(request.pack)], load_schemas(), kinds)
    except UsageError as exc:
        return 2, f"riddlesmith: {exc}"
    targets: list[tuple[str, str]] = []  # (kind, id) of every target in the pack
    declared: set[str] = set()
    for pack in loaded.packs:
        declared.update(pack.systems)
        for offered in offering.values():
            for kind in offered.kinds:
                for doc in pack.of_kind(kind):
                    if doc.id == request.target:
                        return _run(offered, request)
                    targets.append((kind, doc.id))
    candidates = [s for name, s in offering.items() if name in declared]
    if len(candidates) == 1:
        return _run(candidates[0], request)  # its own words for a missing target
    errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
    if errors:
        return 1, (_diagnostics_text(errors) + f"\nriddlesmith: '{request.target}' could not "
                   "be loaded; fix the errors above")
    listing = ", ".join(f"{ident} ({kind})" for kind, ident in sorted(targets))
    other = _other_command(command, request.target, loaded.packs, registry)
    return 2, (f"riddlesmith: nothing to {command} named '{request.target}' in {request.pack}"
               + (f" (targets: {listing})" if listing else "") + other)


def _other_command(command: str, target: str, packs: list[Any], registry: Registry) -> str:
    """``; 'x' is a riddle: riddlesmith solve PACK x`` when the other command takes it."""
    for other in COMMANDS:
        if other == command:
            continue
        for offered in registry.commands_of(other).values():
            for kind in offered.kinds:
                for pack in packs:
                    if any(doc.id == target for doc in pack.of_kind(kind)):
                        return (f"; '{target}' is a {kind}: riddlesmith {other} "
                                f"{pack.root} {target}")
    return ""


def _run(offered: Command, request: CommandRequest) -> tuple[int, str]:
    if offered.name == "playtest":
        asked = request.values.get("policy")
        policies = ([asked] if isinstance(asked, str) else list(asked or ())) \
            or [offered.policies[0]]
        if len(dict.fromkeys(policies)) > 1:
            return _compare(offered, request, list(dict.fromkeys(policies)))
        values = dict(request.values, policy=policies[0])
        return offered.run(CommandRequest(request.pack, request.target, request.fmt, values,
                                          request.progress, request.notice))
    return offered.run(request)


def _compare(offered: Command, request: CommandRequest, policies: list[str]
             ) -> tuple[int, str]:
    """Playtest each policy on the same seeds and report them side by side
    (:mod:`generator.skill`); ``values["comparing"]`` tells the system so (a competitive
    game then seats each policy against its reference players)."""
    from generator.skill import compare_by, compare_policies, format_by, format_comparison

    if request.values.get("replay") is not None:
        return 2, "riddlesmith: --replay plays one game: give one --policy"
    unknown = [p for p in policies if p not in offered.policies]
    if unknown:
        return 2, (f"riddlesmith: unknown policy '{unknown[0]}' (choose "
                   f"{', '.join(offered.policies)})")
    results: dict[str, dict[str, Any]] = {}
    for policy in policies:
        values = dict(request.values, policy=policy, comparing=True)
        code, text = offered.run(CommandRequest(request.pack, request.target, "json", values,
                                                request.progress, request.notice))
        if code != 0:
            return code, text
        results[policy] = json.loads(text)
    order = offered.skill_order or policies
    comparison = compare_policies(results, order)
    by = compare_by(results, order)
    if request.fmt == "json":
        return 0, json.dumps({"target": request.target, "seed": request.values.get("seed"),
                              "comparison": comparison,
                              "policies": [results[p] for p in comparison["order"]],
                              **({"by": by} if by else {})}, indent=2)
    label = next(iter(results.values())).get("figure", "win rate")
    text = format_comparison(request.target, comparison, label)
    return 0, text + ("\n" + format_by(by) if by else "")


def _diagnostics_text(diags: list[Diagnostic]) -> str:
    return "\n".join(f"{d.location()}: {d.severity.value}: {d.message} [{d.code}]"
                     for d in sorted(diags, key=Diagnostic.sort_key))


__all__ = ["COMMANDS", "command_options", "policies_help", "run_command"]
