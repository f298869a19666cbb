"""Inbox: the agent's staged writes (``pending/memory/*.json``), each with a preview of the file
after approval (a patch also word by word inside its entry; a pinned write whose entry changed
shows the entry then and now). Each can be approved or rejected on its own, or several at once
after a confirmation; each can be edited first (the same write with other text), and the edit is
previewed and approved with the same rules (docs/pending.md).

A long queue is triaged: writes that can no longer apply, that repeat another staged write, or
that the file already says are marked, and can be rejected together after one confirmation that
lists them. Summaries, payloads and reasons are written by the agent (or whoever wrote the
file): they are shown as plain text only.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from hermes_dash import FILENAMES, TARGETS, FileState, Operation, ago, n_entries, n_of, past_of, ui
from hermes_dash.curation import pending

store = ui.require_store()
st.title("Inbox: pending writes")
if store.settings.write_approval:
    st.caption(
        "The agent asks before it changes its memory (`write_approval: true` in config.yaml): each write it "
        "wants to make waits here until you approve or reject it."
    )
else:
    st.caption(
        "The agent changes its memory without asking (`write_approval` is off in config.yaml); newer agents "
        "still leave a background review's replace and remove proposals here for you to approve or reject."
    )

triaged = pending.triage(store)
if not triaged:
    st.info(f"No staged writes in {ui.lit(store.home.pending_dir)}.")
    st.stop()
states = {t: ui.file_state(t, store) for t in TARGETS}
for state in states.values():
    ui.remember_seen(state)
by_id = {t.staged.id: t for t in triaged}
flagged = pending.marked(triaged)

SORT_LABELS = {"oldest": "Oldest first", "newest": "Newest first", "kind": "By kind"}
EDITABLE_PARTS = 50  # two boxes an operation: a longer batch would fill the page with them
KIND_WORDS = {"add": "an add", "replace": "a replace", "remove": "a remove", "patch": "a patch", "batch": "a batch"}


def reported(verb: str, decisions: Sequence[pending.Decision]) -> list[ui.Flash]:
    """The messages after approving or rejecting: what was done, and what was not and why."""
    done = [d for d in decisions if d.ok]
    failed = [d for d in decisions if not d.ok]
    out = []
    if done:
        # Undo takes back one write: offered only when this decision made exactly one.
        undo = done[0].result.undo if len(done) == 1 and done[0].result is not None else None
        out.append(
            ui.Flash("success", f"{past_of(verb).capitalize()} {len(done)}", "\n".join(d.message for d in done), undo)
        )
    if failed:
        out.append(
            ui.Flash(
                "warning",
                f"{len(failed)} not {past_of(verb)} (nothing changed for them)",
                "\n".join(
                    d.message + (f"\nWhat to do: {d.refusal.hint}" if d.refusal and d.refusal.hint else "")
                    for d in failed
                ),
            )
        )
    return out


def decide(verb: str, ids: Sequence[str], edited: dict[str, Operation] | None = None) -> None:
    """Approve (``edited``: these ids as edited) or reject, through the engine, then report.
    An unedited approval applies what its preview showed: pinned to the entry it hits there."""

    def run() -> list[pending.Decision]:
        if verb == "approve":
            return pending.approve(store, ids, edited=edited, shown={i: shown[i] for i in ids if i in shown})
        return pending.reject(store, ids)

    def unselect(decisions: list[pending.Decision]) -> None:
        for d in decisions:
            if d.ok:
                st.session_state.pop(f"in_pick_{d.id}", None)

    ui.run_op(run, report=lambda decisions: reported(verb, decisions), then=unselect)


# -- triage: marks, order, the marked ones rejected together -----------------------------------------


def _forget_marked() -> None:
    st.session_state.pop("in_marked", None)


@st.dialog("Reject the marked staged writes?", width="large", on_dismiss=_forget_marked)
def ask_marked(ids: tuple[str, ...]) -> None:
    """The one confirmation for the marked writes: each listed with why it is marked."""
    st.markdown(f"**{n_of(len(ids), 'staged write')}** will be deleted; the memory files are not touched.")
    for sid in ids:
        item = by_id.get(sid)
        if item is None:
            st.markdown(f"{ui.lit(sid)}: no longer staged (it will be skipped).")
            continue
        st.markdown(
            f"{ui.lit(sid)} · {KIND_WORDS.get(item.staged.action, item.staged.action)} on "
            f"**{FILENAMES[item.staged.target]}** · {ago(item.staged.age())}"
        )
        st.text("; ".join(item.reasons))
    with st.container(horizontal=True, gap="small", key="in_marked_buttons"):
        yes = st.button(f"Yes, reject {len(ids)}", key="in_marked_yes", type="primary")
        no = st.button("Cancel", key="in_marked_no")
    if no:
        _forget_marked()
        st.rerun()
    if yes:
        _forget_marked()
        decide("reject", list(ids))


counts = {mark: sum(mark in t.marks for t in triaged) for mark in pending.MARKS}
summary = ", ".join(f"{counts[m]} {pending.MARK_LABELS[m]}" for m in pending.MARKS if counts[m])
with st.container(horizontal=True, gap="small", vertical_alignment="center", key="in_triage"):
    st.markdown(
        f"**{n_of(len(triaged), 'staged write')}**"
        + (f" · {len(flagged)} marked: {summary}" if flagged else " · none marked"),
        width="content",
    )
    order = st.selectbox(
        "Order",
        list(SORT_LABELS),
        format_func=SORT_LABELS.__getitem__,
        key="in_sort",
        width=200,
        label_visibility="collapsed",
        help="The order of the staged writes. By kind: adds, patches, replaces, removes, batches; "
        "oldest first within each. Malformed files come last.",
    )
    only_marked = st.toggle("Only the marked ones", key="in_only_marked", disabled=not flagged)
    if st.button(
        f"Reject the {len(flagged)} marked…",
        key="in_reject_marked",
        disabled=not flagged,
        help="Asks first, listing each with why it is marked.",
    ):
        st.session_state.in_marked = tuple(t.staged.id for t in flagged)
if st.session_state.get("in_marked"):
    ask_marked(tuple(st.session_state.in_marked))


# -- one staged write ---------------------------------------------------------------------------------

LEVEL_COLOUR = {"calm": "green", "warning": "orange", "alarm": "red"}


def after_approval(state: FileState, shown: pending.Preview, key: str) -> None:
    """The gauge of the file after approval in two lines (a staged write is small; the full gauge
    is on the other pages): its figures in the colour of its state, and the bar."""
    used, limit = shown.usage, state.limit
    colour = LEVEL_COLOUR[ui.level(used, limit)]
    with st.container(key=f"in_gauge_{key}-hdlvl-{colour}"):
        st.progress(
            min(1.0, used / limit) if limit > 0 else 1.0,
            text=f"**{state.filename} after approving:** :{colour}[**{used:,} / {limit:,} chars** · "
            f"{ui.percent_text(used, limit)}] · {n_entries(len(shown.after))} "
            f"({used - state.usage:+,} characters)",
        )


def show_preview(shown: pending.Preview, key: str, refused: str, beside=None) -> None:
    """The file after approval: the gauge and the changed entries, or why it would be refused.
    With ``beside`` (the write's column and the one next to it), the refusal goes under the write,
    the gauge beside it; the changed entries come after, the full width."""
    what, after = beside if beside is not None else (st.container(), st.container())
    if shown.refusal is not None:
        with what:
            ui.show_refusal(shown.refusal, refused)
        return
    state = states[shown.staged.target]
    with after:
        after_approval(state, shown, key)
    for before, after_text in shown.patches:
        st.caption("Inside the entry, word by word ([-removed-] {+added+}); the rest of the entry is kept:")
        ui.plain(pending.word_diff(before, after_text))
    changes = [i for i in shown.diff.items if i.kind != "unchanged"]
    if changes:
        ui.diff_table(
            [i.kind for i in changes], [i.old for i in changes], [i.new for i in changes], key=f"in_diff_{key}"
        )
    else:
        st.caption("Approving changes nothing (the file already says this).")


def show_pins(shown: pending.Preview, key: str) -> None:
    """A pinned write whose entry changed: the entry as the agent saw it, and what is there now."""
    for pin in shown.broken_pins:
        where = f" (operation {pin.position})" if len(shown.staged.ops) > 1 else ""
        st.markdown(
            f"**The entry this write is pinned to changed{where}**: approving is refused and the staged file is kept."
        )
        then, now = st.columns(2)
        with then:
            st.caption("Then: when the agent staged it")
            ui.show_entry(pin.then, max_chars=600)
        with now:
            st.caption("Now: in the file in its place")
            if pin.now is None:
                st.caption("No entry: it is gone (or its text is now in several entries).")
            else:
                ui.show_entry(pin.now, max_chars=600)
        if pin.now is not None:
            st.caption("What changed since, word by word ([-then-] {+now+}):")
            ui.plain(pending.word_diff(pin.then, pin.now))


def texts_of(part: Operation) -> tuple[str, str]:
    """(content, old text) of one operation, each only where its action uses it."""
    return (part.content if part.action != "remove" else "", part.old_text if part.action != "add" else "")


def edit_boxes(item: pending.Staged, refused: bool, broken: bool) -> tuple[list[tuple[str, str]], bool]:
    """One box per text of each operation, holding the staged text until the person changes it;
    and, when a pinned entry changed, whether to aim the write at the entry in its place now."""
    parts = item.parts()
    texts = []
    aim_now = False
    if len(parts) > EDITABLE_PARTS:
        st.caption(
            f"A batch of {len(parts):,} operations is not edited here (no agent stages one that long): approve "
            "or reject it as staged."
        )
        return [texts_of(part) for part in parts], False
    with st.expander(
        "Edit before approving" if not refused else "Edit it so that it can be approved", expanded=refused
    ):
        st.caption(
            "Change the text, check the preview under the buttons, then approve: the edited write "
            "is applied instead, through the same rules. The staged file is deleted only once that worked."
        )
        if broken:
            aim_now = st.checkbox(
                "Aim it at the entry in its place now",
                key=f"in_aim_{item.id}",
                help="The pinned entry changed: drop the pin, preview the write on the entry its "
                "text hits now, and approve it pinned to that one.",
            )
        for n, part in enumerate(parts):
            content, old_text = texts_of(part)
            if len(parts) > 1:
                st.markdown(f"**Operation {n + 1}: {part.action}**")
            if part.action == "patch":
                old_text = st.text_area(
                    "Text to replace inside the entry",
                    value=old_text,
                    key=f"in_old_{item.id}_{n}",
                    height=80,
                    help="Every occurrence of it inside the entry is replaced; the rest of the entry is kept as it is.",
                )
                content = st.text_area("Replacement text", value=content, key=f"in_text_{item.id}_{n}", height=80)
            else:
                if part.action in ("replace", "remove"):
                    old_text = st.text_area(
                        "Text that identifies the entry",
                        value=old_text,
                        key=f"in_old_{item.id}_{n}",
                        height=80,
                        help="The whole entry it was pinned to, or a piece of an entry.",
                    )
                if part.action in ("add", "replace"):
                    content = st.text_area(
                        "Text to add" if part.action == "add" else "New text for the whole entry",
                        value=content,
                        key=f"in_text_{item.id}_{n}",
                        height=100,
                    )
            texts.append((content, old_text))
    return texts, aim_now


REJECT_DETAIL = "The staged file is deleted; the memory files are not touched."

chosen: list[str] = []


def reject_and_select(item_id: str) -> None:
    """An item's "Reject…" (asks first: rejecting deletes the staged file) and its bulk checkbox."""
    if st.button("Reject…", key=f"in_reject_{item_id}"):
        st.session_state[f"in_rej_{item_id}_ask"] = True
    if st.checkbox(f"Select {ui.lit(item_id)}", key=f"in_pick_{item_id}"):
        chosen.append(item_id)


def confirm_reject(item_id: str) -> None:
    if ui.confirm(
        f"in_rej_{item_id}_ask",
        True,
        f"Reject {ui.lit(item_id)}?",
        yes="Yes, reject",
        key=f"in_rej_{item_id}",
        detail=REJECT_DETAIL,
    ):
        decide("reject", [item_id])


edits: dict[str, Operation] = {}
shown: dict[str, Operation] = {}  # unedited: what approving applies (pinned where its preview pinned it)
# A click is handled on the next run of the page, where each preview is made again from the file
# as it is then. What the person approves is what the previews showed on the run they clicked in:
# each item's texts and operation from that run are kept, and used while the texts are the same.
seen_before: dict[str, tuple[object, Operation]] = dict(st.session_state.get("in_seen", {}))
seen_now: dict[str, tuple[object, Operation]] = {}


def as_seen(item_id: str, texts: object, now: Operation | None) -> Operation | None:
    """The operation shown for ``item_id`` on the previous run if its texts are unchanged, else ``now``."""
    before = seen_before.get(item_id)
    chosen_op = before[1] if before is not None and before[0] == texts else now
    if now is not None:
        seen_now[item_id] = (texts, now)
    return chosen_op


shown_items = pending.sort_items(triaged, order)
if only_marked:
    shown_items = [t for t in shown_items if t.marked]
for entry in shown_items:
    item, preview = entry.staged, entry.preview
    with st.container(border=True, key=f"in_box_{item.id}"):
        if not item.ok:
            st.error(f"{ui.lit(item.id)} **is a malformed staged file** (it can only be rejected)")
            st.text(f"{item.path.name}: {item.problem}")
            with st.container(horizontal=True, gap="small", vertical_alignment="center"):
                reject_and_select(item.id)
            confirm_reject(item.id)
            continue
        # The write and its buttons on the left; the file after it and the edit boxes (folded) beside.
        what, after = st.columns([3, 2], gap="medium")
        with what:
            st.markdown(
                f"{ui.lit(item.id)} · {ui.lit(item.action)} on **{FILENAMES[item.target]}** · {ago(item.age())}"
            )
            # summary and origin come from the staged file (untrusted text): shown plain, never as markdown.
            st.text(f"{item.summary or '(no summary)'}\norigin: {item.origin_label}")
            if entry.marked:
                st.warning("**Marked**: " + ", ".join(pending.MARK_LABELS[m] for m in entry.marks))
                # A broken pin is shown in full just below (then and now): its reason is not repeated.
                said = [
                    why
                    for mark, why in zip(entry.marks, entry.reasons)
                    if not (mark == "stale" and preview.broken_pins)
                ]
                if said:
                    st.text("\n".join(said))
        show_preview(
            preview,
            item.id,
            "**Approving this would be refused**; it stays pending until you edit it so that it fits, or reject it.",
            beside=(what, after),
        )
        if item.matched_entry and not preview.broken_pins:
            # Said once: an entry the diff already shows as "Before" is not shown again.
            if any(i.old == item.matched_entry for i in preview.diff.items if i.kind != "unchanged"):
                st.caption(
                    "Pinned to the entry shown as Before: approved only while it is still in the file word for word."
                )
            else:
                with st.expander("Pinned to an entry: approved only while it is still in the file word for word"):
                    ui.show_entry(item.matched_entry, max_chars=600)
        show_pins(preview, item.id)
        with after:  # beside the write, so that it costs no height of its own while folded
            texts, aim_now = edit_boxes(item, preview.refusal is not None, bool(preview.broken_pins))
        edited = None
        if aim_now or texts != [texts_of(part) for part in item.parts()]:
            edited = pending.preview(store, item, item.edit(texts, aim_now=aim_now))
        op = as_seen(item.id, (tuple(texts), aim_now), (edited or preview).operation)
        if op is not None:
            (edits if edited is not None else shown)[item.id] = op
        # The buttons come before the edit's preview: a text box commits its value when it loses
        # focus (the pointer-down of the click), and a preview redrawn above the button would move it.
        # They sit under the write, beside the gauge: nothing above them changes while one edits.
        with what:
            with st.container(horizontal=True, gap="small", vertical_alignment="center"):
                if st.button("Approve as edited" if edited else "Approve", key=f"in_approve_{item.id}", type="primary"):
                    decide("approve", [item.id], {item.id: edits[item.id]} if item.id in edits else None)
                reject_and_select(item.id)
            confirm_reject(item.id)
        if edited is not None:
            st.markdown("**Your edit, if approved:**")
            show_preview(
                edited,
                f"{item.id}_edit",
                "**Approving your edit would be refused**; the staged write stays as the agent wrote it.",
            )

st.session_state.in_seen = seen_now

with st.container(horizontal=True, gap="small", vertical_alignment="center", key="in_bulk"):
    st.markdown(f"**{len(chosen)} selected**", width="content")
    if st.button(f"Approve selected ({len(chosen)})…", key="in_approve", disabled=not chosen):
        st.session_state.in_confirm = ("approve", tuple(chosen))
    if st.button(f"Reject selected ({len(chosen)})…", key="in_reject", disabled=not chosen):
        st.session_state.in_confirm = ("reject", tuple(chosen))

pending_confirm = st.session_state.get("in_confirm")
if pending_confirm:
    verb, ids = pending_confirm
    as_edited = [i for i in ids if i in edits] if verb == "approve" else []
    if ui.confirm(
        "in_confirm",
        pending_confirm,
        f"{verb.capitalize()} {n_of(len(ids), 'staged write')}: {', '.join(ui.lit(i) for i in ids)}?",
        yes=f"Yes, {verb}",
        key="in_confirm",
        detail=(
            "Each is applied through the memory store on its own; a refused one stays pending."
            + (f" Approved as you edited them: {', '.join(ui.lit(i) for i in as_edited)}." if as_edited else "")
        )
        if verb == "approve"
        else "Their files are deleted; the memory files are not touched.",
    ):
        decide(verb, ids, {i: edits[i] for i in as_edited})
