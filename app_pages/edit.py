"""Edit: add, replace, remove and a batch editor, each previewed before anything is written.

Every write goes through ``MemoryStore`` (lock, re-read, drift guard, backup, atomic write).
The page previews with the same pure rules (``_ops``): which entry a substring hits, the
usage afterwards, the content scan of typed text, so a refusal is visible before saving.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from hermes_dash import ui
from hermes_dash._batchplan import describe, plan_batch
from hermes_dash._errors import Refusal
from hermes_dash._format import FILENAMES, TARGETS, usage
from hermes_dash._ops import apply_add, apply_batch, apply_remove, apply_replace, find, validate_add, \
    validate_batch, validate_remove, validate_replace
from hermes_dash._scan import describe as describe_findings
from hermes_dash._scan import scan

BATCH_EDITOR_MAX_CHARS = 50_000  # a table cell holding a megabyte freezes the browser

store = ui.require_store()
st.title("Edit", anchor=False)  # no "link to heading" tab stop before the form

target = st.radio("File", TARGETS, format_func=FILENAMES.get, horizontal=True, key="ed_target")
state = ui.file_state(target, store)
seen = ui.remember_seen(state)
entries = list(state.entries)
suggested = ui.entry_suggestions(state)


def preview(compute) -> tuple[list[str] | None, Refusal | None]:
    """Run a pure operation on the current entries: the result, or the refusal it would meet."""
    try:
        return compute(), None
    except Refusal as refusal:
        return None, refusal


def show_projection(after: list[str] | None, refusal: Refusal | None, key: str) -> None:
    if refusal is not None:
        st.error("**Saving this would be refused.** Nothing will be written.")
        st.text(refusal.message)
        if refusal.hint:
            st.text("What to do: " + refusal.hint)
        return
    if after is not None:
        ui.gauge(state.filename, state.usage, state.limit, len(entries), projected=usage(after),
                 projected_count=len(after), key=key)


def scan_note(text: str) -> None:
    findings = scan(text.strip()) if text.strip() else ()
    if findings:
        st.error(f"**Content scan:** this text contains {describe_findings(findings)}. "
                 "The engine refuses to write it.")
    elif text.strip():
        st.caption("Content scan: nothing found.")


def show_match(old_text: str) -> int | None:
    """Say which entries ``old_text`` hits; return the targeted index (or None)."""
    if not old_text.strip():
        st.caption("Type a piece of the entry's text (see the suggestions at the bottom of the page).")
        return None
    match = find(entries, old_text)
    if match.kind == "none":
        st.warning("**No entry contains this text.** The operation would be refused.")
        return None
    if match.kind == "several":
        distinct = list(dict.fromkeys(entries[i] for i in match.indices))
        st.error(f"**Matches {len(distinct)} different entries**: ambiguous, the operation would be refused. "
                 "Type more of the text, or use one of the suggestions below.")
        for entry in distinct:
            index = entries.index(entry)
            hint = f" (shortest unique text: {len(suggested[index].text)} chars)" if suggested else ""
            st.caption(f"Entry #{index}{hint}")
            ui.show_entry(entry, max_chars=300)
            if suggested:
                st.caption("Picks only this one:")
                ui.plain(suggested[index].text)
        return None
    index = match.target
    assert index is not None
    st.success(f"**Matches exactly one entry: #{index}** ({len(entries[index]):,} characters).")
    ui.show_entry(entries[index], max_chars=2000)
    return index


ui.state_gauge(state, key="ed_gauge_now")
if state.error:
    st.error("**This file cannot be changed safely; every write will be refused.**")
    st.text(state.error)
if state.drift:
    st.warning("**Drift:** this file was not written by the memory tool. Add works (it writes the file in clean "
               "form); replace, remove and batch are refused and a copy is saved. Tidy it up first.")
    st.text("\n".join(state.drift.reasons))

tab_add, tab_replace, tab_remove, tab_batch = st.tabs(["Add", "Replace", "Remove", "Batch editor"])
NEW_ENTRY = ui.label_selector("New entry")
if ui.page_opened():  # adding is what this page is for: the box gets focus, not the 20th Tab stop
    ui.focus_now(NEW_ENTRY)

# The write buttons are never disabled: a text box commits its value only when it loses focus,
# so "type, then Tab" would skip a button still disabled at that moment. The engine refuses an
# empty text on click instead, and says so.

with tab_add:
    text = st.text_area("New entry", key="ed_add_text", height=120,
                        placeholder="One fact, convention or preference, in a sentence or two.")
    if text.strip():
        scan_note(text)
        after, refusal = preview(lambda: apply_add(entries, validate_add(text), state.limit))
        show_projection(after, refusal, "ed_gauge_add")
        if after is not None and after == entries:
            st.info("This exact entry already exists; adding it changes nothing.")
    if st.button("Add entry", key="ed_add_btn", type="primary"):
        ui.run_op(lambda: store.add(target, text, seen=seen), clear=("ed_add_text",), focus=NEW_ENTRY)

with tab_replace:
    st.warning("**Replace overwrites the whole entry**, not only the matched words: type the complete new text.")
    old = st.text_input("Text that identifies the entry", key="ed_rep_old")
    index = show_match(old)
    if index is not None:
        st.button("Start from the current text of this entry", key="ed_rep_copy",
                  on_click=lambda: st.session_state.update(ed_rep_new=entries[index]))
    new = st.text_area("New text for the whole entry", key="ed_rep_new", height=120)
    if new.strip():
        scan_note(new)
    if old.strip() and new.strip():
        after, refusal = preview(lambda: apply_replace(entries, *validate_replace(old, new), state.limit))
        show_projection(after, refusal, "ed_gauge_replace")
    if st.button("Replace entry", key="ed_rep_btn", type="primary"):
        ui.run_op(lambda: store.replace(target, old, new, seen=seen), clear=("ed_rep_old", "ed_rep_new"))

with tab_remove:
    old_rm = st.text_input("Text that identifies the entry", key="ed_rm_old")
    show_match(old_rm)
    if old_rm.strip():
        after, refusal = preview(lambda: apply_remove(entries, validate_remove(old_rm)))
        show_projection(after, refusal, "ed_gauge_remove")
    if st.button("Remove entry…", key="ed_rm_btn"):
        if old_rm.strip():
            st.session_state.ed_rm_confirm = {"target": target, "old_text": old_rm}
        else:
            st.warning("Type a piece of the entry's text first: nothing was changed.")
    pending = st.session_state.get("ed_rm_confirm")
    if pending and pending["target"] == target:
        with st.container(border=True):
            match = find(entries, pending["old_text"])
            st.warning("**Remove this entry?** A backup of the file is kept (see Backups).")
            if match.target is not None:
                ui.show_entry(entries[match.target], max_chars=2000)
            else:
                st.text("The text no longer picks exactly one entry: removing will be refused.")
            yes, no = st.columns(2)
            if yes.button("Yes, remove it", key="ed_rm_yes", type="primary"):
                del st.session_state.ed_rm_confirm
                ui.run_op(lambda: store.remove(target, pending["old_text"], seen=seen), clear=("ed_rm_old",))
            if no.button("Cancel", key="ed_rm_no"):
                del st.session_state.ed_rm_confirm
                st.rerun()

def batch_editor() -> None:
    st.caption("Edit cells, delete rows or add rows at the bottom, then apply everything as one batch: all or "
               "nothing, checked against the budget only at the end (so you can free room and add at once). "
               "Clearing a cell removes that entry.")
    editor_key = f"ed_batch_{target}"
    if state.usage > BATCH_EDITOR_MAX_CHARS:
        st.info(f"The file holds {state.usage:,} characters: too much to edit in a table. Split it into entries "
                "first (Curation pages), or use add / replace / remove.")
        return
    source = pd.DataFrame({"#": list(range(len(entries))), "Entry": entries})
    edited = st.data_editor(source, key=editor_key, num_rows="dynamic", hide_index=True, row_height=72,
                            height=ui.table_height(len(entries) + 1, 8),
                            disabled=["#"], column_order=["Entry", "#"],
                            column_config={"#": st.column_config.NumberColumn("#", width="small",
                                                                              help="Position in the file now"),
                                           "Entry": st.column_config.TextColumn("Entry", width="large")})
    kept: dict[int, str | None] = {i: None for i in range(len(entries))}
    added: list[str] = []
    for _, row in edited.iterrows():
        text_value = "" if pd.isna(row["Entry"]) else str(row["Entry"])
        if pd.isna(row["#"]):
            added.append(text_value)
        else:
            kept[int(row["#"])] = text_value
    edits = {i: v for i, v in kept.items() if v != entries[i]}
    ops = plan_batch(entries, edits, added)
    if ops:
        st.write(f"**{len(ops)} change(s) to apply as one batch:**")
        st.text("\n".join(f"{n}. {describe(op)}" for n, op in enumerate(ops, start=1)))
        after, refusal = preview(lambda: apply_batch(entries, validate_batch(ops), state.limit))
        show_projection(after, refusal, "ed_gauge_batch")
    else:
        st.caption("No changes yet.")
    if st.button(f"Apply {len(ops)} change(s) as one batch", key="ed_batch_btn", type="primary", disabled=not ops):
        ui.run_op(lambda: store.batch(target, ops, seen=seen), clear=(editor_key,))


with tab_batch:
    batch_editor()

if entries:
    st.header(f"Entries of {state.filename}", anchor=False)
    if suggested is None:
        st.caption("The file is too large to work out the shortest unique text of each entry quickly.")
    frame = ui.entry_frame(entries, state.limit)
    if suggested is not None:
        frame.insert(2, "Shortest unique text", [s.text if not s.whole else "(the whole entry)" for s in suggested])
    ui.entry_table(frame, key="ed_entries")
