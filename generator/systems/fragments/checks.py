"""Rule checks of a Riddle Craft deck: pure functions, documents in, diagnostics out."""
from __future__ import annotations

import difflib
import math
import re
import unicodedata
from typing import Iterator

from generator.diagnostics import Diagnostic
from generator.pack.model import Document, pick_text

# RULES.md section 4: n(n+1)/2 points for a riddle of n cards, 36 from 8 cards on.
SCORE_CAP = 36
SCORE_CAP_FROM = 8
# A hand each for six players, one card each for a round of six turns, and the
# card turned over to start the round.
MAX_PLAYERS = 6
NEAR_DUPLICATE_JACCARD = 0.75
NEAR_DUPLICATE_RATIO = 0.88
CANDIDATE_JACCARD = 0.6

_CAPITAL_I = re.compile(r"(?<![\w'])I(?![\w])")


def expected_score(n: int) -> int:
    """Points for a riddle of ``n`` cards.

    >>> [expected_score(n) for n in (1, 2, 7, 8, 12)]
    [1, 3, 28, 36, 36]
    """
    return min(n * (n + 1) // 2, SCORE_CAP) if n < SCORE_CAP_FROM else SCORE_CAP


def normalize(text: str) -> str:
    """Text reduced for duplicate detection: case, accents and punctuation dropped.

    >>> normalize("I  have a Face, but no eyes!")
    'i have a face but no eyes'
    """
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"[^\w\s]", " ", text)
    return " ".join(text.split())


def is_first_person(text: str) -> bool:
    """Whether an English fragment speaks as "I".

    >>> is_first_person("I hum when I work."), is_first_person("It hums.")
    (True, False)
    """
    if _CAPITAL_I.search(text):
        return True
    return bool(re.search(r"\b(?:me|my|mine|myself)\b", text, re.IGNORECASE))


def iter_duplicate_fragments(cards: list[Document], lang: str | None) -> Iterator[Diagnostic]:
    """Exact (after normalizing) and near-duplicate fragments.

    Near duplicates are found with a prefix-filtered similarity join: words are
    ranked rarest first, and two texts whose word sets overlap by at least
    ``CANDIDATE_JACCARD`` must share a word among the first few rare words of
    each, so only such pairs are compared. Large decks stay fast.
    """
    seen: dict[str, Document] = {}
    unique: list[tuple[Document, str, frozenset[str]]] = []
    for card in cards:
        text = normalize(pick_text(card.data["text"], lang))
        if text in seen:
            first = seen[text]
            line, _ = first.locate(("text",))
            yield card.diag("RS-F001", f"fragment repeats card '{first.id}' ({first.file}:{line})",
                            ("text",), hint="use 'copies:' to print a card more than once")
            continue
        seen[text] = card
        unique.append((card, text, frozenset(text.split())))
    frequency: dict[str, int] = {}
    for _, _, words in unique:
        for w in words:
            frequency[w] = frequency.get(w, 0) + 1
    postings: dict[str, list[int]] = {}
    for i, (card, text, words) in enumerate(unique):
        ranked = sorted(words, key=lambda w: (frequency[w], w))
        prefix = ranked[: len(ranked) - math.ceil(CANDIDATE_JACCARD * len(ranked)) + 1]
        candidates = sorted({j for w in prefix for j in postings.get(w, ())})
        for j in candidates:
            other, other_text, other_words = unique[j]
            union = len(words | other_words)
            jaccard = len(words & other_words) / union if union else 1.0
            if jaccard < CANDIDATE_JACCARD:
                continue
            if (jaccard >= NEAR_DUPLICATE_JACCARD and min(len(words), len(other_words)) >= 3) \
                    or _similar_characters(text, other_text):
                line, _ = other.locate(("text",))
                yield card.diag("RS-F002", f"fragment is nearly the same as card '{other.id}' "
                                f"({other.file}:{line})", ("text",),
                                hint="reword one of them so they give different clues")
                break
        for w in prefix:
            postings.setdefault(w, []).append(i)


def _similar_characters(a: str, b: str) -> bool:
    matcher = difflib.SequenceMatcher(None, a, b)
    # Cheap upper bounds first; the full ratio only when they allow a match.
    return (matcher.real_quick_ratio() >= NEAR_DUPLICATE_RATIO
            and matcher.quick_ratio() >= NEAR_DUPLICATE_RATIO
            and matcher.ratio() >= NEAR_DUPLICATE_RATIO)


def iter_person_problems(cards: list[Document]) -> Iterator[Diagnostic]:
    for card in cards:
        value = card.data["text"]
        text = value.get("en") if isinstance(value, dict) else value
        path: tuple[str, ...] = ("text", "en") if isinstance(value, dict) else ("text",)
        if text and not is_first_person(text):
            yield card.diag("RS-F003", "fragment does not speak in the first person", path,
                            hint="fragments describe the answer as 'I ...', e.g. 'I have keys "
                            "but open no door.'")


def iter_when_problems(cards: list[Document]) -> Iterator[Diagnostic]:
    for card in cards:
        for side, default in (("only", "only when"), ("except", "except when")):
            value = card.data.get(side)
            if value is None or (isinstance(value, str) and not value.strip()):
                yield card.diag("RS-F004", f"When card has no '{side}' side", ("id",), key=True,
                                hint=f"add '{side}: {default}'")


def iter_scoring_problems(game: Document) -> Iterator[Diagnostic]:
    table = game.data.get("press_your_luck", {}).get("scoring")
    if table is None:
        return
    for i, points in enumerate(table):
        n = i + 1
        want = expected_score(n)
        if points != want:
            rule = f"{n}x{n + 1}/2" if n < SCORE_CAP_FROM else f"the cap from {SCORE_CAP_FROM} cards"
            yield game.diag("RS-F005", f"a riddle of {n} card{'s' if n > 1 else ''} scores {points} "
                            f"here, but {want} by the rule ({rule})",
                            ("press_your_luck", "scoring", i), hint=f"write {want}")
    if len(table) < SCORE_CAP_FROM:
        yield game.diag("RS-F005", f"the table stops at {len(table)} cards; riddles of up to "
                        f"{SCORE_CAP_FROM} cards score differently",
                        ("press_your_luck", "scoring"),
                        hint="list the points for 1 to 8 cards: 1, 3, 6, 10, 15, 21, 28, 36")


def cards_needed(hand_size: int) -> int:
    """Cards the deck must hold: six hands, a round of six turns, the opening card.

    >>> cards_needed(5)
    37
    """
    return MAX_PLAYERS * hand_size + MAX_PLAYERS + 1


def deck_size(cards: list[Document]) -> int:
    return sum(int(c.data.get("copies", 1)) for c in cards)
