"""The conflict panel: a pinned replace or remove refused because the entry changed meanwhile.

A bare refusal would leave the person to find out what the agent wrote and retype their change.
The panel shows their version beside the entry as it is now and offers the two ways out:
apply their change to the new text (itself pinned, to the text shown), or drop it. The Edit
page and the edit-in-place panel share it; each keeps its conflict under its own key, so both
can be on one page without answering for each other.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from hermes_dash import EntryChanged, MemoryStore, OpResult

from ._widgets import show_entry


def pinned_write(call: Callable[[], OpResult], *, key: str, target: str, action: str, content: str = "",
                 clear: tuple[str, ...] = (), focus: str | None = None, successor: str | None = None) -> None:
    """One undoable write through ``run_op``; an ``EntryChanged`` refusal opens the conflict
    panel stored under ``key`` (both versions side by side) instead of a bare refusal.

    ``successor``: the entry now standing where the pinned one was, for a caller that pinned
    the entry's full text: an edited entry then matches nothing, so the engine cannot name its
    new text, while the caller can, from a diff of what it showed against the file now."""
    from ._session import run_op

    def attempt() -> OpResult:
        try:
            return call()
        except EntryChanged as changed:
            current = changed.details.get("current")
            if current is None:
                current = successor
            if action == "remove" and current is None:
                raise  # gone already: nothing to decide, the refusal says so
            st.session_state[key] = {"target": target, "action": action, "content": content,
                                     "expected": changed.details.get("expected"),
                                     "current": current,
                                     "message": changed.message, "clear": clear}
            st.rerun()
            raise  # not reached: st.rerun() raises
    run_op(attempt, clear=clear, focus=focus, undoable=True)


def conflict_panel(store: MemoryStore, target: str, *, key: str) -> bool:
    """The person's version beside the entry as it is now, with the two ways out. Buttons are
    ``{key}_apply`` and ``{key}_drop``. True when a conflict is shown."""
    conflict = st.session_state.get(key)
    if not conflict or conflict["target"] != target:
        return False
    with st.container(border=True):
        st.warning("**The entry changed on disk before your change was saved.** Nothing was written: the "
                   "agent (or another tab) had changed the entry you picked, and saving would have "
                   "overwritten its text.")
        st.text(conflict["message"])
        mine, theirs = st.columns(2)
        with mine:
            st.caption("Your change" + (": the entry as you saw it, then your new text" if conflict["action"] ==
                                        "replace" else ": remove the entry as you saw it"))
            show_entry(conflict["expected"] or "", max_chars=2000)
            if conflict["action"] == "replace":
                show_entry(conflict["content"], max_chars=2000)
        with theirs:
            st.caption("Now in the file")
            if conflict["current"] is None:
                st.text("(gone: no entry stands in its place)")
            else:
                show_entry(conflict["current"], max_chars=2000)
        current, content = conflict["current"], conflict["content"]
        apply_label = None
        if current is not None:
            apply_label = "Replace the new text with mine" if conflict["action"] == "replace" else \
                "Remove the new text too"
        elif conflict["action"] == "replace":
            apply_label = "Add my text as a new entry"
        left, right = st.columns(2)
        if apply_label and left.button(apply_label, key=f"{key}_apply", type="primary"):
            del st.session_state[key]
            if conflict["action"] == "replace" and current is not None:
                call = lambda: store.replace(target, current, content, expect_entry=current)  # noqa: E731
            elif conflict["action"] == "replace":
                call = lambda: store.add(target, content)  # noqa: E731
            else:
                call = lambda: store.remove(target, current, expect_entry=current)  # noqa: E731
            pinned_write(call, key=key, target=target, action=conflict["action"], content=content,
                         clear=conflict["clear"])
        if right.button("Drop my change", key=f"{key}_drop"):
            del st.session_state[key]
            st.session_state.hd_reset = list(conflict["clear"])
            st.rerun()
    return True
