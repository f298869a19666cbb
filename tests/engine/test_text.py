"""Cutting text for display: whole when it fits, else cut to the width with its "…" counted."""

from __future__ import annotations

import pytest

from hermes_dash.engine.text import MARK, shorten


@pytest.mark.parametrize(
    ("text", "width", "shown"),
    [
        ("abc", 3, "abc"),  # exactly the width: whole
        ("abc", 4, "abc"),
        ("abcd", 3, "ab…"),  # the mark is one of the width's characters
        ("abcdef", 1, "…"),
        ("abcdef", 0, "…"),  # no room at all: the mark alone, never a negative slice's text
        ("", 0, ""),
        ("a\n\n  b", 10, "a\n\n  b"),  # kept as it is unless asked for one line
    ],
)
def test_shorten_cuts_only_what_does_not_fit(text: str, width: int, shown: str) -> None:
    assert shorten(text, width) == shown
    assert MARK == "…"


def test_one_line_joins_whitespace_runs_before_measuring() -> None:
    assert shorten("  a\n\n  b\tc  ", 5, one_line=True) == "a b c"  # 5 after joining: fits
    assert shorten("a\nbcdef", 4, one_line=True) == "a b…"
