"""The Inbox's pieces that read like the other pages: what approving changes, in full text with
a word diff (as Edit and History show a replace), the file after approving in the gauge's own
colours, and a staged batch operation by operation (keep, drop or re-aim each; removals picked
when it would pass the limit).

Nothing is cut that a person approves: every entry a write adds or changes is shown whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

import streamlit as st

from hermes_dash import FileState, MemoryStore, Operation, Refusal
from hermes_dash.curation import pending
from hermes_dash.engine.text import shorten
from hermes_dash.engine.views.diff import EntryDiff
from hermes_dash.engine.views.humanize import agreeing, n_of

from ._diffview import run_budget, show_word_diff
from ._plaintext import md_text
from ._widgets import gauge_after, plain, show_entry, then_and_now

EDITABLE_PARTS = 50  # two boxes an operation: a longer batch would fill the page with them
#: How each operation can be decided in the Inbox.
CHOICES = {"keep": "Keep", "drop": "Drop", "leave": "Leave staged"}


def show_changes(diff: EntryDiff, key: str) -> None:
    """The entries approving adds, changes or removes (a preview's ``diff``), each whole: a changed
    entry word by word."""
    items = [i for i in diff.items if i.kind != "unchanged"]
    if not items:
        st.caption("Approving changes nothing (the file already says this).")
        return
    with st.container(key=f"in_changes_{key}"):
        for item in items:
            if item.kind == "changed":
                show_word_diff(item.old or "", item.new or "", fold=False, caption="Changed, word by word:")
            elif item.kind == "added":
                st.caption("Added (in full):")
                plain(item.new or "")
            else:
                st.caption("Removed:")
                plain(item.old or "")


def after_gauge(state: FileState, used: int, count: int, key: str) -> None:
    """The file after approving: the gauge itself (its colours, its figures), one figure of change."""
    gauge_after(state, used, count, key=key)
    st.caption(f"After approving: {used - state.usage:+,} characters")


@dataclass(frozen=True)
class PartsChoice:
    """What the person chose for a batch's operations, and the preview of it."""

    preview: pending.PartsPreview
    keep: tuple[int, ...]
    drop: tuple[int, ...]
    aims: dict[int, str]
    removals: tuple[str, ...]


def _aim_options(entries: Sequence[str]) -> list[str]:
    return ["", *dict.fromkeys(entries)]


def _choice_key(sid: str, n: int, aims: dict[int, str]) -> str:
    """An operation's choice's key: re-aimed, it is a new choice (kept by default once it applies)."""
    return f"in_part_{sid}_{n}" + ("_aimed" if n in aims else "")


def _part_box(
    p: pending.PartVerdict, sid: str, drop: tuple[int, ...], aims: dict[int, str], entries: Sequence[str]
) -> None:
    """One operation of a batch: its verdict, its word diff, the choice, and where to aim it."""
    head = f"**{p.position}. {p.staged.action or 'no action'}** · "
    head += f":{'green' if p.verdict in ('applies', 'no_change') else 'orange'}[{p.label}]"
    st.markdown(head)
    if p.reason and p.verdict != "applies":
        st.text(p.reason)
    if p.before is not None or p.after is not None:
        if p.before is not None and p.after is not None:
            show_word_diff(p.before, p.after, fold=False, caption="")
        elif p.after is not None:
            plain(p.after)
        else:
            st.caption("Removes:")
            plain(p.before or "")
    default = "keep" if p.keepable else "leave"
    key = _choice_key(sid, p.position, aims)
    # The options stay as they were while the operation is dropped (its verdict is not judged
    # then): new options would draw a new control, and Space on "Drop" left focus on the page body.
    options = (
        st.session_state.get(f"{key}_options") or list(CHOICES)
        if p.position in drop
        else list(CHOICES)
        if p.keepable
        else ["drop", "leave"]
    )
    st.session_state[f"{key}_options"] = options
    if st.session_state.get(key) not in options:
        st.session_state.pop(key, None)
    st.segmented_control(
        f"Operation {p.position}",
        options,
        format_func=CHOICES.__getitem__,
        default=default,
        key=key,
        label_visibility="collapsed",
        selection_mode="single",
        required=True,
    )
    if p.staged.action != "add" and (not p.keepable or p.position in aims):
        st.selectbox(
            "Aim it at the entry it should hit now",
            _aim_options(entries),
            format_func=lambda e: "(as staged)" if not e else shorten(e, 90, one_line=True),
            key=f"in_aimto_{sid}_{p.position}",
            help="Pick the entry this operation should change now: it is then pinned to it.",
        )


def parts_panel(store: MemoryStore, item: pending.Staged, state: FileState) -> PartsChoice | None:
    """Each operation of ``item`` with its verdict and word diff, a choice (keep / drop / leave
    staged) and, for one that cannot apply, the entry to aim it at now; when the kept ones would
    pass the limit, Cleanup's ranked candidates to remove with them. None when the choice itself
    is refused (the reason is shown)."""
    sid, entries = item.id, state.entries
    aims: dict[int, str] = {}
    for n, part in enumerate(item.ops, 1):
        if part.action != "add":
            aim = st.session_state.get(f"in_aimto_{sid}_{n}") or ""
            if aim and aim in entries:
                aims[n] = aim

    drop = tuple(n for n in range(1, len(item.ops) + 1) if st.session_state.get(_choice_key(sid, n, aims)) == "drop")
    try:
        first = pending.preview_parts(store, item, None, drop, aims, (), state)
    except Refusal as refused:  # a choice the rules refuse: said, the choice offered again
        st.warning(md_text(refused.message))
        return None
    for p in first.parts:
        with st.container(border=True, key=f"in_op_{sid}_{p.position}"):
            _part_box(p, sid, drop, aims, entries)
    keep = tuple(
        p.position
        for p in first.parts
        if p.keepable and (st.session_state.get(_choice_key(sid, p.position, aims)) or "keep") == "keep"
    )
    removals: tuple[str, ...] = tuple(st.session_state.get(f"in_fit_{sid}") or ())
    try:
        shown = pending.preview_parts(store, item, keep, drop, aims, [r for r in removals if r in entries], state)
    except Refusal as refused:  # as above
        st.warning(md_text(refused.message))
        return None
    unfitted = pending.preview_parts(store, item, keep, drop, aims, (), state) if removals else shown
    if unfitted.over_by:
        fit_picker(store, unfitted, sid)
    return PartsChoice(shown, shown.keep, shown.drop, aims, shown.removals)


def fit_picker(store: MemoryStore, shown: pending.PartsPreview, sid: str) -> None:
    """Over the limit: by how much, and Cleanup's ranked candidates (none picked) to remove with it."""
    st.markdown(
        f"**Over the limit by {shown.over_by:,} characters** with the kept operations: pick entries to remove "
        "in the same write (none is picked for you), or drop an operation."
    )
    ranked = pending.fit_candidates(store, shown)
    if not ranked:
        st.caption("No entry outside this write can be removed to make room.")
        return
    why = {c.entry: f"{c.evidence}: frees {c.freed:,}" for c in ranked}
    st.multiselect(
        "Remove with it",
        [c.entry for c in ranked],
        format_func=lambda e: f"{shorten(e, 70, one_line=True)} ({why[e]})",
        key=f"in_fit_{sid}",
        help="Ranked by Cleanup's evidence (contradicted, duplicate, not found here, then by length); "
        "the entries this write changes are not offered.",
    )


def parts_summary(choice: PartsChoice) -> str:
    """What approving the choice does, in one line."""
    shown = choice.preview
    said = (
        f"approves {agreeing(len(shown.keep), 'operation', 'operations')} {', '.join(map(str, shown.keep)) or 'none'}"
    )
    if shown.drop:
        said += f", drops {', '.join(map(str, shown.drop))}"
    if shown.removals:
        said += f", removes {n_of(len(shown.removals), 'entry', 'entries')} you picked"
    if shown.left:
        said += f"; {', '.join(map(str, shown.left))} stay staged"
    return said


def _now_in_file(text: str | None) -> None:
    if text is None:
        st.caption("No entry: it is gone (or its text is now in several entries).")
    else:
        show_entry(text, max_chars=600)


def show_pins(shown: pending.Preview) -> None:
    """A pinned write whose entry changed: the entry as the agent saw it, and what is there now."""
    for pin in shown.broken_pins:
        where = f" (operation {pin.position})" if len(shown.staged.ops) > 1 else ""
        st.markdown(
            f"**The entry this write is pinned to changed{where}**: approving is refused and the staged file is kept."
        )
        then_and_now(
            "Then: when the agent staged it",
            partial(show_entry, pin.then, max_chars=600),
            "Now: in the file in its place",
            partial(_now_in_file, pin.now),
        )
        if pin.now is not None:
            st.caption("What changed since, word by word ([-then-] {+now+}):")
            plain(pending.word_diff(pin.then, pin.now, run_budget()))


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
        "Edit before approving" if not refused else "Edit it so that it can be approved",
        expanded=refused and len(parts) == 1,  # a batch: operation by operation first
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
                    help=pending.patch_rule(),
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
