"""Overview: capacity gauges and the entry tables of both files (the landing page).

Kept fast on purpose: it reads the two memory files (cached by fingerprint) and the newest
session's snapshot, never the backups; long entries are cut in the table.
"""

from __future__ import annotations

import streamlit as st

from hermes_dash import TARGETS, n_entries, ui
from hermes_dash.curation.hints import DRIFT_FLAG, HAND_WRITTEN, POSSIBLE_SECRET, hand_written, possible_secrets

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

snapshot = ui.latest_snapshot(store)
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
    findings = ui.entry_findings(state)
    is_hand_written = hand_written(state)
    new = ui.new_since_snapshot(state, snapshot) or (False,) * len(state.entries)
    flags = []
    for entry, found, is_new in zip(state.entries, findings, new):
        row = []
        if found:
            row.append("scan: " + ", ".join(found))
        if possible_secrets(entry):
            row.append(POSSIBLE_SECRET)
        if len(entry) > state.limit:
            row.append("longer than the limit")
        if state.drift:
            row.append(DRIFT_FLAG)
        elif is_hand_written:
            row.append(HAND_WRITTEN)
        if is_new:
            row.append("new since snapshot")
        flags.append(row)
    picked = [i for i, e in enumerate(state.entries) if query.lower() in e.lower()] if query else \
        list(range(len(state.entries)))
    if query:
        st.caption(f"{len(picked)} of {n_entries(len(state.entries))} {'contains' if len(picked) == 1 else 'contain'} the search text.")
    table = ui.table_for(state, ("overview", snapshot.key if snapshot else None, query), lambda: ui.entry_frame(
        [state.entries[i] for i in picked], state.limit, [flags[i] for i in picked], picked))
    ui.entry_picker(table, state, [state.entries[i] for i in picked], key=f"ov_table_{target}")
    if any(flags):
        counts = {"scan": sum(any(f.startswith("scan") for f in row) for row in flags),
                  POSSIBLE_SECRET: sum(POSSIBLE_SECRET in row for row in flags),
                  "new since snapshot": sum("new since snapshot" in row for row in flags)}
        notes = []
        if counts["scan"]:
            notes.append(f"{counts['scan']} flagged by the content scan (the agent replaces such entries with a "
                         "[BLOCKED] note in its prompt)")
        if counts[POSSIBLE_SECRET]:
            notes.append(f"{counts[POSSIBLE_SECRET]} with a {POSSIBLE_SECRET} (a hint from the export's redactor, "
                         "not the agent's scan: such text goes into every prompt as written)")
        if counts["new since snapshot"]:
            notes.append(f"{counts['new since snapshot']} new since the session snapshot (the running session "
                         "does not see them)")
        if notes:
            st.caption("; ".join(notes) + ".")
    st.caption("Select a row to read the whole entry and edit, remove or move exactly that one.")
    ui.entry_panel(store, state)

if snapshot:
    where = f"session {ui.lit(snapshot.session_id)}" if snapshot.session_id else "the snapshot frozen in hermes-dash"
    st.caption(f"'new since snapshot' compares with {where}; see the Snapshot page.")
else:
    st.caption("No session snapshot found (no state.db); freeze one on the Snapshot page to track new entries.")
