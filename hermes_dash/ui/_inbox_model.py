"""The Inbox's optional question to the agent's own model: does this staged write repeat or
contradict an entry? Advice beside the write; the person still approves or rejects it
(docs/cleanup.md#the-agents-model). Nothing is sent until the person presses Send."""

from __future__ import annotations

import streamlit as st

from hermes_dash import MemoryStore, Refusal
from hermes_dash.curation import cleanup

from ._widgets import lit, show_entry, show_refusal


def staged_model_review(store: MemoryStore, item_id: str, target: str, texts: list[str], fingerprint: object) -> None:
    """A folded section under a staged write with text: Ask…, what goes, Send, the answers."""
    if not any(t.strip() for t in texts):
        return
    key = ("in_model", item_id, fingerprint)
    with st.expander("Ask your agent's model: does this repeat or contradict an entry?"):
        held = st.session_state.get(f"in_model_{item_id}")
        request, answer = held[1] if held is not None and held[0] == key else (None, None)
        try:
            if request is None and st.button("Ask your agent's model…", key=f"in_model_prepare_{item_id}"):
                request = cleanup.model_staged.prepare_staged(store, target, texts)
            if request is not None and answer is None:
                st.text(request.summary() + ".")
                if st.button("Send", key=f"in_model_send_{item_id}"):
                    with st.spinner(f"Waiting for {lit(request.target.name)}…"):
                        answer = cleanup.model_staged.review_staged(store, request)
            st.session_state[f"in_model_{item_id}"] = (key, (request, answer))
        except Refusal as refusal:
            show_refusal(refusal, "**The agent's model cannot answer now.**")
            return
        if answer is None:
            return
        for note in answer.notes():
            st.text(note)
        if not answer.findings:
            st.text(f"{answer.name} says it neither repeats nor contradicts an entry.")
        for finding in answer.findings:
            st.text(finding.sentence())
            show_entry(finding.entry, max_chars=600)
            if finding.why:
                st.text(f"The model's reason (its words, not checked): {finding.why}")
