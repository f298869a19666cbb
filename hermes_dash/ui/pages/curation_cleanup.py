"""Clean-up assistant: one fact said twice, contradictions, entries in the wrong file, paths not
found here, and a plan to get under a threshold that never removes a live fact on its own.

Everything here is a proposal (``hermes_dash.curation.cleanup``). Nothing is written until the
person confirms in a dialog that shows the combined word-level diff of both files; each apply
is one engine call (one ``batch`` per file, or the store's two-file write). Each proposal is
shown once: what a plan step or a removal candidate covers is not listed again below it.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Callable
from functools import partial

import streamlit as st

from hermes_dash import (
    FILENAMES,
    TARGETS,
    MemoryStore,
    Operation,
    Target,
    diff_entries,
    n_of,
    percent,
    pin_batch,
    project,
    resolve_home,
    ui,
    usage,
)
from hermes_dash.curation import cleanup

store = ui.require_store()
st.title("Cleanup assistant")

SHOWN_MAX = 50  # proposals shown per section; a file of thousands of entries can have thousands
PICK_STEPS_MAX = 200  # a longer plan (a file of thousands of entries) is applied whole, not step by step
DIFF_HELP = "In the differences, [-text-] is removed and {+text+} is added; the rest stays as it is."


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
    report = cleanup.suggest(
        MemoryStore(resolve_home(str(store.home.root), store.home.profile or "default")),
        threshold,
        progress=lambda done, what: bar.progress(min(1.0, done), text=f"{what}…"),
    )
    bar.empty()
    st.session_state.cu_report = (memo_key, report)
    return report


def first(items, what: str):
    """The first SHOWN_MAX items; says how many more there are."""
    if len(items) > SHOWN_MAX:
        st.caption(
            f"Showing the first {SHOWN_MAX} of {len(items):,} {what}. Act on these, and the page shows the next."
        )
    return items[:SHOWN_MAX]


def key_of(*texts: str) -> str:
    """A widget key from the texts a proposal is about (indices would shift after a write)."""
    return hashlib.sha1("\x00".join(texts).encode("utf-8")).hexdigest()[:12]


def diff_text(old: str, new: str) -> str:
    """A word-level diff as plain text, in git's word-diff notation."""
    return "".join(
        text if kind == "same" else f"[-{text}-]" if kind == "gone" else f"{{+{text}+}}"
        for kind, text in cleanup.word_diff(old, new)
    )


def show_diff(old: str, new: str) -> None:
    """A word-level diff as plain text, cut (with a note) where an entry is too long to read.

    Of longer texts only the heads are compared: what is shown is cut there anyway, and a word
    diff of a megabyte entry takes most of a minute."""
    cut = ui.FULL_TEXT_CHARS
    if max(len(old), len(new)) > cut:
        st.caption(f"Word by word over the first {cut:,} characters of each text (they are longer).")
        old, new = old[:cut], new[:cut]
    ui.show_entry(diff_text(old, new), max_chars=cut)


# -- the review dialog: one combined diff of both files, then yes or cancel -------------------

Change = dict[str, tuple[tuple[str, ...], tuple[str, ...]]]  # target -> (entries before, after)


def ask(token: str, question: str, changes: Change, apply: Callable[[], object], **run: object) -> None:
    """Remember what to confirm; the dialog opens from the session-state flag on this run."""
    st.session_state.cu_review = token
    st.session_state.cu_review_what = (question, changes, apply, run)


def _file_diff(target: str, before: tuple[str, ...], after: tuple[str, ...]) -> None:
    diff = diff_entries(before, after)
    counts = diff.counts
    st.markdown(
        f"**{FILENAMES[target]}**: {usage(before):,} → {usage(after):,} characters "
        f"({counts['changed']} changed, {counts['removed']} removed, {counts['added']} added; "
        f"{n_of(counts['unchanged'], 'unchanged entry', 'unchanged entries')} not shown)"
    )
    for item in diff.items:
        if item.kind == "changed" and item.old is not None and item.new is not None:
            show_diff(item.old, item.new)
        elif item.kind == "removed" and item.old is not None:
            ui.show_entry(f"[-{item.old}-]", max_chars=ui.FULL_TEXT_CHARS)
        elif item.kind == "added" and item.new is not None:
            ui.show_entry(f"{{+{item.new}+}}", max_chars=ui.FULL_TEXT_CHARS)


