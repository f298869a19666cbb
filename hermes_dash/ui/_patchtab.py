"""The Edit page's Patch tab: one span inside one entry, as the home's agent's own ``patch``
(0.22), written through the engine as the pinned replace of that entry (docs/pending.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from hermes_dash import FileState, MemoryStore, Operation, OpResult, Refusal
from hermes_dash.curation import pending
from hermes_dash.curation.hints import refused_by_drift
from hermes_dash.engine.rules.matching import Match, find
from hermes_dash.engine.rules.ops import Projection

from ._conflict import pinned_write
from ._diffview import show_word_diff
from ._widgets import show_refusal


def agent_operations_caption(actions: Sequence[str]) -> None:
    """Which operations the agent that uses this home offers in its own memory tool."""
    if "patch" in actions:
        st.caption(
            "The agent that uses this home offers **add, patch and remove** in its own memory tool. Replace "
            "(the whole entry, pinned to the entry you see) and the batch editor are hermes-dash's own."
        )
    else:
        st.caption(
            "The agent that uses this home offers **add, replace and remove** in its own memory tool; the "
            "batch editor is hermes-dash's own."
        )


def _patch_now(store: MemoryStore, target: str, old_text: str, new_text: str, pin: str | None) -> OpResult:
    """The patch on the file as it is at the click: the pinned replace of its entry, through the store."""
    op = pending.span_patch(store.read(target).entries, old_text, new_text, pin)
    return store.replace(target, op.old_text, op.content, expect_entry=op.expect_entry)


def _lowered(entries: Sequence[str], old: str, new: str, pin: str | None) -> tuple[Operation | None, Refusal | None]:
    if not (old.strip() and new.strip()):
        return None, None
    try:
        return pending.span_patch(entries, old, new, pin), None
    except Refusal as refusal:
        return None, refusal


def patch_tab(
    store: MemoryStore,
    state: FileState,
    *,
    pin: Callable[[str, str, int | None], str | None],
    match: Callable[[str, Match], int | None],
    moved: Callable[[str | None, int | None], None],
    note: Callable[[str], None],
    shown: Callable[[Projection, str], object],
) -> None:
    """The tab, with the page's own helpers: ``pin`` (the entry picked, kept while typing),
    ``match`` (which entries the text hits, given its one match), ``moved``, ``note`` (the
    content scan), ``shown`` (the gauge after, given the one preview)."""
    target, entries = state.target, list(state.entries)
    if state.drift:
        st.error(refused_by_drift("Patch"))
    st.caption(f"The text to change picks the entry and is the span changed in it. {pending.patch_rule()}")
    old = st.text_input("Text to change", key="ed_pt_old")
    new = st.text_input("New text for it", key="ed_pt_new")
    found = find(entries, old)
    pinned = pin("pt", old, found.target)
    lowered, refused = _lowered(entries, old, new, pinned)
    projection = store.preview(state, lowered).projection if lowered is not None else None
    button_col, reason_col = st.columns([1, 3], vertical_alignment="top")
    if button_col.button("Patch entry", key="ed_pt_btn", type="primary"):
        pinned_write(
            lambda: _patch_now(store, target, old, new, pinned),
            key="ed_conflict",
            target=target,
            action="replace",
            content=lowered.content if lowered is not None else new,
            clear=("ed_pt_old", "ed_pt_new"),
        )
    refusal = refused or (projection.refusal if projection is not None else None)
    if refusal is not None:
        with reason_col:
            show_refusal(refusal, "**Will be refused:** nothing will be written.")
    moved(pinned, match(old, found))
    if lowered is not None and refusal is None and projection is not None:
        show_word_diff(lowered.old_text, lowered.content, fold=False)
        note(lowered.content)
        shown(projection, "ed_gauge_patch")
