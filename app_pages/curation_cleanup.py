"""Clean-up assistant: overlapping entries, misplaced entries, stale paths, a plan to free room.

Everything here is a proposal from deterministic text heuristics (``hermes_dash._cleanup``).
Nothing is written until the user confirms; each apply is one engine call (one ``batch`` per
file; a move or cross-file merge is checked in full before either file is touched).
"""

from __future__ import annotations

import hashlib

import pandas as pd
import streamlit as st

from hermes_dash import FILENAMES, TARGETS, MemoryStore, Operation, Refusal, n_of, project, resolve_home, ui, usage
from hermes_dash.curation import cleanup

store = ui.require_store()
st.title("Cleanup assistant")
st.caption("Suggestions from plain text comparison (no language model): overlapping entries, entries that "
           "read as belonging in the other file, paths that no longer exist here, and a plan to get under a "
           "threshold. Nothing is written until you confirm.")


SHOWN_MAX = 50  # proposals shown per section; a file of thousands of entries can have thousands
PICK_STEPS_MAX = 200  # a longer plan (a file of thousands of entries) is applied whole, not step by step


def _report(threshold: int, key: tuple[object, ...]) -> cleanup.Report:
    """The report for this home, both files' fingerprints and the threshold, kept in the session.

    Not st.cache_data: a cached function cannot drive a progress bar made outside it, and on a
    file of thousands of entries the report takes seconds, so the page shows how far it got.
    """
    memo_key = (str(store.home.root), store.home.profile, threshold, key)
    held = st.session_state.get("cu_report")
    if held is not None and held[0] == memo_key:
        return held[1]
    bar = st.progress(0.0, text="Comparing entries…")
    report = cleanup.suggest(MemoryStore(resolve_home(str(store.home.root), store.home.profile or "default")),
                              threshold, progress=lambda done, what: bar.progress(done, text=f"{what}…"))
    bar.empty()
    st.session_state.cu_report = (memo_key, report)
    return report


def first(items, what: str):  # type: ignore[no-untyped-def]
    """The first SHOWN_MAX items; says how many more there are (each is one click to act on, so
    a page of thousands would be unusable and slow to draw)."""
    if len(items) > SHOWN_MAX:
        st.caption(f"Showing the first {SHOWN_MAX} of {len(items):,} {what}. Act on these, and the page shows the next.")
    return items[:SHOWN_MAX]


def key_of(*texts: str) -> str:
    """A widget key from the texts a proposal is about (indices would shift after a write)."""
    return hashlib.sha1("\x00".join(texts).encode("utf-8")).hexdigest()[:12]


def confirm(token: str, question: str, key: str) -> bool:
    """True once the user said yes to ``question`` (asked after a button set ``cu_confirm``)."""
    return ui.confirm("cu_confirm", token, question, yes="Yes, apply", key=key)


def two_file(action, title: str) -> None:  # type: ignore[no-untyped-def]
    """Run a move / cross-file change; refused: show why (both files unchanged)."""
    try:
        result = action()
    except Refusal as refusal:
        ui.show_refusal(refusal)
        return
    ui.clear_caches()
    ui.flash("success", title, "\n".join([result.message, ui.result_text(result.first, FILENAMES[result.first.target]),
                                          ui.result_text(result.second, FILENAMES[result.second.target])]))
    st.rerun()


states = {t: ui.file_state(t, store) for t in TARGETS}
seen = {t: ui.remember_seen(states[t]) for t in TARGETS}
threshold = st.slider("Get each file under (% of its limit)", 50, 100, cleanup.DEFAULT_THRESHOLD, 5,
                      key="cu_threshold")
key = (tuple(s.fingerprint for s in states.values()), ui.stat_key(store.home.config_path),
       tuple(s.limit for s in states.values()))
report = _report(threshold, key)

cols = st.columns(len(TARGETS))
for col, target in zip(cols, TARGETS):
    with col:
        ui.state_gauge(states[target], key=f"cu_gauge_{target}")
        if target in report.notes:
            if states[target].error:
                st.error("**This file cannot be changed safely.**")
            else:
                st.info("**Normalise first.** See the Migrate page.")
            st.text(report.notes[target])

# -- the plan ---------------------------------------------------------------------------------

st.header("Plan to get under the threshold")
if not report.plans:
    st.success(f"Every file that can be planned for is at or under {threshold}% of its limit.")
