"""Game systems: the plug-in interface and its discovery.

A game system owns some document kinds (each with a JSON Schema: the built-in
systems' in ``schemas/``, a plug-in's from its own package through
:class:`SchemaSource`), checks a loaded pack (rule checks, simulators) and
renders it. The pipeline knows systems only through :class:`System`; they are
found through the ``riddlesmith.systems`` entry-point group, so another package
can add one (``docs/plugins.md``). A plug-in brings its own diagnostic codes
(:class:`CodeSource`). A plug-in that cannot be loaded, a code or a kind two
systems claim, a kind without a schema: each is a
:class:`~generator.errors.PluginError` naming
the plug-in (exit code 2), never a silent skip.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol, runtime_checkable

from generator.diagnostics import Code, CodeClash, Diagnostic, register_codes
from generator.errors import PluginError
from generator.pack.model import Pack, cache_folder

if TYPE_CHECKING:
    from generator.sim.executors import Executor

# Systems shipped with riddlesmith; entry points may add more (or these, again).
BUILTIN_SYSTEMS = {
    "fragments": "generator.systems.fragments:SYSTEM",
    "glyphs": "generator.systems.glyphs:SYSTEM",
    "riddle": "generator.systems.riddle:SYSTEM",
    "roles": "generator.systems.roles:SYSTEM",
    "tower": "generator.systems.tower:SYSTEM",
}
ENTRY_POINT_GROUP = "riddlesmith.systems"


ProgressFn = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class Artefact:
    """One output file, relative to the pack's output folder."""

    path: str
    data: bytes


@dataclass(frozen=True, slots=True)
class Options:
    """Options shared by check and build.

    ``executor`` is where a system may run its expensive, independent checks (one
    proof per task, say): the command's ``--jobs`` process pool or ``--scheduler``
    Dask cluster, opened and closed by the caller. None runs them in this process.
    Whatever runs them, the results must be the ones a single process gives.
    ``progress`` hears of long checks as they go (one line per riddle proven, say);
    None: nobody is listening.
    """

    lang: str | None = None
    paper: str | None = None
    strict: bool = False
    back_offset: tuple[float, float] | None = None
    cache: bool = True
    cache_dir: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    executor: Executor | None = field(default=None, compare=False, repr=False)
    progress: ProgressFn | None = field(default=None, compare=False, repr=False)



def paper_of(pack: Pack, options: Options) -> tuple[float, float]:
    """The paper size in mm: ``--paper``, else the pack's ``print.paper``, else A4."""
    from generator.render.geometry import resolve_paper

    return resolve_paper(options.paper or pack.data.get("print", {}).get("paper", "a4"))


def stamp_of(pack: Pack, options: Options) -> Any:
    """The pack's ``print.stamp`` (:class:`generator.render.sheets.Stamp`): it prints the
    pack's ``version`` and the git commit the build found the pack at
    (``options.extra["stamp_revision"]``, when the pack is in a repository)."""
    from generator.render.sheets import stamp_setting

    parts = [str(p) for p in (pack.data.get("version"), options.extra.get("stamp_revision")) if p]
    return stamp_setting(pack.data.get("print", {}), " ".join(parts) or None)


def cache_dir_for(pack: Pack, options: Options) -> Path | None:
    """Where simulator results of ``pack`` are cached (None: no cache): see
    :func:`generator.pack.model.cache_folder`."""
    return cache_folder(pack.root, pack.id, options.cache, options.cache_dir)


@dataclass(frozen=True, slots=True)
class CommandOption:
    """An option a system adds to ``riddlesmith solve`` or ``playtest`` (``--<name>``).

    ``kind`` is ``int`` (optionally within ``minimum``..``maximum``), ``str``,
    ``choice`` (one of ``choices``) or ``flag`` (True when given). Its value reaches
    the system in :attr:`CommandRequest.values` under ``name`` with dashes as
    underscores (None when not given); with ``multiple`` the option may be repeated
    and its value is a tuple (empty when not given).
    """

    name: str
    help: str
    kind: str = "int"
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    multiple: bool = False


