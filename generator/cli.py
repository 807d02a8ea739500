"""The ``riddlesmith`` command line: parse options, call the pipeline, exit.

Only this module and :mod:`generator.console` (messages on standard error) import
click. Each command fills an options object and calls a ``run_*`` function that
returns the exit code: 0 clean, 1 content errors (or warnings under ``--strict``),
2 usage or environment problems; :func:`generator.guard.guard` runs it.
"""
from __future__ import annotations

import gc
import json
import os
import sys
from importlib.metadata import entry_points
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

import click

from generator import __version__
from generator.diagnostics import Severity
from generator.diff import FAIL_KINDS
from generator.formats import get_formatter, make_summary
from generator.pack.loader import UsageError, display_path
from generator.console import clear_progress, err, progress_printer
from generator.guard import guard
from generator.pack.schema import load_schemas
from generator.errors import PluginError
from generator.systems import Options, Registry
from generator.registry import BUILTIN_SYSTEMS, ENTRY_POINT_GROUP, discover_systems, load_registry

if TYPE_CHECKING:
    from generator.sim.executors import Executor

FORMATS = ["text", "json", "github", "junit", "sarif"]

PAPERS = ["a4", "letter", "universal"]
# generator.targets.TARGETS, written out so that --help imports no renderer (a test pins them).
TARGETS = ["pnp", "pro", "tts", "tgc", "mpc", "dtc"]
GUTTER_MODES = ["auto", "full", "none"]
DEFAULT_CONTENT = "content"
DEFAULT_OUT = "output"
GC_YOUNGEST = 20_000
"""Allocations between two collections of the youngest generation (see :func:`main`)."""


@dataclass(frozen=True, slots=True)
class CheckArgs:
    paths: tuple[str, ...]
    fmt: str = "text"
    strict: bool = False
    lang: str | None = None
    paper: str | None = None
    report_file: str | None = None
    cache: bool = True
    cache_dir: str | None = None
    verbosity: int = 0  # -1 --quiet, 0 default, 1 --verbose
    jobs: int = 1  # --jobs: worker processes for proofs and other expensive checks
    scheduler: str | None = None  # --scheduler: a Dask cluster instead


@dataclass(frozen=True, slots=True)
class BuildArgs:
    check: CheckArgs
    out: str = DEFAULT_OUT
    back_offset: tuple[float, float] | None = None
    extra: dict[str, object] = field(default_factory=dict)
    force: bool = False


def default_paths(paths: Sequence[str]) -> tuple[str, ...]:
    """PATHs as given; without any: ``content/`` if it exists, else the pack around us."""
    if paths:
        return tuple(paths)
    if Path(DEFAULT_CONTENT).is_dir():
        return (DEFAULT_CONTENT,)
    here = Path.cwd()
    for folder in (here, *here.parents):
        if (folder / "pack.yaml").is_file():
            return (str(folder),) if folder != here else (".",)
    raise UsageError(f"no PATH given, no '{DEFAULT_CONTENT}/' folder here and no pack.yaml here "
                     "or above; name a pack folder")


def _options(args: CheckArgs, back_offset: tuple[float, float] | None = None,
             extra: dict[str, object] | None = None) -> Options:
    return Options(lang=args.lang, paper=args.paper, strict=args.strict,
                   back_offset=back_offset, cache=args.cache,
                   cache_dir=Path(args.cache_dir) if args.cache_dir else None,
                   extra=dict(extra or {}))


def _executor(args: CheckArgs) -> Executor:
    """Where systems run their expensive checks (``--jobs``, ``--scheduler``); leaving
    its block on Ctrl-C or SIGTERM stops the workers at once (terminate_pool)."""
    from generator.sim.executors import ExecutorUnavailable, make_executor

    try:
        return make_executor(args.jobs, args.scheduler)
    except ExecutorUnavailable as exc:
        raise UsageError(str(exc)) from exc


