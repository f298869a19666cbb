"""The conflict panel: a pinned replace or remove refused because the entry changed meanwhile.

A bare refusal would leave the person to find out what the agent wrote and retype their change.
The panel says the conflict once, shows their version beside the entry as it is now and offers
the ways out: when their edit and the agent's touch different words of the entry, apply their
change on top of the agent's (previewed first, then written through the engine, pinned to the
text shown); replace the new text with theirs; or drop it. The Edit page and the edit-in-place
panel share it; each keeps its conflict under its own key, so both can be on one page without
answering for each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NotRequired, TypedDict

import streamlit as st

from hermes_dash import EntryChanged, MemoryStore, Operation, OpResult
from hermes_dash.engine.rules.format import FILENAMES
from hermes_dash.engine.views.diff import word_diff

from ._widgets import show_entry, show_refusal, then_and_now

_TOKENS = re.compile(r"\s+|\w+|[^\w\s]")


class Conflict(TypedDict):
    """A pinned write refused by ``EntryChanged``, kept in session state under its panel's key."""

    target: str
    action: str
    content: str
    expected: str | None  # the entry the person saw
    current: str | None  # the entry as it is now (None: gone)
    message: str
    clear: tuple[str, ...]
    entries: NotRequired[tuple[str, ...]]  # the file's entries when the panel last looked


def _text(detail: object) -> str | None:
    """A refusal's detail that holds an entry's text (details are plain objects)."""
    return detail if isinstance(detail, str) else None


def _edits(base: list[str], side: list[str]) -> list[tuple[int, int, list[str]]]:
    """``side``'s changes to ``base`` as (start, end, new tokens) over base's tokens: the engine's
    word diff (its pieces are whole tokens), bounded in work; past the bound the changed middle
    is one edit, so two edits overlap and nothing is merged by guess."""
    out: list[tuple[int, int, list[str]]] = []
    at, joined = 0, False  # joined: the last edit may still take the "new" half of its change
    for kind, text in word_diff("".join(base), "".join(side)):
        tokens = _TOKENS.findall(text)
        if kind == "same":
            at, joined = at + len(tokens), False
        elif kind == "new" and joined:
            start, end, _ = out[-1]
            out[-1] = (start, end, tokens)
        else:
            gone = len(tokens) if kind == "gone" else 0
            out.append((at, at + gone, [] if kind == "gone" else tokens))
            at, joined = at + gone, kind == "gone"
    return out


def merge_on_top(base: str, mine: str, theirs: str) -> str | None:
    """``mine``'s edit of ``base`` applied to ``theirs`` (the agent's edit of ``base``), word by
    word, when the two edits touch different words: the text with both changes. None when they
    touch the same or neighbouring words (which one is meant cannot be told), or when there is
    nothing to apply (``mine`` changed nothing, or made the agent's very change)."""
    b, m, t = (_TOKENS.findall(x) for x in (base, mine, theirs))
    if "".join(b) != base or "".join(m) != mine or "".join(t) != theirs:
        return None  # not tokenised losslessly: do not guess
    ours, agents = _edits(b, m), _edits(b, t)
    if not ours or not agents:
        return None
    for a1, a2, _ in ours:
        for b1, b2, _ in agents:
            if a1 <= b2 and b1 <= a2:  # overlapping or touching: the same words
                return None
    merged = list(b)
    for i1, i2, new in sorted(ours + agents, key=lambda e: e[0], reverse=True):
        merged[i1:i2] = new
    text = "".join(merged)
    return None if text in (theirs, base) else text


def pinned_write(
    call: Callable[[], OpResult],
    *,
    key: str,
    target: str,
    action: str,
    content: str = "",
    clear: tuple[str, ...] = (),
    focus: str | None = None,
    successor: str | None = None,
) -> None:
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
            current = _text(changed.details.get("current"))
            if current is None:
                current = successor
            if action == "remove" and current is None:
                raise  # gone already: nothing to decide, the refusal says so
            conflict: Conflict = {
                "target": target,
                "action": action,
                "content": content,
                "expected": _text(changed.details.get("expected")),
                "current": current,
                "message": changed.message,
                "clear": clear,
            }
            st.session_state[key] = conflict
            # The panel holds the person's change now: the form's text boxes are emptied, or the
            # form would say the same conflict again beside it (its stale pin, its refused preview,
            # the page's "changed while you were editing"). Only text boxes: other keys (the open
            # entry) stay until the conflict is decided.
            st.session_state.hd_reset = [k for k in clear if isinstance(st.session_state.get(k), str)]
            st.rerun()
            raise  # not reached: st.rerun() raises

    run_op(attempt, clear=clear, focus=focus, undoable=True)


