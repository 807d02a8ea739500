"""Sample cards for the render tests: what a game system's card renderer would draw."""
from __future__ import annotations

from generator.render import Circle, Group, Line, Path, Polygon, Rect, Scene, Style, Text, fit_text
from generator.render.scene import Element

BLEED = 3.0
POKER = (63.5, 88.9)
COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65")


def draw_coin(x: float, y: float, size: float) -> tuple[Element, ...]:
    """An inline icon: a coin filling the em square."""
    r = size * 0.42
    return (Circle(x + size / 2, y + size / 2, r, Style(fill="#d4ac0d", stroke="#7d6608",
                                                        stroke_width=0.15)),)


def draw_eye(x: float, y: float, size: float) -> tuple[Element, ...]:
    c = (x + size / 2, y + size / 2)
    return (Path((("M", x, c[1]), ("Q", c[0], y, x + size, c[1]), ("Q", c[0], y + size, x, c[1]),
                  ("Z",)), Style(fill="#ffffff", stroke="#000000", stroke_width=0.15)),
            Circle(c[0], c[1], size * 0.15, Style(fill="#000000")))


ICONS = {"coin": draw_coin, "eye": draw_eye}

BODIES = (
    "I stand where **three roads** meet and *never* move. Gain :coin: when you solve me.",
    "Look twice :eye: before you build: the **second** tower is the true one.",
    "My shadow is longer at dawn than at noon; *what am I?* Pay :coin::coin: to peek.",
    "Swap any two tiles. **Only when** a dome stands next to your worker.",
)


def card_front(n: int, size: tuple[float, float] = POKER, bleed: float = BLEED) -> Scene:
    """A card scene of card size + bleed: colour to the bleed edge, frame in the safe zone."""
    w, h = size[0] + 2 * bleed, size[1] + 2 * bleed
    colour = COLOURS[n % len(COLOURS)]
    safe = bleed + 3.0
    title = fit_text(f"**Riddle {n + 1}**", w - 2 * safe, 8, max_size=12, min_size=8,
                     align="center", valign="middle")
    body = fit_text(BODIES[n % len(BODIES)], w - 2 * safe - 4, h - 2 * safe - 42, max_size=10,
                    min_size=5, icons=ICONS)
    children: list[Element] = [
        Rect(0, 0, w, h, Style(fill=colour)),
        Rect(safe - 1, safe - 1, w - 2 * safe + 2, h - 2 * safe + 2,
             Style(fill="#fdf6e3", stroke="#000000", stroke_width=0.3), rx=2),
        title.block.at(safe, safe),
        Polygon(((w / 2, safe + 14), (w / 2 + 10, safe + 30), (w / 2 - 10, safe + 30)),
                Style(fill=colour, stroke="#000000")),
        Line(safe + 2, safe + 33, w - safe - 2, safe + 33, Style(stroke="#888888", dash=(1, 0.5))),
        body.block.at(safe + 2, safe + 36),
        Text(w / 2, h - safe - 1.5, f"{n + 1:03d}", size=7, anchor="middle", italic=True),
    ]
    return Scene(w, h, tuple(children), id=f"card-{n + 1:03d}")


def card_back(n: int | None = None, size: tuple[float, float] = POKER, bleed: float = BLEED) -> Scene:
    """A back with an off-centre marker, so a wrongly placed back is easy to see."""
    w, h = size[0] + 2 * bleed, size[1] + 2 * bleed
    label = "BACK" if n is None else f"BACK {n + 1}"
    children: list[Element] = [
        Rect(0, 0, w, h, Style(fill="#1b2631")),
        Rect(bleed + 3, bleed + 3, w - 2 * bleed - 6, h - 2 * bleed - 6,
             Style(stroke="#f4d03f", stroke_width=0.5), rx=2),
        Circle(bleed + 10, bleed + 10, 3, Style(fill="#f4d03f")),  # top-left marker
        Group((Text(0, 0, label, size=14, fill="#f4d03f", anchor="middle", bold=True),),
              translate=(w / 2, h / 2), rotate=-30),
    ]
    return Scene(w, h, tuple(children), id="back" if n is None else f"back-{n + 1:03d}")
