"""The word-level diff that confirmations and restores show: one changed word is one piece."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hermes_dash import word_diff
from hermes_dash.ui._diffview import diff_html


def test_one_changed_number_is_one_piece_that_goes_and_one_that_comes():
    assert word_diff("Uses Postgres 16 on port 5433 for tests.", "Uses Postgres 16 on port 5434 for tests.") == (
        ("same", "Uses Postgres 16 on port "),
        ("gone", "5433"),
        ("new", "5434"),
        ("same", " for tests."),
    )


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80), st.text(max_size=80))
def test_the_pieces_give_back_both_texts(old, new):
    pieces = word_diff(old, new)
    assert "".join(t for k, t in pieces if k != "new") == old
    assert "".join(t for k, t in pieces if k != "gone") == new


def test_a_megabyte_entry_is_compared_quickly_and_shown_cut():
    old, new = "lorem ipsum " * 90_000, "lorem ipsum " * 89_000 + "tail"
    pieces = word_diff(old, new)
    assert "".join(t for k, t in pieces if k != "gone") == new
    assert len(diff_html(old, new)) < 100_000


def test_entry_text_is_escaped_never_markup():
    shown = diff_html("see <img src=http://127.0.0.1:9/x.png>", "see <b>bold</b> & more")
    assert "<img" not in shown and "<b>" not in shown and "&lt;" in shown and "&amp; more" in shown
