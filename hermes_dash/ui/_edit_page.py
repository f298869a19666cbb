"""The Edit page, drawn: add, replace, remove, patch (when the home's agent has it) and a batch
editor, each previewed before anything is written.

Every write goes through ``MemoryStore`` (lock, re-read, drift guard, backup, atomic write).
The page previews through the store's one preview routine (``MemoryStore.preview``: the
write's own checks in the write's order), once per write and run: which entry a substring hits
(matched once), the usage afterwards, the refusal if any, so a preview is what saving does.
Replace, remove and the batch editor pin the entry text the person saw: if the agent changes
that entry before the click, the write is refused and the page shows both versions.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from hermes_dash import FileState, MemoryStore, Operation, OpResult, ui
from hermes_dash.curation import pending
from hermes_dash.curation.hints import control_hint, refused_by_drift, secret_hint
from hermes_dash.engine.rules.batchplan import pin_batch, plan_batch
from hermes_dash.engine.rules.format import FILENAMES, TARGETS
from hermes_dash.engine.rules.matching import Match, find
from hermes_dash.engine.rules.ops import Projection
from hermes_dash.engine.rules.scan import describe_findings, scan
from hermes_dash.engine.views.humanize import agreeing, n_of

if TYPE_CHECKING:
    from streamlit.delta_generator import DeltaGenerator

    from hermes_dash.curation.suggestions import Suggestion

BATCH_EDITOR_MAX_CHARS = 50_000  # a table cell holding a megabyte freezes the browser
EDIT_TABLE_ROWS = 8  # rows of the entry table shown at once (it scrolls inside): the form stays in view
DRAFT_KEYS = ("ed_add_text", "ed_rep_old", "ed_rep_new", "ed_rm_old", "ed_pt_old", "ed_pt_new")


@dataclass(frozen=True)
class Edit:
    """What one run of the page works on: the store, the file chosen and its entries as read."""

    store: MemoryStore
    target: str
    state: FileState
    entries: list[str]
    suggested: list[Suggestion] | None

    def preview(self, op: Operation) -> Projection:
        """The one preview of ``op`` this run (the store's, the write's own checks)."""
        return self.store.preview(self.state, op).projection


def show(store: MemoryStore) -> None:
    """The page: the file's gauge and warnings, the tabs, then the entries."""
    ui.follow(store)  # an agent write shows within about a second, with no click
    st.title("Edit", anchor=False)  # no "link to heading" tab stop before the form
    target = st.radio("File", TARGETS, format_func=FILENAMES.get, horizontal=True, key="ed_target")
    state = ui.file_state(target, store)
    ui.remember_seen(state)
    ed = Edit(store, target, state, list(state.entries), ui.entry_suggestions(state))
    ui.health_lines([state])
    ui.state_gauge(state, key="ed_gauge_now")
    ui.drift_notice(state)
    with st.container():  # always here, so a conflict appearing does not shift the tabs below
        ui.conflict_panel(store, target, key="ed_conflict")
        draft_banner(ed)
    tabs(ed)
    entry_table(ed)


def tabs(ed: Edit) -> None:
    """Add, Patch (when the agent offers it), Replace, Remove and the batch editor."""
    actions = pending.agent_actions()
    ui.agent_operations_caption(actions)
    names = ["Add", *(["Patch"] if "patch" in actions else []), "Replace", "Remove", "Batch editor"]
    tab = dict(zip(names, st.tabs(names)))
    new_entry = ui.label_selector("New entry")
    if ui.page_opened():  # adding is what this page is for: the box gets focus, not the 20th Tab stop
        ui.focus_now(new_entry)
    # The write buttons are never disabled: a text box commits its value only when it loses focus,
    # so "type, then Tab" would skip a button still disabled at that moment. The engine refuses an
    # empty text on click instead, and says so.
    # Previews go below the write buttons: a text box commits its value when it loses focus, which
    # is at the pointer-down of the click on the button; a preview drawn above the button would then
    # push it away before the pointer comes up, and the click would be lost.
    with tab["Add"]:
        add_tab(ed, new_entry)
    if "Patch" in tab:
        with tab["Patch"]:
            ui.patch_tab(
                ed.store,
                ed.state,
                pin=lambda kind, old, index: pin_for(ed, kind, old, index),
                match=lambda old, match: show_match(ed, old, match),
                moved=lambda pin, index: warn_if_moved(ed, pin, index),
                note=scan_note,
                shown=lambda shown, key: after(ed, shown, key),
            )
    with tab["Replace"]:
        replace_tab(ed)
    with tab["Remove"]:
        remove_tab(ed)
    with tab["Batch editor"]:
        if ed.state.drift:  # the table would be edited for nothing: the batch is refused
            st.error(refused_by_drift("The batch editor"))
        else:
            batch_editor(ed)


