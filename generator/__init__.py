"""riddlesmith: validate, simulate and print content packs for Santorini-family games."""
from __future__ import annotations

__version__ = "0.7.0"