def _emit(report: object, args: CheckArgs) -> None:
    from generator.pipeline import Report

    assert isinstance(report, Report)
    files = sorted(report.sources)
    formatter = get_formatter(args.fmt, color=sys.stdout.isatty() and not os.environ.get("NO_COLOR"),
                              files=files, strict=args.strict)
    summary = make_summary(report.diagnostics, report.files, report.documents)
    shown = report.diagnostics
    if args.verbosity < 0 and args.fmt == "text":  # --quiet: list the errors, count the rest
        shown = [d for d in shown if d.severity is Severity.ERROR or args.strict]
    text = formatter.render(shown, summary, report.sources.get)
    if args.report_file:
        _refuse_source(Path(args.report_file), report.sources)
        _write_report(Path(args.report_file), text)
    elif text.strip():  # a clean run in a format that lists only problems prints nothing
        click.echo(text.rstrip("\n"))


def _refuse_source(path: Path, sources: dict[str, str]) -> None:
    """A --report file must not overwrite a document of the packs it reports on."""
    target = os.path.realpath(path)
    if any(os.path.realpath(name) == target for name in sources):
        raise UsageError(f"{path}: will not write the report over a pack document; "
                         "choose another --report file")


def _write_report(path: Path, text: str) -> None:
    """Write the --report file; a folder or disk that refuses is a usage problem."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write the report ({exc.strerror or exc})") from exc


def run_check(args: CheckArgs) -> int:
    from generator import pipeline

    progress = progress_printer(args.verbosity)
    with _executor(args) as executor:
        report = pipeline.check([Path(p) for p in args.paths],
                                replace(_options(args), executor=executor), progress=progress)
    clear_progress()
    _emit(report, args)
    return report.exit_code()


def run_build(args: BuildArgs) -> int:
    with _executor(args.check) as executor:
        options = replace(_options(args.check, args.back_offset, args.extra), executor=executor)
        # --no-cache: nothing is read or written; check and build share this run's
        # simulator results as values on each pack (Pack.stage).
        from generator.pipeline import run_options

        with run_options(options) as shared:
            return _run_build(args, shared)


def _run_build(args: BuildArgs, options: Options) -> int:
    from generator import pipeline

    progress = progress_printer(args.check.verbosity)
    report = pipeline.check([Path(p) for p in args.check.paths], options, progress=progress)
    if report.failed():
        clear_progress()
        _emit(report, args.check)
        err("build refused: fix the errors above first; nothing was written")
        return 1
    if not args.out.strip():
        raise UsageError("--out is empty; name an output folder (the default is 'output')")
    since = args.extra.get("changed_since")
    if since is not None:
        from generator.reprint import faces_since

        progress(f"reading the faces printed at {since}")
        faces = faces_since(str(since), [Path(p) for p in args.check.paths], report.options,
                            report.registry, pipeline.kinds_of(report.systems))
        report.options = replace(report.options, extra={**report.options.extra,
                                                        "reprint": (since, faces)})
    result = pipeline.build(report, Path(args.out), progress=progress, force=args.force)
    clear_progress()
    _emit(report, args.check)
    if args.check.fmt == "text" and args.check.verbosity >= 0:
        for pack_id, files in sorted(result.written.items()):
            click.echo(f"built {pack_id}: {len(files)} files in {Path(args.out) / pack_id}")
            if args.check.verbosity > 0:
                for name in files:
                    click.echo(f"  {name}")
    return 0


def run_schema(kind: str | None, vscode: bool, write: str | None = None,
               system_names: Sequence[str] = ()) -> int:
    from generator.pack.schema import write_schemas
    from generator.scaffold import SCHEMA_FOLDER, vscode_settings

    schemas = load_schemas()
    if write is not None:
        try:
            written = write_schemas(Path(write))
        except OSError as exc:
            raise UsageError(f"{write}: cannot write the schemas ({exc.strerror})") from exc
        click.echo(f"wrote {len(written)} schemas to {write}")
        return 0
    if vscode:
        systems = discover_systems()
        for name in system_names:
            if name not in systems:
                raise UsageError(_unknown("system", name, sorted(systems)))
        chosen = [systems[n] for n in (system_names or sorted(systems))]
        click.echo(json.dumps(vscode_settings(chosen), indent=2))
        click.echo(f"// for a pack made by 'riddlesmith init' (schemas in {SCHEMA_FOLDER}/); "
                   "its files also name their schema on their first line", err=True)
        return 0
    if kind is None:
        for k in schemas.kinds():
            click.echo(f"{k:20} {schemas.schemas[k].get('title', '')}")
        return 0
    if kind not in schemas.schemas:
        err(_unknown("kind", kind, schemas.kinds()))
        return 2
    click.echo(json.dumps(schemas.schemas[kind], indent=2))
    return 0


def run_init(directory: str, system_name: str, pack_id: str | None, force: bool,
             sheet: bool = False) -> int:
    from generator.scaffold import init_pack

    systems = discover_systems()
    if system_name not in systems:
        err(_unknown("system", system_name, sorted(systems)))
        return 2
    from generator.scaffold import SCHEMA_FOLDER

    written = init_pack(Path(directory), systems[system_name], pack_id, force=force, sheet=sheet)
    schemas = [p for p in written if p.suffix == ".json" and p.parent.name == "schemas"]
    click.echo(f"created {display_path(Path(directory) / SCHEMA_FOLDER)}/ ({len(schemas)} schemas "
               "for editors)")
    for path in written:
        if path not in schemas:
            click.echo(f"created {display_path(path)}")
    click.echo(f"next: riddlesmith check {directory}")
    return 0


def run_new(kind: str, ident: str, pack: str | None, force: bool) -> int:
    from generator.scaffold import new_document_with_advice

    path, advice = new_document_with_advice(kind, ident, Path(pack) if pack else None, force=force)
    click.echo(f"created {display_path(path)}")
    if advice:
        click.echo(f"note: {advice}", err=True)
    return 0


def _unknown(what: str, name: str, known: Sequence[str]) -> str:
    """'unknown kind 'x'; did you mean 'y'? (known: ...)'."""
    from generator.pack.schema import suggest

    hint = suggest(name, list(known))
    return f"unknown {what} '{name}'" + (f"; {hint}" if hint else "") + f" (known: {', '.join(known)})"


MAX_BACK_OFFSET_MM = 20.0


def _back_offset(value: str | None) -> tuple[float, float] | None:
    if value is None:
        return None
    from generator.render.geometry import parse_length

    try:
        parts = value.split(",")
        if len(parts) != 2:
            raise ValueError("expected X,Y")
        offset = (parse_length(parts[0].strip()), parse_length(parts[1].strip()))
        if max(abs(offset[0]), abs(offset[1])) > MAX_BACK_OFFSET_MM:
            raise ValueError(f"a printer shifts backs by a few mm, at most {MAX_BACK_OFFSET_MM:g}mm")
        return offset
    except ValueError as exc:
        raise click.BadParameter(f"{value!r}: {exc} (for example 0.5mm,-0.3mm)") from exc


_paths = click.argument("paths", nargs=-1, type=click.Path())
_format = click.option("--format", "fmt", type=click.Choice(FORMATS), default="text",
                       show_default=True, help="Output format of the diagnostics.")
_strict = click.option("--strict", is_flag=True, help="Treat warnings as failures.")
_lang = click.option("--lang", metavar="LANG", help="Language of text fields (e.g. en, fr).")
_report = click.option("--report", "report_file", type=click.Path(dir_okay=False),
                       help="Write the diagnostics to this file instead of stdout.")
_cache = click.option("--cache/--no-cache", default=True, show_default=True,
                      help="Reuse simulator results of unchanged content.")
_cache_dir = click.option("--cache-dir", type=click.Path(file_okay=False),
                          help="Cache folder (default: .riddlesmith-cache/ in each pack).")
_quiet = click.option("-q", "--quiet", is_flag=True,
                      help="List errors only (warnings are still counted); no progress.")
_verbose = click.option("-v", "--verbose", is_flag=True,
                        help="Progress lines with timings; build lists every file it wrote.")
_jobs = click.option("--jobs", type=click.IntRange(1), default=1, show_default=True,
                     help="Worker processes for proofs and other expensive checks; the "
                          "results are the same for any number. One by default (playtest "
                          "uses all cores): a check runs many small simulations, where "
                          "starting processes costs more than it saves, and is often one of "
                          "several jobs on a CI machine.")
_scheduler = click.option("--scheduler", metavar="ADDRESS",
                          help="Run those checks on a Dask cluster (needs the 'dask' extra), "
                               "e.g. tcp://host:8786.")


def _verbosity(quiet: bool, verbose: bool) -> int:
    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose cannot be used together")
    return -1 if quiet else (1 if verbose else 0)


def _system_names() -> list[str]:
    """Installed system names, without importing the systems (for --help)."""
    return sorted(set(BUILTIN_SYSTEMS) | {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)})


def _registry_or_exit(ctx: click.Context) -> Registry:
    """The registry, while click parses the command line (outside :func:`guard`):
    a plug-in that cannot be used is one line and exit code 2 there too."""
    try:
        return load_registry()
    except PluginError as exc:
        err(str(exc))
        ctx.exit(2)


class _ListingCommand(click.Command):
    """A command whose --help ends with the document kinds of the installed systems."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        rows = [(name, ", ".join(sorted(system.kinds)))
                for name, system in sorted(_registry_or_exit(ctx).systems.items())]
        with formatter.section("Document kinds, by system"):
            formatter.write_dl(rows)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="riddlesmith")