REPLAY_OPTION = CommandOption(
    "replay", "Play game I of the run alone (the one --seed gives it) and print it turn by "
    "turn; the summary names the first win and loss to replay.", minimum=0)
"""``playtest --replay I``: each system that offers it prints game I turn by turn."""


@dataclass(frozen=True, slots=True)
class CommandRequest:
    """A ``solve`` or ``playtest`` command line, parsed: which target of which pack.

    ``values`` holds the common options (``games``, ``policy``, ``seed``,
    ``jobs``, ``scheduler`` for playtests) and every system option by name.
    ``progress(done, total)`` shows counted work (None: silent); ``notice(text)`` tells
    of a long wait before any count (compiling a solver's core once, say; None: silent).
    """

    pack: str
    target: str
    fmt: str = "text"
    values: dict[str, Any] = field(default_factory=dict)
    progress: Callable[[int, int], None] | None = None
    notice: Callable[[str], None] | None = None


@runtime_checkable
class Playtester(Protocol):
    """A system whose documents of ``playtest_kinds`` can be playtested.

    ``playtest_policies`` names its player policies, the default first.
    """

    playtest_kinds: tuple[str, ...]
    playtest_policies: tuple[str, ...]

    def playtest_options(self) -> tuple[CommandOption, ...]:
        """Options of its own for ``riddlesmith playtest``."""

    def run_playtest(self, request: CommandRequest) -> tuple[int, str]:
        """Play the games; return (exit code, text)."""


@runtime_checkable
class Solver(Protocol):
    """A system whose documents of ``solve_kinds`` can be solved."""

    solve_kinds: tuple[str, ...]

    def solve_options(self) -> tuple[CommandOption, ...]:
        """Options of its own for ``riddlesmith solve``."""

    def run_solve(self, request: CommandRequest) -> tuple[int, str]:
        """Solve the target; return (exit code, text)."""


@runtime_checkable
class Warmer(Protocol):
    """A system with code compiled on first use (a solver's core, say) that
    ``riddlesmith warm`` compiles ahead of time, so the first check starts at once."""

    def warm(self, notice: ProgressFn) -> str:
        """Compile (or load) it, telling ``notice`` before a long compile; return one
        line saying what was done, or why there was nothing to do."""


@runtime_checkable
class System(Protocol):
    name: str
    kinds: tuple[str, ...]

    def check(self, pack: Pack, options: Options) -> list[Diagnostic]:
        """Rule checks and simulations of a pack whose documents passed the schemas."""

    def build(self, pack: Pack, options: Options, progress: ProgressFn) -> list[Artefact]:
        """Render the pack; only called when ``check`` found no errors."""

    def report(self, pack: Pack, options: Options) -> dict[str, Any]:
        """Figures for the build report (simulator results, counts)."""

    def templates(self) -> dict[str, str]:
        """Commented YAML templates for ``riddlesmith new``, by kind."""

    def starter_files(self, pack_id: str) -> dict[str, str]:
        """Files (relative path -> text) of a new pack made by ``riddlesmith init``."""


class PrintSource(Protocol):
    """What a system may offer the print targets besides its own build (all optional).

    ``decks(pack, options)`` returns :class:`generator.render.deck.Deck` values,
    ``token_sets(pack, options)`` :class:`~generator.render.deck.TokenSet` values and
    ``books(pack, options, progress)`` :class:`~generator.render.deck.Book` values and
    ``booklet_books(pack, options, progress, page)`` the same books laid out for a booklet
    page of ``page`` (w, h) mm (half the paper: A5 on A4); without it a booklet shrinks
    the usual books.
    ``token_kinds(pack, options)`` lists the :class:`~generator.systems.token_art.TokenKind`
    keys of ``print.tokens`` (token artwork) that the system's printed tokens answer to.
    ``table_pieces(pack, options)`` returns :class:`~generator.render.deck.Piece` values:
    every board, tile and token the game uses that is not in a deck or token set, for the
    virtual table (``--target tts``); ``table_dice(pack, options)`` returns
    :class:`~generator.render.deck.Die` values: the dice it rolls, for the same table.
    A system without one of them simply contributes nothing to it.
    """


