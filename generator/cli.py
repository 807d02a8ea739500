"""The ``riddlesmith`` command line: parse options, call the pipeline, exit.

Only this module imports click. Each command fills an options object and calls
a ``run_*`` function that returns the exit code: 0 clean, 1 content errors (or
warnings under ``--strict``), 2 usage or environment problems.
"""
from __future__ import annotations

import json
import os
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import click

from generator import __version__
from generator.formats import get_formatter, make_summary
from generator.pack.loader import UsageError, display_path
from generator.pack.schema import load_schemas
from generator.systems import Options, discover_systems

FORMATS = ["text", "json", "github", "junit", "sarif"]
PAPERS = ["a4", "letter", "universal"]
DEFAULT_CONTENT = "content"
DEFAULT_OUT = "output"


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


@dataclass(frozen=True, slots=True)
class BuildArgs:
    check: CheckArgs
    out: str = DEFAULT_OUT
    back_offset: tuple[float, float] | None = None
    extra: dict[str, object] = field(default_factory=dict)


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


def _err(message: str) -> None:
    click.echo(f"riddlesmith: {message}", err=True)


def _progress_printer() -> Callable[[str], None]:
    """A one-line status on a terminal; silent in CI and when stderr is redirected."""
    if not sys.stderr.isatty() or os.environ.get("CI"):
        return lambda _msg: None

    def show(msg: str) -> None:
        width = 78
        sys.stderr.write("\r" + msg[:width].ljust(width))
        sys.stderr.flush()

    return show


def _clear_progress() -> None:
    if sys.stderr.isatty() and not os.environ.get("CI"):
        sys.stderr.write("\r" + " " * 78 + "\r")
        sys.stderr.flush()


def _options(args: CheckArgs, back_offset: tuple[float, float] | None = None,
             extra: dict[str, object] | None = None) -> Options:
    return Options(lang=args.lang, paper=args.paper, strict=args.strict,
                   back_offset=back_offset, cache=args.cache,
                   cache_dir=Path(args.cache_dir) if args.cache_dir else None,
                   extra=dict(extra or {}))


def _emit(report: object, args: CheckArgs) -> None:
    from generator.pipeline import Report

    assert isinstance(report, Report)
    files = sorted(report.sources)
    formatter = get_formatter(args.fmt, color=sys.stdout.isatty() and not os.environ.get("NO_COLOR"),
                              files=files, strict=args.strict)
    summary = make_summary(report.diagnostics, report.files, report.documents)
    text = formatter.render(report.diagnostics, summary, report.sources.get)
    if args.report_file:
        Path(args.report_file).write_text(text, encoding="utf-8")
    else:
        click.echo(text.rstrip("\n"))


def run_check(args: CheckArgs) -> int:
    from generator import pipeline

    progress = _progress_printer()
    report = pipeline.check([Path(p) for p in args.paths], _options(args), progress=progress)
    _clear_progress()
    _emit(report, args)
    return report.exit_code()


def run_build(args: BuildArgs) -> int:
    from generator import pipeline

    progress = _progress_printer()
    options = _options(args.check, args.back_offset, args.extra)
    report = pipeline.check([Path(p) for p in args.check.paths], options, progress=progress)
    if report.failed():
        _clear_progress()
        _emit(report, args.check)
        _err("build refused: fix the errors above first; nothing was written")
        return 1
    result = pipeline.build(report, Path(args.out), progress=progress)
    _clear_progress()
    _emit(report, args.check)
    if args.check.fmt == "text":
        for pack_id, files in sorted(result.written.items()):
            click.echo(f"built {pack_id}: {len(files)} files in {Path(args.out) / pack_id}")
    return 0


