"""The Cleanup page's other suggestions, folded: contradictions, entries stating one fact, the
same fact in both files, entries in the wrong file, and what the path check covered.

Each section's title counts what it holds; a section with nothing in it is said in one line
with the others. What the plan above covers is not listed again (each proposal appears once).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from hermes_dash.curation import cleanup
from hermes_dash.engine.rules.format import FILENAMES, TARGETS
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.views.humanize import n_of

from ._cleanup_review import DIFF_HELP, Change, Page, ask, entry, first, key_of, show_diff
from ._tables import long_text_area
from ._widgets import show_entry


class Sections:
    """The sections in order; the empty ones are said in one caption under the header."""

    def __init__(self) -> None:
        st.header("Other suggestions", anchor=False)
        self.nothing: list[str] = []
        self.line = st.empty()

    def begin(self, title: str, count: int, empty: str) -> Any:
        """An expander for a section with something in it; else None, its ``empty`` said with the others."""
        if not count:
            self.nothing.append(empty)
            return None
        return st.expander(f"{title} ({count:,})")

    def close(self) -> None:
        if self.nothing:
            # Said as what was checked, never as an absence the checks cannot know.
            self.line.caption("Checked, nothing found: " + "; ".join(self.nothing) + ".")


def _conflict(page: Page, pair: cleanup.Contradiction) -> None:
    ck = key_of(pair.first, pair.second)
    dated = pair.newer is not None
    with st.container(border=True, key=f"cu_conflict_box_{ck}"):
        st.caption(
            "The left one reads as newer (it says the value changed): it is the suggested keeper."
            if dated
            else "Nothing says which is newer: pick the one that holds."
        )
        left, right = st.columns(2)
        sides = ((pair.first_target, pair.first, pair.first_only), (pair.second_target, pair.second, pair.second_only))
        for n, (col, (target, text, only)) in enumerate(zip((left, right), sides)):
            with col:
                role = ("Keep (newer) · " if n == 0 else "Older · ") if dated else ""
                st.caption(f"{role}in {FILENAMES[target]}" + (f" · only here: {', '.join(only)}" if only else ""))
                entry(text)
        choice = st.radio(
            "Resolve by",
            ["Keep this one (left)", "Keep that one (right)", "Edit"],
            index=None,
            horizontal=True,
            key=f"cu_conflict_choice_{ck}",
        )
        if choice is None:
            return
        keep_i = 1 if choice.startswith("Keep that") else 0
        resolved = pair.entry(keep_i)[1]
        if choice == "Edit":
            resolved = long_text_area(
                "The one text to keep (it replaces the left entry; the right one goes)",
                pair.first,
                key=f"cu_conflict_text_{ck}",
                height=90,
            )
        kept_target, kept = pair.entry(keep_i)
        gone_target, gone = pair.entry(1 - keep_i)
        resolution: Change = {}
        for target in dict.fromkeys((kept_target, gone_target)):
            after = [resolved if e == kept else e for e in page.states[target].entries if e != gone]
            resolution[target] = (page.states[target].entries, tuple(dict.fromkeys(after)))
        if st.button("Review this resolution…", key=f"cu_conflict_apply_{ck}"):
            ask(
                f"conflict:{ck}:{keep_i}:{key_of(resolved)}",
                "Resolve this contradiction?",
                resolution,
                partial(cleanup.resolve_contradiction, page.store, pair, keep_i, resolved),
                title="Resolved",
            )


def contradictions(page: Page, sections: Sections) -> None:
    found = list(page.report.contradictions)
    box = sections.begin(
        "Contradictions to resolve",
        len(found),
        "no contradiction found by the value rules (two values for one subject, worded alike); "
        "a model review can look further",
    )
    if box is None:
        return
    with box:
        st.caption(
            "Two entries about one subject with different values, side by side. The agent would read both "
            "as true; keep one, or edit the one you keep; both are never merged."
        )
        for pair in first(found, "contradictions"):
            _conflict(page, pair)
    for pair in found:
        page.shown.update((pair.first, pair.second))


def _merge_box(page: Page, target: str, mine: list[cleanup.Merge]) -> None:
    state = page.states[target]
    with st.container(border=True, key=f"cu_merges_box_{target}"):
        st.subheader(f"{state.filename}: {n_of(len(mine), 'proposed merge')}")
        st.caption(DIFF_HELP)
        picked = []
        for merge in first(mine, "proposed merges"):
            mk = key_of(merge.keep, merge.drop)
            st.markdown(f"**{merge.kind.capitalize()}** · similarity {merge.score:.2f}")
            st.caption("The merged text against the entry kept")
            show_diff(merge.keep, merge.merged)
            st.caption("The merged text against the entry removed")
            show_diff(merge.drop, merge.merged)
            text = long_text_area("Merged text (edit freely)", merge.merged, key=f"cu_merge_text_{mk}", height=100)
            edited = merge.edited(text)
            st.caption(f"Frees {edited.freed:,} characters.")
            if st.checkbox("Include this merge", value=True, key=f"cu_merge_pick_{mk}"):
                picked.append(edited)
            st.divider()
        if not picked:
            return
        after = page.projected(target, [op for m in picked for op in m.operations()])
        label = f"Review {n_of(len(picked), 'merge')} for {state.filename}…"
        if after is not None and st.button(label, key=f"cu_merge_apply_{target}"):
            ask(
                f"merge:{target}:{key_of(*[m.keep + m.drop + m.merged for m in picked])}",
                f"Apply {n_of(len(picked), 'merge')} to {state.filename} as one batch?",
                {target: (state.entries, after)},
                partial(cleanup.apply_merges, page.store, target, picked),
                undoable=True,
            )


def merges(page: Page, sections: Sections) -> None:
    left = [m for m in page.report.merges if not {m.keep, m.drop} & page.shown]
    empty = (
        "no other entries found stating one fact within a file (by similarity of words)"
        if page.report.merges
        else "no two entries found stating one fact within a file (by similarity of words)"
    )
    box = sections.begin("Entries that state one fact", len(left), empty)
    if box is None:
        return
    with box:
        for target in TARGETS:
            mine = [m for m in left if m.target == target]
            if mine:
                _merge_box(page, target, mine)


def cross(page: Page, sections: Sections) -> None:
    left = [c for c in page.report.cross if not {c.memory_entry, c.user_entry} & page.shown]
    box = sections.begin("In both files", len(left), "no other fact found in both files")
    if box is None:
        return
    with box:
        for overlap in first(left, "entries in both files"):
            ck = key_of(overlap.memory_entry, overlap.user_entry)
            with st.container(border=True, key=f"cu_cross_box_{ck}"):
                a, b = st.columns(2)
                with a:
                    st.caption("MEMORY.md")
                    show_entry(overlap.memory_entry, max_chars=1500)
                with b:
                    st.caption("USER.md")
                    show_entry(overlap.user_entry, max_chars=1500)
                keep_in = st.radio(
                    "Keep one copy in",
                    TARGETS,
                    index=TARGETS.index(overlap.keep_target),
                    format_func=FILENAMES.get,
                    horizontal=True,
                    key=f"cu_cross_keep_{ck}",
                )
                text = long_text_area("Text to keep", overlap.merged, key=f"cu_cross_text_{ck}", height=90)
                drop = Target.of(keep_in).other.key
                kept, dropped = overlap.entry(keep_in), overlap.entry(drop)
                states = page.states
                both: Change = {
                    keep_in: (
                        states[keep_in].entries,
                        tuple(dict.fromkeys(text if e == kept else e for e in states[keep_in].entries)),
                    ),
                    drop: (states[drop].entries, tuple(e for e in states[drop].entries if e != dropped)),
                }
                if st.button(
                    f"Keep in {FILENAMES[keep_in]}, remove from {FILENAMES[drop]}…", key=f"cu_cross_apply_{ck}"
                ):
                    ask(
                        f"cross:{ck}:{keep_in}:{key_of(text)}",
                        f"Keep this text in {FILENAMES[keep_in]} and remove the copy in {FILENAMES[drop]}?",
                        both,
                        partial(cleanup.resolve_cross, page.store, overlap, keep_in, text),
                        title="Kept one copy",
                    )


def placement(page: Page, sections: Sections) -> None:
    left = [h for h in page.report.placement if h.entry not in page.shown]
    empty = "nothing else found that looks misplaced" if page.report.placement else "nothing found that looks misplaced"
    box = sections.begin("Entries that may be in the wrong file", len(left), empty)
    if box is None:
        return
    with box:
        st.caption(
            "MEMORY.md is for environment facts and conventions; USER.md for who the user is and how they like "
            "to work. A move is checked in full first: if the other file refuses the entry, neither file "
            "changes."
        )
        for hint in first(left, "entries that may be misplaced"):
            hk = key_of(hint.target, hint.entry)
            with st.container(border=True, key=f"cu_place_box_{hk}"):
                st.markdown(
                    f"In **{FILENAMES[hint.target]}**, reads like **{FILENAMES[hint.suggested]}** "
                    f"({', '.join(hint.reasons)})"
                )
                show_entry(hint.entry, max_chars=1500)
                here, there = page.states[hint.target].entries, page.states[hint.suggested].entries
                moved: Change = {
                    hint.target: (here, tuple(e for e in here if e != hint.entry)),
                    hint.suggested: (there, tuple(dict.fromkeys((*there, hint.entry)))),
                }
                if st.button(f"Move to {FILENAMES[hint.suggested]}…", key=f"cu_move_{hk}"):
                    ask(
                        f"move:{hk}",
                        f"Move this entry from {FILENAMES[hint.target]} to {FILENAMES[hint.suggested]}?",
                        moved,
                        partial(cleanup.move, page.store, hint.target, hint.entry, hint.suggested),
                        title="Moved",
                    )


def paths(page: Page) -> None:
    """Always here: what the path check covered is worth a look even when nothing is missing. Its
    title counts the entries it lists, and says how many more the plan above lists."""
    stale = [s for s in page.report.stale if s.entry not in page.shown | page.offered]
    in_plan = len(page.report.stale) - len(stale)
    more = f", {in_plan:,} more among the plan's candidates above" if in_plan else ""
    with st.expander(f"Paths not found where the agent runs ({len(stale):,}{more})"):
        st.caption(
            "A hint, not a verdict. Paths are looked up only when the agent's own sessions ran on this "
            "machine, with ~ as its user's home; an entry naming another host, server, container, platform "
            "or device is never looked up, and relative paths only inside a project folder the memory names. "
            "Nothing is run; removing is your choice."
        )
        st.text(page.report.paths.summary())
        for fact in first(stale, "entries naming paths not found here"):
            sk = key_of(fact.entry)
            with st.container(border=True, key=f"cu_stale_box_{sk}"):
                show_entry(fact.entry, max_chars=1500)
                st.caption("Not found on this machine (looked up):")
                st.text("\n".join(fact.checked))
                memory = page.states["memory"].entries
                if st.button("Remove this entry…", key=f"cu_stale_remove_{sk}"):
                    ask(
                        f"stale:{sk}",
                        "Remove this entry from MEMORY.md?",
                        {"memory": (memory, tuple(e for e in memory if e != fact.entry))},
                        partial(page.store.remove, "memory", fact.entry, expect_entry=fact.entry),
                        undoable=True,
                    )


def others(page: Page) -> None:
    """Every section below the plan, in order."""
    sections = Sections()
    contradictions(page, sections)
    merges(page, sections)
    cross(page, sections)
    placement(page, sections)
    sections.close()
    paths(page)
