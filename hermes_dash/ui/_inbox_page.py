"""The Inbox page, drawn: the agent's staged writes (``pending/memory/*.json``), each with a preview of the file
after approval (a patch also word by word inside its entry; a pinned write whose entry changed
shows the entry then and now). Each can be approved or rejected on its own, or several at once
after a confirmation; each can be edited first (the same write with other text), and the edit is
previewed and approved with the same rules (docs/pending.md).

A batch is also shown operation by operation: each with its verdict and word diff, kept,
dropped or re-aimed, the kept ones approved as one pinned write (with removals the person picks
when it would pass the limit), the rest left staged. "Approve all that apply" approves each write
on its own and names every one that did not apply, with its reason.

A long queue is triaged: writes that can no longer apply, that repeat another staged write, or
that the file already says are marked, and can be rejected together after one confirmation that
lists them. It is paged, each write folded to one line with its marks until opened; the bulk
actions stay at the top. Summaries, payloads and reasons are written by the agent (or whoever wrote the
file): they are shown as plain text only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import streamlit as st

from hermes_dash import FileState, MemoryStore, Operation, Refusal, ui
from hermes_dash.curation import pending
from hermes_dash.engine.rules.format import FILENAMES, TARGETS
from hermes_dash.engine.views.diff import LISTING_DIFF_STEPS
from hermes_dash.engine.views.diffwork import Work
from hermes_dash.engine.views.humanize import ago, agreeing, n_of, past_of

from ._diffview import word_budget

if TYPE_CHECKING:
    from streamlit.delta_generator import DeltaGenerator

REJECT_DETAIL = "The staged file is deleted; the memory files are not touched."
PAGE_AT = "in_at"  # session state: the page of the queue shown, a number of the page's own


@dataclass
class Inbox:
    """What one run of the page works on: the queue as triaged, the files, the selection, and
    the operations each write was shown with (what approving applies)."""

    store: MemoryStore
    states: dict[str, FileState]
    triaged: list[pending.Triaged]
    # What is selected, kept in state of its own: a checkbox's own value is forgotten by Streamlit on
    # every run that does not draw it (another page of the queue), and a selection holds across pages
    # and orders until it is acted on.
    picked: dict[str, bool]
    # A click is handled on the next run of the page, where each preview is made again from the file
    # as it is then. What the person approves is what the previews showed on the run they clicked in:
    # each item's texts and operation from that run are kept, and used while the texts are the same.
    seen_before: dict[str, tuple[object, Operation]]
    # The work every entry diff drawn on this run shares (the previews of one page): coarse past it.
    diffs: Work
    seen_now: dict[str, tuple[object, Operation]] = field(default_factory=dict)
    edits: dict[str, Operation] = field(default_factory=dict)
    shown: dict[str, Operation] = field(default_factory=dict)  # unedited: what approving applies
    folded: bool = False  # each write folded to one line (a long queue)

    @property
    def by_id(self) -> dict[str, pending.Triaged]:
        return {t.staged.id: t for t in self.triaged}

    @property
    def flagged(self) -> list[pending.Triaged]:
        return list(pending.marked(self.triaged))


def _pick(sid: str) -> None:
    st.session_state.setdefault("in_picked", {})[sid] = bool(st.session_state.get(f"in_pick_{sid}"))


def pick_box(ib: Inbox, sid: str, label: str, **kwargs: Any) -> None:
    """The bulk checkbox of one write, drawn from (and kept in) the selection."""
    st.checkbox(label, key=f"in_pick_{sid}", value=ib.picked.get(sid, False), on_change=_pick, args=(sid,), **kwargs)


SORT_LABELS = {"oldest": "Oldest first", "newest": "Newest first", "kind": "By kind"}
PAGE_SIZE = 10  # staged writes a page
WORDS_CUT = (
    "Word diffs past this page's work budget show each changed middle whole (one piece goes, one comes): "
    "open fewer staged writes at once to see them word by word."
)
DIFFS_CUT = (
    "Entry diffs are coarse once this page's work budget for them is spent: a changed entry may show as one "
    "removed and one added (approving applies the write as staged all the same). Open fewer staged writes at "
    "once to see them in full."
)
OPEN_UP_TO = 5  # a queue this short is shown open; a longer one folds each write to one line
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


def decide(ib: Inbox, verb: str, ids: Sequence[str], edited: dict[str, Operation] | None = None) -> None:
    """Approve (``edited``: these ids as edited) or reject, through the engine, then report.
    An unedited approval applies what its preview showed: pinned to the entry it hits there."""

    def run() -> list[pending.Decision]:
        if verb == "approve":
            return pending.approve(ib.store, ids, edited=edited, shown={i: ib.shown[i] for i in ids if i in ib.shown})
        return pending.reject(ib.store, ids)

    def unselect(decisions: list[pending.Decision]) -> None:
        for d in decisions:
            if d.ok:
                ib.picked.pop(d.id, None)
                st.session_state.pop(f"in_pick_{d.id}", None)

    ui.run_op(run, report=lambda decisions: reported(verb, decisions), then=unselect)


def decide_parts(ib: Inbox, sid: str, choice: ui.PartsChoice, seen: Operation | None) -> None:
    """Approve the kept operations of one batch (and the picked removals) as one pinned write."""

    def run() -> list[pending.Decision]:
        c = choice
        return [pending.approve_parts(ib.store, sid, c.keep, c.drop, c.aims, c.removals, shown=seen)]

    ui.run_op(run, report=lambda decisions: reported("approve", decisions))


def approve_all(ib: Inbox) -> None:
    ui.run_op(lambda: pending.approve_all(ib.store), report=lambda decisions: reported("approve", decisions))


# -- triage: marks, order, the marked ones rejected together -----------------------------------------


def write_text(item: pending.Staged) -> str:
    """A staged write's own words, one line an operation: what a bulk confirmation shows of it."""
    if not item.ok:
        return f"malformed: {item.problem}"
    lines = []
    for part in item.ops:
        content, old = ui.texts_of(part)
        lines.append(f"{part.action or 'no action'}: " + " → ".join(t for t in (old, content) if t))
    return "\n".join(lines)


