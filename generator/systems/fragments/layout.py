"""Card geometry and the text-fit check: what ``check`` needs without drawing anything."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from generator.diagnostics import Diagnostic
from generator.pack.model import Pack
from generator.render.geometry import CARD_SIZES, parse_length
from generator.render.text import MIN_PRINT_SIZE, fit_text
from generator.systems import Options
from generator.systems.fragments.settings import GameSettings

DEFAULT_BLEED = 3.0
DEFAULT_SAFE = 3.0        # print.safe: frames and text at least this far inside the trim
TEXT_TOP = 15.0           # fragment text box, from the trim's top edge
TEXT_BOTTOM = 15.0        # ... and from its bottom edge
TEXT_SIDE = 6.5
INK = "#2b2118"


@dataclass(frozen=True, slots=True)
class CardGeometry:
    width: float
    height: float
    bleed: float
    safe: float = DEFAULT_SAFE

    @property
    def text_box(self) -> tuple[float, float, float, float]:
        """x, y, w, h of the fragment text inside the card scene (bleed included); a wide
        ``print.safe`` pushes it inwards."""
        side = max(TEXT_SIDE, self.safe + 2.0)
        top, bottom = max(TEXT_TOP, self.safe + 11.0), max(TEXT_BOTTOM, self.safe + 11.0)
        return (self.bleed + side, self.bleed + top,
                self.width - 2 * side, self.height - top - bottom)


def card_geometry(pack: Pack, settings: GameSettings) -> CardGeometry:
    size = settings.card_size or pack.data.get("print", {}).get("card", "poker")
    if isinstance(size, dict):
        w, h = parse_length(size["width"]), parse_length(size["height"])
    else:
        w, h = CARD_SIZES[str(size)]
    bleed = parse_length(pack.data.get("print", {}).get("bleed", DEFAULT_BLEED))
    safe = parse_length(pack.data.get("print", {}).get("safe", DEFAULT_SAFE))
    return CardGeometry(w, h, bleed, safe)


def _texts(value: Any) -> Iterator[tuple[tuple[str, ...], str]]:
    if isinstance(value, dict):
        for lang, text in value.items():
            yield ("text", lang), str(text)
    else:
        yield ("text",), str(value)


def iter_overflow_problems(pack: Pack, settings: GameSettings, options: Options) -> Iterator[Diagnostic]:
    """Card texts that do not fit their box even at the minimum font size."""
    game = settings.document
    if settings.min_font_size > settings.font_size:
        if game is not None:  # the defaults are in order: only a deck's own values clash
            yield game.diag("RS-S001", f"card.min_font_size ({settings.min_font_size:g} pt) is "
                            f"larger than card.font_size ({settings.font_size:g} pt)",
                            ("card", "min_font_size"), hint="the minimum must not exceed the size")
        return
    geo = card_geometry(pack, settings)
    _, _, w, h = geo.text_box
    for card in pack.of_kind("fragment-card"):
        for path, text in _texts(card.data["text"]):
            fit = fit_text(_escape_markup(text), w, h, family="serif", max_size=settings.font_size,
                           min_size=settings.min_font_size, align="center", valign="middle")
            if not fit.fits:
                yield card.diag("RS-R001", f"text does not fit the card: "
                                f"{'' if fit.complete else 'more than '}{fit.overflow_mm:.1f} mm "
                                f"too tall at the minimum size of {settings.min_font_size:g} pt",
                                path, hint="shorten the fragment or lower card.min_font_size")
            elif fit.size < MIN_PRINT_SIZE:
                yield card.diag("RS-R006", f"text prints at {fit.size:g} pt, below the "
                                f"{MIN_PRINT_SIZE:g} pt that stays readable on paper", path,
                                hint="shorten the fragment, or raise card.min_font_size to 6")
    for when in pack.of_kind("when-card"):
        for side in ("only", "except"):
            value = when.data.get(side)
            if value is None:
                continue
            for path, text in _texts(value):
                fit = fit_text(_escape_markup(text), w, h / 2, family="serif", max_size=22,
                               min_size=settings.min_font_size, align="center", valign="middle")
                if not fit.fits:
                    yield when.diag("RS-R001", f"'{side}' side does not fit the card: "
                                    f"{'' if fit.complete else 'more than '}"
                                    f"{fit.overflow_mm:.1f} mm too tall", (side,) + path[1:])
                elif fit.size < MIN_PRINT_SIZE:
                    yield when.diag("RS-R006", f"'{side}' side prints at {fit.size:g} pt, below "
                                    f"{MIN_PRINT_SIZE:g} pt", (side,) + path[1:])


def iter_override_problems(pack: Pack, settings: GameSettings) -> Iterator[Diagnostic]:
    """A pack-wide print setting that the deck's own setting replaces (a warning)."""
    game = settings.document
    if game is None or settings.card_size is None or "card" not in pack.data.get("print", {}):
        return
    line, col = game.locate(("card", "size"))
    yield pack.manifest.diag(
        "RS-P016", f"print.card is overridden by card.size in {game.file}:{line}:{col}",
        ("print", "card"), hint="keep one of the two, so the card size is set in one place")


def iter_sheet_problems(pack: Pack, settings: GameSettings, options: Options) -> Iterator[Diagnostic]:
    """A card size that does not fit the paper (with bleed and crop marks)."""
    from generator.render.geometry import PAPERS
    from generator.render.sheets import gutter_setting, sheet_layouts

    geo = card_geometry(pack, settings)
    paper = options.paper or pack.data.get("print", {}).get("paper", "a4")
    try:
        sheet_layouts(PAPERS[paper], geo.width, geo.height, geo.bleed, gutter_setting(
            options.extra.get("gutter"), pack.data.get("print", {}).get("gutter")))
    except ValueError as exc:
        doc = settings.document if settings.document is not None and "card" in settings.document.data \
            else pack.manifest
        path = ("card", "size") if doc is settings.document else ("print",)
        yield doc.diag("RS-R003", f"a {geo.width:g} x {geo.height:g} mm card does not fit on "
                       f"{paper} paper: {exc}", path, hint="choose a smaller card or larger paper")


def _escape_markup(text: str) -> str:
    """Fragments are plain text: neutralise our inline markup characters."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace(":", "\\:")


