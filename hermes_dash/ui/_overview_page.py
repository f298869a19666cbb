"""The Overview page, drawn: capacity gauges and the entry tables of both files (the landing page).

Kept fast on purpose: it reads the two memory files (cached by fingerprint) and the newest
session's snapshot, never the backups; long entries are cut in the table.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from hermes_dash import FileState, MemoryStore, ui
from hermes_dash.curation.hints import CHANGED_FLAG, NEW_FLAG, entry_flags, flag_notes
from hermes_dash.engine.rules.format import TARGETS
from hermes_dash.engine.views.humanize import n_entries

#: The flag of a row the last write from outside the page added or changed (the row is tinted too).
FRESH_FLAG = "just written from outside"
#: Rows an entry table shows before it scrolls inside.
TABLE_ROWS = 6
#: The filter beside the search box.
SHOW = {"all": "All entries", "new": "New since snapshot", "flagged": "Flagged"}


def flagged(row: tuple[str, ...]) -> bool:
    """Any flag that asks for a look; new or changed since the snapshot has a filter of its own."""
    return any(flag not in (NEW_FLAG, CHANGED_FLAG) for flag in row)


def narrowed_by(query: str, show: str, shown: int) -> str:
    """``match the search and are flagged``: what the rows shown have in common."""
    one = shown == 1
    said = []
    if query:
        said.append(("matches" if one else "match") + " the search")
    if show != "all":
        said.append(("is" if one else "are") + (" new or changed since the snapshot" if show == "new" else " flagged"))
    return " and ".join(said)


def show(store: MemoryStore) -> None:
    """The page: each file's health and gauge, the search and filter, then each file's table."""
    ui.follow(store)  # an agent write shows within about a second, with no click
    ui.page_title("Overview")
    states = {t: ui.file_state(t, store) for t in TARGETS}
    for state in states.values():
        ui.remember_seen(state)
    ui.health_lines(states.values())  # one line per file, with its fix: the truth before any figure
    columns = st.columns(len(TARGETS))
    for column, state in zip(columns, states.values()):
        with column:
            ui.state_gauge(state, key=f"ov_gauge_{state.target}")
            if not store.settings.enabled(state.target):
                st.caption(f"Switched off in config.yaml: sessions do not load {state.filename} at all.")
    snapshot = ui.current_snapshot(store)  # the app's one snapshot, the same as the Snapshot page's
    ui.compared_with(snapshot)
    query, shown = filters()
    for state in states.values():
        file_section(store, state, snapshot, query, shown)
    if shown == "new" and not snapshot:
        st.caption("No entry is shown as new: there is no snapshot to compare with.")


def filters() -> tuple[str, str]:
    """The search box and the filter beside it: the query (stripped) and which entries to show."""
    search_col, show_col = st.columns([3, 2], vertical_alignment="bottom")
    query: str = search_col.text_input(
        "Search both files",
        key="ov_search",
        placeholder="Type to filter the entries of both tables",
        help='Every word, in any order, upper or lower case alike; "quotes" for an exact phrase. '
        "Each match is marked «like this» in the entry.",
    ).strip()
    ui.as_you_type("Search both files")  # the tables filter while typing, no Enter needed
    shown: str = show_col.radio(
        "Show",
        list(SHOW),
        format_func=SHOW.get,
        horizontal=True,
        key="ov_show",
        help="New since snapshot: entries added or changed since the snapshot (the running "
        "session does not have them as they are now). Flagged: any other flag (the content "
        "scan, a possible secret, longer than the limit, edited by hand, written as one block).",
    )
    return query, shown


def file_section(
    store: MemoryStore, state: FileState, snapshot: ui.SnapshotChoice | None, query: str, show: str
) -> None:
    """One file: its heading and warnings, its entries as a table (filtered), the entry opened."""
    st.header(state.filename, anchor=False)
    if state.link_target:
        st.caption("This file is a symbolic link to:")
        st.code(str(state.link_target), language=None)
    if state.error:
        st.error("**This file cannot be changed safely.** Writes are refused until it is fixed.")
        st.text(state.error)
    ui.drift_notice(state)
    if not state.exists:
        st.info("The file does not exist yet; the first add creates it.")
        return
    if not state.entries:
        st.info("No entries yet.")
        return
    since = ui.since_snapshot(state, snapshot)
    flags = entry_flags(state, ui.entry_findings(state), since)
    fresh = ui.fresh_entries(state)  # what the agent (or another tab) just wrote: highlighted, until the next change
    if fresh:
        flags = tuple((FRESH_FLAG, *f) if e in fresh else f for e, f in zip(state.entries, flags))
    new = [kind != "unchanged" for kind in since] if since is not None else [False] * len(state.entries)
    picked = [
        i
        for i, e in enumerate(state.entries)
        if (not query or ui.matches(e, query))
        and (show == "all" or show == "new" and new[i] or show == "flagged" and flagged(flags[i]))
    ]
    if query or show != "all":
        st.caption(f"{len(picked)} of {n_entries(len(state.entries))} {narrowed_by(query, show, len(picked))}.")
    table = ui.table_for(
        state,
        ("overview", snapshot.key if snapshot else None, query, show, ui.origins_key(store), fresh),
        lambda: build(store, state, picked, flags, query),
    )
    ui.entry_picker(
        table,
        state,
        [state.entries[i] for i in picked],
        key=f"ov_table_{state.target}",
        highlight=[state.entries[i] in fresh for i in picked] if fresh else None,
        # Past a few rows the table scrolls inside, as Edit's does: both files, their gauges and
        # the open entry fit about two screens, however many entries a file has.
        height=ui.table_height(len(picked), TABLE_ROWS),
    )
    notes_caption(flags, bool(fresh))
    ui.entry_panel(store, state)


def build(
    store: MemoryStore, state: FileState, picked: list[int], flags: tuple[tuple[str, ...], ...], query: str
) -> pd.DataFrame:
    """The table of the entries picked: marked matches, the origin, the compact Details column."""
    entries = state.entries
    frame = ui.entry_frame(
        [entries[i] for i in picked], state.limit, [flags[i] for i in picked], picked, file_chars=state.usage
    )
    if query:  # the matches marked in the Entry column itself: the table keeps its columns
        marked = [ui.mark_matches(entries[i], query) for i in picked]
        frame["Entry"] = [ui.cut(m) for m in marked]
        frame["Brief"] = [ui.brief(m) for m in marked]
    origin = ui.origin_column(store, state, [entries[i] for i in picked])
    frame.insert(list(frame.columns).index("Details"), "Origin", origin)
    # The compact table's one column: the figures, then the origin, then any flags.
    frame["Details"] = [
        d if not o else d.replace(" — ", f" · {o} — ", 1) if " — " in d else f"{d} · {o}"
        for d, o in zip(frame["Details"], origin)
    ]
    return frame


def notes_caption(flags: tuple[tuple[str, ...], ...], fresh: bool) -> None:
    """One caption under a table: every element costs the landing page's rerun time."""
    notes = flag_notes(flags)
    st.caption(
        ("Highlighted: just written from outside this page (the agent?), until the next change. " if fresh else "")
        + "".join(f"{note}; " for note in notes[:-1])
        + (f"{notes[-1]}. " if notes else "")
        + "Select a row, or choose it in the box above, to read the whole entry and edit, remove or move "
        "exactly that one."
    )
