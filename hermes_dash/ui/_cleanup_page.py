"""The Cleanup page, drawn: the report for the chosen threshold, each file's health line, the
plan (:mod:`._cleanup_plan`), the other suggestions (:mod:`._cleanup_sections`) and the review
dialog (:mod:`._cleanup_review`). Imported only when the page is drawn: the clean-up's
similarity model is no other page's cost.
"""

from __future__ import annotations

import re

import streamlit as st

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import cleanup
from hermes_dash.engine.rules.format import TARGETS

from ._cache import file_state, stat_key
from ._cleanup_model import model_section
from ._cleanup_plan import plans
from ._cleanup_review import DIFF_HELP, Page, open_review
from ._cleanup_sections import others
from ._focus import page_title
from ._health import health_lines
from ._session import remember_seen

#: The fix a health line names, said here where the fix is: the plan below.
_FIX_HERE = re.compile(r"\s*(?:Fix: free room on (?:the )?Cleanup(?: page)?\.|Cleanup can free room\.)")


def _report(store: MemoryStore, threshold: int, key: tuple[object, ...]) -> cleanup.Report:
    """The report for this home, both files' fingerprints and the threshold, kept in the session.

    Not st.cache_data: a cached function cannot drive a progress bar made outside it, and on a
    file of thousands of entries the report takes seconds, so the page shows how far it got.
    """
    memo_key = (str(store.home.root), store.home.profile, threshold, key)
    held = st.session_state.get("cu_report")
    if held is not None and held[0] == memo_key:
        report: cleanup.Report = held[1]  # what this function stored under that key
        return report
    bar = st.progress(0.0, text="Comparing entries…")
    report = cleanup.suggest(
        MemoryStore(resolve_home(str(store.home.root), store.home.profile or "default")),
        threshold,
        progress=lambda done, what: bar.progress(min(1.0, done), text=f"{what}…"),
    )
    bar.empty()
    st.session_state.cu_report = (memo_key, report)
    return report


def _fix_is_below(line: str) -> str:
    """A health line's fix, said as what is below: the plan."""
    return _FIX_HERE.sub(" The plan below frees room.", line)


def draw(store: MemoryStore) -> None:
    page_title("Cleanup assistant")  # focus comes here on arrival, as on every page
    states = {t: file_state(t, store) for t in TARGETS}
    for t in TARGETS:
        remember_seen(states[t])
    threshold = st.slider(
        "Get each file under (% of its limit)", 50, 100, cleanup.DEFAULT_THRESHOLD, 5, key="cu_threshold", width=420
    )
    key = (
        tuple(s.fingerprint for s in states.values()),
        stat_key(store.home.config_path),
        stat_key(store.home.state_db),
        tuple(s.limit for s in states.values()),
    )
    report = _report(store, threshold, key)
    # One line per file: its state and fix. A file the report cannot plan for says why instead (once).
    health_lines([states[t] for t in TARGETS if t not in report.notes], _fix_is_below)
    for target in TARGETS:
        if target in report.notes:
            if states[target].error:
                st.error("**This file cannot be changed safely.**")
            else:
                st.info("**Normalise first.** See the Migrate page.")
            st.text(report.notes[target].replace("`", ""))  # plain text: the command's code marks would show
    with st.expander("How the plan is made"):
        st.caption(
            f"Entries are compared by meaning ({report.method}, on this machine; nothing is sent anywhere), "
            "then by their numbers, paths, versions and names: two entries naming another port or environment "
            "are different facts and are never merged, and two that give one subject two values are a "
            "contradiction for you to resolve. First come the steps that lose nothing: entries that state one "
            "fact merged (every number, path and name kept), one copy of what both files say, entries moved "
            "to the file they belong in. Then shorter wording with the same facts. Then, if still needed, "
            "entries you may pick to remove, ranked by evidence; none is picked for you, and no entry is "
            "removed for being old or long. Nothing is written until you confirm."
        )
        st.caption(DIFF_HELP)
    page = Page(store, states, report)
    plan = st.container()  # shown first, drawn once the model's review (asked for below) is known
    review = model_section(page, threshold)
    with plan:
        plans(page, threshold, review)
    others(page)
    open_review()