def bulk_list(ib: Inbox, verb: str, ids: Sequence[str]) -> None:
    """What a bulk confirmation is about: each write with its text; for an approval, each file's
    usage once all of them apply (each write's change added up, as approving applies them in turn)."""
    change = dict.fromkeys(TARGETS, 0)
    with st.container(height=min(360, 40 + 70 * len(ids)), key="in_confirm_list"):
        for sid in ids:
            entry = ib.by_id.get(sid)
            if entry is None:
                st.markdown(f"{ui.lit(sid)}: no longer staged (it will be skipped).")
                continue
            item, preview = entry.staged, entry.preview
            where = f" on **{item.filename}**" if item.ok else ""
            st.markdown(f"{ui.lit(sid)} · {KIND_WORDS.get(item.action, 'no action')}{where}")
            st.text(write_text(item))
            if preview.refusal is not None:
                st.caption("Would be refused as it is now: it stays staged.")
            elif item.ok:
                change[item.target] += preview.usage - ib.states[item.target].usage
    if verb == "approve":
        st.caption(
            " · ".join(
                f"{ib.states[t].filename} after: {ib.states[t].usage + change[t]:,} / "
                f"{ib.states[t].limit:,} characters ({change[t]:+,})"
                for t in TARGETS
                if change[t] or any(ib.by_id[i].staged.target == t for i in ids if i in ib.by_id)
            )
        )


def still_apply(ib: Inbox, entry: pending.Triaged) -> tuple[int, int]:
    """How many operations of a batch still apply on the file now, of how many (0 for a single write):
    a batch marked for one stale operation may hold good ones that rejecting would delete."""
    item = entry.staged
    if not item.ok or len(item.ops) < 2:
        return 0, 0
    try:
        parts = pending.preview_parts(ib.store, item, state=ib.states[item.target]).parts
    except Refusal:
        return 0, len(item.ops)
    return sum(p.keepable for p in parts), len(parts)


def _forget_marked() -> None:
    st.session_state.pop("in_marked", None)