@dataclass(frozen=True, slots=True)
class Figure:
    """One simulator figure of a document, as ``riddlesmith diff`` compares it.

    ``change`` is the class of a move (``par``, ``first-moves``, ``measure``,
    ``win-rate``, ``share``, ``curve``). A figure with a 95 % interval on both sides
    has moved only when the two intervals do not overlap; one without, when its
    value differs.

    >>> Figure("riddle", "ash-road", "silver par, 1 player", 5, change="par").value
    5
    """

    kind: str
    id: str
    name: str
    value: int | float | str | None
    ci95: tuple[float, float] | None = None
    change: str = "measure"


@runtime_checkable
class FigureSource(Protocol):
    """A system whose simulator figures ``riddlesmith diff`` compares (from what ``check``
    computed and cached; a figure not in the cache is computed)."""

    def figures(self, pack: Pack, options: Options, other: Pack | None) -> list[Figure]:
        """The pack's figures. ``other`` is the same pack on the other side of the diff
        (None: there is none), for figures too costly to take for every document: they
        may be taken only where the two sides differ in what decides them."""


@runtime_checkable
class SchemaSource(Protocol):
    """A system that ships the JSON Schemas of its kinds itself (a plug-in: the built-in
    systems' are in ``schemas/``). Each schema's ``$id`` is ``<kind>.schema.json``; it may
    ``$ref`` the shared ``common.schema.json`` (ids, texts, art)."""

    def schemas(self) -> dict[str, dict[str, Any]]:
        """The JSON Schema of each of its kinds, by kind."""


@runtime_checkable
class CodeSource(Protocol):
    """A system that brings diagnostic codes of its own (a plug-in: the built-in systems'
    are in :data:`generator.diagnostics.CODES`); registered when systems are discovered."""

    codes: tuple[Code, ...]


def _load(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def discover_systems() -> dict[str, System]:
    """Every installed system by name (built-ins first, then entry points), with the
    plug-ins' codes registered.

    Raises :class:`PluginError` for a plug-in that fails to load or is not a system,
    two systems of one name, a document kind or a code two systems claim.
    """
    found: dict[str, System] = {}
    refs: dict[str, str] = {}
    for name, ref in BUILTIN_SYSTEMS.items():
        found[name] = _load(ref)
        refs[name] = ref
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: (e.name, e.value)):
        if ep.name in refs:
            if refs[ep.name] != ep.value:
                raise PluginError(f"two game systems are named '{ep.name}': {refs[ep.name]} and "
                                  f"{ep.value}; uninstall one of them")
            continue  # the built-ins are entry points too
        try:
            system = ep.load()
        except Exception as exc:  # whatever the plug-in's import raised, name it
            raise PluginError(f"game system plug-in '{ep.name}' ({ep.value}) cannot be loaded: "
                              f"{type(exc).__name__}: {exc}") from exc
        if not isinstance(system, System):
            raise PluginError(f"game system plug-in '{ep.name}' ({ep.value}) is not a system "
                              "(see generator.systems.System)")
        found[ep.name] = system
        refs[ep.name] = ep.value
    _register(found)
    return found


def _register(systems: dict[str, System]) -> None:
    """Check that no two systems claim one kind, and register the plug-ins' codes."""
    owners: dict[str, str] = {"pack": "riddlesmith"}
    for name, system in systems.items():
        for kind in system.kinds:
            if kind in owners and owners[kind] != name:
                raise PluginError(f"document kind '{kind}' of game system '{name}' is already "
                                  f"the kind of '{owners[kind]}'")
            owners[kind] = name
        if isinstance(system, CodeSource):
            try:
                register_codes(name, system.codes)
            except CodeClash as exc:
                raise PluginError(str(exc)) from exc