def main() -> None:
    """Validate, simulate and print content packs for Santorini-family games."""
    # Searches and playtests make millions of small tuples that live as long as the
    # search: collecting the youngest objects every 700 allocations (Python's default)
    # costs a build ~3 % of its CPU for no memory saved; every GC_YOUNGEST collects the
    # same garbage, less often.
    gc.set_threshold(GC_YOUNGEST, *gc.get_threshold()[1:])


@main.command("check")
@_paths
@_format
@_strict
@_lang
@_report
@_cache
@_cache_dir
@_quiet
@_verbose
@_jobs
@_scheduler
def check_command(paths: Sequence[str], fmt: str, strict: bool, lang: str | None,
                  report_file: str | None, cache: bool, cache_dir: str | None, quiet: bool,
                  verbose: bool, jobs: int, scheduler: str | None) -> None:
    """Check packs (default: every pack under content/, else the pack around you) and report problems."""
    level = _verbosity(quiet, verbose)
    sys.exit(guard(lambda: run_check(
        CheckArgs(default_paths(paths), fmt, strict, lang, None, report_file, cache, cache_dir,
                  level, jobs, scheduler))))


class _BuildCommand(click.Command):
    """``build``: the options the installed systems register
    (:class:`~generator.systems.BuildOption`) join its own on first use, after
    ``--back-offset``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._added = False

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        if not self._added:
            self._added = True
            at = next(i for i, p in enumerate(self.params) if p.name == "back_offset") + 1
            for entry in reversed(_registry_or_exit(ctx).build_options.values()):
                option = entry.value
                self.params.insert(at, click.Option(
                    [f"--{option.name}"], type=click.Choice(option.choices),
                    default=option.default, show_default=True, help=option.help))
        return super().get_params(ctx)


@main.command("build", cls=_BuildCommand)
@_paths
@click.option("--out", default=DEFAULT_OUT, show_default=True, type=click.Path(file_okay=False),
              help="Output folder; each pack goes to OUT/<pack-id>/.")
@click.option("--paper", type=click.Choice(PAPERS), help="Paper size (default: the pack's).")
@click.option("--back-offset", metavar="X,Y",
              help="Shift duplex backs to match your printer, e.g. 0.5mm,-0.3mm.")
@click.option("--target", "targets", type=click.Choice(TARGETS), multiple=True,
              help="What to build (repeatable): pnp = print and play at home (default), "
                   "pro = print-shop PDFs and 300 dpi PNGs per deck, tts = Tabletop Simulator; "
                   "tgc, mpc, dtc = the files The Game Crafter, MakePlayingCards or "
                   "DriveThruCards ask for, after a preflight against their specs.")
@click.option("--tts-url-base", metavar="URL",
              help="tts: the address the images will be uploaded to (the saved objects "
                   "name each image by it, for remote players); default: paths relative "
                   "to the JSON files.")
@click.option("--cmyk", is_flag=True, help="pro: write the PDFs' colours as DeviceCMYK.")
@click.option("--rich-black", is_flag=True,
              help="pro, with --cmyk: large black areas in rich black (C60 M40 Y40 K100); "
                   "text and lines stay plain black. Also print.rich_black in pack.yaml.")
@click.option("--ink-saver", is_flag=True,
              help="pnp: also write card sheets and books without full-bleed backgrounds or "
                   "page tint (print/ink-saver/).")
@click.option("--fold", is_flag=True,
              help="pnp: also write fold-and-glue card sheets, front and back side by side "
                   "(print/fold/), for printers without duplex.")
@click.option("--booklet", is_flag=True,
              help="pnp: also write the books as A5 saddle-stitch booklets (print/booklet/).")
@click.option("--gutter", type=click.Choice(GUTTER_MODES), default=None,
              help="Space between cards: a full-bleed gutter on every sheet (full), on sheets "
                   "whose neighbouring cards differ in colour at the cut (auto, the default), "
                   "or none.")
@click.option("--pack-sheets", is_flag=True, default=None,
              help="Let cards of the same size from different decks share sheets.")
@_lang
@_format
@_strict
@_report
@_cache
@_cache_dir
@_quiet
@_verbose
@_jobs
@_scheduler
@click.option("--force", is_flag=True,
              help="Replace OUT/<pack-id> even if no build made it (never a pack folder).")
@click.option("--changed-since", metavar="REV",
              help="Also write print/reprint.pdf per pack: only the cards and tokens whose "
                   "printed face changed since the git revision REV, laid out like the full "
                   "deck, and print/reprint.txt listing them.")
def build_command(paths: Sequence[str], out: str, paper: str | None, back_offset: str | None,
                  targets: tuple[str, ...], tts_url_base: str | None,
                  cmyk: bool, rich_black: bool, ink_saver: bool,
                  fold: bool, booklet: bool, gutter: str | None, pack_sheets: bool | None,
                  lang: str | None, fmt: str, strict: bool,
                  report_file: str | None, cache: bool, cache_dir: str | None, quiet: bool,
                  verbose: bool, jobs: int, scheduler: str | None, force: bool,
                  changed_since: str | None, **system_options: str) -> None:
    """Check, then build print-ready files; writes nothing if the check fails."""
    offset = _back_offset(back_offset)
    level = _verbosity(quiet, verbose)
    if rich_black and not cmyk:
        raise click.UsageError("--rich-black needs --cmyk (rich black is a CMYK mix)")
    extra: dict[str, Any] = {**system_options, "targets": tuple(targets) or ("pnp",),
                             "cmyk": cmyk, "rich_black": rich_black, "ink_saver": ink_saver,
                             "fold": fold, "booklet": booklet}
    if gutter is not None:
        extra["gutter"] = gutter
    if tts_url_base:
        extra["tts_url_base"] = tts_url_base
    if pack_sheets:
        extra["pack_sheets"] = True
    if changed_since is not None:
        extra["changed_since"] = changed_since
    sys.exit(guard(lambda: run_build(BuildArgs(
        CheckArgs(default_paths(paths), fmt, strict, lang, paper, report_file, cache, cache_dir,
                  level, jobs, scheduler),
        out, offset, extra, force))))


@main.command("diff")
@click.argument("old", required=False)
@click.argument("new", required=False)
@click.option("--pack", "packs", multiple=True, metavar="PATH",
              help="A pack folder (or folder of packs) to compare, relative to the "
                   "repository root; repeatable (default: content/, as check reads it).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]),
              default="text", show_default=True,
              help="Text for people, JSON for scripts, markdown for a pull-request comment.")
@click.option("--fail-on-change", "fail_on", multiple=True, metavar="KIND",
              type=click.Choice(list(FAIL_KINDS)),
              help="Exit 1 when a change of KIND is found (repeatable): document (added, "
                   "removed or changed), face (a printed card or token face), page (a book "
                   "page), par-shorter, par-longer (or no longer solved), first-moves, "
                   "measure, win-rate (95 % intervals apart), share (a role's), curve (the "
                   "fragment deck's), any.")
@click.option("--figures/--no-figures", default=True, show_default=True,
              help="Compare the simulator figures (from the cache; missing ones are computed).")
@click.option("--pages/--no-pages", default=True, show_default=True,
              help="Compare the books page by page (draws every book on both sides).")
@_lang
@_cache
@_cache_dir
@click.option("-q", "--quiet", is_flag=True, help="No progress on standard error.")
@_verbose
@_jobs
def diff_command(old: str | None, new: str | None, packs: tuple[str, ...], fmt: str,
                 fail_on: tuple[str, ...], figures: bool, pages: bool, lang: str | None,
                 cache: bool, cache_dir: str | None, quiet: bool, verbose: bool,
                 jobs: int) -> None:
    """Compare the packs at OLD and NEW: documents, printed faces, book pages and the
    simulator figures that moved.

    OLD and NEW are git revisions of the repository around you (default: HEAD against
    the working tree) or two folders. Exit 0 whatever changed; 1 only with
    --fail-on-change; 2 for bad input (not a repository, an unknown revision).
    """
    level = _verbosity(quiet, verbose)

    def run() -> int:
        from generator.diff_run import DiffArgs, run_diff

        args = CheckArgs((), lang=lang, cache=cache, cache_dir=cache_dir, verbosity=level,
                         jobs=jobs)
        with _executor(args) as executor:
            options = replace(_options(args), executor=executor)
            code, text = run_diff(DiffArgs(old, new, packs, fmt, fail_on, figures, pages),
                                  options, progress_printer(level))
        clear_progress()
        click.echo(text.rstrip("\n"))
        return code

    sys.exit(guard(run))


@main.command("schema", cls=_ListingCommand)
@click.argument("kind", required=False)
@click.option("--vscode", is_flag=True, help="Print the VS Code 'yaml.schemas' settings block.")
@click.option("--system", "system_names", multiple=True, metavar="NAME",
              help="With --vscode: only these systems' kinds (default: all installed).")
@click.option("--write", metavar="DIR", type=click.Path(file_okay=False),
              help="Write every schema into DIR; their $refs resolve inside DIR, offline.")
def schema_command(kind: str | None, vscode: bool, system_names: tuple[str, ...],
                   write: str | None) -> None:
    """Print the JSON Schema of a document KIND (or list the kinds)."""
    sys.exit(guard(lambda: run_schema(kind, vscode, write, system_names)))


@main.command("init")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--system", "system_name", required=True,
              help=f"Game system of the new pack: {', '.join(_system_names())}.")
@click.option("--id", "pack_id", help="Pack id (default: the folder name).")
@click.option("--force", is_flag=True, help="Write into a folder that is not empty.")
@click.option("--sheet", is_flag=True,
              help="Put the cards in cards.csv (one row a card) instead of YAML files.")
def init_command(directory: str, system_name: str, pack_id: str | None, force: bool,
                 sheet: bool) -> None:
    """Create a new pack that checks and builds as generated."""
    sys.exit(guard(lambda: run_init(directory, system_name, pack_id, force, sheet)))


@main.command("new", cls=_ListingCommand)
@click.argument("kind")
@click.argument("ident", metavar="ID")
@click.option("--pack", type=click.Path(), help="Pack folder (default: the one around you).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new_command(kind: str, ident: str, pack: str | None, force: bool) -> None:
    """Add a new document of KIND from a commented template."""
    sys.exit(guard(lambda: run_new(kind, ident, pack, force)))


@main.command("serve")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True,
              help="Port to serve the page on (http://HOST:PORT/).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; keep 127.0.0.1 unless you mean to share the page.")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a web browser.")
@_lang
@_cache_dir
def serve_command(paths: Sequence[str], port: int, host: str, open_browser: bool,
                  lang: str | None, cache_dir: str | None) -> None:
    """Live preview: diagnostics, drawings and simulator results, updated as you save."""

    def run() -> int:
        from generator.serve import run_serve

        args = CheckArgs(default_paths(paths), lang=lang, cache_dir=cache_dir)
        return run_serve([Path(p) for p in args.paths], _options(args), host, port, open_browser,
                         click.echo)

    sys.exit(guard(run))


@main.command("explain")
@click.argument("code", required=False)
def explain_command(code: str | None) -> None:
    """Say what diagnostic CODE means, why it matters, and show an example (or list every code)."""

    def run() -> int:
        from generator.explain import run_explain

        click.echo(run_explain(code).rstrip("\n"))
        return 0

    sys.exit(guard(run))


@main.command("warm")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing (errors still go to stderr).")
def warm_command(quiet: bool) -> None:
    """Compile the installed systems' solver cores now, so the first check starts at once."""

    def run() -> int:
        return run_warm(quiet)

    sys.exit(guard(run))