def after(ed: Edit, shown: Projection, key: str) -> Projection:
    """Show what saving would do to the current entries: the usage after, or the refusal."""
    state = ed.state
    if shown.refusal is not None:
        ui.show_refusal(shown.refusal, "**Saving this would be refused.** Nothing will be written.")
    else:
        ui.gauge_after(state, shown.usage, len(shown.after), key=key)
    return shown


def pin_for(ed: Edit, kind: str, old_text: str, index: int | None) -> str | None:
    """The full entry the person picked with ``old_text``: fixed when it is first shown, kept
    while they go on typing (even if the file changes meanwhile), dropped when the text changes."""
    key = f"ed_pin_{kind}"
    ident = (ed.target, old_text.strip())
    held = st.session_state.get(key)
    if held and held[0] == ident:
        pinned: str = held[1]  # (ident, entry), as stored below
        return pinned
    if index is None:
        st.session_state.pop(key, None)
        return None
    st.session_state[key] = (ident, ed.entries[index])
    return ed.entries[index]


def warn_if_moved(ed: Edit, pin: str | None, index: int | None) -> None:
    """Say at once when the entry picked has changed on disk, not only after the click."""
    if pin is None or (index is not None and ed.entries[index] == pin):
        return
    st.warning(
        "**The entry you picked has changed on disk since you picked it.** Saving will be refused "
        "rather than overwrite the new text; you can then apply your change to it, or drop it."
    )
    ui.then_and_now(
        "As you picked it",
        lambda: ui.show_entry(pin, max_chars=2000),
        "Now in the file",
        lambda: (
            st.text("(no entry matches this text any more)")
            if index is None
            else ui.show_entry(ed.entries[index], max_chars=2000)
        ),
    )


def write(
    ed: Edit,
    call: Callable[[], OpResult],
    *,
    action: str,
    content: str = "",
    clear: tuple[str, ...] = (),
    focus: str | None = None,
) -> None:
    """One write through the engine, with Undo; a pinned entry that changed meanwhile opens the
    conflict panel (both versions side by side) instead of a bare refusal."""
    ui.pinned_write(call, key="ed_conflict", target=ed.target, action=action, content=content, clear=clear, focus=focus)


def scan_note(text: str) -> None:
    """The content scan's finding and the hints on secrets and control characters, as typed."""
    findings = scan(text.strip()) if text.strip() else ()
    if findings:
        st.error(f"**Content scan:** this text contains {describe_findings(findings)}. The engine refuses to write it.")
    elif text.strip():
        st.caption("Content scan: nothing found.")
    if hint := secret_hint(text.strip()):
        st.warning(hint)
    if controls := control_hint(text.strip()):
        st.warning(controls)


def show_match(ed: Edit, old_text: str, match: Match) -> int | None:
    """Say which entries ``old_text`` hits (``match``: its one match this run); return the targeted index."""
    entries, suggested = ed.entries, ed.suggested
    if not old_text.strip():
        st.caption("Type a piece of the entry's text (see the suggestions at the bottom of the page).")
        return None
    if match.kind == "none":
        st.warning("**No entry contains this text.** The operation would be refused.")
        return None
    if match.kind == "several":
        distinct = list(dict.fromkeys(entries[i] for i in match.indices))
        st.error(
            f"**Matches {len(distinct)} different entries**: ambiguous, the operation would be refused. "
            "Type more of the text, or use one of the suggestions below."
        )
        for entry in distinct:
            index = entries.index(entry)
            hint = f" (shortest unique text: {len(suggested[index].text)} chars)" if suggested else ""
            st.caption(f"Entry #{index}{hint}")
            ui.show_entry(entry, max_chars=300)
            if suggested:
                st.caption("Picks only this one:")
                ui.plain(suggested[index].text)
        return None
    assert match.target is not None
    index = match.target
    st.success(f"**Matches exactly one entry: #{index}** ({len(entries[index]):,} characters).")
    ui.show_entry(entries[index], max_chars=2000)
    return index


