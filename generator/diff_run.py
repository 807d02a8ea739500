"""Running ``riddlesmith diff``: open both sides, check them, compare, format.

:func:`run_diff` is what the command line calls; it returns the exit code (0 whatever
changed; 1 when a change of a ``--fail-on-change`` kind was found). Bad input (not a
repository, an unknown revision, a missing folder) raises
:class:`~generator.errors.UsageError`: one line, exit code 2, as for every command.
"""
from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from generator.diff import (
    Diff,
    PackSide,
    compare_packs,
    figures_of,
    printed_of,
    shown_files,
)
from generator.diagnostics import Severity
from generator.errors import UsageError
from generator.revisions import Side, open_side, repository_root
from generator.systems import Options

DEFAULT_PATHS = ("content",)


@dataclass(frozen=True, slots=True)
class DiffArgs:
    old: str | None = None  # None: HEAD
    new: str | None = None  # None: the working tree
    packs: tuple[str, ...] = ()  # --pack, relative to the repository root
    fmt: str = "text"
    fail_on: tuple[str, ...] = ()
    figures: bool = True
    pages: bool = True


ProgressFn = Callable[[str], None]


def _quiet(_: str) -> None:
    return None


def open_sides(args: DiffArgs, stack: ExitStack, here: Path, share: bool = True
               ) -> tuple[Side, Side, Path | None]:
    """OLD and NEW (folders as given; revisions of the repository around ``here``) and
    that repository (None when both sides are folders). ``share``: revisions use the
    working tree's simulator caches (not with ``--no-cache`` or ``--cache-dir``)."""
    folders = [s for s in (args.old, args.new) if s is not None and Path(s).is_dir()]
    repo: Path | None = None
    if len(folders) < 2:
        try:
            repo = repository_root(here)
        except UsageError:
            if args.old is None or args.new is None or not folders:
                raise
            repo = None
    old_spec = "HEAD" if args.old is None else args.old
    defaults = _defaults(repo, here)
    old = open_side(old_spec, repo, args.packs, stack, defaults, share)
    new = open_side(args.new, repo, args.packs, stack, defaults, share)
    return old, new, repo


def _defaults(repo: Path | None, here: Path) -> tuple[str, ...]:
    """The packs ``check`` reads by default, relative to the repository: ``content/``,
    else the folder we are in (its packs, or the pack around it)."""
    if repo is None:
        return DEFAULT_PATHS
    if (repo / DEFAULT_PATHS[0]).is_dir() or (here / DEFAULT_PATHS[0]).is_dir():
        return DEFAULT_PATHS
    for folder in (here.resolve(), *here.resolve().parents):
        if (folder / "pack.yaml").is_file():
            try:
                return (folder.relative_to(repo.resolve()).as_posix() or ".",)
            except ValueError:
                break
    try:
        return (here.resolve().relative_to(repo.resolve()).as_posix() or ".",)
    except ValueError:
        return (".",)


def load_side(side: Side, options: Options, progress: ProgressFn,
              repo: Path | None) -> dict[str, PackSide]:
    """Check ``side``'s packs as ``check`` would; each pack by id."""
    from generator import pipeline

    if not side.paths:
        return {}
    progress(f"checking {side.name}")
    report = pipeline.check(list(side.paths), options, progress=progress)
    out: dict[str, PackSide] = {}
    for pack in report.packs:
        under = Path(side.shown_root) if side.shown_root or repo is None else repo
        shown = shown_files(pack, side.root, under)
        files = set(shown)
        errors = sum(1 for d in report.diagnostics
                     if d.severity is Severity.ERROR and (d.file in files or d.file.startswith(
                         str(pack.root))))
        out.setdefault(pack.id, PackSide(pack, shown, errors))
    return out


def diff_sides(old: Side, new: Side, options: Options, args: DiffArgs,
               progress: ProgressFn = _quiet, repo: Path | None = None) -> Diff:
    """Check both sides, then compare them pack by pack."""
    from generator.registry import load_registry

    registry = load_registry()
    before = load_side(old, options, progress, repo)
    after = load_side(new, options, progress, repo)
    if not before and not after:
        raise UsageError(f"no packs to compare in {old.name} or {new.name}; name them with "
                         "--pack PATH (relative to the repository root)")
    packs = []
    for ident in sorted(set(before) | set(after)):
        a, b = before.get(ident), after.get(ident)
        comparable = a is not None and b is not None and not a.errors and not b.errors
        for side, other in ((a, b), (b, a)):
            if side is None:
                continue
            progress(f"drawing {ident}")
            side.printed = printed_of(side.pack, registry, options, books=args.pages)
            if args.figures and comparable and other is not None:
                progress(f"figures of {ident}")
                side.figures = figures_of(side.pack, registry, options, other.pack)
        packs.append(compare_packs(a, b))
    return Diff(old.name, new.name, tuple(packs))


def run_diff(args: DiffArgs, options: Options, progress: ProgressFn = _quiet,
             here: Path | None = None) -> tuple[int, str]:
    """The exit code and the formatted diff."""
    from generator.diff_formats import render_diff
    from generator.pipeline import run_options

    folder = here or Path.cwd()
    with ExitStack() as stack:
        old, new, repo = open_sides(args, stack, folder,
                                    share=options.cache and options.cache_dir is None)
        with run_options(options) as shared:
            diff = diff_sides(old, new, shared, args, progress, repo)
    failing = set(args.fail_on)
    found = diff.kinds()
    hit = found if "any" in failing else found & failing
    diff = replace(diff, notes=(*diff.notes, *(
        [f"changes of kind {', '.join(sorted(hit))} (--fail-on-change)"] if hit else [])))
    return (1 if hit else 0), render_diff(diff, args.fmt)


__all__ = ["DEFAULT_PATHS", "DiffArgs", "diff_sides", "load_side", "open_sides", "run_diff"]