@st.dialog("Review before writing", width="large")
def review() -> None:
    question, changes, apply, run = st.session_state.cu_review_what
    st.markdown(f"**{question}**")
    st.caption(DIFF_HELP + " Removed entries stay in the backup made before the write.")
    for target, (before, after) in changes.items():
        _file_diff(target, before, after)
    with st.container(horizontal=True, gap="small", key="cu_review_buttons"):
        yes = st.button("Yes, apply", key="cu_review_yes", type="primary")
        no = st.button("Cancel", key="cu_review_no")
    if yes or no:
        st.session_state.pop("cu_review", None)
        st.session_state.pop("cu_review_what", None)
    if no:
        st.rerun()
    if yes:
        ui.run_op(apply, **run)


# -- the page --------------------------------------------------------------------------------

states = {t: ui.file_state(t, store) for t in TARGETS}
for t in TARGETS:
    ui.remember_seen(states[t])
threshold = st.slider(
    "Get each file under (% of its limit)", 50, 100, cleanup.DEFAULT_THRESHOLD, 5, key="cu_threshold", width=420
)
key = (
    tuple(s.fingerprint for s in states.values()),
    ui.stat_key(store.home.config_path),
    tuple(s.limit for s in states.values()),
)
report = _report(threshold, key)
# One line per file: its state and fix. A file the report cannot plan for says why instead (once).
ui.health_lines([states[t] for t in TARGETS if t not in report.notes])
for target in TARGETS:
    if target in report.notes:
        if states[target].error:
            st.error("**This file cannot be changed safely.**")
        else:
            st.info("**Normalise first.** See the Migrate page.")
        st.text(report.notes[target])
with st.expander("How the plan is made"):
    st.caption(
        f"Entries are compared by meaning ({report.method}, on this machine; nothing is sent anywhere), "
        "then by their numbers, paths, versions and names: two entries naming another port or environment "
        "are different facts and are never merged. First come the steps that lose nothing: entries that "
        "state one fact merged (every number, path and name kept), one copy of what both files say, "
        "entries moved to the file they belong in. Then shorter wording with the same facts. Then, if "
        "still needed, entries you may pick to remove, ranked by evidence; none is picked for you, and no "
        "entry is removed for being old or long. Nothing is written until you confirm."
    )
    st.caption(DIFF_HELP)

shown: set[str] = set()  # entries a plan step or a contradiction covers: each proposal appears once
offered: set[str] = set()  # entries the plan offers for removal (with what was checked)


def projected(target: str, ops: list[dict[str, str]]) -> tuple[str, ...] | None:
    if not ops:
        return states[target].entries
    # Pinned to the full texts, as the plan's writes are: an entry equal to one step's text and
    # contained in another entry is then the one meant, not an ambiguous match (the agent's rule).
    result = project(states[target].entries, Operation.batch(pin_batch(ops)), 10**9)
    if result.refusal is not None:
        ui.show_refusal(result.refusal, "**These steps do not fit together.**")
        return None
    return result.after


# -- the plan ---------------------------------------------------------------------------------

KIND_TITLE = {"merge": "Merge · loses nothing", "move": "Move · loses nothing", "shorten": "Shorten · same facts"}
SHOWN_OPEN = 2  # removal candidates shown open at least (all with evidence are); the rest fold away