@st.dialog("Reject the marked staged writes?", width="large", on_dismiss=_forget_marked)
def ask_marked(ib: Inbox, ids: tuple[str, ...]) -> None:
    """The one confirmation for the marked writes: each listed with why it is marked."""
    st.markdown(f"**{n_of(len(ids), 'staged write')}** will be deleted; the memory files are not touched.")
    good = {sid: still_apply(ib, ib.by_id[sid]) for sid in ids if sid in ib.by_id}
    rescued = [sid for sid, (ok, _) in good.items() if ok]
    if rescued:
        st.warning(
            f"{n_of(len(rescued), 'marked batch', 'marked batches')} still "
            f"{agreeing(len(rescued), 'holds', 'hold')} operations that apply: rejecting deletes them too. "
            "Open one to approve what still applies, operation by operation."
        )
    # The list scrolls inside the dialog: the answer below it stays in view however long it is.
    with st.container(height=min(420, 40 + 78 * len(ids)), key="in_marked_list"):
        for sid in sorted(ids, key=lambda i: i not in rescued):
            item = ib.by_id.get(sid)
            if item is None:
                st.markdown(f"{ui.lit(sid)}: no longer staged (it will be skipped).")
                continue
            st.markdown(
                f"{ui.lit(sid)} · {KIND_WORDS.get(item.staged.action, item.staged.action)} on "
                f"**{FILENAMES[item.staged.target]}** · {ago(item.staged.age())}"
            )
            st.text("; ".join(item.reasons) + "\n" + write_text(item.staged))
            ok, of = good[sid]
            if ok and st.button(f"{ok} of {of} operations still apply: open it", key=f"in_marked_open_{sid}"):
                _forget_marked()
                st.session_state.in_open = sid
                st.rerun()
    with st.container(horizontal=True, gap="small", key="in_marked_buttons"):
        yes = st.button(f"Yes, reject {len(ids)}", key="in_marked_yes", type="primary")
        no = st.button("Cancel", key="in_marked_no")
    if no:
        _forget_marked()
        st.rerun()
    if yes:
        _forget_marked()
        decide(ib, "reject", list(ids))


def show_preview(
    ib: Inbox,
    shown: pending.Preview,
    key: str,
    refused: str,
    where: DeltaGenerator | None = None,
    gauge: DeltaGenerator | None = None,
) -> None:
    """The file after approval: the gauge (into ``gauge``, when given) and every entry it adds or
    changes in full (a replace word by word), or why it would be refused (under ``where``)."""
    what = where if where is not None else st.container()
    if shown.refusal is not None:
        with what:
            ui.show_refusal(shown.refusal, refused)
        return
    state = ib.states[shown.staged.target]
    if gauge is not None:
        with gauge:
            ui.after_gauge(state, shown.usage, len(shown.after), f"in_gauge_{key}")
    ui.show_changes(shown.diff, key)


def reject_and_select(ib: Inbox, item_id: str) -> None:
    """An item's "Reject…" (asks first: rejecting deletes the staged file) and its bulk checkbox
    (in the folded line instead, when the queue is folded)."""
    if st.button("Reject…", key=f"in_reject_{item_id}"):
        st.session_state[f"in_rej_{item_id}_ask"] = True
    if not ib.folded:
        pick_box(ib, item_id, f"Select {ui.lit(item_id)}")


def confirm_reject(ib: Inbox, item_id: str) -> None:
    if ui.confirm(
        f"in_rej_{item_id}_ask",
        True,
        f"Reject {ui.lit(item_id)}?",
        yes="Yes, reject",
        key=f"in_rej_{item_id}",
        detail=REJECT_DETAIL,
    ):
        decide(ib, "reject", [item_id])


def as_seen(ib: Inbox, item_id: str, texts: object, now: Operation | None) -> Operation | None:
    """The operation shown for ``item_id`` on the previous run if its texts are unchanged, else ``now``."""
    before = ib.seen_before.get(item_id)
    chosen_op = before[1] if before is not None and before[0] == texts else now
    if now is not None:
        ib.seen_now[item_id] = (texts, now)
    return chosen_op


