"""Cutting text for display: the one rule every page, command and message uses."""

from __future__ import annotations

MARK = "…"


def shorten(text: str, width: int, *, one_line: bool = False) -> str:
    """``text`` in at most ``width`` characters: whole when it fits, else cut and ended with "…".
    ``one_line``: runs of whitespace (newlines too) become one space first."""
    if one_line:
        text = " ".join(text.split())
    if len(text) <= width:
        return text
    return text[: max(width - len(MARK), 0)] + MARK


__all__ = ["shorten"]