def run_schema(kind: str | None, vscode: bool) -> int:
    schemas = load_schemas()
    if vscode:
        settings = {
            "yaml.schemas": {
                schemas.schema_uri(k): [f"**/{k}*.yaml", f"**/*.{k}.yaml"] for k in schemas.kinds()
            }
        }
        settings["yaml.schemas"][schemas.schema_uri("pack")] = ["**/pack.yaml"]
        click.echo(json.dumps(settings, indent=2))
        click.echo("// The shipped YAML files also carry a '# yaml-language-server: $schema=...' "
                   "first line, which the YAML extension reads directly.", err=True)
        return 0
    if kind is None:
        for k in schemas.kinds():
            click.echo(f"{k:20} {schemas.schemas[k].get('title', '')}")
        return 0
    if kind not in schemas.schemas:
        _err(f"unknown kind '{kind}' (known: {', '.join(schemas.kinds())})")
        return 2
    click.echo(json.dumps(schemas.schemas[kind], indent=2))
    return 0


def run_init(directory: str, system_name: str, pack_id: str | None, force: bool) -> int:
    from generator.scaffold import init_pack

    systems = discover_systems()
    if system_name not in systems:
        _err(f"unknown system '{system_name}' (installed: {', '.join(sorted(systems))})")
        return 2
    written = init_pack(Path(directory), systems[system_name], pack_id, force=force)
    for path in written:
        click.echo(f"created {display_path(path)}")
    click.echo(f"next: riddlesmith check {directory}")
    return 0


def run_new(kind: str, ident: str, pack: str | None, force: bool) -> int:
    from generator.scaffold import new_document

    path = new_document(kind, ident, Path(pack) if pack else None, force=force)
    click.echo(f"created {display_path(path)}")
    return 0


def _guard(fn: Callable[[], int]) -> int:
    """Run a command: usage problems exit 2, never a traceback unless asked for."""
    try:
        return fn()
    except UsageError as exc:
        _clear_progress()
        _err(str(exc))
        return 2
    except KeyboardInterrupt:
        _err("interrupted")
        return 130
    except Exception as exc:  # an internal bug: say so plainly, exit 2
        _clear_progress()
        if os.environ.get("RIDDLESMITH_DEBUG"):
            traceback.print_exc()
        _err(f"internal error: {type(exc).__name__}: {exc} "
             "(set RIDDLESMITH_DEBUG=1 for details and please report it)")
        return 2


def _back_offset(value: str | None) -> tuple[float, float] | None:
    if value is None:
        return None
    from generator.render.geometry import parse_length

    try:
        parts = value.split(",")
        if len(parts) != 2:
            raise ValueError("expected X,Y")
        return (parse_length(parts[0].strip()), parse_length(parts[1].strip()))
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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="riddlesmith")
def main() -> None:
    """Validate, simulate and print content packs for Santorini-family games."""


@main.command("check")
@_paths
@_format
@_strict
@_lang
@_report
@_cache
@_cache_dir
def check_command(paths: Sequence[str], fmt: str, strict: bool, lang: str | None,
                  report_file: str | None, cache: bool, cache_dir: str | None) -> None:
    """Check packs (default: every pack under content/) and report problems."""
    sys.exit(_guard(lambda: run_check(
        CheckArgs(default_paths(paths), fmt, strict, lang, None, report_file, cache, cache_dir))))


@main.command("build")
@_paths
@click.option("--out", default=DEFAULT_OUT, show_default=True, type=click.Path(file_okay=False),
              help="Output folder; each pack goes to OUT/<pack-id>/.")
@click.option("--paper", type=click.Choice(PAPERS), help="Paper size (default: the pack's).")
@click.option("--back-offset", metavar="X,Y",
              help="Shift duplex backs to match your printer, e.g. 0.5mm,-0.3mm.")
@click.option("--solutions", type=click.Choice(["appendix", "separate", "none"]),
              default="appendix", show_default=True,
              help="Riddle books: solutions at the back (upside down), in their own PDF, or none.")
@_lang
@_format
@_strict
@_report
@_cache
@_cache_dir
def build_command(paths: Sequence[str], out: str, paper: str | None, back_offset: str | None,
                  solutions: str, lang: str | None, fmt: str, strict: bool,
                  report_file: str | None, cache: bool, cache_dir: str | None) -> None:
    """Check, then build print-ready files; writes nothing if the check fails."""
    offset = _back_offset(back_offset)
    sys.exit(_guard(lambda: run_build(BuildArgs(
        CheckArgs(default_paths(paths), fmt, strict, lang, paper, report_file, cache, cache_dir),
        out, offset, {"solutions": solutions}))))