def run_warm(quiet: bool = False) -> int:
    """``riddlesmith warm``: each installed system with code compiled on first use
    (a warmer it registered, :meth:`~generator.systems.SystemSetup.add_warmer`) compiles
    or loads it; one line per system. Exit 0 also when there is nothing to compile (no
    numba, say)."""
    for name, warm in sorted(load_registry().warmers.items()):
        line = warm((lambda _text: None) if quiet else err)
        if not quiet:
            click.echo(f"{name}: {line}")
    return 0


class _SystemCommand(click.Command):
    """``solve``/``playtest``: the installed systems add their options on first use."""

    def __init__(self, *args: Any, command: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.system_command = command
        self._added = False

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        if not self._added:
            self._added = True
            from generator.commands import command_options, policies_help

            _registry_or_exit(ctx)
            for param in self.params:
                if isinstance(param, click.Option) and param.name == "policy":
                    param.help = (f"Player policy (default: the system's first); repeat it to "
                                  f"compare players side by side on the same seeds. "
                                  f"{policies_help()}.")
            for system, option in command_options(self.system_command):
                if option.kind == "flag":
                    self.params.append(click.Option([f"--{option.name}"], is_flag=True,
                                                    default=None,
                                                    help=f"{option.help} [{system}]"))
                    continue
                kind: Any = {"int": click.IntRange(option.minimum, option.maximum),
                             "choice": click.Choice(option.choices)}.get(option.kind, str)
                self.params.append(click.Option([f"--{option.name}"], type=kind,
                                                multiple=option.multiple,
                                                help=f"{option.help} [{system}]"))
        return super().get_params(ctx)


def _run_system_command(command: str, pack: str, target: str, fmt: str,
                        values: dict[str, Any], label: str) -> None:
    def run() -> int:
        from generator.commands import run_command
        from generator.systems import CommandRequest

        quiet = bool(values.pop("quiet", False))
        bar = _count_progress(label, quiet) if command == "playtest" else None
        code, text = run_command(command, CommandRequest(pack, target, fmt, values, bar, err))
        clear_progress()
        click.echo(text.rstrip("\n"))
        return code

    sys.exit(guard(run))


@main.command("solve", cls=_SystemCommand, command="solve")
@click.argument("pack", type=click.Path())
@click.argument("target", metavar="TARGET")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Text for people, JSON for scripts.")
def solve_command(pack: str, target: str, fmt: str, **values: Any) -> None:
    """Solve TARGET (a riddle, a card...) of PACK and show the shortest solutions."""
    _run_system_command("solve", pack, target, fmt, values, "")


@main.command("playtest", cls=_SystemCommand, command="playtest")
@click.argument("pack", type=click.Path())
@click.argument("target", metavar="TARGET")
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True,
              help="Games to play; every figure carries its 95 % interval.")