def card(ib: Inbox, entry: pending.Triaged) -> None:
    """One staged write: what it is, its marks, the file after approving, its buttons, its edit;
    a batch also operation by operation."""
    item, preview = entry.staged, entry.preview
    if not item.ok:
        st.error(f"{ui.lit(item.id)} **is a malformed staged file** (it can only be rejected)")
        st.text(f"{item.path.name}: {item.problem}")
        with st.container(horizontal=True, gap="small", vertical_alignment="center"):
            reject_and_select(ib, item.id)
        confirm_reject(ib, item.id)
        return
    # The write and its buttons on the left; the file after it and the edit boxes (folded) beside.
    what, after = st.columns([3, 2], gap="medium")
    with what:
        describe(entry)
    with after:
        gauge = st.container()  # filled once the edit is known: one figure, the one approving gives
    if preview.refusal is not None:
        with what:
            refused_here(ib, entry)
    if item.matched_entry and not preview.broken_pins:
        with st.expander("Pinned to an entry: approved only while it is still in the file word for word"):
            ui.show_entry(item.matched_entry, max_chars=600)
    ui.show_pins(preview)
    with after:  # beside the write, so that it costs no height of its own while folded
        texts, aim_now = ui.edit_boxes(item, preview.refusal is not None, bool(preview.broken_pins))
    edited = None
    if aim_now or texts != [ui.texts_of(part) for part in item.parts()]:
        edited = pending.preview(ib.store, item, item.edit(texts, aim_now=aim_now))
    op = as_seen(ib, item.id, (tuple(texts), aim_now), (edited or preview).operation)
    if op is not None:
        (ib.edits if edited is not None else ib.shown)[item.id] = op
    # The buttons come before the edit's preview: a text box commits its value when it loses
    # focus (the pointer-down of the click), and a preview redrawn above the button would move it.
    with what:
        with st.container(horizontal=True, gap="small", vertical_alignment="center"):
            # A write whose approval would be refused offers no Approve until an edit makes one.
            if (edited is not None or preview.refusal is None) and st.button(
                "Approve as edited" if edited else "Approve", key=f"in_approve_{item.id}", type="primary"
            ):
                decide(ib, "approve", [item.id], {item.id: ib.edits[item.id]} if item.id in ib.edits else None)
            reject_and_select(ib, item.id)
        confirm_reject(ib, item.id)
    final = edited if edited is not None and edited.refusal is None else preview
    if final.refusal is None:
        with gauge:
            ui.after_gauge(ib.states[item.target], final.usage, len(final.after), f"in_gauge_{item.id}")
    below(ib, entry, edited)


def below(ib: Inbox, entry: pending.Triaged, edited: pending.Preview | None) -> None:
    """Under a write's buttons: the file after it (or after the edit), the model's review, and
    a batch operation by operation."""
    item, preview = entry.staged, entry.preview
    if edited is not None:
        st.markdown("**Your edit, if approved:**")
        show_preview(
            ib,
            edited,
            f"{item.id}_edit",
            "**Approving your edit would be refused**; the staged write stays as the agent wrote it.",
        )
    elif preview.refusal is None:  # a refusal is said above, under the write
        ui.show_changes(preview.diff, item.id)
    contents = [part.content for part in item.parts() if part.content]
    ui.staged_model_review(ib.store, item.id, item.target, contents, ib.states[item.target].fingerprint)
    # A batch, an operation with no action, or a write over the limit (to fit with removals).
    if parted(item, preview.refusal_code):
        by_parts(ib, entry)


def describe(entry: pending.Triaged) -> None:
    """A staged write in words: id, kind, file, age, its summary and origin (plain), its marks."""
    item, preview = entry.staged, entry.preview
    st.markdown(f"{ui.lit(item.id)} · {ui.lit(item.action or 'no action')} on **{item.filename}** · {ago(item.age())}")
    # summary and origin come from the staged file (untrusted text): shown plain, never as markdown.
    st.text(f"{item.summary or '(no summary)'}\n{item.origin_label.capitalize()}")
    if item.disposition:
        st.text(f"the agent marked it: {item.disposition}")
    if entry.marked:
        st.warning("**Marked**: " + ", ".join(pending.MARK_LABELS[m] for m in entry.marks))
        # A broken pin is shown in full just below (then and now): its reason is not repeated.
        # So is a stale one whose refusal is shown below: the reason once.
        said = [
            why
            for mark, why in zip(entry.marks, entry.reasons)
            if not (mark == "stale" and (preview.broken_pins or preview.refusal is not None))
        ]
        if said:
            st.text("\n".join(said))


