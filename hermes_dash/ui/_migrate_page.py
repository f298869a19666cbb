"""The Migrate page, drawn: turn a hand-written file (markdown headings and bullets, blank lines around §, CRLF)
into clean § entries. Preview the split, then apply it as one write with a backup first.
"""

from __future__ import annotations

import hashlib

import pandas as pd
import streamlit as st

from hermes_dash import FileState, MemoryStore, Refusal, ui
from hermes_dash.curation import normalize
from hermes_dash.engine.rules.format import FILENAMES, TARGETS
from hermes_dash.engine.views.humanize import n_entries

PREVIEW_ROWS = 8  # rows of the preview table shown at once (it scrolls inside): the button stays in view


def show(store: MemoryStore) -> None:
    """The page: which file and how to split it, the usage after, the button, then the preview."""
    ui.page_title("Migrate hand-written files")
    st.caption(
        "The agent splits a file only on § lines, so a markdown file with headings and bullets is one big "
        "entry to it. Choose how to split it, check the preview, then apply: the old file is backed up first."
    )
    file_col, by_col = st.columns(2)
    target = file_col.radio("File", TARGETS, format_func=FILENAMES.get, horizontal=True, key="mg_target")
    by = by_col.radio(
        "One entry per",
        normalize.MODES,
        horizontal=True,
        key="mg_by",
        format_func={"section": "heading section", "bullet": "bullet"}.get,
    )
    state = ui.file_state(target, store)
    ui.remember_seen(state)
    try:
        preview = normalize.preview(store, target, by)
    except Refusal as refusal:
        ui.show_refusal(refusal)
        st.stop()
    if not preview.changed:  # what the page is for is done: say so first, then its entries
        st.success(f"{state.filename} is already in clean form. Nothing to do.")
        ui.state_gauge(state, key="mg_gauge")
        # Not in an expander: a folded table is never drawn, and a browser waiting for the page's
        # tables to be drawn (the tests, the benchmarks) would wait for ever.
        st.header(f"Its {n_entries(len(preview.entries))}", anchor=False)
        entries_table(preview)
        st.stop()
    after_rewrite(state, preview)
    rewrite(store, state, by, preview)
    # The preview under the button: the entries after, and what is not kept as text.
    st.header(f"{n_entries(len(preview.before))} now → {len(preview.entries)} after", anchor=False)
    entries_table(preview)
    if preview.dropped:
        st.caption("Headings that are not kept as text (the backup keeps them):")
        st.text("\n".join(preview.dropped))


def entries_table(preview: normalize.Preview) -> None:
    """The entries after the rewrite, with what the content scan finds in each."""
    st.dataframe(
        pd.DataFrame(
            {
                "#": list(range(len(preview.entries))),
                "Entry": [ui.cut(e) for e in preview.entries],
                "Chars": [len(e) for e in preview.entries],
                "Content scan": [", ".join(dict(preview.findings).get(i, ())) for i in range(len(preview.entries))],
            }
        ),
        hide_index=True,
        key="mg_entries",
        row_height=ui.ROW_HEIGHT,
        height=ui.table_height(len(preview.entries), PREVIEW_ROWS),
        column_config={
            "#": st.column_config.NumberColumn(width=40, pinned=True),
            "Entry": st.column_config.TextColumn(width=280),
            "Chars": st.column_config.NumberColumn(width=60),
            "Content scan": st.column_config.TextColumn(width=130),
        },
    )
    if preview.findings:
        st.caption(
            "Entries marked in 'Content scan' are already in the file; the next session shows them as "
            "[BLOCKED] placeholders. Migrating does not change that: remove or rewrite them afterwards."
        )


def after_rewrite(state: FileState, preview: normalize.Preview) -> None:
    """How the file is split, the usage after the rewrite, and the limit's rule."""
    if preview.split_on == "§":
        st.caption(
            "This file already uses § lines, so its entries are kept as they are and only tidied "
            "(blank lines and spaces around §, CRLF, trailing spaces); the split choice does not apply."
        )
    ui.gauge_after(
        state, preview.usage, len(preview.entries), key="mg_gauge", before=(preview.usage_before, len(preview.before))
    )
    if state.drift:
        st.caption("Now: " + ui.md_text("; ".join(state.drift.reasons)))
    if preview.over_limit:
        st.caption(
            f"The result is over the limit of {preview.limit:,} characters. It is still allowed when it is no "
            "longer than the file is now; otherwise the write is refused."
        )


def rewrite(store: MemoryStore, state: FileState, by: str, preview: normalize.Preview) -> None:
    """The Rewrite button, the reason it will be refused beside it, and its question."""
    target = state.target
    digest = hashlib.sha256(preview.raw).hexdigest()
    token = (target, by, digest)
    button_col, reason_col = st.columns([1, 2], vertical_alignment="top")
    label = f"Rewrite {state.filename} as {n_entries(len(preview.entries))}…"
    if button_col.button(label, key="mg_apply", type="primary"):
        st.session_state.mg_confirm = token
    if preview.refused:  # said beside the button, which stays enabled (it validates on click)
        with reason_col:
            way_out(store, target, by, preview)
    if ui.confirm(
        "mg_confirm",
        token,
        f"Rewrite {state.filename} as the {n_entries(len(preview.entries))} below?",
        yes="Yes, rewrite",
        key="mg_apply",
        detail="The current file is backed up first.",
    ):
        ui.run_op(lambda: normalize.apply(store, preview), undoable=True)
    elif st.session_state.get("mg_confirm") not in (None, token):
        st.session_state.pop("mg_confirm")  # the file or the choice changed: ask again


def way_out(store: MemoryStore, target: str, by: str, preview: normalize.Preview) -> None:
    """Why the rewrite will be refused, and the way out: the other split when it is allowed."""
    other = next(m for m in normalize.MODES if m != by)
    alternative: normalize.Preview | None
    try:
        alternative = normalize.preview(store, target, other)
    except Refusal:
        alternative = None
    st.error(
        f"**Will be refused:** {preview.usage:,} characters is over the limit of {preview.limit:,} and "
        "more than the file holds now."
    )
    if alternative is not None and alternative.changed and not alternative.refused:
        st.caption(
            f"Way out: one entry per **{other}** gives {n_entries(len(alternative.entries))}, "
            f"{alternative.usage:,} characters, which is allowed. Choose it above."
        )
    else:
        st.caption("Way out: shorten or remove text first (Edit, Clean-up), or raise the limit in config.yaml.")