@click.option("--policy", multiple=True,
              help="Player policy (default: the system's first); repeat it to compare "
                   "players side by side on the same seeds.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the run: game i is seeded from (seed, i), so the same seed "
                   "gives the same games on every executor.")
@click.option("--jobs", type=click.IntRange(1),
              help="Worker processes (default: all cores, where check uses one: a playtest "
                   "is one long run that every core shortens).")
@click.option("--scheduler", metavar="ADDRESS",
              help="Run on a Dask cluster (needs the 'dask' extra), e.g. tcp://host:8786.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Text for people, JSON for scripts.")
@click.option("-q", "--quiet", is_flag=True,
              help="No progress on standard error (by default a live line on a terminal, "
                   "a line every few seconds in a log).")
def playtest_command(pack: str, target: str, fmt: str, **values: Any) -> None:
    """Playtest TARGET (a scenario, a game...) of PACK: win rate, losses, turns."""
    _run_system_command("playtest", pack, target, fmt, values, f"{target}: games")


PROGRESS_EVERY = 5.0
"""Seconds between progress lines off a terminal (a CI log): the first comes once a run
has taken :data:`PROGRESS_AFTER`; ``RIDDLESMITH_PROGRESS_EVERY`` overrides both."""
PROGRESS_AFTER = 2.0


