"""The word-level diff that confirmations and restores show: one changed word is one piece."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from hermes_dash.engine.views.diff import word_diff
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


def test_the_pieces_are_named_same_gone_and_new_with_every_unit_kept() -> None:
    assert word_diff("", "") == ()
    assert word_diff("keep it all", "keep it all") == (("same", "keep it all"),)
    # One space against two: the unit after it is the same again, so only the space changes.
    assert word_diff("a b", "a  b") == (("same", "a"), ("gone", " "), ("new", "  "), ("same", "b"))
    # Two changes with same words between them: the middle run is one "same" piece of several units.
    assert word_diff("one two three four five", "one 2 three four 5") == (
        ("same", "one "),
        ("gone", "two"),
        ("new", "2"),
        ("same", " three four "),
        ("gone", "five"),
        ("new", "5"),
    )


def test_the_same_words_at_the_end_are_kept_as_they_are_whatever_comes_before() -> None:
    assert word_diff(" b  b.c", "a...c") == (("gone", " b  b"), ("new", "a.."), ("same", ".c"))
    assert word_diff(" .", "  xb.x.") == (("gone", " "), ("new", "  xb.x"), ("same", "."))
    assert word_diff(" ", " . xba ") == (("same", " "), ("new", ". xba "))


def test_a_long_entry_is_compared_unit_by_unit_however_common_its_words() -> None:
    """Hundreds of units with spaces and "the" in every line: none is skipped as too common
    (difflib's autojunk would, and show the whole first half as new), so four changed words are
    four pieces that go and four that come."""
    line = (
        "The deploy pipeline runs on GitHub Actions and staging deploys go out every weekday at ten while production "
        "deploys need a change ticket and a second reviewer and rollbacks are done with the release tool never by hand "
        "and logs are kept for thirty days in the archive bucket with the usual retention policy of the team at work"
    )
    old = line + " " + line
    new = "A" + line[3:].replace("while", "the") + " " + line.replace("while", "and")[: -len("work")] + "Z"
    assert [p for p in word_diff(old, new) if p[0] != "same"] == [
        ("gone", "The"),
        ("new", "A"),
        ("gone", "while"),
        ("new", "the"),
        ("gone", "while"),
        ("new", "and"),
        ("gone", "work"),
        ("new", "Z"),
    ]


def test_past_the_work_bound_the_middle_is_one_piece_that_goes_and_one_that_comes() -> None:
    """3,000 units of which every one differs are cheap to compare and compared unit by unit;
    1,500 words of random ``a``/``b`` (three kinds of unit, so difflib's cost is quadratic and
    more) pass WORD_STEPS and come back as one piece that goes and one that comes."""
    marks = [c for c in map(chr, range(0x2190, 0x2C00)) if re.fullmatch(r"[^\w\s]", c)][:1500]
    old = "".join(f"w{i}{m}" for i, m in enumerate(marks))  # 3,000 units, every one different
    new = "".join(f"v{i}{m}" for i, m in enumerate(marks))  # every word changed, every mark kept
    assert sum(1 for kind, _ in word_diff(old, "¡¡¡" + new) if kind == "same") == 1500  # every mark found again
    rng = random.Random(7)
    a = " ".join(rng.choice("ab") for _ in range(1500))
    b = " ".join(rng.choice("ab") for _ in range(1500))
    pieces = word_diff("Keep " + a + " end.", "Keep " + b + " end.")
    assert [kind for kind, _ in pieces] == ["same", "gone", "new", "same"]
    assert "".join(t for k, t in pieces if k != "new") == "Keep " + a + " end."