def draft_banner(ed: Edit) -> None:
    """While text is typed but not saved, say at once which entries changed on disk meanwhile
    (the live view redraws the page when the agent writes), not only after the click."""
    drafting = any(str(st.session_state.get(k) or "").strip() for k in DRAFT_KEYS)
    base = st.session_state.get("ed_draft_base")
    if not drafting:
        st.session_state.pop("ed_draft_base", None)
    elif base is None or base[0] != ed.target:
        st.session_state.ed_draft_base = (ed.target, tuple(ed.entries))
    elif base[1] != tuple(ed.entries):
        ui.changes_banner(base[1], ed.entries, ed.state.filename)
        if st.button("Got it", key="ed_draft_seen"):
            st.session_state.ed_draft_base = (ed.target, tuple(ed.entries))
            st.rerun()


def refusal_beside(column: DeltaGenerator, shown: Projection | None) -> None:
    """The reason a write will be refused, and the way out, next to its button (never disabled)."""
    if shown is not None and shown.refusal is not None:
        with column:
            ui.show_refusal(shown.refusal, "**Will be refused:** nothing will be written.")


def add_tab(ed: Edit, new_entry: str) -> None:
    """One new entry, with its live count, its scan and the usage after."""
    state = ed.state
    text = st.text_area(
        "New entry",
        key="ed_add_text",
        height=120,
        placeholder="One fact, convention or preference, in a sentence or two.",
    )
    ui.live_count(
        "New entry", text, filename=state.filename, used=state.usage, limit=state.limit, count=len(ed.entries)
    )
    shown = ed.preview(Operation("add", text)) if text.strip() else None
    button_col, reason_col = st.columns([1, 3], vertical_alignment="top")
    if button_col.button("Add entry", key="ed_add_btn", type="primary"):
        write(ed, lambda: ed.store.add(ed.target, text), action="add", clear=("ed_add_text",), focus=new_entry)
    refusal_beside(reason_col, shown)
    if shown is not None:
        scan_note(text)
        after(ed, shown, "ed_gauge_add")
        if shown.ok and not shown.changed:
            st.info("This exact entry already exists; adding it changes nothing.")


def replace_tab(ed: Edit) -> None:
    """The whole entry overwritten, asked first with the word-level diff; the text matched once."""
    state, entries = ed.state, ed.entries
    if state.drift:
        st.error(refused_by_drift("Replace"))
    st.warning("**Replace overwrites the whole entry**, not only the matched words: type the complete new text.")
    old = st.text_input("Text that identifies the entry", key="ed_rep_old")
    new = st.text_area("New text for the whole entry", key="ed_rep_new", height=120)
    match = find(entries, old)
    pin = pin_for(ed, "rep", old, match.target)  # before the button: the click writes with it
    ui.live_count(
        "New text for the whole entry",
        new,
        filename=state.filename,
        used=state.usage,
        limit=state.limit,
        count=len(entries),
        replaces=pin,
        adds=False,
    )
    shown = ed.preview(Operation("replace", new, old, pin)) if old.strip() and new.strip() else None

    def replace_now() -> None:
        write(
            ed,
            lambda: ed.store.replace(ed.target, old, new, expect_entry=pin),
            action="replace",
            content=new,
            clear=("ed_rep_old", "ed_rep_new"),
        )

    button_col, reason_col = st.columns([1, 3], vertical_alignment="top")
    # Replace overwrites text: it asks first, over the page, showing word by word what goes and
    # what comes. The question is tied to this exact pair of texts and the pinned entry.
    token = (ed.target, old, new, pin)
    if button_col.button("Replace entry…", key="ed_rep_btn", type="primary"):
        if shown is not None and shown.refusal is None and pin is not None:
            st.session_state.ed_rep_confirm = token
        else:  # nothing to confirm: the click writes, and the engine's refusal says why
            replace_now()
    refusal_beside(reason_col, shown)
    ui.ask(
        "ed_rep_confirm",
        token,
        f"Replace this entry of {state.filename}?",
        yes="Yes, replace it",
        key="ed_rep",
        show=lambda: replace_diff(ed, pin, new, shown),
        detail="The whole entry is replaced: what is struck through in red goes, what is in green comes. "
        "A backup of the file is kept; Undo follows.",
        then=replace_now,
    )
    replace_below(ed, old, new, match, pin, shown)


def replace_diff(ed: Edit, pin: str | None, new: str, shown: Projection | None) -> None:
    """What the Replace question shows: the entry word by word, then the usage after."""
    ui.show_word_diff(pin or "", new.strip(), fold=False)
    if shown is not None:
        st.caption(ui.after_text(ed.state.filename, shown.usage, ed.state.limit, len(shown.after)) + ".")