def _count_progress(label: str, quiet: bool = False) -> Callable[[int, int], None] | None:
    """Progress of counted work on standard error: on a terminal a live line (done /
    total, rate, time left); off a terminal a line every :data:`PROGRESS_EVERY` seconds
    once the run has taken :data:`PROGRESS_AFTER`; nothing with ``quiet``."""
    if quiet:
        return None
    import time

    live = sys.stderr.isatty() and not os.environ.get("CI")
    every, after = PROGRESS_EVERY, PROGRESS_AFTER
    if os.environ.get("RIDDLESMITH_PROGRESS_EVERY"):
        every = after = float(os.environ["RIDDLESMITH_PROGRESS_EVERY"])
    started = time.perf_counter()
    printed = [started - every + after]  # the time of the last line off a terminal

    def status(done: int, total: int, elapsed: float) -> str:
        rate = done / elapsed if elapsed > 0 else 0.0
        text = f"{label} {done:,}/{total:,}" if label else f"{done:,}/{total:,}"
        if rate > 0:
            text += f" ({rate:,.1f}/s"
            text += f", about {(total - done) / rate:,.0f} s left)" if done < total else ")"
        return text

    def show(done: int, total: int) -> None:
        now = time.perf_counter()
        elapsed = now - started
        if live:
            width = 20
            filled = int(width * done / total) if total else width
            line = f"[{'#' * filled}{'.' * (width - filled)}] {status(done, total, elapsed)}"
            sys.stderr.write("\r" + line[:78].ljust(78))
            sys.stderr.flush()
        elif now - printed[0] >= every or (done >= total and printed[0] > started):
            printed[0] = now
            sys.stderr.write(f"[{elapsed:6.1f}s] {status(done, total, elapsed)}\n")
            sys.stderr.flush()

    return show


if __name__ == "__main__":  # pragma: no cover
    main()