for target, plan in report.plans.items():
    state = states[target]
    with st.container(border=True, key=f"cu_plan_box_{target}"):
        st.subheader(f"{state.filename}: {plan.usage_before:,} → {plan.goal:,} characters ({threshold}%)")
        steps = list(plan.steps)
        st.dataframe(pd.DataFrame({
            "Step": list(range(1, len(steps) + 1)),
            "What": [s.kind for s in steps],
            "Why": [s.reason for s in steps],
            "Entries": [ui.cut(" | ".join(s.entries), 300) for s in steps],
            "Chars after": [s.usage_after for s in steps],
            "% after": [s.percent_after for s in steps],
        }), hide_index=True, key=f"cu_plan_table_{target}", row_height=ui.ROW_HEIGHT,
            height=ui.table_height(len(steps)),
            column_config={"Step": st.column_config.NumberColumn(width=48, pinned=True),
                           "What": st.column_config.TextColumn(width=80, pinned=True),
                           "Why": st.column_config.TextColumn(width=170),
                           "Entries": st.column_config.TextColumn(width=200),
                           "Chars after": st.column_config.NumberColumn(width=96),
                           "% after": st.column_config.NumberColumn(width=70)})
        if len(steps) > PICK_STEPS_MAX:
            # The plan was built as a whole and every step removes one entry: its result is known
            # without replaying thousands of operations, and a list of thousands to pick from helps no one.
            st.caption(f"{len(steps):,} steps: a plan this long is applied as a whole. To pick steps, "
                       "first bring the file under a few hundred entries (Migrate, or merges below).")
            picked = list(range(1, len(steps) + 1))
            ops = plan.operations
            after_usage, after_count = plan.usage_after, len(state.entries) - len(steps)
        else:
            picked = st.multiselect("Steps to apply", list(range(1, len(steps) + 1)),
                                    default=list(range(1, len(steps) + 1)),
                                    key=f"cu_plan_steps_{target}_{key_of(*[str(s.operations) for s in steps])}")
            ops = [op for i in sorted(picked) for op in steps[i - 1].operations]
            if not ops:
                st.caption("No step chosen.")
                continue
            shown = project(state.entries, Operation.batch(ops), 10**9)
            if shown.refusal is not None:  # steps built on a skipped one: say so instead of applying
                st.error("**These steps do not fit together.**")
                st.text(shown.refusal.message)
                continue
            after_usage, after_count = usage(shown.after), len(shown.after)
        ui.gauge(state.filename, state.usage, state.limit, len(state.entries), projected=after_usage,
                 projected_count=after_count, key=f"cu_plan_gauge_{target}")
        if not plan.reaches_goal:
            st.caption("Even all steps together do not reach the threshold.")
        token = f"plan:{target}:{key_of(*[str(o) for o in ops])}"
        if st.button(f"Apply {n_of(len(picked), 'step')} to {state.filename}…", key=f"cu_plan_apply_{target}"):
            st.session_state.cu_confirm = token
        if confirm(token, f"Apply {'this' if len(picked) == 1 else 'these'} {n_of(len(picked), 'step')} to {state.filename} as one batch? "
                          "Removed entries stay in the backup made before the write.", f"cu_plan_{target}"):
            ui.run_op(lambda: store.batch(target, ops, seen=seen[target]), undoable=True)

# -- overlaps within a file -------------------------------------------------------------------

st.header("Overlapping entries")
if not report.merges:
    st.caption("No near-duplicate or overlapping entries found within a file.")
for target in TARGETS:
    merges = [m for m in report.merges if m.target == target]
    if not merges:
        continue
    state = states[target]
    with st.container(border=True, key=f"cu_merges_box_{target}"):
        st.subheader(f"{state.filename}: {n_of(len(merges), 'proposed merge')}")
        chosen = []
        for merge in first(merges, "proposed merges"):
            mk = key_of(merge.keep, merge.drop)
            st.markdown(f"**{merge.kind.capitalize()}** · similarity {merge.score:.2f}")
            left, right = st.columns(2)
            with left:
                st.caption("Entry kept (its text becomes the merged text)")
                ui.show_entry(merge.keep, max_chars=1500)
            with right:
                st.caption("Entry removed")
                ui.show_entry(merge.drop, max_chars=1500)
            text = st.text_area("Merged text (edit freely)", merge.merged, key=f"cu_merge_text_{mk}", height=100)
            edited = merge.edited(text)
            st.caption(f"Frees {edited.freed:,} characters.")
            if st.checkbox("Include this merge", value=True, key=f"cu_merge_pick_{mk}"):
                chosen.append(edited)
            st.divider()
        if chosen:
            token = f"merge:{target}:{key_of(*[m.keep + m.drop + m.merged for m in chosen])}"
            freed = sum(m.freed for m in chosen)
            if st.button(f"Apply {n_of(len(chosen), 'merge')} to {state.filename}…", key=f"cu_merge_apply_{target}"):
                st.session_state.cu_confirm = token
            if confirm(token, f"Apply {n_of(len(chosen), 'merge')} to {state.filename} as one batch (frees "
                              f"{freed:,} characters)?", f"cu_merge_{target}"):
                ui.run_op(lambda: cleanup.apply_merges(store, target, chosen, seen=seen[target]), undoable=True)

