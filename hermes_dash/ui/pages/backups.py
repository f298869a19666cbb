"""Backups: every backup of both files, a diff against the live file, restore (whole or one entry).

The engine backs up the current bytes before every write and before a restore, so a restore
can itself be undone from this page. Three naming styles are listed side by side (dated:
hermes-dash, daily: made by hand, drift: the agent's copy of a hand-edited file).
"""

from __future__ import annotations

from collections import Counter

import pandas as pd
import streamlit as st

from hermes_dash import FILENAMES, TARGETS, Backup, MemoryStore, Refusal, diff_entries, n_entries, n_of, ui
from hermes_dash.curation import history

STYLES = {"dated": "dated (hermes-dash, before each write)", "daily": "daily (made by hand)",
          "drift": "drift (the agent's copy of a hand-edited file)"}


def prune_section(store: MemoryStore, backups: list[Backup]) -> None:
    """Delete all but the newest N dated backups of each file (docs/rules.md#backups), after a
    preview that names every one; the deletion is pinned to exactly the names shown."""
    dated = Counter(b.target for b in backups if b.style == "dated")
    if not dated:
        return
    held = ", ".join(f"{n_of(dated[t], 'dated backup')} of {FILENAMES[t]}" for t in TARGETS if dated[t])
    with st.expander(f"Prune old backups ({held})"):
        st.caption(f"hermes-dash keeps the newest {store.settings.backups_keep} dated backups of each file by "
                   "itself (`dashboard.backups_keep` in config.yaml). Here you can keep fewer. Only dated "
                   "backups are deleted: daily and drift copies stay, and the newest dated backup always stays.")
        keep = st.number_input("Keep the newest dated backups of each file", min_value=1, step=1,
                               value=min(10, max(dated.values())), key="bk_keep")
        try:
            doomed = store.prune_preview(None, int(keep))
        except Refusal as refusal:
            ui.show_refusal(refusal)
            return
        if not doomed:
            st.caption(f"Nothing to delete: no file has more than {n_of(int(keep), 'dated backup')}.")
            return
        names = tuple(b.name for b in doomed)
        st.write(f"**These {n_of(len(doomed), 'dated backup')} would be deleted:**" if len(doomed) > 1 else
                 "**This dated backup would be deleted:**")
        # Plain lines, not a table: a table drawn inside a closed expander has no cells yet.
        st.text("\n".join(f"{b.created.astimezone():%Y-%m-%d %H:%M:%S}  {FILENAMES[b.target]:<9}  {b.name}"
                          for b in doomed))
        if st.button(f"Delete {n_of(len(doomed), 'backup')}…", key="bk_prune"):
            st.session_state.bk_prune_confirm = names
        if st.session_state.get("bk_prune_confirm") not in (None, names):
            del st.session_state.bk_prune_confirm  # the list changed: ask again about the new one
        question = "Delete this backup for good?" if len(doomed) == 1 else \
            f"Delete these {n_of(len(doomed), 'backup')} for good?"
        if ui.confirm("bk_prune_confirm", names, question,
                      yes="Yes, delete", key="bk_prune",
                      detail="A deleted backup cannot be restored, and Undo of the write that made it stops "
                             "working."):
            try:
                removed = store.prune_backups(None, int(keep), expect=names)
            except Refusal as refusal:
                ui.show_refusal(refusal)
            else:
                ui.clear_caches()
                ui.flash("success", "Pruned", f"Deleted {n_of(len(removed), 'dated backup')}; each file keeps "
                         f"its newest {n_of(int(keep), 'dated backup')}.")
                st.rerun()


store = ui.require_store()
ui.follow(store)  # an agent write shows within about a second, with no click
st.title("Backups")

live = {t: ui.file_state(t, store) for t in TARGETS}
for t in TARGETS:
    ui.remember_seen(live[t])



def back_up(target: str) -> None:
    name = FILENAMES[target]
    ui.run_op(lambda: store.backup(target), report=lambda made: [
        ui.Flash("info", "Nothing to back up", f"{name} is empty or missing.") if made is None
        else ui.Flash("success", "Backed up", f"{name} is saved as {made.name}.")])


# One row at the top, each button as wide as its label (not one per half of the page).
buttons = st.container(horizontal=True)
for target in TARGETS:
    if buttons.button(f"Back up {FILENAMES[target]} now", key=f"bk_now_{target}"):
        back_up(target)
st.caption("The `.lock` files are the locks the agent and the dashboard take so that writes never overlap: "
           "safe to ignore, never deleted while in use.")

backups = store.backups()
if not backups:
    st.info("No backups yet. hermes-dash makes one before every write; or use the buttons above.")
    st.stop()

rows = []
for backup in backups:
    bstate = ui.backup_state(backup, store)
    rows.append({
        # A hand-made daily name carries only a day; don't invent a time of day for it.
        "Time": backup.created.strftime("%Y-%m-%d") + " (day)" if backup.style == "daily"
        else backup.created.astimezone().strftime("%Y-%m-%d %H:%M:%S"),
        "File": FILENAMES[backup.target],
        # Characters of its entries, as every page counts a file against its limit. An unreadable
        # backup has no size or entries we know: blank, not "0".
        "Chars": bstate.usage if bstate and bstate.exists else None,
        "Entries": len(bstate.entries) if bstate and bstate.exists else None,
        "Style": STYLES[backup.style],
        "Name": backup.name,
    })
