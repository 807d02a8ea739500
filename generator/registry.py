"""The registry: everything the installed game systems bring, filled in one place each.

Like a Sphinx extension's ``setup(app)`` filling ``sphinx/registry.py``, each game
system's :meth:`~generator.systems.System.setup` is handed a :class:`SystemSetup`
(the registry, seen as that system) and adds to it what the system brings:

- document kinds, each with its JSON Schema (:meth:`SystemSetup.add_kind`);
- diagnostic codes, each with its explanation and failing example
  (:meth:`SystemSetup.add_codes`);
- options of ``riddlesmith build`` (:meth:`SystemSetup.add_build_option`);
- commands, ``solve`` and ``playtest``, for documents of some kinds, with their options
  and (``playtest``) player policies (:meth:`SystemSetup.add_command`);
- what it offers the print targets (:meth:`SystemSetup.add_print_source`);
- code compiled ahead of time by ``riddlesmith warm`` (:meth:`SystemSetup.add_warmer`).

Systems are found in two explicit places: :data:`BUILTIN_SYSTEMS` and the
``riddlesmith.systems`` entry-point group (a plug-in, ``docs/plugins.md``).
Everything is refused with a :class:`~generator.errors.PluginError` naming the
plug-in (exit code 2), never skipped: a plug-in that fails to load or is not a system,
and anything two owners claim (a system name, a kind, a code, a build option, a
command of a kind, a warmer), naming both.

>>> registry = load_registry()
>>> registry.kinds["riddle"].owner, registry.codes["RS-G001"].owner
('riddle', 'riddle')
>>> registry.build_options["solutions"].owner
'riddle'
"""
from __future__ import annotations

import importlib
import json
from importlib.metadata import entry_points
from typing import Any, Callable

import jsonschema
from jsonschema import Draft202012Validator

from generator.diagnostics import (
    CODES,
    CORE_OWNER,
    EXPLANATIONS,
    Code,
    CodeClash,
    Explanation,
    plugin_codes,
    register_codes,
)
from generator.errors import PluginError
from generator.render.labels import TABLE as CORE_LABELS
from generator.resources import schemas_dir
from generator.systems import Owned, Registry, System, SystemSetup

BUILTIN_SYSTEMS = {
    "fragments": "generator.systems.fragments:SYSTEM",
    "glyphs": "generator.systems.glyphs:SYSTEM",
    "riddle": "generator.systems.riddle:SYSTEM",
    "roles": "generator.systems.roles:SYSTEM",
    "tower": "generator.systems.tower:SYSTEM",
}
"""The systems shipped with riddlesmith (each is also an entry point of its distribution)."""

ENTRY_POINT_GROUP = "riddlesmith.systems"
"""Where a plug-in names its system (``pyproject.toml``: ``[project.entry-points]``)."""

CORE_LETTERS = frozenset("YPSCRAE")
"""The code letters of riddlesmith's own stages (loading, pack, schema, sheets, render,
artwork, environment); the other letters of :data:`~generator.diagnostics.CODES` are the
built-in systems'."""


def core_codes() -> tuple[Code, ...]:
    """riddlesmith's own codes (not a system's), with their explanations.

    >>> core_codes()[0].code
    'RS-A001'
    """
    return _codes_of(CORE_LETTERS, {})


