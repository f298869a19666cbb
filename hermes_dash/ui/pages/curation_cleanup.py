"""Clean-up assistant: overlapping entries, misplaced entries, stale paths, a plan to free room.

Everything here is a proposal from deterministic text heuristics (``hermes_dash.curation.cleanup``).
Nothing is written until the user confirms; each apply is one engine call (one ``batch`` per
file; a move or cross-file merge is checked in full before either file is touched).
"""

from __future__ import annotations

import hashlib

import streamlit as st

from hermes_dash import (FILENAMES, TARGETS, MemoryStore, Operation, Target, n_of, pin_batch, project, resolve_home,
                         ui, usage)
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


def first(items, what: str):
    """The first SHOWN_MAX items; says how many more there are (each is one click to act on, so
    a page of thousands would be unusable and slow to draw)."""
    if len(items) > SHOWN_MAX:
        st.caption(f"Showing the first {SHOWN_MAX} of {len(items):,} {what}. Act on these, and the page shows the "
                   "next.")
    return items[:SHOWN_MAX]


def key_of(*texts: str) -> str:
    """A widget key from the texts a proposal is about (indices would shift after a write)."""
    return hashlib.sha1("\x00".join(texts).encode("utf-8")).hexdigest()[:12]


def confirm(token: str, question: str, key: str) -> bool:
    """True once the user said yes to ``question`` (asked after a button set ``cu_confirm``)."""
    return ui.confirm("cu_confirm", token, question, yes="Yes, apply", key=key)


states = {t: ui.file_state(t, store) for t in TARGETS}
for t in TARGETS:
    ui.remember_seen(states[t])
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

KIND_TITLE = {"merge": "Merge", "move": "Move", "remove": "Remove (path gone)", "shorten": "Shorten"}


def plan_step(target: str, n: int, step: cleanup.PlanStep, pk: str) -> tuple[bool, str | None]:
    """One proposed step, every text in full; returns (included, edited text or None)."""
    other = Target.of(target).other.filename
    with st.container(border=True, key=f"cu_plan_step_{pk}_{n}"):
        st.markdown(f"**Step {n} · {KIND_TITLE.get(step.kind, step.kind)}**")
        st.text(f"Why: {step.reason}")
        for entry in step.entries:
            st.caption({"move": f"Moves to {other}", "shorten": "Now"}.get(step.kind, "Now in the file"))
            st.text(entry)
        text = None
        if step.result is not None:
            where = other if step.other and step.kind == "merge" else FILENAMES[target]
            text = st.text_area(f"Becomes (in {where}; edit freely)", step.result, key=f"cu_plan_text_{pk}_{n}",
                                height=90)
        include = st.checkbox("Include this step", value=True, key=f"cu_plan_pick_{pk}_{n}")
    return include, text


st.header("Plan to get under the threshold")
st.caption("A plan first uses what loses nothing: merging entries that say the same thing, keeping one copy of "
           "what both files say, moving entries to the file they belong in, and dropping entries that name "
           "paths gone from this machine. Then it offers shorter wording. It never removes an entry for its "
           "length: if that is not enough, you pick what to remove.")
if not report.plans:
    st.success(f"Every file that can be planned for is at or under {threshold}% of its limit.")
