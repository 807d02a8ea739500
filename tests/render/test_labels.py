"""The label catalogue, and a French build that prints French everywhere (issue 12 §5)."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import CONTENT, write_pack
from generator.pipeline import build, check
from generator.registry import load_registry
from generator.render.labels import LANGUAGES, label
from generator.systems import Options

LABELS = {key: dict(zip(LANGUAGES, entry.value)) for key, entry in load_registry().labels.items()}
"""Every registered label (the core's and each system's), key -> language -> text."""


def test_every_label_is_written_in_every_language() -> None:
    assert {"sheet-of", "r-tier-gold", "t-none"} <= set(LABELS)
    for key, texts in LABELS.items():
        assert set(texts) == set(LANGUAGES), key
        fields = {lang: set(re.findall(r"{(\w+)}", text)) for lang, text in texts.items()}
        assert len({frozenset(f) for f in fields.values()}) == 1, f"{key}: fields differ {fields}"
    # Labels are really translated: only words spelt alike in both languages repeat.
    same = {k for k, t in LABELS.items() if t["en"] == t["fr"]}
    assert same <= {"category-nature", "category-paradoxes", "aid-points", "h-expert",
                    "h-solutions", "side-expert-short", "t-rank-novice", "t-page-n",
                    "t-aid-orientation", "t-diff-expert", "t-opt-expert", "colour-f-jade",
                    "colour-f-lapis", "b-solutions-footer", "b-version", "c-coin-label", "h-notes"}, same


def test_unknown_language_falls_back_to_english_and_unknown_keys_fail() -> None:
    assert label("sheet-backs", "de") == label("sheet-backs", "en") == "backs"
    with pytest.raises(KeyError):
        label("no-such-label", "en")


def test_missing_texts_are_listed_once(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "p")
    report = check([pack], Options(lang="fr"))
    missing = [d for d in report.diagnostics if d.code == "RS-P011"]
    assert len(missing) == 1
    assert "and " in missing[0].message and "more" in missing[0].message


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("fr")
    report = check([CONTENT / "fragments"], Options(lang="fr"))
    assert not [d for d in report.diagnostics if d.code == "RS-P011"], "the deck is complete in French"
    result = build(report, out)
    assert not result.refused
    return out / "fragments" / "print"


def _text(path: Path) -> str:
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    return "\n".join(p.extract_text() for p in reader.pages)


def test_french_build_prints_french_labels_and_texts(french: Path) -> None:
    cards = _text(french / "cards-duplex.pdf")
    for word in ("planche", "recto", "verso", "COMPORTEMENT", "CARTE QUAND", "Qui suis-je",
                 "seulement quand", "Je dis toujours la"):
        assert word in cards, word
    for english in ("sheet ", "fronts", "WHEN CARD", "BEHAVIOUR", "What am I", "I always tell"):
        assert english not in cards, english
    aid = _text(french / "player-aid.pdf")
    assert "Aide de jeu" in aid and "MISE EN PLACE" in aid and "Setting up" not in aid
    check_page = _text(french / "calibration.pdf")
    assert "Contrôle d'impression" in check_page and "Print check" not in check_page
    assert "jetons de réponse" in _text(french / "tokens.pdf")
