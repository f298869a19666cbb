"""Diffs a person can read: a word-level diff of two entry texts (what goes struck through in red,
what comes in green), and an entry diff whose unchanged entries fold away.

The one place entry text is drawn as HTML, and only after ``html.escape``: every ``<``, ``>``,
``&`` and quote of the entry becomes a character reference, so nothing in it can become a tag,
an image or a link (the browser fetches nothing an entry names). Long unchanged stretches fold
to their first and last words, so a one-word change in a long entry is seen at once.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Protocol

import streamlit as st

from hermes_dash.engine.views.diff import LISTING_WORD_STEPS, word_diff
from hermes_dash.engine.views.diffwork import Work
from hermes_dash.engine.views.humanize import n_of

from ._tables import PAGE_ROWS, VISIBLE_ROWS, diff_table

# One word diff drawn asks for its pieces three times (two counts, the HTML): computed once.
_unbudgeted = lru_cache(maxsize=8)(word_diff)
_budgeted = lru_cache(maxsize=8)(word_diff)  # keyed by the run's budget too
#: The budget of work the word diffs of one listing share (the Inbox's previews): set for a run
#: by :func:`word_budget`; past it the rest are coarse.
_BUDGET: ContextVar[Work | None] = ContextVar("hd_word_budget", default=None)


@contextmanager
def word_budget() -> Iterator[Work]:
    """Every word diff drawn inside shares one budget (LISTING_WORD_STEPS); ``short`` after:
    some were coarse, for the caller to say once."""
    budget = Work(LISTING_WORD_STEPS)
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        _BUDGET.reset(token)


def run_budget() -> Work | None:
    """The word-diff budget of this listing, if one is set (for word diffs drawn as plain text)."""
    return _BUDGET.get()


def _pieces(old: str, new: str) -> tuple[tuple[str, str], ...]:
    budget = _BUDGET.get()
    return _unbudgeted(old, new) if budget is None else _budgeted(old, new, budget)


FOLD_WORDS = 40  # an unchanged stretch longer than this many characters' worth of words folds
KEEP_CHARS = 80  # the unchanged text kept on each side of a fold
LONG_PIECE = 20_000  # a changed piece longer than this is cut (the entry itself is on its own page)

_STYLE = (
    "font-family: var(--st-font-monospace, monospace); font-size: 0.875rem; white-space: pre-wrap; "
    "overflow-wrap: break-word; word-break: normal; line-height: 1.6; padding: 0.5rem 0.75rem; "
    "border: 1px solid rgba(128,128,128,0.35); border-radius: 0.5rem;"
)
_GONE = "background: rgba(255, 75, 75, 0.22); text-decoration: line-through; text-decoration-thickness: 2px;"
_NEW = "background: rgba(33, 195, 84, 0.25); text-decoration: none;"


def _fold(text: str, first: bool, last: bool) -> str:
    """An unchanged stretch, its middle left out when it is long (not at the ends' outer side)."""
    limit = KEEP_CHARS * 2 + FOLD_WORDS
    if len(text) <= limit:
        return html.escape(text)
    head = "" if first else text[:KEEP_CHARS].rsplit(" ", 1)[0]
    tail = "" if last else text[-KEEP_CHARS:].split(" ", 1)[-1]
    hidden = len(text) - len(head) - len(tail)
    return (
        html.escape(head)
        + f'<span style="opacity: 0.65">[… {hidden:,} unchanged characters …]</span>'
        + html.escape(tail)
    )


def _long(text: str) -> str:
    """A changed piece, cut when it is huge (a megabyte entry must not be sent whole on every rerun)."""
    if len(text) <= LONG_PIECE:
        return html.escape(text)
    return html.escape(text[:LONG_PIECE]) + f" [… {len(text) - LONG_PIECE:,} more characters …]"


def diff_html(old: str, new: str, *, fold: bool = True) -> str:
    """The diff as escaped HTML (see the module's docstring)."""
    pieces = _pieces(old, new)
    out = []
    for n, (kind, text) in enumerate(pieces):
        if kind == "same":
            out.append(_fold(text, n == 0, n == len(pieces) - 1) if fold else html.escape(text))
        elif kind == "gone":
            out.append(f'<del style="{_GONE}" title="goes">{_long(text)}</del>')
        else:
            out.append(f'<ins style="{_NEW}" title="comes">{_long(text)}</ins>')
    return f'<div class="hd-word-diff" style="{_STYLE}">{"".join(out)}</div>'


def show_word_diff(old: str, new: str, *, fold: bool = True, caption: str | None = None) -> None:
    """Draw the word-level diff of ``old`` -> ``new`` (red struck through goes, green comes)."""
    if caption is None:
        gone = sum(1 for k, _ in _pieces(old, new) if k == "gone")
        came = sum(1 for k, _ in _pieces(old, new) if k == "new")
        caption = (
            f"Word by word: {n_of(gone, 'stretch', 'stretches')} of text goes (red, struck through), "
            f"{came} comes (green)."
        )
    if caption:
        st.caption(caption)
    st.html(diff_html(old, new, fold=fold))


class _Item(Protocol):
    """One row of an entry diff (``EntryDiff.items``, the Sharing comparison's rows alike)."""

    @property
    def kind(self) -> str: ...
    @property
    def old(self) -> str | None: ...
    @property
    def new(self) -> str | None: ...


ORDER = {"added": 0, "changed": 1, "removed": 2, "unchanged": 3}
UNCHANGED_CHARS = 160  # an unchanged entry is one line of the folded list


def unchanged_label(count: int) -> str:
    """The folded part's title: "15 unchanged entries"."""
    return n_of(count, "unchanged entry", "unchanged entries")


def entry_diff(
    items: Sequence[_Item],
    *,
    key: str,
    labels: tuple[str, str] = ("Before", "After"),
    kind_label: str = "Change",
    wording: Mapping[str, str] | None = None,
    same: str | None = None,
    visible: int = VISIBLE_ROWS,
) -> None:
    """An entry diff that shows what differs: the added, changed and removed entries as a table
    (added first), and the unchanged ones folded away under "N unchanged entries" (an expander
    listing them one line each), instead of rows a person reads past to find the change.

    ``wording`` renames the kinds in the table; ``same`` is said when nothing differs (nothing
    is said when it is None); ``visible``: the rows shown before the table scrolls inside.
    """
    rows = sorted((i for i in items if i.kind != "unchanged"), key=lambda i: ORDER.get(i.kind, 9))
    kept = [i for i in items if i.kind == "unchanged"]
    if rows:
        diff_table(
            [(wording or {}).get(i.kind, i.kind) for i in rows],
            [i.old for i in rows],
            [i.new for i in rows],
            key=key,
            labels=labels,
            kind_label=kind_label,
            visible=visible,
        )
    elif same:
        st.caption(same)
    if kept:
        with st.expander(unchanged_label(len(kept))):
            lines = [" ".join((i.new or i.old or "").split()) for i in kept[:PAGE_ROWS]]
            st.text(
                "\n".join("· " + (t if len(t) <= UNCHANGED_CHARS else t[:UNCHANGED_CHARS] + " …") for t in lines)
                + (f"\n… and {len(kept) - PAGE_ROWS:,} more" if len(kept) > PAGE_ROWS else "")
            )
