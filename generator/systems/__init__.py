"""Game systems: the plug-in interface and the registry the systems fill.

A game system owns some document kinds, checks a loaded pack (rule checks,
simulators) and renders it. The pipeline knows systems only through
:class:`System`; each system's :meth:`System.setup` fills the one
:class:`Registry` of the run through a :class:`SystemSetup` (as a Sphinx
extension's ``setup(app)`` does): its kinds with their JSON Schemas, its
diagnostic codes with their explanations, options of ``build``, its ``solve`` and
``playtest`` commands, what it offers the print targets, what ``warm`` compiles.
:mod:`generator.registry` finds the systems (the built-ins and the
``riddlesmith.systems`` entry points, ``docs/plugins.md``) and sets each up.
Anything two systems claim is a :class:`~generator.errors.PluginError` naming
both (exit code 2), never a silent skip.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterable, Protocol, TypeVar, runtime_checkable

from generator.diagnostics import CODE_FORM, CORE_OWNER, Code, Diagnostic, Explanation
from generator.errors import PluginError
from generator.pack.model import Pack, cache_folder

if TYPE_CHECKING:
    from generator.sim.executors import Executor

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

    def setup(self, app: SystemSetup) -> None:
        """Register everything the system brings (:class:`SystemSetup`): its kinds with
        their schemas, its codes, build options, commands, print source, warmer."""


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


COMMANDS = ("solve", "playtest")
"""The commands a system may add (:meth:`SystemSetup.add_command`)."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Owned(Generic[T]):
    """A registry entry and the system that added it (``riddlesmith`` for the core's)."""

    owner: str
    value: T


@dataclass(frozen=True, slots=True)
class BuildOption:
    """An option a system adds to ``riddlesmith build`` (``--<name>``, one of ``choices``).

    Its value reaches the system in ``options.extra`` under ``name`` with dashes as
    underscores (``default`` when not given).

    >>> BuildOption("solutions", "Where the solutions go.", ("appendix", "none")).default
    'appendix'
    """

    name: str
    help: str
    choices: tuple[str, ...]
    default: str = ""

    def __post_init__(self) -> None:
        if not self.default:
            object.__setattr__(self, "default", self.choices[0])

    @property
    def key(self) -> str:
        """Its key in ``options.extra``."""
        return self.name.replace("-", "_")


@dataclass(frozen=True, slots=True)
class Command:
    """``riddlesmith solve`` or ``playtest`` for the documents of ``kinds``.

    ``run(request)`` returns (exit code, text); ``options`` are the command's own
    options. A ``playtest`` names its player ``policies`` (the default first) and may
    give a ``skill_order`` (weakest first) for comparing them (``--policy A --policy B``).
    """

    name: str
    kinds: tuple[str, ...]
    run: Callable[[CommandRequest], tuple[int, str]]
    options: tuple[CommandOption, ...] = ()
    policies: tuple[str, ...] = ()
    skill_order: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PrintSource:
    """What a system offers the print targets and ``diff`` besides its own build (each
    optional; a missing one contributes nothing).

    ``decks(pack, options)`` returns :class:`generator.render.deck.Deck` values,
    ``token_sets(pack, options)`` :class:`~generator.render.deck.TokenSet` values,
    ``books(pack, options, progress)`` :class:`~generator.render.deck.Book` values and
    ``booklet_books(pack, options, progress, page)`` the same books laid out for a
    booklet page of ``page`` (w, h) mm (without it a booklet shrinks the usual books).
    ``token_kinds(pack, options)`` lists the
    :class:`~generator.systems.token_art.TokenKind` keys of ``print.tokens`` its printed
    tokens answer to. ``table_pieces(pack, options)`` gives the
    :class:`~generator.render.deck.Piece` values (boards, tiles, tokens in no deck) and
    ``table_dice(pack, options)`` the :class:`~generator.render.deck.Die` values of the
    virtual table (``--target tts``). ``figures(pack, options, other)`` gives the
    :class:`~generator.systems.Figure` values ``riddlesmith diff`` compares.
    """

    decks: Callable[..., list[Any]] | None = None
    token_sets: Callable[..., list[Any]] | None = None
    books: Callable[..., list[Any]] | None = None
    booklet_books: Callable[..., list[Any]] | None = None
    token_kinds: Callable[..., list[Any]] | None = None
    table_pieces: Callable[..., list[Any]] | None = None
    table_dice: Callable[..., list[Any]] | None = None
    figures: Callable[..., list[Any]] | None = None


NO_PRINT = PrintSource()
"""What a system that offers the print targets nothing has."""

Warm = Callable[[ProgressFn], str]
"""Compile (or load) a system's core, telling ``notice`` before a long compile; return one
line saying what was done, or why there was nothing to do."""


