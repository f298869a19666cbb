"""Inbox: the agent's staged writes (``pending/memory/*.json``), each with a preview of the file
after approval. Each can be approved or rejected on its own, or several at once after a
confirmation; each can be edited first (the same write with other text), and the edit is
previewed and approved with the same rules (docs/rules.md#pending).

Summaries, payloads and reasons are written by the agent (or whoever wrote the file): they are
shown as plain text only.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from hermes_dash import FILENAMES, TARGETS, Action, Operation, ago, n_of, past_of, ui
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


def reported(verb: str, decisions: Sequence[pending.Decision]) -> list[ui.Flash]:
    """The messages after approving or rejecting: what was done, and what was not and why."""
    done = [d for d in decisions if d.ok]
    failed = [d for d in decisions if not d.ok]
    out = []
    if done:
        # Undo takes back one write: offered only when this decision made exactly one.
        undo = done[0].result.undo if len(done) == 1 and done[0].result is not None else None
        out.append(ui.Flash("success", f"{past_of(verb).capitalize()} {len(done)}",
                            "\n".join(d.message for d in done), undo))
    if failed:
        out.append(ui.Flash("warning", f"{len(failed)} not {past_of(verb)} (nothing changed for them)",
                            "\n".join(d.message + (f"\nWhat to do: {d.refusal.hint}" if d.refusal and d.refusal.hint
                                                   else "") for d in failed)))
    return out


def decide(verb: str, ids: Sequence[str], edited: dict[str, Operation] | None = None) -> None:
    """Approve (``edited``: these ids as edited) or reject, through the engine, then report."""
    def run() -> list[pending.Decision]:
        if verb == "approve":
            return pending.approve(store, ids, edited=edited)
        return pending.reject(store, ids)

    def unselect(decisions: list[pending.Decision]) -> None:
        for d in decisions:
            if d.ok:
                st.session_state.pop(f"in_pick_{d.id}", None)

    ui.run_op(run, report=lambda decisions: reported(verb, decisions), then=unselect)


def show_preview(shown: pending.Preview, key: str, refused: str) -> None:
    """The file after approval: the gauge and the changed entries, or why it would be refused."""
    if shown.refusal is not None:
        ui.show_refusal(shown.refusal, refused)
        return
    state = states[shown.staged.target]
    ui.gauge(state.filename, state.usage, state.limit, len(state.entries), projected=shown.usage,
             projected_count=len(shown.after), key=f"in_gauge_{key}")
    changes = [i for i in shown.diff.items if i.kind != "unchanged"]
    if changes:
        ui.diff_table([i.kind for i in changes], [i.old for i in changes], [i.new for i in changes],
                      key=f"in_diff_{key}")
    else:
        st.caption("Approving changes nothing (the entry is already there).")


def texts_of(part: Operation) -> tuple[str, str]:
    """(content, old text) of one operation, each only where its action uses it."""
    action = Action.of(part.action, batch=False)
    return (part.content if action.uses_content else "", part.old_text if action.uses_old_text else "")


def edit_boxes(item: pending.Staged, refused: bool) -> list[tuple[str, str]]:
    """One box per text of each operation, holding the staged text until the person changes it."""
    parts = item.parts()
    texts = []
    with st.expander("Edit before approving" if not refused else "Edit it so that it can be approved",
                     expanded=refused):
        st.caption("Change the text, check the preview under the buttons, then approve: the edited write "
                   "is applied instead, through the same rules. The staged file is deleted only once that worked.")
        for n, part in enumerate(parts):
            content, old_text = texts_of(part)
            if len(parts) > 1:
                st.markdown(f"**Operation {n + 1}: {part.action}**")
            action = Action.of(part.action, batch=False)
            if action.uses_old_text:
                old_text = st.text_area("Text that identifies the entry", value=old_text, key=f"in_old_{item.id}_{n}",
                                        height=80, help="The whole entry it was pinned to, or a piece of an entry.")
            if action.uses_content:
                content = st.text_area("Text to add" if action is Action.ADD else "New text for the whole entry",
                                       value=content, key=f"in_text_{item.id}_{n}", height=100)
            texts.append((content, old_text))
    return texts


REJECT_DETAIL = "The staged file is deleted; the memory files are not touched."

chosen: list[str] = []
def reject_and_select(item_id: str) -> None:
    """An item's "Reject…" (asks first: rejecting deletes the staged file) and its bulk checkbox."""
    if st.button("Reject…", key=f"in_reject_{item_id}"):
        st.session_state[f"in_rej_{item_id}_ask"] = True
    if st.checkbox(f"Select {ui.lit(item_id)}", key=f"in_pick_{item_id}"):
        chosen.append(item_id)