def conflict_panel(store: MemoryStore, target: str, *, key: str) -> bool:
    """The conflict, said once; the person's version beside the entry as it is now; the ways out.
    Buttons are ``{key}_merge`` (when the two edits touch different words; it previews, and
    ``{key}_merge_yes`` writes), ``{key}_apply`` and ``{key}_drop``. True when a conflict is shown."""
    conflict: Conflict | None = st.session_state.get(key)  # as pinned_write stored it
    if not conflict or conflict["target"] != target:
        return False
    again = _follow(store, target, conflict)
    current, content, action = conflict["current"], conflict["content"], conflict["action"]
    merged = (
        merge_on_top(conflict["expected"] or "", content, current)
        if action == "replace" and current is not None and conflict["expected"]
        else None
    )
    with st.container(border=True):
        # The conflict, said once (the engine's message says it again, so it is not shown).
        st.warning(
            f"**The entry changed on disk before your change was saved.** Nothing was written: "
            f"the agent (or another tab) changed it in {FILENAMES.get(target, target)}"
            + (
                ": your edit and the agent's touch different words, so both can be kept."
                if merged
                else ", and saving would have overwritten its text."
            )
            + (" It changed again since: shown below as it is now." if again else "")
        )
        then_and_now(
            "As you saw it, then your change" if action == "replace" else "As you saw it (to remove)",
            lambda: _yours(conflict),
            "Now in the file",
            lambda: (
                st.text("(gone: no entry stands in its place)")
                if current is None
                else show_entry(current, max_chars=2000)
            ),
        )
        _ways_out(store, target, key, conflict, merged)
    return True


def _yours(conflict: Conflict) -> None:
    """The entry as the person saw it, then (a replace) their change."""
    show_entry(conflict["expected"] or "", max_chars=2000)
    if conflict["action"] == "replace":
        show_entry(conflict["content"], max_chars=2000)


def _ways_out(store: MemoryStore, target: str, key: str, conflict: Conflict, merged: str | None) -> None:
    """Merge (previewed first), apply mine anyway, or drop mine."""
    current, content, action = conflict["current"], conflict["content"], conflict["action"]
    apply_label = None
    if current is not None:
        apply_label = "Replace the new text with mine" if action == "replace" else "Remove the new text too"
    elif action == "replace":
        apply_label = "Add my text as a new entry"
    asked = f"{key}_merge_ask"
    with st.container(horizontal=True, gap="small"):
        merge = merged is not None and st.button(
            "Apply my change on top of the agent's",
            key=f"{key}_merge",
            type="primary",
            help="Shows the result first; nothing is written until you say yes",
        )
        apply = bool(apply_label) and st.button(
            str(apply_label), key=f"{key}_apply", type="secondary" if merged else "primary"
        )
        drop = st.button("Drop my change", key=f"{key}_drop")
    if merge:
        st.session_state[asked] = merged
    if merged is not None and current is not None and st.session_state.get(asked) == merged:
        _merge_preview(store, target, key, conflict, current, merged)
    if apply:
        del st.session_state[key]
        st.session_state.pop(asked, None)
        if action == "replace" and current is not None:
            call = lambda: store.replace(target, current, content, expect_entry=current)  # noqa: E731
        elif action == "replace":
            call = lambda: store.add(target, content)  # noqa: E731
        elif current is not None:  # a remove is offered only while the entry stands
            call = lambda: store.remove(target, current, expect_entry=current)  # noqa: E731
        pinned_write(call, key=key, target=target, action=action, content=content, clear=conflict["clear"])
    if drop:
        del st.session_state[key]
        st.session_state.pop(asked, None)
        st.session_state.hd_reset = list(conflict["clear"])
        st.rerun()


def _follow(store: MemoryStore, target: str, conflict: Conflict) -> bool:
    """Keep the conflict's "now in the file" true while the panel is open: when the entry changed
    again (the agent wrote once more), its new text (or None, gone) takes its place. True then."""
    from hermes_dash.engine.views.diff import diff_entries

    from ._cache import file_state

    entries = file_state(target, store).entries
    seen, conflict["entries"] = conflict.get("entries"), entries
    current = conflict["current"]
    if current is None or current in entries or seen is None:
        return False
    conflict["current"] = next(
        (i.new for i in diff_entries(list(seen), list(entries)).items if i.kind == "changed" and i.old == current), None
    )
    return True


def _merge_preview(store: MemoryStore, target: str, key: str, conflict: Conflict, current: str, merged: str) -> None:
    """What "apply my change on top of the agent's" would write, worked out by the engine against
    the file as it is now (the usage after, or why it would be refused), then Yes writes it."""
    from ._cache import file_state
    from ._diffview import show_word_diff
    from ._widgets import gauge_after

    state = file_state(target, store)
    shown = store.preview(state, Operation("replace", merged, current, current)).projection
    asked = f"{key}_merge_ask"
    if shown.refusal is not None:
        show_refusal(shown.refusal, "**Your change no longer applies on top of the agent's.** Nothing will be written.")
        st.session_state.pop(asked, None)
        return
    show_word_diff(current, merged, caption="Your change on top of the agent's text (red goes, green comes):")
    show_entry(merged, max_chars=2000)
    gauge_after(state, shown.usage, len(shown.after), key=f"{key}_merge_gauge")
    with st.container(horizontal=True, gap="small"):
        yes = st.button("Yes, write it", key=f"{key}_merge_yes", type="primary")
        no = st.button("Cancel", key=f"{key}_merge_no")
    if no:
        st.session_state.pop(asked, None)
        st.rerun()
    if yes:
        del st.session_state[key]
        st.session_state.pop(asked, None)
        # Pinned to the agent's text as shown: a third change meanwhile opens the panel again,
        # with this merged text as the person's change.
        pinned_write(
            lambda: store.replace(target, current, merged, expect_entry=current),
            key=key,
            target=target,
            action="replace",
            content=merged,
            clear=conflict["clear"],
        )
