"""The Snapshot page, drawn: the snapshot beside the live file: what the running session sees,
what is on disk, what comes next.

The agent freezes both files into the system prompt when a session starts (docs/rules.md#snapshot); writes
made during the session only reach the next one. This page puts the frozen snapshot (from
``state.db`` or frozen here) next to the live file, diffs them entry by entry, and shows the
block exactly as the next session will load it.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from hermes_dash import FileState, MemoryStore, ui
from hermes_dash.engine.freeze import freeze_snapshot
from hermes_dash.engine.rules.format import FILENAMES, TARGETS, over_budget_text
from hermes_dash.engine.views.diff import EntryDiff
from hermes_dash.engine.views.humanize import n_of
from hermes_dash.engine.views.sessions import SessionList
from hermes_dash.engine.views.snapshot import Snapshot, compare_snapshot, load_frozen_snapshot


def show(store: MemoryStore) -> None:
    """The page: which snapshot to compare with (or take one), then one tab per file."""
    ui.follow(store)  # an agent write shows within about a second, with no click
    ui.page_title("Snapshot")
    st.caption(
        "A running agent session keeps the memory it loaded at its start. Writes reach disk at once, "
        "but that session only sees them in its next session."
    )
    found = ui.sessions(store)
    current = ui.current_snapshot(store)  # the app's one snapshot: picking another here changes every page
    options, labels = choices(store, found, current)
    left, right = st.columns([3, 1])
    with right:
        freeze_button(store, bool(found.sessions))
    # Why there is no session, said once: the reason (no state.db, or none with a prompt in it).
    no_session = None if found.sessions else found.problem or "state.db holds no agent session with a prompt in it."
    if current is None or not options:
        with left:
            st.info(
                "**Nothing to compare with yet.** Take a snapshot now (the button beside this): later, "
                "every page shows what changed since."
            )
            st.text(no_session or "")
        st.stop()
    if no_session:
        with left:
            st.text(no_session)
    with left:
        picker(store, current, options, labels)
    compare(store, current.snapshot)


def choices(
    store: MemoryStore, found: SessionList, current: ui.SnapshotChoice | None
) -> tuple[list[str], dict[str, str]]:
    """What can be compared with: the sessions in state.db, newest first, and the snapshot frozen here."""
    options: list[str] = []
    labels: dict[str, str] = {}
    for session in found.sessions:
        started = session.started_at.astimezone().strftime("%Y-%m-%d %H:%M:%S %Z") if session.started_at else "unknown"
        labels[session.id] = f"{session.id} · {session.source or 'unknown source'} · started {started}"
        options.append(session.id)
    if current is not None and current.session_id is not None and current.session_id not in labels:
        labels[current.session_id] = f"{current.session_id} · {current.snapshot.source}"  # older than the list
        options.append(current.session_id)
    frozen = load_frozen_snapshot(store)
    if frozen is not None:
        labels[ui.FROZEN] = (
            f"snapshot taken here · {frozen.taken_at.astimezone():%Y-%m-%d %H:%M:%S %Z}"
            if frozen.taken_at
            else "snapshot taken here"
        )
        options.append(ui.FROZEN)
    return options, labels


def freeze_button(store: MemoryStore, sessions: bool) -> None:
    """Take a snapshot now: a copy of what a session starting now would load."""
    if st.button(
        "Take a snapshot now",
        key="snap_freeze",
        type="secondary" if sessions else "primary",
        help="Keep a copy of what a session starting now would load, beside the memory files "
        "(memories/.hermes-dash-snapshot.json): every page then shows what changed since.",
    ):
        ui.run_op(
            lambda: freeze_snapshot(store),
            then=lambda _: ui.choose_snapshot(store, ui.FROZEN),
            report=lambda _: [
                ui.Flash(
                    "success",
                    "Snapshot taken",
                    "Every page now compares with it: later changes show up as differences from it.",
                )
            ],
        )


def picker(store: MemoryStore, current: ui.SnapshotChoice, options: list[str], labels: dict[str, str]) -> None:
    """The snapshot compared with: the app's choice, wherever it was made; a new pick is every page's."""
    st.session_state.snap_session = current.choice  # the widget shows the app's choice, wherever it was made
    st.selectbox(
        "Compare with",
        options,
        key="snap_session",
        format_func=lambda o: labels.get(o, o),
        on_change=lambda: ui.choose_snapshot(store, st.session_state.snap_session),
        help="Sessions recorded in state.db, newest first, and the snapshot frozen here.",
    )
    ui.compared_with(current, picked_here=True)


def compare(store: MemoryStore, snapshot: Snapshot) -> None:
    """One tab per file, its counts in the tab's name: what changed shows at a glance, and the
    page is one file's diff tall, not both files' tables and blocks one under the other."""
    if snapshot.note:
        st.warning(snapshot.note)
    st.caption(
        "Compared as the agent puts the files into its prompt: an entry its content scan blocks is compared as "
        "the short note the agent puts in its place."
    )
    diffs = {t: compare_snapshot(snapshot, t, ui.file_state(t, store).entries) for t in TARGETS}
    for target, tab in zip(TARGETS, st.tabs([tab_name(t, diffs[t]) for t in TARGETS])):
        with tab:
            file_tab(store, snapshot, target, diffs[target])


def tab_name(target: str, diff: EntryDiff) -> str:
    """Short enough for both tabs to fit a phone's width (a long name was cut: "USER.md ·"); the
    kinds of change are the counts under it."""
    c = diff.counts
    n = c["added"] + c["removed"] + c["changed"]
    return f"{FILENAMES[target]}: " + (n_of(n, "change") if n else "no change")


def file_tab(store: MemoryStore, snapshot: Snapshot, target: str, diff: EntryDiff) -> None:
    """One file: the counts, what differs, the budget, both sides in full, and both blocks."""
    state = ui.file_state(target, store)
    ui.remember_seen(state)
    st.header(FILENAMES[target], anchor=False)
    snap_entries = snapshot.entries.get(target, ())
    # Compared as injected, with the one pairing rule (docs/rules.md#diff), as the Overview counts.
    counts = diff.counts
    cols = st.columns(4)
    for col, kind in zip(cols, ("added", "removed", "changed", "unchanged")):
        col.metric(kind.capitalize(), counts[kind])
    if snapshot.truncated.get(target):
        st.warning(
            "The snapshot's block was cut (over budget) by the unreleased upstream commit that recorded "
            "this session: its middle is missing. No release cuts a block."
        )
    if diff.identical:
        st.success("The snapshot and the file hold the same entries.")
    # What differs, first; the unchanged entries fold away (docs/screens.md#diffs).
    ui.entry_diff(diff.items, key=f"snap_diff_{target}", labels=("Snapshot", "On disk"))
    block = store.render_block(target)
    if block and state.over_budget:
        # Beside the block, never inside it: the agent injects an over-budget store whole.
        st.warning(
            f"{state.filename} is over budget ({state.usage:,}/{state.limit:,} chars, "
            f"{over_budget_text(state.usage, state.limit)}). The next session still loads all of it, "
            'as shown under "What the next session will load", but the agent refuses every add '
            "until it is back under the limit: remove or shorten entries first."
        )
    # A switch, not an expander: a table in a closed expander is laid out but never drawn.
    if st.toggle(
        f"Show both sides in full ({len(snap_entries):,} in the snapshot, {len(state.entries):,} on disk)",
        key=f"snap_full_{target}",
    ):
        both_sides(state, snap_entries, target)
    with st.expander("What the next session will load (exactly as injected), and the running session's block"):
        st.markdown("**The next session will load**")
        if block:
            ui.plain(block)
        else:
            st.info("Nothing: an empty or disabled store renders no block.")
        st.markdown("**The running session has**")
        if snapshot.blocks.get(target):
            ui.plain(snapshot.blocks[target])
        else:
            st.info("No block.")


def both_sides(state: FileState, snap_entries: Sequence[str], target: str) -> None:
    """The snapshot's entries beside the file's, each as a table."""
    side_l, side_r = st.columns(2)
    with side_l:
        st.markdown("**Running session sees (snapshot)**")
        if snap_entries:
            ui.entry_table(ui.entry_frame(snap_entries, state.limit), key=f"snap_old_{target}")
        else:
            st.info("No block for this file in the snapshot.")
    with side_r:
        st.markdown("**On disk now**")
        if state.entries:
            ui.entry_table(ui.entry_frame(state.entries, state.limit), key=f"snap_new_{target}")
        else:
            st.info("No entries on disk.")