def parted(item: pending.Staged, refusal_code: str | None) -> bool:
    """Whether a write is also shown operation by operation: a batch, an operation with no action,
    or a write over the limit (to fit with removals)."""
    return len(item.ops) > 1 or any(not p.action for p in item.ops) or refusal_code == "over_limit"


def refused_here(ib: Inbox, entry: pending.Triaged) -> None:
    """Why approving this write would be refused, said once; where the operation-by-operation
    view below can approve part of it, that is the way out named (not the engine's hint, which
    speaks of a single operation's text)."""
    preview = entry.preview
    assert preview.refusal is not None
    if len(entry.staged.ops) < 2:
        ui.show_refusal(
            preview.refusal,
            "**Approving this would be refused**; it stays pending until you edit it so that it fits, or reject it.",
        )
        return
    ok, of = still_apply(ib, entry)
    way = (
        f"{ok} of {of} operations still apply: keep them in **Operation by operation** below and approve them "
        "as one write; the rest stay staged (or drop them)."
        if ok
        else "Open **Operation by operation** below to see each operation's reason, re-aim or drop it."
    )
    with st.container(border=True):
        st.error(f"**Approving this as a whole would be refused.** {way}")
        st.text(preview.refusal.message)


def by_parts(ib: Inbox, entry: pending.Triaged) -> None:
    """A batch operation by operation: keep, drop or re-aim each, approve the kept ones as one write."""
    item = entry.staged
    with st.expander("Operation by operation: keep, drop or re-aim each", expanded=entry.preview.refusal is not None):
        choice = ui.parts_panel(ib.store, item, ib.states[item.target])
        if choice is None:
            return
        chosen_parts = (choice.keep, choice.drop, tuple(sorted(choice.aims.items())), choice.removals)
        seen = as_seen(ib, f"{item.id}#parts", chosen_parts, choice.preview.operation if choice.keep else None)
        if choice.preview.refusal is not None and choice.keep:
            ui.show_refusal(choice.preview.refusal, "**Approving the kept operations together would be refused.**")
        elif choice.keep or choice.drop:
            usage = f"{choice.preview.usage:,} / {choice.preview.limit:,} characters"
            st.caption(f"Approving {ui.parts_summary(choice)}; {item.filename} then at {usage}.")
        if st.button(
            f"Approve the kept operations ({len(choice.keep)} of {len(item.ops)})",
            key=f"in_parts_{item.id}",
            type="primary",
            disabled=(not choice.keep and not choice.drop)
            or (choice.preview.refusal is not None and bool(choice.keep)),
        ):
            decide_parts(ib, item.id, choice, seen)


def fold_label(entry: pending.Triaged) -> str:
    """A write on one line: id, kind, file, age, summary (plain), its marks."""
    item = entry.staged
    if not item.ok:
        return f"{ui.lit(item.id)} · :red[malformed]"
    marks = f" · :orange[marked: {', '.join(pending.MARK_LABELS[m] for m in entry.marks)}]" if entry.marked else ""
    summary = " ".join((item.summary or "(no summary)").split())
    cut = summary if len(summary) <= 70 else summary[:69] + "…"
    return (
        f"{ui.lit(item.id)} · {KIND_WORDS.get(item.action, 'no action')} on **{item.filename}** · {ago(item.age())}"
        f" · {ui.lit(cut)}{marks}"
    )