def plan_step(target: str, n: int, step: cleanup.PlanStep, pk: str) -> tuple[bool, str | None]:
    """One proposed step: what changes, word by word; the full texts and the edit box fold away.
    Returns (included, edited text)."""
    other = Target.of(target).other.filename
    with st.container(border=True, key=f"cu_plan_step_{pk}_{n}"):
        include = st.checkbox(
            f"Step {n} · {KIND_TITLE.get(step.kind, step.kind)} · after it: {step.percent_after}%",
            value=True,
            key=f"cu_plan_pick_{pk}_{n}",
        )
        st.text(f"Why: {step.reason}")
        text = None
        if step.result is not None:
            for entry in step.entries:
                if entry != step.result:
                    show_diff(entry, step.result)
            where = other if step.other and step.kind == "merge" else FILENAMES[target]
            with st.expander("The entries in full, and the text to edit"):
                for entry in step.entries:
                    st.caption(
                        "Now in the file; its text stays as it is and holds what the other says"
                        if entry == step.result
                        else "Now in the file"
                    )
                    ui.show_entry(entry, max_chars=ui.FULL_TEXT_CHARS)
                text = ui.long_text_area(
                    f"Becomes (in {where}; edit freely)", step.result, key=f"cu_plan_text_{pk}_{n}", height=90
                )
        else:
            for entry in step.entries:
                st.caption(f"Moves to {other}")
                ui.show_entry(entry, max_chars=ui.FULL_TEXT_CHARS)
    return include, text


def candidate(cand: cleanup.Candidate, pk: str, after: int) -> bool:
    """One entry the person may pick to remove, with its evidence; True when picked."""
    picked = st.checkbox(
        f"Remove · {cand.evidence} · frees {cand.freed:,} characters · after: {after}%",
        value=False,
        key=f"cu_plan_rm_{pk}_{key_of(cand.entry)}",
    )
    ui.show_entry(cand.entry, max_chars=ui.FULL_TEXT_CHARS)
    if cand.evidence != "no evidence":
        st.text(cand.why)
    return picked


def removals_of(plan: cleanup.Plan, pk: str, running: int) -> list[str]:
    """The ranked candidates: those with evidence against them open, the rest folded; the
    entries picked, in rank order. Each checkbox says the usage after it, counting the ones above."""
    st.markdown(
        f"**These steps leave {plan.still_to_free:,} characters to free.** "
        "Pick entries to remove (none is picked for you). Ranked by evidence: contradicted, "
        "said twice, not found on this machine, then the rest, longest last."
    )
    ranked = first(list(plan.ranked), "candidates for removal")
    evident = sum(c.evidence != "no evidence" for c in ranked)
    open_n = max(evident, min(SHOWN_OPEN, len(ranked)))
    removals = []
    folded = None
    for n, cand in enumerate(ranked):
        if n == open_n:  # below the ones shown open: the rest, folded
            folded = st.expander(
                f"{n_of(len(ranked) - open_n, 'more entry', 'more entries')} with no evidence against them"
            )
        with folded if folded is not None else contextlib.nullcontext():
            picked = candidate(cand, pk, percent(running - cand.freed, plan.limit))
        if picked:
            removals.append(cand.entry)
            running -= cand.freed
    return removals


def plan_summary(target: str, plan: cleanup.Plan, chosen: cleanup.Plan) -> None:
    """What the plan is for, at the top of its box: the gauge before and after the chosen steps
    (both files when a step moves an entry), how far from the goal, and the one Review button."""
    state, other_target = states[target], plan.other_target
    if not chosen.steps:
        st.caption("No step chosen.")
        return
    here = projected(target, chosen.operations)
    there = projected(other_target, chosen.other_operations) if chosen.other_operations else None
    if here is None or (chosen.other_operations and there is None):
        return
    gauges = st.columns(2 if there is not None else 1)
    with gauges[0]:
        ui.gauge(
            state.filename,
            state.usage,
            state.limit,
            len(state.entries),
            projected=usage(here),
            projected_count=len(here),
            key=f"cu_plan_gauge_{target}",
        )
    if there is not None:
        other_state = states[other_target]
        with gauges[1]:
            ui.gauge(
                other_state.filename,
                other_state.usage,
                other_state.limit,
                len(other_state.entries),
                projected=usage(there),
                projected_count=len(there),
                key=f"cu_plan_gauge_other_{target}",
            )
    # Always one line, so picking a removal below does not move what is under it.
    if chosen.reaches_goal:
        st.caption(
            f"The chosen steps bring {state.filename} to {chosen.usage_after:,} characters, within the goal "
            f"of {plan.goal:,}."
        )
    else:
        st.caption(
            f"The chosen steps leave {state.filename} at {chosen.usage_after:,} characters, "
            f"{chosen.still_to_free:,} above the goal."
        )
    count = len(chosen.steps)
    token = f"plan:{target}:{key_of(*[str(o) for o in chosen.operations + chosen.other_operations])}"
    changes: Change = {target: (state.entries, here)}
    if there is not None:
        changes[other_target] = (states[other_target].entries, there)
    if st.button(f"Review {n_of(count, 'step')} for {state.filename}…", key=f"cu_plan_apply_{target}", type="primary"):
        how = f" and {FILENAMES[other_target]} as one write" if chosen.other_operations else " as one batch"
        ask(
            token,
            f"Apply {n_of(count, 'step')} to {state.filename}{how}?",
            changes,
            partial(cleanup.apply_plan, store, chosen),
            **({"title": "Plan applied"} if chosen.other_operations else {"undoable": True}),
        )


