"""The Cleanup page's review: one combined word-level diff of both files in a dialog, then yes or
cancel; and the page's shared pieces (what it holds, keys, diffs in the colours Edit uses).

Every write of the page goes through :func:`ask`, which remembers what to confirm; the dialog
opens on the run after, shows what each file becomes, and only "Yes, apply" calls the write.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from hermes_dash import MemoryStore, Operation
from hermes_dash.curation import cleanup
from hermes_dash.engine.rules.batchplan import pin_batch
from hermes_dash.engine.rules.format import FILENAMES, usage
from hermes_dash.engine.views.diff import diff_entries
from hermes_dash.engine.views.humanize import n_of

from ._diffview import show_word_diff
from ._session import run_op
from ._widgets import FULL_TEXT_CHARS, show_entry, show_refusal

SHOWN_MAX = 50  # proposals shown per section; a file of thousands of entries can have thousands
DIFF_HELP = "In the differences, red struck-through text goes and green text comes; the rest stays as it is."

Change = dict[str, tuple[tuple[str, ...], tuple[str, ...]]]  # target -> (entries before, after)


@dataclass
class Page:
    """What the page's parts share: the store, both files as drawn, the report, and the entries a
    proposal already covers (each proposal appears once)."""

    store: MemoryStore
    states: dict[str, Any]  # target -> FileState
    report: cleanup.Report
    shown: set[str] = field(default_factory=set)  # entries a plan step or a contradiction covers
    offered: set[str] = field(default_factory=set)  # entries the plan offers for removal

    def projected(self, target: str, ops: list[dict[str, str]]) -> tuple[str, ...] | None:
        """The file's entries after ``ops`` (pinned to the full texts, as the plan's writes are),
        previewed as the write will meet them (the store's one preview: its limit, scan, drift)."""
        if not ops:
            return tuple(self.states[target].entries)
        result = self.store.preview(self.states[target], Operation.batch(pin_batch(ops))).projection
        if result.refusal is not None:
            show_refusal(result.refusal, "**These steps do not fit together.**")
            return None
        return tuple(result.after)


def first(items: Sequence[Any], what: str) -> Sequence[Any]:
    """The first SHOWN_MAX items; says how many more there are."""
    if len(items) > SHOWN_MAX:
        st.caption(
            f"Showing the first {SHOWN_MAX} of {len(items):,} {what}. Act on these, and the page shows the next."
        )
    return items[:SHOWN_MAX]


def key_of(*texts: str) -> str:
    """A widget key from the texts a proposal is about (indices would shift after a write)."""
    return hashlib.sha1("\x00".join(texts).encode("utf-8")).hexdigest()[:12]


def show_diff(old: str, new: str) -> None:
    """A word-level diff in colours (red struck through goes, green comes), cut (with a note) where
    an entry is too long to read: of longer texts only the heads are compared (a word diff of a
    megabyte entry takes most of a minute)."""
    cut = FULL_TEXT_CHARS
    if max(len(old), len(new)) > cut:
        st.caption(f"Word by word over the first {cut:,} characters of each text (they are longer).")
        old, new = old[:cut], new[:cut]
    show_word_diff(old, new, fold=False, caption="")


def ask(token: str, question: str, changes: Change, apply: Callable[[], object], **run: object) -> None:
    """Remember what to confirm; the dialog opens from the session-state flag on this run."""
    st.session_state.cu_review = token
    st.session_state.cu_review_what = (question, changes, apply, run)


def _file_diff(target: str, before: tuple[str, ...], after: tuple[str, ...]) -> None:
    diff = diff_entries(before, after)
    counts = diff.counts
    st.markdown(
        f"**{FILENAMES[target]}**: {usage(before):,} → {usage(after):,} characters "
        f"({counts['changed']} changed, {counts['removed']} removed, {counts['added']} added; "
        f"{n_of(counts['unchanged'], 'unchanged entry', 'unchanged entries')} not shown)"
    )
    for item in diff.items:
        if item.kind == "changed" and item.old is not None and item.new is not None:
            show_diff(item.old, item.new)
        elif item.kind == "removed" and item.old is not None:
            show_diff(item.old, "")
        elif item.kind == "added" and item.new is not None:
            show_diff("", item.new)


@st.dialog("Review before writing", width="large")
def review() -> None:
    question, changes, apply, run = st.session_state.cu_review_what
    st.markdown(f"**{question}**")
    st.caption(DIFF_HELP + " Removed entries stay in the backup made before the write.")
    for target, (before, after) in changes.items():
        _file_diff(target, before, after)
    with st.container(horizontal=True, gap="small", key="cu_review_buttons"):
        yes = st.button("Yes, apply", key="cu_review_yes", type="primary")
        no = st.button("Cancel", key="cu_review_no")
    if yes or no:
        st.session_state.pop("cu_review", None)
        st.session_state.pop("cu_review_what", None)
    if no:
        st.rerun()
    if yes:
        run_op(apply, **run)


def open_review() -> None:
    """The dialog, when a button of this run or the last asked for it."""
    if st.session_state.get("cu_review") and st.session_state.get("cu_review_what"):
        review()


def entry(text: str) -> None:
    show_entry(text, max_chars=FULL_TEXT_CHARS)