def confirm_reject(item_id: str) -> None:
    if ui.confirm(f"in_rej_{item_id}_ask", True, f"Reject {ui.lit(item_id)}?", yes="Yes, reject",
                  key=f"in_rej_{item_id}", detail=REJECT_DETAIL):
        decide("reject", [item_id])


edits: dict[str, Operation] = {}
for item in staged:
    with st.container(border=True, key=f"in_box_{item.id}"):
        if not item.ok:
            st.error(f"{ui.lit(item.id)} **is a malformed staged file** (it can only be rejected)")
            st.text(f"{item.path.name}: {item.problem}")
            with st.container(horizontal=True, gap="small", vertical_alignment="center"):
                reject_and_select(item.id)
            confirm_reject(item.id)
            continue
        preview = pending.preview(store, item)
        # origin comes from the staged file (untrusted text): shown plain, never as markdown.
        st.markdown(f"{ui.lit(item.id)} · {ui.lit(item.action)} on **{FILENAMES[item.target]}** · {ago(item.age())}")
        st.text(f"origin: {item.origin or 'unknown'}")
        st.text(item.summary or "(no summary)")
        show_preview(preview, item.id, "**Approving this would be refused**; it stays pending until you edit it "
                                       "(below) so that it fits, or reject it.")
        if item.matched_entry:
            st.caption("Pinned to this entry (approved only while it still exists):")
            ui.show_entry(item.matched_entry, max_chars=600)
        texts = edit_boxes(item, preview.refusal is not None)
        edited = None
        if texts != [texts_of(part) for part in item.parts()]:
            edited = pending.preview(store, item, item.edit(texts))
            if edited.operation is not None:
                edits[item.id] = edited.operation
        # The buttons come before the edit's preview: a text box commits its value when it loses
        # focus (the pointer-down of the click), and a preview redrawn above the button would move it.
        with st.container(horizontal=True, gap="small", vertical_alignment="center"):
            if st.button("Approve as edited" if edited else "Approve", key=f"in_approve_{item.id}", type="primary"):
                decide("approve", [item.id], {item.id: edits[item.id]} if item.id in edits else None)
            reject_and_select(item.id)
        confirm_reject(item.id)
        if edited is not None:
            st.markdown("**Your edit, if approved:**")
            show_preview(edited, f"{item.id}_edit", "**Approving your edit would be refused**; the staged write "
                                                    "stays as the agent wrote it.")

st.divider()
st.markdown(f"**{len(chosen)} selected**")
with st.container(horizontal=True, gap="small"):
    if st.button(f"Approve selected ({len(chosen)})…", key="in_approve", disabled=not chosen):
        st.session_state.in_confirm = ("approve", tuple(chosen))
    if st.button(f"Reject selected ({len(chosen)})…", key="in_reject", disabled=not chosen):
        st.session_state.in_confirm = ("reject", tuple(chosen))

pending_confirm = st.session_state.get("in_confirm")
if pending_confirm:
    verb, ids = pending_confirm
    as_edited = [i for i in ids if i in edits] if verb == "approve" else []
    if ui.confirm("in_confirm", pending_confirm,
                  f"{verb.capitalize()} {n_of(len(ids), 'staged write')}: {', '.join(ui.lit(i) for i in ids)}?",
                  yes=f"Yes, {verb}", key="in_confirm",
                  detail=("Each is applied through the memory store on its own; a refused one stays pending."
                          + (f" Approved as you edited them: {', '.join(ui.lit(i) for i in as_edited)}."
                             if as_edited else ""))
                  if verb == "approve" else "Their files are deleted; the memory files are not touched."):
        decide(verb, ids, {i: edits[i] for i in as_edited})