st.header("Plan to get under the threshold", anchor=False)
if not report.plans:
    st.success(f"Every file that can be planned for is at or under {threshold}% of its limit.")
for target, plan in report.plans.items():
    state = states[target]
    with st.container(border=True, key=f"cu_plan_box_{target}"):
        st.subheader(f"{state.filename}: {plan.usage_before:,} → {plan.goal:,} characters ({threshold}%)", anchor=False)
        top = st.container()  # drawn once the picks below are known, but shown first
        steps = list(plan.steps)
        pk = f"{target}_{key_of(*[str(s.operations) for s in steps], *plan.candidates)}"
        for step in steps:
            shown.update(step.entries)
        offered.update(plan.candidates)
        if not steps:
            st.caption("Nothing can be merged, moved or shortened.")
        if len(steps) > PICK_STEPS_MAX:
            st.caption(
                f"{len(steps):,} steps: a plan this long is applied as a whole. To pick steps, "
                "first bring the file under a few hundred entries (Migrate, or merges below)."
            )
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
            if plan.ranked:
                removals = removals_of(plan, pk, plan.choose(picked, texts=texts).usage_after)
            chosen = plan.choose(picked, removals=removals, texts=texts)
        with top:
            plan_summary(target, plan, chosen)

# -- the rest, folded: each section names how many it holds --------------------------------------

st.header("Other suggestions", anchor=False)
nothing: list[str] = []  # the sections with nothing to show, said in one line
nothing_line = st.empty()  # filled once every section is known, shown under the header


def section(title: str, count: int, empty: str):
    """An expander for a section with something in it; else ``None``, and its ``empty`` line is
    said with the others in one caption."""
    if not count:
        nothing.append(empty)
        return None
    return st.expander(f"{title} ({count:,})")


# -- contradictions -----------------------------------------------------------------------------

box = section(
    "Contradictions to resolve", len(report.contradictions), "no two entries give different values for one subject"
)


def _contradictions() -> None:
    st.caption(
        "Two entries about one subject with different values. The agent would read both as true; only you "
        "know which holds. Keep one, or edit the one you keep; both are never merged."
    )
    for pair in first(list(report.contradictions), "contradictions"):
        ck = key_of(pair.first, pair.second)
        with st.container(border=True, key=f"cu_conflict_box_{ck}"):
            left, right = st.columns(2)
            for col, (target, text, only) in zip(
                (left, right),
                ((pair.first_target, pair.first, pair.first_only), (pair.second_target, pair.second, pair.second_only)),
            ):
                with col:
                    st.caption(f"In {FILENAMES[target]}" + (f" · only here: {', '.join(only)}" if only else ""))
                    ui.show_entry(text, max_chars=ui.FULL_TEXT_CHARS)
            choice = st.radio(
                "Resolve by",
                ["Keep this one (left)", "Keep that one (right)", "Edit"],
                index=None,
                horizontal=True,
                key=f"cu_conflict_choice_{ck}",
            )
            if choice is not None:
                keep_i = 1 if choice.startswith("Keep that") else 0
                resolved = pair.entry(keep_i)[1]
                if choice == "Edit":
                    resolved = ui.long_text_area(
                        "The one text to keep (it replaces the left entry; the right one goes)",
                        pair.first,
                        key=f"cu_conflict_text_{ck}",
                        height=90,
                    )
                resolution: Change = {}
                kept_target, kept = pair.entry(keep_i)
                gone_target, gone = pair.entry(1 - keep_i)
                for target in dict.fromkeys((kept_target, gone_target)):
                    kept_after = [resolved if e == kept else e for e in states[target].entries if e != gone]
                    resolution[target] = (states[target].entries, tuple(dict.fromkeys(kept_after)))
                if st.button("Review this resolution…", key=f"cu_conflict_apply_{ck}"):
                    ask(
                        f"conflict:{ck}:{keep_i}:{key_of(resolved)}",
                        "Resolve this contradiction?",
                        resolution,
                        partial(cleanup.resolve_contradiction, store, pair, keep_i, resolved),
                        title="Resolved",
                    )
        shown.update((pair.first, pair.second))