# -- the same fact in both files --------------------------------------------------------------

if report.cross:
    st.header("In both files")
    for overlap in first(report.cross, "entries in both files"):
        ck = key_of(overlap.memory_entry, overlap.user_entry)
        with st.container(border=True, key=f"cu_cross_box_{ck}"):
            left, right = st.columns(2)
            with left:
                st.caption("MEMORY.md")
                ui.show_entry(overlap.memory_entry, max_chars=1500)
            with right:
                st.caption("USER.md")
                ui.show_entry(overlap.user_entry, max_chars=1500)
            keep = st.radio("Keep one copy in", TARGETS, index=TARGETS.index(overlap.keep_target),
                            format_func=FILENAMES.get, horizontal=True, key=f"cu_cross_keep_{ck}")
            text = st.text_area("Text to keep", overlap.merged, key=f"cu_cross_text_{ck}", height=90)
            other = "user" if keep == "memory" else "memory"
            token = f"cross:{ck}:{keep}:{key_of(text)}"
            if st.button(f"Keep in {FILENAMES[keep]}, remove from {FILENAMES[other]}…", key=f"cu_cross_apply_{ck}"):
                st.session_state.cu_confirm = token
            if confirm(token, f"Keep this text in {FILENAMES[keep]} and remove the copy in {FILENAMES[other]}?",
                       f"cu_cross_{ck}"):
                two_file(lambda: cleanup.resolve_cross(store, overlap, keep, text), "Kept one copy")

# -- placement --------------------------------------------------------------------------------

st.header("Entries that may be in the wrong file")
st.caption("MEMORY.md is for environment facts and conventions; USER.md for who the user is and how they like "
           "to work. A move is checked in full first: if the other file refuses the entry, neither file changes.")
if not report.placement:
    st.caption("Nothing looks misplaced.")
for hint in first(report.placement, "entries that may be misplaced"):
    hk = key_of(hint.target, hint.entry)
    with st.container(border=True, key=f"cu_place_box_{hk}"):
        st.markdown(f"In **{FILENAMES[hint.target]}**, reads like **{FILENAMES[hint.suggested]}** "
                    f"({', '.join(hint.reasons)})")
        ui.show_entry(hint.entry, max_chars=1500)
        token = f"move:{hk}"
        if st.button(f"Move to {FILENAMES[hint.suggested]}…", key=f"cu_move_{hk}"):
            st.session_state.cu_confirm = token
        if confirm(token, f"Move this entry from {FILENAMES[hint.target]} to {FILENAMES[hint.suggested]}?",
                   f"cu_move_{hk}"):
            two_file(lambda: cleanup.move(store, hint.target, hint.entry, hint.suggested), "Moved")

# -- stale paths ------------------------------------------------------------------------------

st.header("Stale facts")
st.caption("MEMORY.md entries naming local paths that do not exist on this machine (checked with the file "
           "system only; nothing is run).")
st.caption(report.paths.summary())
for fact in first(report.stale, "stale entries"):
    sk = key_of(fact.entry)
    with st.container(border=True, key=f"cu_stale_box_{sk}"):
        ui.show_entry(fact.entry, max_chars=1500)
        st.caption("Missing here:")
        st.text("\n".join(fact.missing))
        token = f"stale:{sk}"
        if st.button("Remove this entry…", key=f"cu_stale_remove_{sk}"):
            st.session_state.cu_confirm = token
        if confirm(token, "Remove this entry from MEMORY.md? (The backup keeps it.)", f"cu_stale_{sk}"):
            ui.run_op(lambda: store.remove("memory", fact.entry, seen=seen["memory"]), undoable=True)