def replace_below(ed: Edit, old: str, new: str, match: Match, pin: str | None, shown: Projection | None) -> None:
    """Below the Replace button: the entry matched, a moved pin, the scan and the usage after."""
    index = show_match(ed, old, match)
    warn_if_moved(ed, pin, index)
    if index is not None:
        st.button(
            "Start from the current text of this entry",
            key="ed_rep_copy",
            on_click=st.session_state.update,
            kwargs={"ed_rep_new": ed.entries[index]},
        )
    if new.strip():
        scan_note(new)
    if shown is not None:
        after(ed, shown, "ed_gauge_replace")


def remove_tab(ed: Edit) -> None:
    """One entry removed, asked first with the entry shown; the text matched once."""
    if ed.state.drift:
        st.error(refused_by_drift("Remove"))
    old = st.text_input("Text that identifies the entry", key="ed_rm_old")
    match = find(ed.entries, old)
    pin = pin_for(ed, "rm", old, match.target)
    if st.button("Remove entry…", key="ed_rm_btn"):
        if old.strip():
            st.session_state.ed_rm_confirm = (ed.target, old)
        else:
            st.warning("Type a piece of the entry's text first: nothing was changed.")
    warn_if_moved(ed, pin, show_match(ed, old, match))
    if old.strip():
        after(ed, ed.preview(Operation("remove", old_text=old, expect_entry=pin)), "ed_gauge_remove")
    asked = st.session_state.get("ed_rm_confirm")
    if asked and asked[0] == ed.target:
        asked_text: str = asked[1]
        with st.container(border=True):
            if ui.confirm(
                "ed_rm_confirm",
                asked,
                "Remove this entry?",
                yes="Yes, remove it",
                key="ed_rm",
                detail="A backup of the file is kept (see History).",
                show=lambda: the_entry(ed, asked_text),
            ):
                write(
                    ed,
                    lambda: ed.store.remove(ed.target, asked_text, expect_entry=pin),
                    action="remove",
                    clear=("ed_rm_old",),
                )


def the_entry(ed: Edit, old_text: str) -> None:
    """The entry the Remove question is about, as the text picks it now."""
    match = find(ed.entries, old_text)
    if match.target is not None:
        ui.show_entry(ed.entries[match.target], max_chars=2000)
    else:
        st.text("The text no longer picks exactly one entry: removing will be refused.")


def batch_rows(ed: Edit, editor_key: str, source_key: str) -> list[str]:
    """The rows the table edits: the entries as they were when editing began. An edit is keyed by
    row number, so if the agent writes meanwhile, row 2 must still mean the entry the person edited."""
    draft = st.session_state.get(editor_key) or {}
    if source_key not in st.session_state or not any(
        draft.get(k) for k in ("edited_rows", "added_rows", "deleted_rows")
    ):
        st.session_state[source_key] = list(ed.entries)
    original: list[str] = st.session_state[source_key]
    if original != ed.entries:
        st.warning(
            "**The file changed on disk since you started editing this table.** Your changes are pinned "
            "to the rows as you saw them: a row the agent changed meanwhile makes the batch refused, "
            "not overwritten. To start again from the current file, discard your edits."
        )
        if st.button("Discard my table edits", key="ed_batch_discard"):
            st.session_state.hd_reset = [editor_key, source_key]
            st.rerun()
    return original


def batch_ops(original: list[str], edited: pd.DataFrame) -> list[Operation]:
    """The table as edited, as one pinned batch: a changed cell replaces, an emptied one removes,
    a new row adds."""
    kept: dict[int, str | None] = {i: None for i in range(len(original))}
    added: list[str] = []
    for _, row in edited.iterrows():
        text_value = "" if pd.isna(row["Entry"]) else str(row["Entry"])
        if pd.isna(row["#"]):
            added.append(text_value)
        else:
            kept[int(row["#"])] = text_value
    edits = {i: v for i, v in kept.items() if v != original[i]}
    return pin_batch(plan_batch(original, edits, added))


def batch_preview(ed: Edit, ops: list[Operation]) -> Projection | None:
    """How many changes, each one's secret hint (as Add and Replace give), and the usage after."""
    if not ops:
        st.caption("No changes yet.")
        return None
    st.write(
        f"**{n_of(len(ops), 'change')} to apply as one batch** (the full texts are shown before anything is written)."
    )
    for n, op in enumerate(ops, start=1):
        if op.action in ("add", "replace") and (hint := secret_hint(op.content)):
            st.warning(f"**Change {n}.** {hint}")
    return after(ed, ed.preview(Operation.batch(ops)), "ed_gauge_batch")


