"""The Cleanup page's "Ask your agent's model": opt-in every time, said before sent, each finding
checked by the engine and drawn as a step of the plan (docs/cleanup.md#the-agents-model).

Three clicks, none of them a write: "Ask your agent's model…" asks the agent which model it uses
(no call), the line says what goes and where, "Send" makes the one call. The findings are data:
every text of the answer is drawn as plain text. A finding is a step of its file's plan
(:mod:`._cleanup_plan`), ticked beside the local rules' steps and applied with them as one engine
write, journalled as "Cleanup (model: provider/model)".
"""

from __future__ import annotations

import streamlit as st

from hermes_dash import Refusal
from hermes_dash.curation import cleanup
from hermes_dash.engine.rules.format import FILENAMES, TARGETS

from ._cleanup_review import Page, entry, key_of, show_diff
from ._widgets import lit, show_refusal

_REQUEST, _REVIEW = "cu_model_request", "cu_model_review"


def _home_key(page: Page, threshold: int) -> tuple[object, ...]:
    """What a request or a review was made for: another home, file content or goal is another."""
    return (str(page.store.home.path), threshold, tuple(page.states[t].fingerprint for t in TARGETS))


def _held(name: str, key: tuple[object, ...]) -> object | None:
    held = st.session_state.get(name)
    return held[1] if held is not None and held[0] == key else None


def _contradiction(finding: cleanup.model_review.Finding, fk: str) -> cleanup.model_review.Finding:
    """The two entries side by side, the model's choice marked; the person keeps one."""
    columns = st.columns(len(finding.entries))
    for n, (col, (target, text)) in enumerate(zip(columns, finding.entries), start=1):
        with col:
            mark = "The model keeps this · " if finding.keep == (target, text) else ""
            st.caption(f"Entry {n} · {mark}in {FILENAMES[target]}")
            entry(text)
    labels = [f"Keep entry {n} (column {n} from the left)" for n in range(1, len(finding.entries) + 1)]
    start = finding.entries.index(finding.keep) if finding.keep in finding.entries else None
    choice = st.radio("Keep", labels, index=start, key=f"cu_model_keep_{fk}", label_visibility="collapsed")
    if choice is None:
        return finding
    return cleanup.model_review.choose(finding, finding.entries[labels.index(choice)])


def home_of(finding: cleanup.model_review.Finding) -> str:
    """The plan a finding is a step of: the first file it changes (a two-file one writes both)."""
    return next(t for t in TARGETS if t in finding.targets)


def model_step(
    review: cleanup.model_review.Review, n: int, finding: cleanup.model_review.Finding
) -> cleanup.model_review.Finding | None:
    """One of the model's steps in the plan: its source, checks, the model's reason as plain text,
    a diff; returned (with the person's choice of a contradiction's side) when ticked."""
    fk = key_of(finding.kind, *(e for _, e in finding.entries), finding.merged or "")
    with st.container(border=True, key=f"cu_model_box_{fk}"):
        verdict = "verified" if finding.verified else "did not pass the checks"
        ticked = st.checkbox(
            f"Model step {n} · {lit(finding.kind)} · from {lit(review.name)} · {verdict}",
            value=False,
            disabled=not finding.verified,
            key=f"cu_model_pick_{fk}",
        )
        if finding.why:
            st.text(f"The model's reason (its words, not checked): {finding.why}")
        for problem in finding.problems:
            st.text(f"✖ {problem}")
        if finding.kind == "contradiction":
            finding = _contradiction(finding, fk)
        elif finding.merged is not None:
            for _, text in finding.entries:
                show_diff(text, finding.merged)
        else:
            for _, text in finding.entries:
                st.caption("Goes")
                entry(text)
    return finding if ticked and finding.verified else None


def _notes(review: cleanup.model_review.Review) -> None:
    for note in review.notes():
        st.text(note)
    if not review.findings:
        st.text(f"{review.name} found nothing to change.")
    else:
        st.text(
            f"{review.name}'s findings are steps of the plan above, each marked as the model's; only verified "
            "ones can be ticked, and the texts are the model's, shown as written."
        )


def model_section(page: Page, threshold: int) -> cleanup.model_review.Review | None:
    """ "Ask your agent's model": nothing is sent until the person presses Send. Returns the
    review held for this home and goal, whose findings the plan draws as its steps."""
    st.header("Ask your agent's model", anchor=False)
    st.caption(
        "Optional. The model your agent already uses reads both memory files (nothing else) and proposes "
        "duplicates, contradictions and shorter wordings; hermes-dash checks each before you see it. "
        "Its findings join the plan above as steps marked as the model's: nothing is sent until you press Send."
    )
    key = _home_key(page, threshold)
    request, review = _held(_REQUEST, key), _held(_REVIEW, key)
    try:
        if request is None and st.button("Ask your agent's model…", key="cu_model_prepare"):
            request = cleanup.model_review.prepare(page.store, TARGETS, threshold)
            st.session_state[_REQUEST] = (key, request)
        if isinstance(request, cleanup.model_review.Request) and review is None:
            st.text(request.summary() + ".")
            if st.button("Send", key="cu_model_send", type="primary"):
                with st.spinner(f"Waiting for {lit(request.target.name)}…"):
                    review = cleanup.model_review.review(page.store, request)
                st.session_state[_REVIEW] = (key, review)
    except Refusal as refusal:
        show_refusal(refusal, "**The agent's model cannot review the files now.**")
        return None
    if isinstance(review, cleanup.model_review.Review):
        _notes(review)
        return review
    return None