@dataclass(slots=True)
class Registry:
    """Every installed system and what each registered, by what it is keyed on."""

    systems: dict[str, System] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    kinds: dict[str, Owned[dict[str, Any]]] = field(default_factory=dict)
    codes: dict[str, Owned[Code]] = field(default_factory=dict)
    build_options: dict[str, Owned[BuildOption]] = field(default_factory=dict)
    commands: dict[tuple[str, str], Owned[Command]] = field(default_factory=dict)
    print_sources: dict[str, PrintSource] = field(default_factory=dict)
    labels: dict[str, Owned[tuple[str, ...]]] = field(default_factory=dict)
    single_kinds: set[str] = field(default_factory=set)
    """Kinds a pack holds one document of at most (``new`` refuses a second)."""
    warmers: dict[str, Warm] = field(default_factory=dict)

    def who(self, owner: str) -> str:
        """How a message names ``owner``: ``riddlesmith`` or ``game system 'NAME'``."""
        return owner if owner == CORE_OWNER else f"game system '{owner}'"

    def claim(self, table: dict[Any, Owned[T]], what: str, key: Any, owner: str,
              value: T) -> None:
        """Put ``value`` in ``table`` under ``key``, refusing a key another owner holds.

        >>> r = Registry()
        >>> r.claim(r.build_options, "build option --x", "x", "a", BuildOption("x", "", ("1",)))
        >>> try:
        ...     r.claim(r.build_options, "build option --x", "x", "b", BuildOption("x", "", ("1",)))
        ... except PluginError as exc:
        ...     print(exc)
        build option --x of game system 'b' is already registered by game system 'a'
        """
        taken = table.get(key)
        if taken is not None:
            raise PluginError(f"{what} of {self.who(owner)} is already registered by "
                              f"{self.who(taken.owner)}")
        table[key] = Owned(owner, value)

    def commands_of(self, name: str) -> dict[str, Command]:
        """The systems offering command ``name`` and theirs, by system name (sorted)."""
        found = {entry.owner: entry.value for (command, _), entry in self.commands.items()
                 if command == name}
        return dict(sorted(found.items()))

    def print_source(self, name: str | None) -> PrintSource:
        """What system ``name`` offers the print targets (nothing, for None or a system
        that offers nothing)."""
        return self.print_sources.get(name or "", NO_PRINT)

    def explanations(self) -> dict[str, Explanation]:
        """Why each code matters and an example, the core's and every system's."""
        return {code: Explanation(entry.value.why, entry.value.example)
                for code, entry in self.codes.items() if entry.value.why or entry.value.example}


@dataclass(frozen=True, slots=True)
class SystemSetup:
    """The registry as one system sees it while it registers (Sphinx's ``app``): every
    entry it adds is owned by ``owner``."""

    registry: Registry
    owner: str
    kinds: tuple[str, ...]

    def add_kind(self, kind: str, schema: dict[str, Any], *, single: bool = False) -> None:
        """Register one of the system's document kinds with its JSON Schema (draft
        2020-12, ``$id`` ``<kind>.schema.json``; it may ``$ref`` ``common.schema.json``);
        ``single``: a pack holds one document of it at most."""
        where = f"game system '{self.owner}': the schema of kind '{kind}'"
        if kind not in self.kinds:
            raise PluginError(f"{where} is not of one of its kinds ({', '.join(self.kinds)})")
        if not isinstance(schema, dict) or schema.get("$id") != f"{kind}.schema.json":
            raise PluginError(f"{where} must be a JSON object whose $id is {kind}.schema.json")
        self.registry.claim(self.registry.kinds, f"document kind '{kind}'", kind, self.owner,
                            schema)
        if single:
            self.registry.single_kinds.add(kind)

    def add_codes(self, codes: Iterable[Code]) -> None:
        """Register diagnostic codes, each with its explanation and failing example.

        A built-in system's codes are declared in :data:`generator.diagnostics.CODES` too
        and must say the same there; a plug-in's join that table."""
        for entry in codes:
            if not CODE_FORM.fullmatch(entry.code):
                raise PluginError(f"code {entry.code!r} of game system '{self.owner}' is not of "
                                  "the form RS-<letter><3 digits>, e.g. RS-D001")
            self.registry.claim(self.registry.codes, f"code {entry.code}", entry.code,
                                self.owner, entry)

    def add_build_option(self, option: BuildOption) -> None:
        """Register an option of ``riddlesmith build``."""
        self.registry.claim(self.registry.build_options, f"build option --{option.name}",
                            option.name, self.owner, option)

    def add_command(self, command: Command) -> None:
        """Register ``solve`` or ``playtest`` for documents of some of the system's kinds."""
        if command.name not in COMMANDS:
            raise PluginError(f"game system '{self.owner}' adds the command '{command.name}'; "
                              f"a system may add {' or '.join(COMMANDS)}")
        if command.name == "playtest" and not command.policies:
            raise PluginError(f"game system '{self.owner}': its playtest names no policy")
        for kind in command.kinds:
            if kind not in self.kinds:
                raise PluginError(f"game system '{self.owner}': its {command.name} takes kind "
                                  f"'{kind}', which is not one of its kinds")
            self.registry.claim(self.registry.commands, f"command '{command.name}' of kind "
                                f"'{kind}'", (command.name, kind), self.owner, command)

    def add_labels(self, table: Mapping[str, tuple[str, ...]]) -> None:
        """Register the system's fixed labels (key -> its text in English, French); a key
        the core or another system has is refused. The system reads them through its own
        :class:`~generator.render.labels.Catalogue` (the core's ``with_table``)."""
        for key, texts in table.items():
            self.registry.claim(self.registry.labels, f"label '{key}'", key, self.owner,
                                tuple(texts))

    def add_print_source(self, source: PrintSource) -> None:
        """Register what the system offers the print targets (once)."""
        if self.owner in self.registry.print_sources:
            raise PluginError(f"game system '{self.owner}' adds its print source twice")
        self.registry.print_sources[self.owner] = source

    def add_warmer(self, warm: Warm) -> None:
        """Register the code ``riddlesmith warm`` compiles ahead of the first check (once)."""
        if self.owner in self.registry.warmers:
            raise PluginError(f"game system '{self.owner}' adds a warmer twice")
        self.registry.warmers[self.owner] = warm
