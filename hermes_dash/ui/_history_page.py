"""The History page, drawn: a file's versions on one side, the chosen version against the live
file on the other.

The versions are the backups (hermes-dash keeps one before every write, and before a restore, so
a restore can itself be undone here; three naming styles: dated by hermes-dash, daily by hand,
drift, the agent's copy of a hand-edited file), then the live file, each with who made it (the
journal of writes, docs/provenance.md). A version comes back whole, or one entry of it comes back
where it stood (``curation.history.put_back``: a changed entry in its place, a gone one between its
old neighbours, the file byte-identical when nothing else changed). Details fold away: each
entry's life, any two versions compared, pruning.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from hermes_dash import FileState, MemoryStore, Refusal, ui
from hermes_dash.curation import blame, history
from hermes_dash.engine.io.backups import Backup
from hermes_dash.engine.rules.format import FILENAMES, TARGETS
from hermes_dash.engine.views.diff import diff_entries
from hermes_dash.engine.views.humanize import age, agreeing, n_entries, n_of

# Each version's kind in plain words, short enough for the version picker on a phone.
KINDS = {
    "dated": "before a write",
    "daily": "daily copy",
    "drift": "copy of a hand edit",
    history.CURRENT: "live file",
}


def prune_section(store: MemoryStore, backups: list[Backup]) -> None:
    """Delete all but the newest N dated backups of each file (docs/rules.md#backups), after a
    preview that names every one; the deletion is pinned to exactly the names shown."""
    dated = Counter(b.target for b in backups if b.style == "dated")
    if not dated:
        return
    held = ", ".join(f"{n_of(dated[t], 'dated backup')} of {FILENAMES[t]}" for t in TARGETS if dated[t])
    with st.expander(f"Prune old backups ({held})"):
        st.caption(
            f"hermes-dash keeps the newest {store.settings.backups_keep} dated backups of each file by "
            "itself (`dashboard.backups_keep` in config.yaml). Here you can keep fewer. Only dated "
            "backups are deleted: daily copies and copies of hand-edited files stay, and the newest dated "
            "backup always stays."
        )
        keep = st.number_input(
            "Keep the newest dated backups of each file",
            min_value=1,
            step=1,
            value=min(10, max(dated.values())),
            key="bk_keep",
        )
        try:
            doomed = store.prune_preview(None, int(keep))
        except Refusal as refusal:
            ui.show_refusal(refusal)
            return
        if not doomed:
            st.caption(f"Nothing to delete: no file has more than {n_of(int(keep), 'dated backup')}.")
            return
        st.write(
            f"**These {n_of(len(doomed), 'dated backup')} would be deleted:**"
            if len(doomed) > 1
            else "**This dated backup would be deleted:**"
        )
        # Plain lines, not a table: a table drawn inside a closed expander has no cells yet.
        st.text(
            "\n".join(f"{b.created.astimezone():%Y-%m-%d %H:%M:%S}  {FILENAMES[b.target]:<9}  {b.name}" for b in doomed)
        )
        prune_confirm(store, int(keep), doomed)


def prune_confirm(store: MemoryStore, keep: int, doomed: Sequence[Backup]) -> None:
    """The Delete button and its question, pinned to exactly the backups named above."""
    names = tuple(b.name for b in doomed)
    if st.button(f"Delete {n_of(len(doomed), 'backup')}…", key="bk_prune"):
        st.session_state.bk_prune_confirm = names
    if st.session_state.get("bk_prune_confirm") not in (None, names):
        del st.session_state.bk_prune_confirm  # the list changed: ask again about the new one
    question = agreeing(
        len(doomed), "Delete this backup for good?", f"Delete these {n_of(len(doomed), 'backup')} for good?"
    )
    if ui.confirm(
        "bk_prune_confirm",
        names,
        question,
        yes="Yes, delete",
        key="bk_prune",
        detail="A deleted backup cannot be restored, and Undo of the write that made it stops working.",
    ):
        try:
            removed = store.prune_backups(None, keep, expect=names)
        except Refusal as refusal:
            ui.show_refusal(refusal)
        else:
            ui.clear_caches()
            ui.flash(
                "success",
                "Pruned",
                f"Deleted {n_of(len(removed), 'dated backup')}; each file keeps "
                f"its newest {n_of(keep, 'dated backup')}.",
            )
            st.rerun()


CHART_TIME = "%d %b %H:%M"  # the chart's time labels: day, month, 24-hour time ("27 Nov 18:42")


def usage_chart(versions: Sequence[history.Version], limit: int, filename: str) -> None:
    """Each version's usage over time, with the limit as a dashed line, and the same in words
    (a chart is read by eye; its caption is what a screen reader says)."""
    points = [
        {"Time": v.created.isoformat(), "Chars": v.usage, "Version": f"[{v.index}] {v.name}"}
        for v in versions
        if v.created is not None
    ]
    if not points:
        st.caption("No version has a time, so there is nothing to draw over time.")
        return
    first, last = versions[0].usage, versions[-1].usage
    words = (
        f"{filename}'s usage over time: {first:,} characters in the oldest version, {last:,} now "
        f"({ui.percent_text(last, limit)} of the {limit:,}-character limit, the dashed line); "
        f"the highest was {max(v.usage for v in versions):,}."
    )
    st.vega_lite_chart(
        {
            "height": 170,
            "layer": [
                {
                    "data": {"values": points},
                    "mark": {"type": "line", "point": True, "interpolate": "step-after"},
                    "encoding": {
                        # 24-hour time, as the versions' table beside it ("04 PM" was Vega's default).
                        "x": {"field": "Time", "type": "temporal", "title": None, "axis": {"format": CHART_TIME}},
                        "y": {
                            "field": "Chars",
                            "type": "quantitative",
                            "title": "Characters",
                            "scale": {"domainMin": 0},
                        },
                        "tooltip": [
                            {"field": "Version"},
                            {"field": "Chars", "format": ","},
                            {
                                "field": "Time",
                                "type": "temporal",
                                "timeUnit": "yearmonthdatehoursminutes",
                                "format": "%Y-%m-%d %H:%M",
                            },
                        ],
                    },
                },
                {
                    "data": {"values": [{"Limit": limit}]},
                    "mark": {"type": "rule", "strokeDash": [6, 4], "color": "red"},
                    "encoding": {"y": {"field": "Limit", "type": "quantitative"}},
                },
            ],
        },
        width="stretch",
        key="hi_usage_chart",
    )  # no alt=: the floor, Streamlit 1.61, lacks it
    st.caption(words)


def stamp(v: history.Version, *, seconds: bool = True) -> str:
    """A version's time; a hand-made daily name carries only a day: no time of day is invented."""
    if v.created is None:
        return ""
    if v.style == "daily":
        return v.created.strftime("%Y-%m-%d") + " (day)"
    return v.created.astimezone().strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def version_label(made_by: Sequence[str], backup: Backup, version: history.Version | None) -> str:
    """The picker's words for a backup: its number, time, kind, entries and file name."""
    if version is None:
        return f"{backup.name} · {KINDS.get(backup.style, backup.style)} · cannot be read"
    # The file name last: where a phone's box is too narrow, what is cut is the name, with an
    # ellipsis saying so (it was cut mid-word with no mark: "MEMORY.m"). A copy taken before a
    # write is named by that write (its time is the copy's own, to the second, and who made it):
    # two copies a minute apart read alike but for seconds in a file name otherwise.
    kind = KINDS.get(version.style, version.style)
    after = version.index + 1
    if version.style == "dated" and after < len(made_by):
        kind = f"before a write by {made_by[after]}"
    return (
        f"[{version.index}] {stamp(version, seconds=version.style == 'dated')} · {kind} · "
        f"{n_entries(len(version.entries))} · {backup.name}"
    )


@dataclass(frozen=True)
class History:
    """What one run of the page works on: the file chosen, its versions and who made each."""

    store: MemoryStore
    target: str
    state: FileState
    line: history.Timeline
    all_backups: list[Backup]
    found: blame.Blame
    made_by: list[str]

    @property
    def versions(self) -> Sequence[history.Version]:
        return self.line.versions

    @property
    def backups(self) -> list[Backup]:
        """This file's backups, newest first, unreadable ones too."""
        return [b for b in self.all_backups if b.target == self.target]


def show(store: MemoryStore) -> None:
    """The page: the file and backup buttons, the versions beside the chosen one, the details."""
    ui.follow(store)  # an agent write shows within about a second, with no click
    ui.page_title("History")
    st.caption(
        "Every version of a file (hermes-dash backs it up before each write), and what differs from the live "
        "file: bring a version back whole, or one entry."
    )
    live = {t: ui.file_state(t, store) for t in TARGETS}
    for t in TARGETS:
        ui.remember_seen(live[t])
    target = top_row(store)
    line = history.timeline(store, target)
    found = blame.blame(store, target, reasons=False)  # who made each version, and where each entry came from
    h = History(store, target, live[target], line, store.backups(), found, blame.version_authors(line, found))
    side, main = st.columns([2, 3], gap="medium")
    with side:
        show_lives, show_compare = versions_side(h)
    with main:
        against_live(h)
    # Folded by a toggle, not an expander: a table inside a closed expander is laid out but never
    # drawn, and is sent on every run; off, nothing is sent.
    if show_lives:  # drawn across the page, under both sides
        entry_lives(h)
    if show_compare:
        compare_two(h)


def back_up(store: MemoryStore, target: str) -> None:
    name = FILENAMES[target]
    ui.run_op(
        lambda: store.backup(target),
        report=lambda made: [
            ui.Flash("info", "Nothing to back up", f"{name} is empty or missing.")
            if made is None
            else ui.Flash("success", "Backed up", f"{name} is saved as {made.name}.")
        ],
    )


def top_row(store: MemoryStore) -> str:
    """One row at the top: which file, and each backup button as wide as its label."""
    top = st.container(horizontal=True, vertical_alignment="bottom")
    with top:
        target: str = st.radio(
            "File", TARGETS, format_func=FILENAMES.get, horizontal=True, key="hi_target", label_visibility="collapsed"
        )  # still the radio group's name for a screen reader
    for each in TARGETS:
        if top.button(f"Back up {FILENAMES[each]} now", key=f"bk_now_{each}"):
            back_up(store, each)
    return target


def written(versions: Sequence[history.Version], v: history.Version) -> str:
    """When the changes "Made by" names were written: the time of the copy taken just before that
    write (the version before this one); the oldest copy's were written before its own time. The
    copy's own time beside another version's writer read as that write's time (a 19:21 beside a
    replace that ran at 19:02)."""
    if v.index == 0:
        return f"before {stamp(v, seconds=False)}" if v.created else ""
    return stamp(versions[v.index - 1], seconds=False)


def when(versions: Sequence[history.Version], index: int | None) -> str:
    if index is None:
        return ""
    v = versions[index]
    return f"[{index}] " + (v.created.astimezone().strftime("%Y-%m-%d %H:%M") if v.created else "?")


def versions_side(h: History) -> tuple[bool, bool]:
    """The versions, their usage over time, pruning, and the details' two switches (returned)."""
    state, versions = h.state, h.versions
    st.header(f"{n_of(len(versions), 'version')} of {state.filename}", anchor=False)
    if h.line.not_read:
        st.caption(h.line.not_read_note)
    versions_table(h)
    for v in reversed(versions):
        if v.problem:
            st.caption(
                f"[{v.index}] {ui.lit(v.name)}: {ui.md_text(v.problem)} Its entries are shown as best they can be read."
            )
    usage_chart(versions, state.limit, state.filename)
    prune_section(h.store, h.all_backups)
    st.caption(
        "Beside the memory files you may see MEMORY.md.lock and USER.md.lock: they stop the agent and "
        "this dashboard from writing at the same moment. Leave them; nothing is lost through them."
    )
    # The details' switches sit here, where this side has room; what they show is drawn across the page.
    present, gone = h.line.present, h.line.gone
    show_lives = st.toggle(f"Show each entry's life ({len(present)} in the file, {len(gone)} gone)", key="hi_lives_on")
    show_compare = st.toggle("Compare any two versions", key="hi_compare_on")
    return show_lives, show_compare


def versions_table(h: History) -> None:
    """Newest first: each version's number, when its changes were written, by whom, its size."""
    newest_first = list(reversed(h.versions))
    # Four columns, to fit this side at 1400 px without scrolling sideways; each version's kind,
    # entries and file name are in the picker beside it ("[1] … · dated · 12 entries · name").
    st.dataframe(
        pd.DataFrame(
            {
                "#": [v.index for v in newest_first],
                "Written": [written(h.versions, v) for v in newest_first],
                "Made by": list(reversed(h.made_by)),
                # Characters of its entries, as every page counts a file against its limit.
                "Chars": [v.usage for v in newest_first],
            }
        ),
        hide_index=True,
        key="hi_versions",
        row_height=ui.ROW_HEIGHT,
        height=ui.table_height(len(h.versions)),
        column_config={
            "#": st.column_config.NumberColumn(width=36),
            # The four fit 354 px, a phone's width: the time may take two lines, so that "Made by"
            # ("you (command line: hermes-dash replace)") takes three, not four lines spilling
            # over the row's borders.
            "Written": st.column_config.TextColumn(
                width=112, help="When the changes in this version were written (and by whom, beside it)"
            ),
            "Made by": st.column_config.TextColumn(
                width=144,
                help="Who made the changes from the version before: an agent session, you "
                "(hermes-dash), the Inbox, or outside the agent when no record explains them "
                "(docs/provenance.md)",
            ),
            "Chars": st.column_config.NumberColumn(
                "Chars", format="%d", width=62, help="Characters of its entries, as counted against the file's limit"
            ),
        },
    )


def against_live(h: History) -> None:
    """The chosen backup against the live file: the two ways back, then what differs."""
    backups, state = h.backups, h.state
    if not backups:
        st.info("No backups yet. hermes-dash makes one before every write; or use the buttons above.")
        return
    names = [b.name for b in backups]
    if st.session_state.get("bk_pick") not in names:
        st.session_state.bk_pick = names[0]
    by_name = {v.name: v for v in h.versions}
    name = st.selectbox(
        f"Compare the live {state.filename} with",
        names,
        key="bk_pick",
        format_func=lambda n: version_label(h.made_by, next(b for b in backups if b.name == n), by_name.get(n)),
    )
    chosen = next(b for b in backups if b.name == name)
    bstate = ui.backup_state(chosen, h.store)
    if bstate is None:
        st.error("This backup vanished meanwhile.")
    elif not bstate.exists:
        st.error(f"{ui.lit(chosen.name)} cannot be read, so it can be neither compared nor restored.")
        st.text(bstate.error or "")
    else:
        readable(h, chosen, bstate)


def readable(h: History, chosen: Backup, bstate: FileState) -> None:
    """A backup that reads: what restoring it would do, the two ways back, then the differences."""
    state = h.state
    diff = diff_entries(list(state.entries), list(bstate.entries))
    c = diff.counts
    st.caption(
        f"Restoring this version would bring back {n_entries(c['added'])}, drop {c['removed']}, "
        f"change {c['changed']} and keep {c['unchanged']}. It holds {bstate.usage:,}/{state.limit:,} "
        f"characters ({n_entries(len(bstate.entries))}); the live file {state.usage:,}."
    )
    # The two ways back first, in the first screen; what differs follows (the table
    # scrolls inside), the unchanged entries folded under it.
    whole, one = st.columns(2)
    with whole, st.container(border=True):
        restore_whole(h, chosen, c)
    with one, st.container(border=True):
        restore_one(h, bstate)
    if diff.identical and bstate.raw.strip() == state.raw.strip():
        st.success("This version holds exactly what the live file holds.")
    elif diff.identical:
        st.info("Same entries as the live file; only the layout differs (for example § spacing or headings).")
    if bstate.drift:
        st.caption(
            "This version was edited by hand (not in the form the memory tool writes): "
            + ui.md_text("; ".join(bstate.drift.reasons))
        )
    ui.entry_diff(
        diff.items,
        key="bk_diff",
        kind_label="Difference",
        labels=("Live file", "Backup"),
        wording={"added": "only in backup", "removed": "only in live file", "changed": "changed"},
        visible=3,  # the restore buttons below stay in the first screen; the table scrolls inside
    )


def restore_whole(h: History, chosen: Backup, c: dict[str, int]) -> None:
    """The live file replaced by the chosen version, asked first; the live file is backed up."""
    st.markdown("**Restore the whole file**")
    st.caption("The live file is backed up first, so this can be undone.")
    if st.button("Restore this version…", key="bk_restore"):
        st.session_state.bk_confirm = chosen.name
    ui.ask(  # the same dialog as every other write: over the page, the focus inside
        "bk_confirm",
        chosen.name,
        f"Replace the live {h.state.filename} with {ui.lit(chosen.name)}?",
        yes="Yes, restore",
        key="bk_restore",
        detail=f"It brings back {n_entries(c['added'])}, drops {c['removed']} and changes "
        f"{c['changed']}. The live file is backed up first; Undo follows.",
        then=lambda: ui.run_op(lambda: h.store.restore(chosen.name), undoable=True),
    )


def restore_one(h: History, bstate: FileState) -> None:
    """One entry of the version the live file lacks, put back where it stood (or added anew)."""
    state = h.state
    st.markdown("**Restore one entry**")
    missing = [e for e in bstate.entries if e not in set(state.entries)]
    if not missing:
        st.caption("Every entry of this version is in the live file.")
        return
    # The one routine of every single-entry restore: a changed entry goes back in its
    # place, a gone one between the neighbours it had, so the file is byte-identical
    # when nothing else changed.
    pairs = history.counterparts(state.entries, bstate.entries)
    plans = [history.plan_put_back(state.entries, bstate.entries, e, pairs=pairs) for e in missing]
    if st.session_state.get("hi_pick") not in range(len(missing)):
        st.session_state.hi_pick = 0
    pick = st.selectbox(
        "Entry",
        range(len(missing)),
        key="hi_pick",
        format_func=lambda i: (
            ("changed since · " if plans[i].in_place else "removed since · ") + " ".join(missing[i].split())[:70]
        ),
    )
    plan = plans[pick]
    what_changes(plan)
    put_back(h, plan, bstate.entries)
    if plan.current is not None:
        add_instead(h, plan.text)


def what_changes(plan: history.PutBack) -> None:
    """The entry as it comes back: word by word against its text now, or where it goes."""
    if plan.current is not None:
        ui.show_word_diff(
            plan.current,
            plan.text,
            fold=False,
            caption="From the entry now (red goes) to this version's (green comes):",
        )
    else:
        st.caption(f"This entry goes {plan.where}:")
        ui.show_entry(plan.text, max_chars=2000)


def put_back(h: History, plan: history.PutBack, source: Sequence[str]) -> None:
    """The entry restored in its place (or between its old neighbours), asked first."""
    target = h.target
    token = (target, plan.text, plan.current)
    if st.button(
        "Restore in place…" if plan.in_place else "Put it back where it stood…",
        key="hi_in_place",
        type="primary",
    ):
        st.session_state.hi_in_place_confirm = token
    ui.ask(
        "hi_in_place_confirm",
        token,
        f"Restore this entry of {h.state.filename}?",
        yes="Yes, restore in place" if plan.in_place else "Yes, put it back",
        key="hi_in_place",
        show=lambda: what_changes(plan),
        detail=f"It goes {plan.where}; nothing else in the file changes. A backup is kept; Undo follows.",
        then=lambda: ui.run_op(
            lambda: history.put_back(h.store, target, plan.text, source=source, current=plan.current),
            undoable=True,
        ),
    )


def add_instead(h: History, text: str) -> None:
    """A changed entry's old text added at the end, the current text kept; asked first."""
    target = h.target
    if st.button("Add as a new entry instead…", key="hi_restore"):
        st.session_state.hi_confirm = (target, text)
    ui.ask(
        "hi_confirm",
        (target, text),
        f"Add this text to {h.state.filename} as a new entry?",
        yes="Yes, add it",
        key="hi_restore",
        show=lambda: ui.show_entry(text, max_chars=2000),
        detail="The entry's current text stays; this one is added at the end.",
        then=lambda: ui.run_op(lambda: history.restore_entry(h.store, target, text), undoable=True),
    )


def spans(life: history.EntryLife) -> str:
    return ", ".join(f"[{a}]–" + ("now" if b is None else f"[{b - 1}]") for a, b in life.spans)


def entry_lives(h: History) -> None:
    """Each entry's life across the versions: when first seen, changed, gone, and its origin."""
    line = h.line
    present, gone = line.present, line.gone
    came_back = sum(1 for life in present if life.gaps)
    st.caption(
        f"{len(present)} in the file now, {len(gone)} gone"
        + (f" ({came_back} of those in the file left it once and came back)" if came_back else "")
        + '. "First seen" at version [0] means at least that old (older history was not kept).'
    )
    st.dataframe(
        pd.DataFrame(
            {
                "Entry": [ui.cut(life.text, 400) for life in line.lives],
                "Status": ["in the file" if life.present else "gone" for life in line.lives],
                "Age": [("≥ " if life.first_seen == 0 else "") + age(line.age(life)) for life in line.lives],
                "First seen": [when(line.versions, life.first_seen) for life in line.lives],
                "Last changed": [when(line.versions, life.last_changed) for life in line.lives],
                "Gone since": [when(line.versions, life.gone_at) for life in line.lives],
                "In the file": [spans(life) for life in line.lives],
                "Texts": [len(life.texts) for life in line.lives],
                "Origin": [(o.origin.short if (o := h.found.of(h.target, life.text)) else "") for life in line.lives],
            }
        ),
        hide_index=True,
        key="hi_lives",
        row_height=ui.ROW_HEIGHT,
        height=ui.table_height(len(line.lives)),
        column_config={
            "Entry": st.column_config.TextColumn(width=200),
            "Status": st.column_config.TextColumn(width=90),
            "Age": st.column_config.TextColumn(width=70),
            "First seen": st.column_config.TextColumn(width=90),
            "Last changed": st.column_config.TextColumn(width=100),
            "Gone since": st.column_config.TextColumn(width=96),
            "In the file": st.column_config.TextColumn(width=110, help="The versions that held this entry"),
            "Texts": st.column_config.NumberColumn(width=56, help="How many wordings this entry had"),
            "Origin": st.column_config.TextColumn(
                width=120, help="What gave the entry its latest text, or what took a gone entry away"
            ),
        },
    )


def compare_two(h: History) -> None:
    """Any two versions against each other."""
    labels = [v.index for v in h.versions]
    fmt = lambda i: f"[{i}] {h.versions[i].name}"  # noqa: E731
    if st.session_state.get("hi_from") not in labels:
        st.session_state.hi_from = labels[0]
    if st.session_state.get("hi_to") not in labels:
        st.session_state.hi_to = labels[-1]
    left, right = st.columns(2)
    old = left.selectbox("From", labels, format_func=fmt, key="hi_from")
    new = right.selectbox("To", labels, format_func=fmt, key="hi_to")
    between = h.line.diff(old, new)
    k = between.counts
    st.caption(f"{k['added']} added, {k['removed']} removed, {k['changed']} changed, {k['unchanged']} unchanged.")
    ui.entry_diff(
        between.items,
        key="hi_diff",
        labels=(f"In [{old}]", f"In [{new}]"),
        same="The two h.versions hold the same entries.",
    )
