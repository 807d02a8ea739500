"""Artwork on printed tokens: the pack's ``print.tokens`` map, shared by every system.

Tokens (coins, blessing tokens, feature markers, die-face stickers, answer
tokens, enemy markers, tiles) are not written as documents: each system draws
them from its rules. So their pictures live in one place, ``pack.yaml``,
keyed by token kind::

    print:
      tokens:
        coin-gold: art/gold-coin.png          # every gold coin, whatever its levels
        coin-gold-1-dome: art/rare-coin.png   # a more specific key wins
        blessing:
          - file: art/olive.svg
            fit: contain
            box: {x: 4mm, y: 4mm, width: 13.6mm, height: 13.6mm}
            layer: over

A token looks its keys up from the most specific to the most general (see
each system's :class:`TokenKind` list) and takes the first one given. The box is
measured from the top-left corner of the square around the token's cut line;
by default the picture covers that square and its bleed. Round tokens cut the
picture to their disc (a circle clip in both backends), square ones to their
square. :func:`iter_token_art_problems` reports a key no printed token answers
to (RS-A004) and every art problem at the file's line, at the token's printed
size.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.diagnostics import Diagnostic
from generator.pack.model import Pack
from generator.pack.schema import suggest
from generator.render.art import art_element
from generator.render.images import SvgUnavailable
from generator.render.scene import Circle, Element, Rect
from generator.systems.art import ArtSpec, face_box, iter_art_problems, iter_art_specs, load_art

FIELD = ("print", "tokens")
"""Where ``pack.yaml`` keeps the token art."""

ROUND_BLEED = 1.0
"""Bleed (mm) of a round token's picture past its cut line: a miscut shows no paper."""


@dataclass(frozen=True, slots=True)
class TokenKind:
    """A key of ``print.tokens`` a system answers to: the token's cut ``size`` (diameter or
    side, mm), whether it is ``round``, and the picture's ``bleed`` past the cut (mm)."""

    name: str
    size: float
    round: bool
    bleed: float = 0.0


@dataclass(frozen=True, slots=True)
class TokenPicture:
    """One picture of a key: where it goes (its spec) and its bytes and size."""

    spec: ArtSpec
    data: bytes
    format: str
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class TokenArt:
    """The pictures of ``print.tokens``, read once per build: key -> pictures."""

    pictures: Mapping[str, tuple[TokenPicture, ...]]

    def keys_for(self, keys: Sequence[str]) -> str | None:
        """The first of ``keys`` (most specific first) that has pictures."""
        return next((k for k in keys if k in self.pictures), None)

    def dress(self, drawn: Sequence[Element], keys: Sequence[str], size: float, round: bool,
              bleed: float = 0.0, at: tuple[float, float] = (0.0, 0.0)) -> tuple[Element, ...]:
        """``drawn`` (a token whose cut square is ``size`` mm at ``at``) with its pictures:
        ``under`` ones just above its first element (the token's ground), ``over`` ones on
        top; each cut to the token's disc (``round``) or square, plus ``bleed``.

        >>> NO_TOKEN_ART.dress([Rect(0, 0, 5, 5)], ["coin"], 5.0, True)
        (Rect(x=0, y=0, w=5, h=5, style=Style(fill=None, stroke=None, stroke_width=0.25, dash=(), opacity=1.0), rx=0.0),)
        """
        key = self.keys_for(keys)
        if key is None:
            return tuple(drawn)
        x0, y0 = at
        clip: Rect | Circle = (Circle(x0 + size / 2, y0 + size / 2, size / 2 + bleed) if round
                               else Rect(x0 - bleed, y0 - bleed, size + 2 * bleed, size + 2 * bleed))
        under: list[Element] = []
        over: list[Element] = []
        for pic in self.pictures[key]:
            bx, by, bw, bh = face_box(pic.spec, size, size, bleed)
            el = art_element(pic.data, pic.format, pic.width, pic.height,
                             (x0 - bleed + bx, y0 - bleed + by, bw, bh), pic.spec.fit, clip)
            (over if pic.spec.layer == "over" else under).append(el)
        kids = list(drawn)
        return (*kids[:1], *under, *kids[1:], *over)


NO_TOKEN_ART = TokenArt({})
"""A pack without token art."""


def _entries(pack: Pack) -> dict[str, Any]:
    cfg = pack.data.get("print")
    tokens = cfg.get("tokens") if isinstance(cfg, dict) else None
    return tokens if isinstance(tokens, dict) else {}


def token_art_of(pack: Pack) -> TokenArt:
    """The token pictures of ``pack`` (pictures the check refused are left out)."""
    found: dict[str, tuple[TokenPicture, ...]] = {}
    for key in sorted(_entries(pack)):
        pics = []
        for spec in iter_art_specs(pack.manifest, (*FIELD, key)):
            try:
                loaded = load_art(pack.manifest, spec, pack.root)
            except SvgUnavailable:
                continue
            if not isinstance(loaded, str):
                data, pic = loaded
                pics.append(TokenPicture(spec, data, pic.format, pic.width, pic.height))
        if pics:
            found[str(key)] = tuple(pics)
    return TokenArt(found)


def iter_token_art_problems(pack: Pack, kinds: Sequence[TokenKind]) -> Iterator[Diagnostic]:
    """Problems of ``print.tokens``: keys no token of ``kinds`` answers to, then the
    pictures' own problems at the largest size a token of that key prints."""
    known: dict[str, TokenKind] = {}
    for kind in kinds:
        if kind.name not in known or kind.size > known[kind.name].size:
            known[kind.name] = kind
    for key in _entries(pack):
        found = known.get(str(key))
        if found is None:
            hint = (suggest(str(key), sorted(known))
                    or ("this pack prints: " + ", ".join(sorted(known)) if known else
                        "this pack prints no tokens"))
            yield pack.manifest.diag("RS-A004", f"no printed token answers to '{key}'",
                                     (*FIELD, key), key=True, hint=hint)
            continue
        yield from iter_art_problems(pack.manifest, pack.root, found.size, found.size,
                                     found.bleed, (*FIELD, key))


__all__ = ["FIELD", "NO_TOKEN_ART", "ROUND_BLEED", "TokenArt", "TokenKind",
           "iter_token_art_problems", "token_art_of"]
