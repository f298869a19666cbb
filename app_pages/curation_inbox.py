"""Inbox: the agent's staged writes (``pending/memory/*.json``), each with a preview of the file
after approval; approve or reject several at once, after a confirmation.

Summaries, payloads and reasons are written by the agent (or whoever wrote the file): they are
shown as plain text only.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from hermes_dash import FILENAMES, TARGETS, ago, n_of, past_of, ui
from hermes_dash.curation import pending

store = ui.require_store()
st.title("Inbox: pending writes")
if store.settings.write_approval:
    st.caption("write_approval is on: the agent stages its memory writes here for you to approve.")
else:
    st.caption("write_approval is off in config.yaml, so the agent writes directly; staged writes from "
               "earlier still show here.")

staged = pending.list_pending(store)
if not staged:
    st.info(f"No staged writes in {ui.lit(store.home.pending_dir)}.")
    st.stop()
states = {t: ui.file_state(t, store) for t in TARGETS}
for state in states.values():
    ui.remember_seen(state)

chosen: list[str] = []
for item in staged:
    with st.container(border=True, key=f"in_box_{item.id}"):
        if not item.ok:
            st.error(f"{ui.lit(item.id)} **is a malformed staged file** (it can only be rejected)")
            st.text(f"{item.path.name}: {item.problem}")
            if st.checkbox(f"Select {ui.lit(item.id)}", key=f"in_pick_{item.id}"):
                chosen.append(item.id)
            continue
        preview = pending.preview(store, item)
        state = states[item.target]
        # origin comes from the staged file (untrusted text): shown plain, never as markdown.
        st.markdown(f"{ui.lit(item.id)} · {ui.lit(item.action)} on **{FILENAMES[item.target]}** · {ago(item.age())}")
        st.text(f"origin: {item.origin or 'unknown'}")
        st.text(item.summary or "(no summary)")
        if preview.refusal is not None:
            st.error("**Approving this would be refused**; it stays pending until you reject it.")
            st.text(preview.refusal.message)
            if preview.refusal.hint:
                st.text("What to do: " + preview.refusal.hint)
        else:
            ui.gauge(state.filename, state.usage, state.limit, len(state.entries), projected=preview.usage,
                     projected_count=len(preview.after), key=f"in_gauge_{item.id}")
            changes = [i for i in preview.diff.items if i.kind != "unchanged"]
            if changes:
                st.dataframe(pd.DataFrame({
                    "Change": [i.kind for i in changes],
                    "Before": [ui.cut(i.old or "", 600) for i in changes],
                    "After": [ui.cut(i.new or "", 600) for i in changes],
                }), hide_index=True, key=f"in_diff_{item.id}", row_height=60)
            else:
                st.caption("Approving changes nothing (the entry is already there).")
        if item.matched_entry:
            st.caption("Pinned to this entry (approved only while it still exists):")
            ui.show_entry(item.matched_entry, max_chars=600)
        if st.checkbox(f"Select {ui.lit(item.id)}", key=f"in_pick_{item.id}"):
            chosen.append(item.id)

st.divider()
st.markdown(f"**{len(chosen)} selected**")
left, right = st.columns(2)
if left.button(f"Approve selected ({len(chosen)})…", key="in_approve", disabled=not chosen):
    st.session_state.in_confirm = ("approve", tuple(chosen))
if right.button(f"Reject selected ({len(chosen)})…", key="in_reject", disabled=not chosen):
    st.session_state.in_confirm = ("reject", tuple(chosen))

pending_confirm = st.session_state.get("in_confirm")
if pending_confirm:
    verb, ids = pending_confirm
    if ui.confirm("in_confirm", pending_confirm,
                  f"{verb.capitalize()} {n_of(len(ids), 'staged write')}: {', '.join(ui.lit(i) for i in ids)}?",
                  yes=f"Yes, {verb}", key="in_confirm",
                  detail="Each is applied through the memory store on its own; a refused one stays pending."
                  if verb == "approve" else "Their files are deleted; the memory files are not touched."):
        decisions = (pending.approve if verb == "approve" else pending.reject)(store, ids)
        ui.clear_caches()
        done = [d for d in decisions if d.ok]
        failed = [d for d in decisions if not d.ok]
        if done:
            # Undo takes back one write: offered only when this confirmation made exactly one.
            undo = done[0].result.undo if len(done) == 1 and done[0].result is not None else None
            ui.flash("success", f"{past_of(verb).capitalize()} {len(done)}", "\n".join(d.message for d in done), undo)
        if failed:
            ui.flash("warning", f"{len(failed)} not {past_of(verb)} (nothing changed for them)",
                     "\n".join(d.message + (f"\nWhat to do: {d.refusal.hint}" if d.refusal and d.refusal.hint else "")
                               for d in failed))
        for d in decisions:
            if d.ok:
                st.session_state.pop(f"in_pick_{d.id}", None)
        st.rerun()
