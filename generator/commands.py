"""``riddlesmith solve`` and ``playtest``: route a command to the system that owns its target.

The command line names no game system. A system offers playtests by being a
:class:`~generator.systems.Playtester` and solving by being a
:class:`~generator.systems.Solver`; :func:`run_command` loads the pack, finds
the document named by the command's target among the kinds of the systems
that offer the command, and hands the request to that system. When the
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
from generator.systems import CommandOption, CommandRequest, Playtester, Solver, System
from generator.registry import discover_systems

COMMANDS = ("solve", "playtest")


def command_systems(command: str, systems: dict[str, System] | None = None) -> dict[str, Any]:
    """The installed systems that offer ``command`` (``solve`` or ``playtest``), by name."""
    found = discover_systems() if systems is None else systems
    wanted: type = Playtester if command == "playtest" else Solver
    return {name: s for name, s in sorted(found.items()) if isinstance(s, wanted)}


def command_kinds(command: str, system: Any) -> tuple[str, ...]:
    """The document kinds whose ids ``command`` takes as its target in ``system``."""
    return tuple(system.playtest_kinds if command == "playtest" else system.solve_kinds)


def command_options(command: str, systems: dict[str, Any] | None = None
                    ) -> list[tuple[str, CommandOption]]:
    """Every system option of ``command`` as (system name, option); a name only once."""
    seen: set[str] = set()
    out: list[tuple[str, CommandOption]] = []
    for name, system in command_systems(command, systems).items():
        options = system.playtest_options() if command == "playtest" else system.solve_options()
        for option in options:
            if option.name not in seen:
                seen.add(option.name)
                out.append((name, option))
    return out


def policies_help(systems: dict[str, Any] | None = None) -> str:
    """The policies of the installed playtesting systems, in words (default first)."""
    parts = [f"{name}: {', '.join(s.playtest_policies)}"
             for name, s in command_systems("playtest", systems).items()]
    return "; ".join(parts) if parts else "no installed system playtests"


def run_command(command: str, request: CommandRequest,
                systems: dict[str, System] | None = None) -> tuple[int, str]:
    """Run ``solve`` or ``playtest`` for ``request``; return (exit code, text).

    Exit codes: what the owning system returns; 1 when the pack has errors and
    the target could not be loaded; 2 for usage problems (no such pack or target).
    """
    if command not in COMMANDS:
        raise ValueError(f"unknown command {command!r}")
    every = discover_systems() if systems is None else systems
    offering = command_systems(command, every)
    if not offering:
        return 2, f"riddlesmith: no installed system can {command}"
    kinds = {"pack": "core"}
    for name, system in sorted(every.items()):
        for kind in system.kinds:
            kinds.setdefault(kind, name)
    try:
        loaded = load_packs([Path(request.pack)], load_schemas(), kinds)
    except UsageError as exc:
        return 2, f"riddlesmith: {exc}"
    targets: list[tuple[str, str]] = []  # (kind, id) of every target in the pack
    declared: set[str] = set()
    for pack in loaded.packs:
        declared.update(pack.systems)
        for name, system in offering.items():
            for kind in command_kinds(command, system):
                for doc in pack.of_kind(kind):
                    if doc.id == request.target:
                        return _run(command, system, request)
                    targets.append((kind, doc.id))
    candidates = [s for name, s in offering.items() if name in declared]
    if len(candidates) == 1:
        return _run(command, candidates[0], request)  # its own words for a missing target
    errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
    if errors:
        return 1, (_diagnostics_text(errors) + f"\nriddlesmith: '{request.target}' could not "
                   "be loaded; fix the errors above")
    listing = ", ".join(f"{ident} ({kind})" for kind, ident in sorted(targets))
    other = _other_command(command, request.target, loaded.packs, every)
    return 2, (f"riddlesmith: nothing to {command} named '{request.target}' in {request.pack}"
               + (f" (targets: {listing})" if listing else "") + other)


def _other_command(command: str, target: str, packs: list[Any], systems: dict[str, System]
                   ) -> str:
    """``; 'x' is a riddle: riddlesmith solve PACK x`` when the other command takes it."""
    for other in COMMANDS:
        if other == command:
            continue
        for system in command_systems(other, systems).values():
            for kind in command_kinds(other, system):
                for pack in packs:
                    if any(doc.id == target for doc in pack.of_kind(kind)):
                        return (f"; '{target}' is a {kind}: riddlesmith {other} "
                                f"{pack.root} {target}")
    return ""


def _run(command: str, system: Any, request: CommandRequest) -> tuple[int, str]:
    if command == "playtest":
        asked = request.values.get("policy")
        policies = ([asked] if isinstance(asked, str) else list(asked or ())) \
            or [system.playtest_policies[0]]
        if len(dict.fromkeys(policies)) > 1:
            return _compare(system, request, list(dict.fromkeys(policies)))
        values = dict(request.values, policy=policies[0])
        return system.run_playtest(CommandRequest(  # type: ignore[no-any-return]
            request.pack, request.target, request.fmt, values, request.progress,
            request.notice))
    return system.run_solve(request)  # type: ignore[no-any-return]


def _compare(system: Any, request: CommandRequest, policies: list[str]) -> tuple[int, str]:
    """Playtest each policy on the same seeds and report them side by side
    (:mod:`generator.skill`); ``values["comparing"]`` tells the system so (a competitive
    game then seats each policy against its reference players)."""
    from generator.skill import compare_by, compare_policies, format_by, format_comparison

    if request.values.get("replay") is not None:
        return 2, "riddlesmith: --replay plays one game: give one --policy"
    unknown = [p for p in policies if p not in system.playtest_policies]
    if unknown:
        return 2, (f"riddlesmith: unknown policy '{unknown[0]}' (choose "
                   f"{', '.join(system.playtest_policies)})")
    results: dict[str, dict[str, Any]] = {}
    for policy in policies:
        values = dict(request.values, policy=policy, comparing=True)
        code, text = system.run_playtest(CommandRequest(request.pack, request.target, "json",
                                                        values, request.progress,
                                                        request.notice))
        if code != 0:
            return code, text
        results[policy] = json.loads(text)
    order = getattr(system, "skill_order", policies)
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


__all__ = ["COMMANDS", "command_kinds", "command_options", "command_systems", "policies_help",
           "run_command"]