for target, plan in report.plans.items():
    state = states[target]
    other_target = plan.other_target
    with st.container(border=True, key=f"cu_plan_box_{target}"):
        st.subheader(f"{state.filename}: {plan.usage_before:,} → {plan.goal:,} characters ({threshold}%)")
        steps = list(plan.steps)
        pk = f"{target}_{key_of(*[str(s.operations) for s in steps], *plan.candidates)}"
        if not steps:
            st.caption("Nothing can be merged, moved or shortened.")
        if len(steps) > PICK_STEPS_MAX:
            # Every step of a plan this long removes or merges entries found by the checks above:
            # its result is known without replaying thousands of steps, and a list of thousands
            # to pick from helps no one. The entries are listed in full in the sections below.
            st.caption(f"{len(steps):,} steps: a plan this long is applied as a whole. To pick steps, "
                       "first bring the file under a few hundred entries (Migrate, or merges below).")
            chosen = plan
        else:
            picked, texts = [], {}
            for n, step in enumerate(steps, 1):
                include, text = plan_step(target, n, step, pk)
                if include:
                    picked.append(n - 1)
                if text is not None:
                    texts[n - 1] = text
            removals = []
            if plan.candidates:
                st.markdown(f"**These steps leave {plan.still_to_free:,} characters to free.** "
                            "Pick entries to remove (none is picked for you):")
                for entry in first(list(plan.candidates), "candidates for removal"):
                    if st.checkbox(f"Remove the entry below ({len(entry):,} characters)", value=False,
                                   key=f"cu_plan_rm_{pk}_{key_of(entry)}"):
                        removals.append(entry)
                    st.text(entry)
            chosen = plan.choose(picked, removals=removals, texts=texts)
        if not chosen.steps:
            st.caption("No step chosen.")
            continue
        there = None
        if chosen is plan:  # applied whole: its result is known without replaying thousands of operations
            after_usage = plan.usage_after
            after_count = len(state.entries) - sum(s.kind != "shorten" for s in steps)
        else:
            # Pinned to the full texts, as apply_plan writes them: an entry equal to one step's text
            # and contained in another entry is then the one meant, not an ambiguous match.
            here = project(state.entries, Operation.batch(pin_batch(chosen.operations)), 10**9)
            there = project(states[other_target].entries, Operation.batch(pin_batch(chosen.other_operations)),
                            10**9) if chosen.other_operations else None
            refusal = here.refusal or (there.refusal if there is not None else None)
            if refusal is not None:  # steps built on one left out: say so instead of applying
                ui.show_refusal(refusal, "**These steps do not fit together.**")
                continue
            after_usage, after_count = usage(here.after), len(here.after)
        ui.gauge(state.filename, state.usage, state.limit, len(state.entries), projected=after_usage,
                 projected_count=after_count, key=f"cu_plan_gauge_{target}")
        if there is not None:
            other_state = states[other_target]
            ui.gauge(other_state.filename, other_state.usage, other_state.limit, len(other_state.entries),
                     projected=usage(there.after), projected_count=len(there.after),
                     key=f"cu_plan_gauge_other_{target}")
        if not chosen.reaches_goal:
            st.caption(f"The chosen steps leave {state.filename} at {chosen.usage_after:,} characters, "
                       f"{chosen.still_to_free:,} above the goal.")
        count = len(chosen.steps)
        token = f"plan:{target}:{key_of(*[str(o) for o in chosen.operations + chosen.other_operations])}"
        if st.button(f"Apply {n_of(count, 'step')} to {state.filename}…", key=f"cu_plan_apply_{target}"):
            st.session_state.cu_confirm = token
        how = f" and {FILENAMES[other_target]} as one write" if chosen.other_operations else " as one batch"
        if confirm(token, f"Apply {'this' if count == 1 else 'these'} {n_of(count, 'step')} to "
                          f"{state.filename}{how}? Removed entries stay in the backup made before the write.",
                   f"cu_plan_{target}"):
            if chosen.other_operations:
                ui.run_op(lambda: cleanup.apply_plan(store, chosen), title="Plan applied")  # noqa: B023 (called at once, in this loop pass)
            else:
                ui.run_op(lambda: cleanup.apply_plan(store, chosen), undoable=True)  # noqa: B023 (called at once, in this loop pass)

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
        picked_merges = []
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
                picked_merges.append(edited)
            st.divider()
        if picked_merges:
            token = f"merge:{target}:{key_of(*[m.keep + m.drop + m.merged for m in picked_merges])}"
            freed = sum(m.freed for m in picked_merges)
            if st.button(f"Apply {n_of(len(picked_merges), 'merge')} to {state.filename}…",
                         key=f"cu_merge_apply_{target}"):
                st.session_state.cu_confirm = token
            if confirm(token, f"Apply {n_of(len(picked_merges), 'merge')} to {state.filename} as one batch (frees "
                              f"{freed:,} characters)?", f"cu_merge_{target}"):
                ui.run_op(lambda: cleanup.apply_merges(store, target, picked_merges), undoable=True)  # noqa: B023 (called at once, in this loop pass)

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
            other = Target.of(keep).other.key
            token = f"cross:{ck}:{keep}:{key_of(text)}"
            if st.button(f"Keep in {FILENAMES[keep]}, remove from {FILENAMES[other]}…", key=f"cu_cross_apply_{ck}"):
                st.session_state.cu_confirm = token
            if confirm(token, f"Keep this text in {FILENAMES[keep]} and remove the copy in {FILENAMES[other]}?",
                       f"cu_cross_{ck}"):
                ui.run_op(lambda: cleanup.resolve_cross(store, overlap, keep, text), title="Kept one copy")  # noqa: B023 (called at once, in this loop pass)

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
            ui.run_op(lambda: cleanup.move(store, hint.target, hint.entry, hint.suggested), title="Moved")  # noqa: B023 (called at once, in this loop pass)

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
            ui.run_op(lambda: store.remove("memory", fact.entry, expect_entry=fact.entry), undoable=True)  # noqa: B023 (called at once, in this loop pass)