def shipped_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of a built-in kind, from the ``schemas/`` folder riddlesmith ships.

    >>> shipped_schema("riddle")["$id"]
    'riddle.schema.json'
    """
    path = schemas_dir() / f"{kind}.schema.json"
    contents: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return contents


def shipped_codes(letters: str, explanations: dict[str, Explanation]) -> tuple[Code, ...]:
    """A built-in system's codes (``RS-<letter>...`` of the core table, with the
    explanations of its ``codes.py``), for :meth:`SystemSetup.add_codes`.

    >>> shipped_codes("F", {})[0].code
    'RS-F001'
    """
    return _codes_of(frozenset(letters), explanations)


def _codes_of(letters: frozenset[str], explanations: dict[str, Explanation]
              ) -> tuple[Code, ...]:
    out = []
    for code, (severity, title) in sorted(CODES.items()):
        if code[3] in letters and code not in plugin_codes():
            text = explanations.get(code) or EXPLANATIONS.get(code) or Explanation("", "")
            out.append(Code(code, severity, title, text.why, text.example))
    return tuple(out)


def _load(name: str, ref: str, load: Callable[[], Any]) -> System:
    try:
        system = load()
    except Exception as exc:  # whatever the plug-in's import raised, name it
        raise PluginError(f"game system plug-in '{name}' ({ref}) cannot be loaded: "
                          f"{type(exc).__name__}: {exc}") from exc
    if not isinstance(system, System):
        raise PluginError(f"game system plug-in '{name}' ({ref}) is not a system "
                          "(see generator.systems.System)")
    return system


def _import(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def load_registry() -> Registry:
    """Every installed system (built-ins first, then entry points, by name), each set up
    into one :class:`Registry`; plug-ins' codes join the code table.

    Raises :class:`PluginError` for a plug-in that fails to load or is not a system, a
    system whose ``setup`` fails, anything two owners claim, a kind without a schema.
    """
    registry = Registry()
    for name, ref in BUILTIN_SYSTEMS.items():
        registry.systems[name] = _load(name, ref, lambda ref=ref: _import(ref))  # type: ignore[misc]
        registry.sources[name] = ref
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: (e.name, e.value)):
        if ep.name in registry.sources:
            if registry.sources[ep.name] != ep.value:
                raise PluginError(f"two game systems are named '{ep.name}': "
                                  f"{registry.sources[ep.name]} and {ep.value}; uninstall one "
                                  "of them")
            continue  # the built-ins are entry points too
        registry.systems[ep.name] = _load(ep.name, ep.value, ep.load)
        registry.sources[ep.name] = ep.value
    registry.kinds["pack"] = Owned(CORE_OWNER, shipped_schema("pack"))
    registry.codes.update((c.code, Owned(CORE_OWNER, c)) for c in core_codes())
    registry.labels.update((key, Owned(CORE_OWNER, tuple(texts)))
                           for key, texts in CORE_LABELS.items())
    for name, system in registry.systems.items():
        _set_up(registry, name, system)
    unowned = sorted(set(CODES) - set(registry.codes) - plugin_codes())
    if unowned:
        raise PluginError(f"code {unowned[0]} is in generator.diagnostics.CODES but no system "
                          "registers it")
    _join_code_table(registry)
    return registry


def _set_up(registry: Registry, name: str, system: System) -> None:
    """Run ``system.setup`` on the registry as ``name``; every kind must get a schema."""
    try:
        system.setup(SystemSetup(registry, name, tuple(system.kinds)))
    except PluginError:
        raise
    except Exception as exc:  # a plug-in's own failure, named (a missing file, say)
        raise PluginError(f"game system '{name}' cannot be set up: "
                          f"{type(exc).__name__}: {exc}") from exc
    for kind in system.kinds:
        entry = registry.kinds.get(kind)
        if entry is not None and name not in BUILTIN_SYSTEMS:
            try:
                Draft202012Validator.check_schema(entry.value)
            except jsonschema.SchemaError as exc:
                raise PluginError(f"game system '{name}': the schema of kind '{kind}' is not a "
                                  f"valid JSON Schema: {exc.message}") from exc
        if entry is None:
            raise PluginError(f"game system '{name}' has no JSON Schema for its kind '{kind}' "
                              "(setup must add_kind it)")
        if entry.owner != name:
            raise PluginError(f"document kind '{kind}' of game system '{name}' is already "
                              f"registered by {registry.who(entry.owner)}")


def _join_code_table(registry: Registry) -> None:
    """Put the plug-ins' codes in the code table (a built-in system's are there already)."""
    by_owner: dict[str, list[Code]] = {}
    for code, entry in registry.codes.items():
        if entry.owner == CORE_OWNER:
            continue
        if entry.owner not in BUILTIN_SYSTEMS:
            by_owner.setdefault(entry.owner, []).append(entry.value)
        elif CODES.get(code) != (entry.value.severity, entry.value.title):
            raise PluginError(f"code {code} of game system '{entry.owner}' differs from its "
                              "declaration in generator.diagnostics.CODES")
    for owner, codes in sorted(by_owner.items()):
        try:
            register_codes(owner, codes)
        except CodeClash as exc:
            raise PluginError(str(exc)) from exc


def discover_systems() -> dict[str, System]:
    """Every installed system by name: :func:`load_registry`'s systems."""
    return load_registry().systems


def add_shipped(app: SystemSetup, letters: str, explanations: dict[str, Explanation],
                single: tuple[str, ...] = ()) -> None:
    """Register a built-in system's kinds with their schemas from ``schemas/`` (those of
    ``single``: one a pack) and its codes (``RS-<letter>...`` of
    :data:`~generator.diagnostics.CODES`) with the explanations of its ``codes.py``."""
    for kind in app.kinds:
        app.add_kind(kind, shipped_schema(kind), single=kind in single)
    app.add_codes(shipped_codes(letters, explanations))