@main.command("schema")
@click.argument("kind", required=False)
@click.option("--vscode", is_flag=True, help="Print the VS Code 'yaml.schemas' settings block.")
def schema_command(kind: str | None, vscode: bool) -> None:
    """Print the JSON Schema of a document KIND (or list the kinds)."""
    sys.exit(_guard(lambda: run_schema(kind, vscode)))


@main.command("init")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--system", "system_name", required=True, help="Game system of the new pack.")
@click.option("--id", "pack_id", help="Pack id (default: the folder name).")
@click.option("--force", is_flag=True, help="Write into a folder that is not empty.")
def init_command(directory: str, system_name: str, pack_id: str | None, force: bool) -> None:
    """Create a new pack that checks and builds as generated."""
    sys.exit(_guard(lambda: run_init(directory, system_name, pack_id, force)))


@main.command("new")
@click.argument("kind")
@click.argument("ident", metavar="ID")
@click.option("--pack", type=click.Path(), help="Pack folder (default: the one around you).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new_command(kind: str, ident: str, pack: str | None, force: bool) -> None:
    """Add a new document of KIND from a commented template."""
    sys.exit(_guard(lambda: run_new(kind, ident, pack, force)))


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

            for param in self.params:
                if isinstance(param, click.Option) and param.name == "policy":
                    param.help = f"Player policy (default: the system's first). {policies_help()}."
            for system, option in command_options(self.system_command):
                kind: Any = {"int": click.IntRange(option.minimum, option.maximum),
                             "choice": click.Choice(option.choices)}.get(option.kind, str)
                self.params.append(click.Option([f"--{option.name}"], type=kind,
                                                help=f"{option.help} [{system}]"))
        return super().get_params(ctx)


def _run_system_command(command: str, pack: str, target: str, fmt: str,
                        values: dict[str, Any], label: str) -> None:
    def run() -> int:
        from generator.commands import run_command
        from generator.systems import CommandRequest

        bar = _count_progress(label) if command == "playtest" else None
        code, text = run_command(command, CommandRequest(pack, target, fmt, values, bar))
        _clear_progress()
        click.echo(text.rstrip("\n"))
        return code

    sys.exit(_guard(run))


@main.command("solve", cls=_SystemCommand, command="solve")
@click.argument("pack", type=click.Path())
@click.argument("target", metavar="TARGET")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def solve_command(pack: str, target: str, fmt: str, **values: Any) -> None:
    """Solve TARGET (a riddle, a card...) of PACK and show the shortest solutions."""
    _run_system_command("solve", pack, target, fmt, values, "")


@main.command("playtest", cls=_SystemCommand, command="playtest")
@click.argument("pack", type=click.Path())
@click.argument("target", metavar="TARGET")
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True)
@click.option("--policy", help="Player policy (default: the system's first).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--jobs", type=click.IntRange(1), help="Worker processes (default: all cores).")
@click.option("--scheduler", metavar="ADDRESS",
              help="Run on a Dask cluster (needs the 'dask' extra), e.g. tcp://host:8786.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def playtest_command(pack: str, target: str, fmt: str, **values: Any) -> None:
    """Playtest TARGET (a scenario, a game...) of PACK: win rate, losses, turns."""
    _run_system_command("playtest", pack, target, fmt, values, f"{target}: games")


def _count_progress(label: str) -> Callable[[int, int], None] | None:
    """A progress bar for counted work on a terminal; None in CI or when redirected."""
    if not sys.stderr.isatty() or os.environ.get("CI"):
        return None

    def show(done: int, total: int) -> None:
        width = 30
        filled = int(width * done / total) if total else width
        sys.stderr.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        sys.stderr.flush()

    return show


if __name__ == "__main__":  # pragma: no cover
    main()