def pick_page(count: int, wanted: int | None = None) -> int:
    """The page of a queue of ``count`` to show (``wanted``: this one), and its picker.

    Streamlit keeps a picker's value as the label it showed; a label the next run no longer offers
    came back as that string (once a TypeError on a shortened queue). So the labels depend only on
    the number of pages, which is also in the picker's key: a new count is a new picker, set to the
    page kept here."""
    pages = max(1, -(-count // PAGE_SIZE))
    at = min(wanted if wanted is not None else int(st.session_state.get(PAGE_AT, 0)), pages - 1)
    if pages > 1:
        key = f"in_page_{pages}"
        if wanted is not None or key not in st.session_state:
            st.session_state[key] = at
        with st.container(horizontal=True, gap="small", vertical_alignment="center", key="in_pager"):
            at = st.selectbox(
                "Page",
                range(pages),
                format_func=lambda n: f"Page {n + 1} of {pages}",
                key=key,
                width=160,
                label_visibility="collapsed",
            )
            st.caption(f"Writes {at * PAGE_SIZE + 1}–{min(count, (at + 1) * PAGE_SIZE)} of {count}")
    st.session_state[PAGE_AT] = at
    return at


def opening(items: Sequence[pending.Triaged]) -> int | None:
    """The page of the write the marked writes' dialog asked to open ("open it"), its fold opened."""
    sid = st.session_state.pop("in_open", None)
    ids = [t.staged.id for t in items]
    if sid not in ids:
        return None
    st.session_state[f"in_fold_{sid}"] = True
    return ids.index(sid) // PAGE_SIZE


def triaged_queue(store: MemoryStore) -> tuple[list[pending.Triaged], Work]:
    """The queue as triaged, and the one budget of work its entry diffs share on this run (spent
    as the page draws them, so by the writes of the page shown): past it the rest are coarse."""
    diffs = Work(LISTING_DIFF_STEPS)
    return pending.triage(store, budget=diffs), diffs


def show(store: MemoryStore) -> None:
    """The page: what the agent asks, the triage bar, the bulk actions, then the queue."""
    ui.page_title("Inbox: pending writes")  # focus comes here on arrival, as on every page
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
    ui.follow(store)  # a write the agent stages (or a memory write) shows within about a second, with no click
    triaged, diffs = triaged_queue(store)
    if left := pending.not_read(store):  # a queue longer than is read at once
        st.caption(f"{len(triaged)} oldest staged writes shown; {left}: approve or reject these first.")
    if not triaged:
        st.info(f"No staged writes in {ui.lit(store.home.pending_dir)}.")
        st.stop()
    states = {t: ui.file_state(t, store) for t in TARGETS}
    for state in states.values():
        ui.remember_seen(state)
    picked: dict[str, bool] = st.session_state.setdefault("in_picked", {})
    ib = Inbox(store, states, triaged, picked, dict(st.session_state.get("in_seen", {})), diffs)
    order, only_marked = triage_bar(ib)
    bulk_bar(ib)
    confirm_slot = st.container()  # the bulk confirmation, at the top beside its buttons
    queue(ib, order, only_marked)
    st.session_state.in_seen = ib.seen_now
    with confirm_slot:
        bulk_confirm(ib)


def triage_bar(ib: Inbox) -> tuple[str, bool]:
    """How many wait and how many are marked, the order, and the actions on all or the marked
    ones (each asks first); returns the order and whether only the marked are shown."""
    triaged, flagged = ib.triaged, ib.flagged
    counts = {mark: sum(mark in t.marks for t in triaged) for mark in pending.MARKS}
    summary = ", ".join(f"{counts[m]} {pending.MARK_LABELS[m]}" for m in pending.MARKS if counts[m])
    twice = sum(len(t.marks) > 1 for t in flagged)
    if twice:  # the parts then add up to more than the marked: said, not left to puzzle over
        summary += f" ({twice} {agreeing(twice, 'has', 'have')} more than one reason)"
    with st.container(horizontal=True, gap="small", vertical_alignment="center", key="in_triage"):
        st.markdown(
            f"**{n_of(len(triaged), 'staged write')}**"
            + (f" · {len(flagged)} marked: {summary}" if flagged else " · none marked"),
            width="content",
        )
        order: str = st.selectbox(
            "Order",
            list(SORT_LABELS),
            format_func=SORT_LABELS.__getitem__,
            key="in_sort",
            width=200,
            label_visibility="collapsed",
            help="The order of the staged writes. By kind: adds, patches, replaces, removes, batches; "
            "oldest first within each. Malformed files come last.",
        )
        # Nothing marked: no toggle and no "Reject the 0 marked…" (a control that can do nothing is not drawn).
        only_marked = bool(flagged) and st.toggle("Only the marked ones", key="in_only_marked")
        if flagged and st.button(
            f"Reject the {len(flagged)} marked…",
            key="in_reject_marked",
            help="Asks first, listing each with why it is marked.",
        ):
            st.session_state.in_marked = tuple(t.staged.id for t in flagged)
        if st.button(
            "Approve all that apply…",
            key="in_apply_all",
            help="Each staged write, oldest first, approved on its own on the file as the earlier ones leave it; "
            "every one that does not apply is listed with its reason.",
        ):
            st.session_state.in_all = True
    all_or_marked(ib)
    return order, only_marked


def all_or_marked(ib: Inbox) -> None:
    """The questions of the triage bar's two actions: the marked rejected, all that apply approved."""
    if st.session_state.get("in_marked"):
        ask_marked(ib, tuple(st.session_state.in_marked))
    if ui.confirm(
        "in_all",
        True,
        f"Approve every one of the {n_of(len(ib.triaged), 'staged write')} that applies?",
        yes="Yes, approve all that apply",
        key="in_all",
        detail="Oldest first, each its own write with its own backup; the ones that do not apply stay staged, "
        "each named with its reason.",
        show=lambda: bulk_list(ib, "approve", tuple(ib.by_id)),
    ):
        approve_all(ib)


def bulk_bar(ib: Inbox) -> None:
    """The bulk actions, at the top: what is selected on any page."""
    chosen = [sid for sid in ib.by_id if ib.picked.get(sid)]
    with st.container(horizontal=True, gap="small", vertical_alignment="center", key="in_bulk"):
        st.markdown(f"**{len(chosen)} selected**", width="content")
        if st.button(f"Approve selected ({len(chosen)})…", key="in_approve", disabled=not chosen):
            st.session_state.in_confirm = ("approve", tuple(chosen))
        if st.button(f"Reject selected ({len(chosen)})…", key="in_reject", disabled=not chosen):
            st.session_state.in_confirm = ("reject", tuple(chosen))


def queue(ib: Inbox, order: str, only_marked: bool) -> None:
    """One page of the queue in the order chosen: each write open, or folded to one line."""
    shown_items = pending.sort_items(ib.triaged, order)
    if only_marked:
        shown_items = [t for t in shown_items if t.marked]
    page = pick_page(len(shown_items), opening(shown_items))
    ib.folded = len(shown_items) > OPEN_UP_TO
    with word_budget() as budget:  # one budget of work for every word diff on the page
        for entry in shown_items[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]:
            queued(ib, entry)
    if ib.diffs.short:
        st.caption(DIFFS_CUT)
    if budget.short:
        st.caption(WORDS_CUT)


def queued(ib: Inbox, entry: pending.Triaged) -> None:
    """One staged write of the page: open, or folded to one line that opens."""
    sid = entry.staged.id
    if not ib.folded:
        with st.container(border=True, key=f"in_box_{sid}"):
            card(ib, entry)
        return
    with st.container(horizontal=True, wrap=False, gap="small", vertical_alignment="top", key=f"in_row_{sid}"):
        pick_box(ib, sid, f"Select {ui.lit(sid)}", label_visibility="collapsed", width="content")
        box = st.expander(fold_label(entry), key=f"in_fold_{sid}", on_change="rerun")
    if box.open:
        with box, st.container(key=f"in_box_{sid}"):
            card(ib, entry)


def bulk_confirm(ib: Inbox) -> None:
    """The question of "Approve selected" or "Reject selected", listing each write."""
    pending_confirm = st.session_state.get("in_confirm")
    if not pending_confirm:
        return
    verb, ids = pending_confirm
    as_edited = [i for i in ids if i in ib.edits] if verb == "approve" else []
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
        show=lambda: bulk_list(ib, verb, ids),
    ):
        decide(ib, verb, ids, {i: ib.edits[i] for i in as_edited})