if box is not None:
    with box:
        _contradictions()

# -- merges not already in a plan -------------------------------------------------------------

merges = [m for m in report.merges if not {m.keep, m.drop} & shown]
box = section(
    "Entries that state one fact",
    len(merges),
    "no other entries within a file state the same fact"
    if report.merges
    else "no two entries within a file state the same fact",
)


def _merges_left() -> None:
    for target in TARGETS:
        mine = [m for m in merges if m.target == target]
        if not mine:
            continue
        state = states[target]
        with st.container(border=True, key=f"cu_merges_box_{target}"):
            st.subheader(f"{state.filename}: {n_of(len(mine), 'proposed merge')}")
            st.caption(DIFF_HELP)
            picked_merges = []
            for merge in first(mine, "proposed merges"):
                mk = key_of(merge.keep, merge.drop)
                st.markdown(f"**{merge.kind.capitalize()}** · similarity {merge.score:.2f}")
                st.caption("The merged text against the entry kept")
                show_diff(merge.keep, merge.merged)
                st.caption("The merged text against the entry removed")
                show_diff(merge.drop, merge.merged)
                merged_text = ui.long_text_area(
                    "Merged text (edit freely)", merge.merged, key=f"cu_merge_text_{mk}", height=100
                )
                edited = merge.edited(merged_text)
                st.caption(f"Frees {edited.freed:,} characters.")
                if st.checkbox("Include this merge", value=True, key=f"cu_merge_pick_{mk}"):
                    picked_merges.append(edited)
                st.divider()
            if picked_merges:
                ops = [op for m in picked_merges for op in m.operations()]
                merged_after = projected(target, ops)
                token = f"merge:{target}:{key_of(*[m.keep + m.drop + m.merged for m in picked_merges])}"
                label = f"Review {n_of(len(picked_merges), 'merge')} for {state.filename}…"
                if merged_after is not None and st.button(label, key=f"cu_merge_apply_{target}"):
                    ask(
                        token,
                        f"Apply {n_of(len(picked_merges), 'merge')} to {state.filename} as one batch?",
                        {target: (state.entries, merged_after)},
                        partial(cleanup.apply_merges, store, target, picked_merges),
                        undoable=True,
                    )


if box is not None:
    with box:
        _merges_left()

# -- the same fact in both files ----------------------------------------------------------------

cross = [c for c in report.cross if not {c.memory_entry, c.user_entry} & shown]
box = section("In both files", len(cross), "no other fact is in both files")


def _cross_left() -> None:
    for overlap in first(cross, "entries in both files"):
        ck = key_of(overlap.memory_entry, overlap.user_entry)
        with st.container(border=True, key=f"cu_cross_box_{ck}"):
            left, right = st.columns(2)
            with left:
                st.caption("MEMORY.md")
                ui.show_entry(overlap.memory_entry, max_chars=1500)
            with right:
                st.caption("USER.md")
                ui.show_entry(overlap.user_entry, max_chars=1500)
            keep_in = st.radio(
                "Keep one copy in",
                TARGETS,
                index=TARGETS.index(overlap.keep_target),
                format_func=FILENAMES.get,
                horizontal=True,
                key=f"cu_cross_keep_{ck}",
            )
            kept_text = ui.long_text_area("Text to keep", overlap.merged, key=f"cu_cross_text_{ck}", height=90)
            drop = Target.of(keep_in).other.key
            kept_entry, dropped_entry = overlap.entry(keep_in), overlap.entry(drop)
            kept_after = tuple(dict.fromkeys(kept_text if e == kept_entry else e for e in states[keep_in].entries))
            both: Change = {
                keep_in: (states[keep_in].entries, kept_after),
                drop: (states[drop].entries, tuple(e for e in states[drop].entries if e != dropped_entry)),
            }
            if st.button(f"Keep in {FILENAMES[keep_in]}, remove from {FILENAMES[drop]}…", key=f"cu_cross_apply_{ck}"):
                ask(
                    f"cross:{ck}:{keep_in}:{key_of(kept_text)}",
                    f"Keep this text in {FILENAMES[keep_in]} and remove the copy in {FILENAMES[drop]}?",
                    both,
                    partial(cleanup.resolve_cross, store, overlap, keep_in, kept_text),
                    title="Kept one copy",
                )