def batch_changes(ed: Edit, ops: list[Operation], shown: Projection | None) -> None:
    """What the batch's question shows: each change in full (a replace word by word), then the usage after."""
    state = ed.state
    for n, op in enumerate(ops, start=1):
        if op.action == "replace":
            st.markdown(f"**{n}. Replace** (red goes, green comes)")
            ui.show_word_diff(op.old_text, op.content, fold=False, caption="")
        elif op.action == "remove":
            st.markdown(f"**{n}. Remove**")
            ui.show_entry(op.old_text)
        else:
            st.markdown(f"**{n}. Add**")
            ui.show_entry(op.content)
    if shown is not None and shown.refusal is None:
        after_line = ui.after_text(state.filename, shown.usage, state.limit, len(shown.after))
        st.caption(f"{after_line} (now {state.usage:,}, {len(ed.entries)}).")
    elif shown is not None and shown.refusal is not None:
        ui.show_refusal(shown.refusal, "**This batch would be refused:** nothing would be written.")


def batch_editor(ed: Edit) -> None:
    """The entries as a table to edit, applied as one all-or-nothing batch after a question."""
    st.caption(
        "Edit cells, delete rows or add rows at the bottom, then apply everything as one batch: all or "
        "nothing, checked against the budget only at the end (so you can free room and add at once). "
        "Clearing a cell removes that entry."
    )
    target, state = ed.target, ed.state
    editor_key, source_key = f"ed_batch_{target}", f"ed_batch_src_{target}"
    if state.usage > BATCH_EDITOR_MAX_CHARS:
        st.info(
            f"The file holds {state.usage:,} characters: too much to edit in a table. Split it into entries "
            "first (Curation pages), or use add / replace / remove."
        )
        return
    original = batch_rows(ed, editor_key, source_key)
    edited = st.data_editor(
        pd.DataFrame({"#": list(range(len(original))), "Entry": original}),
        key=editor_key,
        num_rows="dynamic",
        hide_index=True,
        row_height=72,
        height=ui.table_height(len(original) + 1, 8),
        disabled=["#"],
        column_order=["Entry", "#"],
        column_config={
            "#": st.column_config.NumberColumn("#", width="small", help="Position in the file now"),
            "Entry": st.column_config.TextColumn("Entry", width="large"),
        },
    )
    ops = batch_ops(original, edited)
    batch_apply(ed, ops, batch_preview(ed, ops), (editor_key, source_key))


def batch_apply(ed: Edit, ops: list[Operation], shown: Projection | None, keys: tuple[str, str]) -> None:
    """The Apply button and its question. A batch may rewrite many entries at once: like every
    other write, it asks first, over the page, showing each change in full (a replace word by
    word) and the usage after. The question is tied to these exact operations; editing a cell
    meanwhile asks again."""
    token = (ed.target, hashlib.sha256(repr(ops).encode("utf-8", "surrogatepass")).hexdigest())
    if st.button(
        f"Apply {n_of(len(ops), 'change')} as one batch…", key="ed_batch_btn", type="primary", disabled=not ops
    ):
        st.session_state.ed_batch_confirm = token
    if st.session_state.get("ed_batch_confirm") not in (None, token):
        del st.session_state.ed_batch_confirm
    ui.ask(
        "ed_batch_confirm",
        token,
        f"Apply {agreeing(len(ops), 'this', 'these')} {n_of(len(ops), 'change')} to {ed.state.filename}?",
        yes="Yes, apply",
        key="ed_batch",
        show=lambda: batch_changes(ed, ops, shown),
        detail="All or nothing, as one batch. A backup of the file is kept; Undo follows.",
        then=lambda: ui.run_op(lambda: ed.store.batch(ed.target, ops), clear=keys, undoable=True),
    )


def entry_table(ed: Edit) -> None:
    """The file's entries with the shortest text that picks each; a row opens that entry."""
    entries, state, suggested = ed.entries, ed.state, ed.suggested
    if not entries:
        return
    st.header(f"Entries of {state.filename}", anchor=False)
    if suggested is None:
        st.caption("The file is too large to work out the shortest unique text of each entry quickly.")
    frame = ui.entry_frame(entries, state.limit)
    if suggested is not None:
        frame.insert(2, "Shortest unique text", [s.text if not s.whole else "(the whole entry)" for s in suggested])
    st.caption("Select a row to open that entry: its whole text, and replace, remove or move exactly it.")
    # The form above is what this page is for: the table shows 8 rows and scrolls inside.
    ui.entry_picker(frame, state, entries, key="ed_entries", height=ui.table_height(len(entries), EDIT_TABLE_ROWS))
    ui.entry_panel(ed.store, state)