st.header(f"{n_of(len(backups), 'backup')}, newest first")
st.dataframe(pd.DataFrame(rows), hide_index=True, key="bk_table",
             column_config={"Chars": st.column_config.NumberColumn("Chars", format="%d",
                                                                   help="Characters of its entries, as counted "
                                                                        "against the file's limit")})
prune_section(store, backups)

names = [b.name for b in backups]
if st.session_state.get("bk_pick") not in names:
    st.session_state.bk_pick = names[0]
name = st.selectbox("Backup", names, key="bk_pick")
chosen = next(b for b in backups if b.name == name)
bstate = ui.backup_state(chosen, store)
state = live[chosen.target]
if bstate is None:
    st.error("This backup vanished meanwhile.")
    st.stop()
if not bstate.exists:
    st.error(f"{ui.lit(chosen.name)} cannot be read, so it can be neither compared nor restored.")
    st.text(bstate.error or "")
    st.stop()

st.header(f"{ui.lit(chosen.name)} compared with the live {state.filename}")
diff = diff_entries(list(state.entries), list(bstate.entries))
c = diff.counts
st.caption(f"Restoring this backup would bring back {n_entries(c['added'])}, drop {c['removed']}, "
           f"change {c['changed']} and keep {c['unchanged']}. It holds {bstate.usage:,}/{state.limit:,} characters "
           f"({n_entries(len(bstate.entries))}); the live file {state.usage:,}.")
if diff.identical and bstate.raw.strip() == state.raw.strip():
    st.success("This backup holds exactly what the live file holds.")
elif diff.identical:
    st.info("Same entries as the live file; only the layout differs (for example § spacing or headings).")
if bstate.drift:
    st.caption("This backup is not in the memory tool's clean § form (drift): "
               + "; ".join(bstate.drift.reasons))
order = {"added": 0, "changed": 1, "removed": 2, "unchanged": 3}
items = sorted(diff.items, key=lambda i: order[i.kind])
wording = {"added": "only in backup", "removed": "only in live file", "changed": "changed", "unchanged": "same"}
ui.diff_table([wording[i.kind] for i in items], [i.old for i in items], [i.new for i in items], key="bk_diff",
              kind_label="Difference", labels=("Live file", "Backup"))

left, right = st.columns(2)
with left, st.container(border=True):
    st.markdown("**Restore the whole file**")
    st.caption("The current file is backed up first, so this can be undone (Undo beside the message, or here).")
    if st.button("Restore this backup…", key="bk_restore"):
        st.session_state.bk_confirm = chosen.name
    if ui.confirm("bk_confirm", chosen.name, f"Replace the live {state.filename} with {ui.lit(chosen.name)}?",
                  yes="Yes, restore", key="bk_restore"):
        ui.run_op(lambda: store.restore(chosen.name), undoable=True)

with right, st.container(border=True):
    st.markdown("**Restore one entry**")
    missing = [e for e in bstate.entries if e not in set(state.entries)]
    if not missing:
        st.caption("Every entry of this backup is in the live file.")
    else:
        # The same routine as History's restore: a changed entry goes back in its place, a gone
        # one between the neighbours it had, so the file is byte-identical when nothing else changed.
        pairs = history.counterparts(state.entries, bstate.entries)  # one entry diff for every entry listed
        plans = [history.plan_put_back(state.entries, bstate.entries, e, pairs=pairs) for e in missing]
        st.caption("Puts one entry of this backup back where it stood: an entry changed since goes back in "
                   "its place, a removed one between its old neighbours. Nothing else in the file changes.")
        if st.session_state.get("bk_entry_pick") not in range(len(missing)):
            st.session_state.bk_entry_pick = 0
        pick = st.selectbox("Entry", range(len(missing)), key="bk_entry_pick",
                            format_func=lambda i: ("changed since · " if plans[i].in_place else "removed since · ")
                            + " ".join(missing[i].split())[:70])
        plan = plans[pick]

        def what_changes(plan: history.PutBack = plan) -> None:
            if plan.current is not None:
                ui.show_word_diff(plan.current, plan.text, fold=False,
                                  caption="Word by word, from the live entry (red goes) to the backup's (green comes):")
            else:
                st.caption(f"This entry goes {plan.where}:")
                ui.show_entry(plan.text, max_chars=2000)

        what_changes()
        token = (chosen.target, plan.text, plan.current)
        source = bstate.entries
        if st.button("Restore this entry in place…" if plan.in_place else "Put this entry back where it stood…",
                     key="bk_entry_restore", type="primary"):
            st.session_state.bk_entry_confirm = token
        ui.ask("bk_entry_confirm", token, f"Restore this entry of {state.filename} from {chosen.name}?",
               yes="Yes, restore it", key="bk_entry", show=what_changes,
               detail=f"It goes {plan.where}. A backup of the file is kept; Undo follows.",
               then=lambda: ui.run_op(lambda: history.put_back(store, chosen.target, plan.text,
                                                               source=source, current=plan.current),
                                      undoable=True))