if box is not None:
    with box:
        _cross_left()

# -- placement ----------------------------------------------------------------------------------

placement = [h for h in report.placement if h.entry not in shown]
box = section(
    "Entries that may be in the wrong file",
    len(placement),
    "nothing else looks misplaced" if report.placement else "nothing looks misplaced",
)


def _placement_left() -> None:
    st.caption(
        "MEMORY.md is for environment facts and conventions; USER.md for who the user is and how they like "
        "to work. A move is checked in full first: if the other file refuses the entry, neither file "
        "changes."
    )
    for hint in first(placement, "entries that may be misplaced"):
        hk = key_of(hint.target, hint.entry)
        with st.container(border=True, key=f"cu_place_box_{hk}"):
            st.markdown(
                f"In **{FILENAMES[hint.target]}**, reads like **{FILENAMES[hint.suggested]}** "
                f"({', '.join(hint.reasons)})"
            )
            ui.show_entry(hint.entry, max_chars=1500)
            moved: Change = {
                hint.target: (
                    states[hint.target].entries,
                    tuple(e for e in states[hint.target].entries if e != hint.entry),
                ),
                hint.suggested: (
                    states[hint.suggested].entries,
                    tuple(dict.fromkeys((*states[hint.suggested].entries, hint.entry))),
                ),
            }
            if st.button(f"Move to {FILENAMES[hint.suggested]}…", key=f"cu_move_{hk}"):
                ask(
                    f"move:{hk}",
                    f"Move this entry from {FILENAMES[hint.target]} to {FILENAMES[hint.suggested]}?",
                    moved,
                    partial(cleanup.move, store, hint.target, hint.entry, hint.suggested),
                    title="Moved",
                )


if box is not None:
    with box:
        _placement_left()

# -- paths not found here -----------------------------------------------------------------------

stale = [s for s in report.stale if s.entry not in shown | offered]
if nothing:
    nothing_line.caption("Nothing else to do: " + "; ".join(nothing) + ".")
# Always here: what the path check covered is worth a look even when nothing is missing.
with st.expander(f"Paths not found on this machine ({len(stale):,})"):
    st.caption(
        "A hint, not a verdict: the memory may describe another machine. Entries that place a path elsewhere "
        "(staging, a server, the NAS, a URL) are not checked, and relative paths only inside a project "
        "folder the memory names. Nothing is run; removing is your choice."
    )
    st.text(report.paths.summary())
    if report.stale and not stale:
        st.caption("Each is listed among the plan's candidates above, with what was checked.")
    for fact in first(stale, "entries naming paths not found here"):
        sk = key_of(fact.entry)
        with st.container(border=True, key=f"cu_stale_box_{sk}"):
            ui.show_entry(fact.entry, max_chars=1500)
            st.caption("Not found on this machine (looked up):")
            st.text("\n".join(fact.checked))
            without = tuple(e for e in states["memory"].entries if e != fact.entry)
            if st.button("Remove this entry…", key=f"cu_stale_remove_{sk}"):
                ask(
                    f"stale:{sk}",
                    "Remove this entry from MEMORY.md?",
                    {"memory": (states["memory"].entries, without)},
                    partial(store.remove, "memory", fact.entry, expect_entry=fact.entry),
                    undoable=True,
                )

if st.session_state.get("cu_review") and st.session_state.get("cu_review_what"):
    review()
