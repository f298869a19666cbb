"""History: a file's versions (its backups, oldest first, then the live file) with its usage
over time as a chart beside them (the limit drawn as a line), each entry's
life (its spans in the file, last change, gone), a diff between any two versions, and
single-entry restore: in place for an entry still in the file, added back for a gone one.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from hermes_dash import FILENAMES, TARGETS, age, n_of, ui
from hermes_dash.curation import blame, history

store = ui.require_store()
ui.follow(store)  # an agent write shows within about a second, with no click
st.title("History")
st.caption("Built from the backups: hermes-dash keeps one before every write, so they are the file's past "
           "versions. A backup's time is when that copy was taken.")

target = st.radio("File", TARGETS, format_func=FILENAMES.get, horizontal=True, key="hi_target")
state = ui.file_state(target, store)
ui.remember_seen(state)
line = history.timeline(store, target)
versions = line.versions


def when(index: int | None) -> str:
    if index is None:
        return ""
    v = versions[index]
    stamp = v.created.astimezone().strftime("%Y-%m-%d %H:%M") if v.created else "?"
    return f"[{index}] {stamp}"


def usage_chart(versions: Sequence[history.Version], limit: int, filename: str) -> None:
    """Each version's usage over time, with the limit as a dashed line, and the same in words
    (a chart is read by eye; its caption is what a screen reader says)."""
    points = [{"Time": v.created.isoformat(), "Chars": v.usage, "Version": f"[{v.index}] {v.name}"}
              for v in versions if v.created is not None]
    if not points:
        st.caption("No version has a time, so there is nothing to draw over time.")
        return
    first, last = versions[0].usage, versions[-1].usage
    words = (f"{filename}'s usage over time: {first:,} characters in the oldest version, {last:,} now "
             f"({ui.percent_text(last, limit)} of the {limit:,}-character limit, the dashed line); "
             f"the highest was {max(v.usage for v in versions):,}.")
    st.vega_lite_chart({
        "height": 240,
        "layer": [
            {"data": {"values": points},
             "mark": {"type": "line", "point": True, "interpolate": "step-after"},
             "encoding": {"x": {"field": "Time", "type": "temporal", "title": None},
                          "y": {"field": "Chars", "type": "quantitative", "title": "Characters",
                                "scale": {"domainMin": 0}},
                          "tooltip": [{"field": "Version"}, {"field": "Chars", "format": ","},
                                      {"field": "Time", "type": "temporal", "timeUnit": "yearmonthdatehoursminutes"}]}},
            {"data": {"values": [{"Limit": limit}]}, "mark": {"type": "rule", "strokeDash": [6, 4], "color": "red"},
             "encoding": {"y": {"field": "Limit", "type": "quantitative"}}},
        ],
    }, width="stretch", key="hi_usage_chart")  # no alt=: the floor, Streamlit 1.61, lacks it
    st.caption(words)


found = blame.blame(store, target, reasons=False)  # who made each version, and where each entry came from
made_by = blame.version_authors(line, found)
st.header(f"{n_of(len(versions), 'version')} of {state.filename}")
# The usage chart goes under the table: beside it, the table's columns no longer fit at 1400 px.
table_col, chart_col = st.container(), st.container()
with chart_col:
    usage_chart(versions, state.limit, state.filename)
table_col.dataframe(pd.DataFrame({
    "#": [v.index for v in versions],
    "Version": [v.name for v in versions],
    "Kind": [v.style for v in versions],
    "Time": [v.created.astimezone().strftime("%Y-%m-%d %H:%M:%S") if v.created else "" for v in versions],
    "Made by": made_by,
    "Entries": [len(v.entries) for v in versions],
    "Chars": [v.usage for v in versions],
    "Problem": [v.problem or "" for v in versions],
}), hide_index=True, key="hi_versions",
    column_config={"Made by": st.column_config.TextColumn(
        width=220, help="Who made the changes from the version before: an agent session, you (hermes-dash), "
                        "the Inbox, or outside the agent when no record explains them (docs/provenance.md)")})

st.header("Entries over time")
present, gone = line.present, line.gone
came_back = sum(1 for life in present if life.gaps)
st.caption(f"{len(present)} in the file now, {len(gone)} gone"
           + (f" ({came_back} of those in the file left it once and came back)" if came_back else "")
           + ". \"First seen\" at version [0] means at least that old (older history was not kept).")


def spans(life: history.EntryLife) -> str:
    return ", ".join(f"[{a}]–" + ("now" if b is None else f"[{b - 1}]") for a, b in life.spans)


st.dataframe(pd.DataFrame({
    "Entry": [ui.cut(life.text, 400) for life in line.lives],
    "Status": ["in the file" if life.present else "gone" for life in line.lives],
    "Age": [("≥ " if life.first_seen == 0 else "") + age(line.age(life)) for life in line.lives],
    "First seen": [when(life.first_seen) for life in line.lives],
    "Last changed": [when(life.last_changed) for life in line.lives],
    "Gone since": [when(life.gone_at) for life in line.lives],
    "In the file": [spans(life) for life in line.lives],
    "Texts": [len(life.texts) for life in line.lives],
    "Origin": [(o.origin.short if (o := found.of(target, life.text)) else "") for life in line.lives],
}), hide_index=True, key="hi_lives", row_height=ui.ROW_HEIGHT, height=ui.table_height(len(line.lives)),
    column_config={"Entry": st.column_config.TextColumn(width=200),
                   "Status": st.column_config.TextColumn(width=90),
                   "Age": st.column_config.TextColumn(width=70),
                   "First seen": st.column_config.TextColumn(width=90),
                   "Last changed": st.column_config.TextColumn(width=100),
                   "Gone since": st.column_config.TextColumn(width=96),
                   "In the file": st.column_config.TextColumn(width=110, help="The versions that held this entry"),
                   "Texts": st.column_config.NumberColumn(width=56, help="How many wordings this entry had"),
                   "Origin": st.column_config.TextColumn(width=120, help="What gave the entry its latest text, "
                                                                         "or what took a gone entry away")})

# -- diff ---------------------------------------------------------------------------------------

st.header("Compare two versions")
labels = [v.index for v in versions]
fmt = lambda i: f"[{i}] {versions[i].name}"  # noqa: E731
if st.session_state.get("hi_from") not in labels:
    st.session_state.hi_from = labels[0]
if st.session_state.get("hi_to") not in labels:
    st.session_state.hi_to = labels[-1]
left, right = st.columns(2)
old = left.selectbox("From", labels, format_func=fmt, key="hi_from")
new = right.selectbox("To", labels, format_func=fmt, key="hi_to")
diff = line.diff(old, new)
c = diff.counts
st.caption(f"{c['added']} added, {c['removed']} removed, {c['changed']} changed, {c['unchanged']} unchanged.")
shown = [i for i in diff.items if i.kind != "unchanged"]
if shown:
    ui.diff_table([i.kind for i in shown], [i.old for i in shown], [i.new for i in shown], key="hi_diff",
                  labels=(f"In [{old}]", f"In [{new}]"))
else:
    st.caption("The two versions hold the same entries.")

# -- restore one entry --------------------------------------------------------------------------

st.header("Restore one entry")
candidates = line.restorable
if not candidates:
    st.caption("Nothing to restore: every text that any entry ever had is in the live file.")
    st.stop()
in_place = sum(1 for c in candidates if c.in_place)
st.caption(f"{n_of(len(candidates), 'earlier text')} not in the live file, most recent first: "
           f"{in_place} of an entry still in the file (it goes back in place of the entry's text now), "
           f"{len(candidates) - in_place} of an entry that was removed (it goes back where it stood). "
           "Scanned and limit-checked like any write; Undo follows.")
if st.session_state.get("hi_pick") not in range(len(candidates)):
    st.session_state.hi_pick = 0


def replaced_at(item: history.Restorable) -> str:
    return f"until {when(item.lost_at - 1).split('] ', 1)[-1]}" if item.lost_at > 0 else ""


pick = st.selectbox("Entry", range(len(candidates)), key="hi_pick",
                    format_func=lambda i: ("changed since · " if candidates[i].in_place else "removed · ")
                    + f"{len(candidates[i].text):,} chars · " + " ".join(candidates[i].text.split())[:70])
chosen = candidates[pick]
text = chosen.text
where = history.plan_put_back(state.entries, line.version(chosen.lost_at - 1).entries if chosen.lost_at else (),
                              text, chosen.current).where


def what_changes(chosen: history.Restorable = chosen) -> None:
    if chosen.current is not None:
        ui.show_word_diff(chosen.current, chosen.text, fold=False,
                          caption=f"Word by word, from the entry now (red goes) to its text in version "
                                  f"[{chosen.lost_at - 1}] (green comes):")
    else:
        st.caption(f"Its text in version [{chosen.lost_at - 1}]; it goes {where}:")
        ui.show_entry(chosen.text, max_chars=2000)


what_changes()
token = (target, text, chosen.current)
if st.button("Restore in place…", key="hi_in_place", type="primary"):
    st.session_state.hi_in_place_confirm = token
ui.ask("hi_in_place_confirm", token, f"Restore this entry of {state.filename}?", yes="Yes, restore in place",
       key="hi_in_place", show=what_changes,
       detail=f"It goes {where}; nothing else in the file changes. A backup is kept; Undo follows.",
       then=lambda: ui.run_op(lambda: history.restore(store, target, chosen, line), undoable=True))
if chosen.current is not None:
    if st.button("Add as a new entry instead…", key="hi_restore"):
        st.session_state.hi_confirm = (target, text)
    ui.ask("hi_confirm", (target, text), f"Add this text to {state.filename} as a new entry?", yes="Yes, add it",
           key="hi_restore", show=lambda: ui.show_entry(text, max_chars=2000),
           detail="The entry's current text stays; this one is added at the end.",
           then=lambda: ui.run_op(lambda: history.restore_entry(store, target, text), undoable=True))
