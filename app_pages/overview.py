"""Overview: capacity gauges and the entry tables of both files (the landing page).

Kept fast on purpose: it reads the two memory files (cached by fingerprint) and the newest
session's snapshot, never the backups; long entries are cut in the table.
"""

from __future__ import annotations

import streamlit as st

from hermes_dash import TARGETS, n_entries, ui
from hermes_dash.curation.hints import entry_flags, flag_notes

store = ui.require_store()
ui.follow(store)  # an agent write shows within about a second, with no click
st.title("Overview")

states = {t: ui.file_state(t, store) for t in TARGETS}
for state in states.values():
    ui.remember_seen(state)

columns = st.columns(len(TARGETS))
enabled = {"memory": store.settings.memory_enabled, "user": store.settings.user_profile_enabled}
for column, state in zip(columns, states.values()):
    with column:
        ui.state_gauge(state, key=f"ov_gauge_{state.target}")
        if not enabled[state.target]:
            st.caption(f"Switched off in config.yaml: sessions do not load {state.filename} at all.")

snapshot = ui.current_snapshot(store)  # the app's one snapshot, the same as the Snapshot page's
ui.compared_with(snapshot)
query = st.text_input("Search both files", key="ov_search", placeholder="Type to filter the entries of both tables",
                      help="Case-insensitive; matches anywhere in an entry.").strip()

for target, state in states.items():
    st.header(state.filename)
    if state.link_target:
        st.caption("This file is a symbolic link to:")
        st.code(str(state.link_target), language=None)
    if state.error:
        st.error("**This file cannot be changed safely.** Writes are refused until it is fixed.")
        st.text(state.error)
    ui.drift_notice(state)
    if not state.exists:
        st.info("The file does not exist yet; the first add creates it.")
        continue
    if not state.entries:
        st.info("No entries yet.")
        continue
    flags = entry_flags(state, ui.entry_findings(state), ui.since_snapshot(state, snapshot))
    picked = [i for i, e in enumerate(state.entries) if query.lower() in e.lower()] if query else \
        list(range(len(state.entries)))
    if query:
        st.caption(f"{len(picked)} of {n_entries(len(state.entries))} "
                   f"{'contains' if len(picked) == 1 else 'contain'} the search text.")
    table = ui.table_for(state, ("overview", snapshot.key if snapshot else None, query), lambda: ui.entry_frame(
        [state.entries[i] for i in picked], state.limit, [flags[i] for i in picked], picked))  # noqa: B023 (called at once, in this loop pass)
    ui.entry_picker(table, state, [state.entries[i] for i in picked], key=f"ov_table_{target}")
    if notes := flag_notes(flags):
        st.caption("; ".join(notes) + ".")
    st.caption("Select a row to read the whole entry and edit, remove or move exactly that one.")
    ui.entry_panel(store, state)

