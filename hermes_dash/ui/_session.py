"""Which home the dashboard is looking at, kept per browser session in ``st.session_state``.

Keys (all prefixed ``hd_`` so pages cannot collide with them):

* ``hd_home``    the Hermes home folder (root) as text; default ``$HERMES_HOME`` / ``~/.hermes``
* ``hd_profile`` ``"default"`` or a profile name under ``<root>/profiles/``
* ``hd_seen``    ``{(file, target): Fingerprint}`` last shown
* ``hd_looked``  ``{(file, target): Fingerprint}`` shown before this run: what the person looked at
  when they clicked; ``run_op`` compares it with the fingerprint the write found
* ``hd_flash``   messages to show after the rerun that follows a write
* ``hd_reset``   widget keys to clear at the start of the next run (after a successful write)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

import streamlit as st

from hermes_dash import (
    FileState,
    HermesHome,
    MemoryStore,
    OpResult,
    Refusal,
    Settings,
    Undo,
    load_settings,
    resolve_home,
)
from hermes_dash.engine.agents import agent_for_home, agent_rules_in_effect, use_agent
from hermes_dash.engine.io.readfile import Fingerprint
from hermes_dash.engine.serving import PROFILE_ENV
from hermes_dash.engine.state import TwoFileUndo
from hermes_dash.engine.views.humanize import NEXT_SESSION, n_entries

from ._cache import stat_key
from ._focus import FLASH_KEY, FLASH_SELECTOR, focus_now, pending_focus

FlashKind = str  # "success" | "warning" | "info"
T = TypeVar("T")


@dataclass(frozen=True)
class Flash:
    kind: FlashKind
    title: str  # fixed wording of ours: may be shown as markdown
    body: str = ""  # may hold entry text: always shown as plain text
    undo: Undo | TwoFileUndo | None = None  # offered as an Undo button beside the message


def _ensure_defaults() -> None:
    if "hd_home" not in st.session_state:
        try:
            # `hermes-dash --profile NAME` starts on that profile; the sidebar can switch later.
            home = resolve_home(profile=os.environ.get(PROFILE_ENV) or None)
        except Refusal as refusal:
            # A bad active_profile must not stop the dashboard: open the default profile and say
            # which file names what, so the user can fix it from here.
            home = resolve_home(None, "default")
            flash("warning", "Opened the default profile", f"{refusal.message}\n{refusal.hint}")
        st.session_state.hd_home = str(home.root)
        st.session_state.hd_profile = home.profile or "default"
    st.session_state.setdefault("hd_profile", "default")


def current_home() -> HermesHome:
    """The chosen home; a profile that vanished falls back to the default profile."""
    _ensure_defaults()
    try:
        return resolve_home(st.session_state.hd_home, st.session_state.hd_profile)
    except Refusal:
        st.session_state.hd_profile = "default"
        return resolve_home(st.session_state.hd_home, "default")


_SETTINGS: dict[tuple[object, ...], Settings] = {}
_SETTINGS_MAX = 64


def settings_of(home: HermesHome) -> Settings:
    """``load_settings(home)``, reused while config.yaml's (mtime, size, inode) stays the same.

    Every rerun needs the limits, and parsing the YAML cost more than the whole sidebar. A plain
    dict rather than ``st.cache_data``: Settings is frozen (safe to share between sessions) and
    hashing a HermesHome for ``st.cache_data`` would cost about what the parse does. An absent
    or unreadable config.yaml is not remembered (load_settings is cheap then).
    """
    key = stat_key(home.config_path)
    if key is None:
        return load_settings(home)
    # The managed scope's file and the agent's way of reading YAML change the answer too.
    managed = os.path.join(os.environ.get("HERMES_MANAGED_DIR", "").strip() or "/etc/hermes", "config.yaml")
    slot = (str(home.config_path), key, managed, stat_key(managed), agent_rules_in_effect().strict_config)
    found = _SETTINGS.get(slot)
    if found is None:
        if len(_SETTINGS) >= _SETTINGS_MAX:
            _SETTINGS.clear()  # stale stat keys pile up as config.yaml is edited; start afresh
        found = _SETTINGS[slot] = load_settings(home)
    return found


def current_store() -> MemoryStore:
    """A :class:`MemoryStore` for the chosen home; cheap (settings reused while config.yaml is unchanged)."""
    home = current_home()
    use_agent(agent_for_home(home.root))  # this run follows the rules of the agent that uses this home
    return MemoryStore(home, settings_of(home))


def set_home(path: str, profile: str = "default") -> None:
    """Point the session at another home (and profile); caches are keyed by path, no clearing needed."""
    st.session_state.hd_home = path
    st.session_state.hd_profile = profile
    st.session_state.pop("hd_seen", None)
    st.session_state.pop("hd_looked", None)


def remember_seen(state: FileState) -> Fingerprint | None:
    """Record that this page shows ``state``; return the fingerprint this session showed before.

    A page calls it once per file it shows. A click reruns the page, so the file this run reads
    may already be newer than what the person looked at when they clicked: that earlier
    fingerprint is kept for :func:`run_op`, which notes when a write found the file changed since.
    """
    from ._health import announce_outside_writes

    announce_outside_writes([state])  # the agent wrote while the page was open: say so (a toast)
    seen: dict[tuple[str, str], Fingerprint | None] = st.session_state.setdefault("hd_seen", {})
    key = (str(state.path), state.target)
    previous = seen.get(key, state.fingerprint)
    seen[key] = state.fingerprint
    st.session_state.setdefault("hd_looked", {})[key] = previous
    return previous


def changed_since_looked(result: OpResult) -> bool:
    """Whether the file ``result`` wrote had changed between what this page showed and the write:
    the fingerprint :func:`remember_seen` kept against the one the engine read under its lock."""
    looked = st.session_state.get("hd_looked", {})
    key = (str(current_home().file_path(result.target)), result.target)
    return key in looked and result.changed_since(looked[key])


def flash(kind: FlashKind, title: str, body: str = "", undo: Undo | TwoFileUndo | None = None) -> None:
    st.session_state.setdefault("hd_flash", []).append(Flash(kind, title, body, undo))


def pop_flashes() -> list[Flash]:
    flashes: list[Flash] = st.session_state.pop("hd_flash", [])  # only flash() puts them there
    return flashes


def apply_resets() -> None:
    """Clear the widget keys a successful write asked to clear (must run before the widgets).

    A text box is set to "" rather than forgotten: the browser keeps showing the old text of a
    forgotten text widget, so the box would look as if nothing had been saved.
    """
    for key in st.session_state.pop("hd_reset", ()):
        if isinstance(st.session_state.get(key), str):
            st.session_state[key] = ""
        else:
            st.session_state.pop(key, None)


def result_text(result: OpResult, filename: str) -> str:
    """What an accepted write did, in words (plain text: the message may quote entry text)."""
    lines = [result.message]
    if result.changed:
        lines.append(
            f"{filename} is now {result.usage:,}/{result.limit:,} characters "
            f"({result.percent}%), {n_entries(len(result.after))}."
        )
        if result.backup is not None:
            lines.append(f"The previous version is kept as {result.backup.name} (see History).")
        lines.append(NEXT_SESSION)
    return "\n".join(lines)


def written(result: object, *, title: str | None = None, undoable: bool = False) -> list[Flash]:
    """What a write did, as the messages :func:`run_op` queues by default.

    An :class:`OpResult`: the usage after, the backup, the external-change note when the file had
    changed since this session last showed it, and Undo when ``undoable``. A two-file result (a
    move, a cross-file merge, a plan: ``first`` and ``second`` OpResults): its message, both
    files and the Undo that takes both back (it is one store write).
    Anything else: ``title`` alone.
    """
    from hermes_dash.engine.rules.format import FILENAMES

    if isinstance(result, OpResult):
        filename = FILENAMES.get(result.target, result.target)
        out = []
        if changed_since_looked(result):
            out.append(
                Flash(
                    "warning",
                    f"{filename} had changed on disk since this page showed it",
                    "Someone else (the agent, another tab or an editor) wrote it meanwhile. The engine "
                    "re-read the file under its lock and applied your change to the fresh content, so "
                    "nothing was lost. Check the result below.",
                )
            )
        out.append(
            Flash(
                "success" if result.changed else "info",
                title or ("Saved" if result.changed else "Nothing to change"),
                result_text(result, filename),
                result.undo if undoable else None,
            )
        )
        return out
    first, second = getattr(result, "first", None), getattr(result, "second", None)
    if isinstance(first, OpResult) and isinstance(second, OpResult):
        return [
            Flash(
                "success",
                title or "Saved",
                "\n".join(
                    [
                        str(getattr(result, "message", "")),
                        result_text(first, FILENAMES.get(first.target, first.target)),
                        result_text(second, FILENAMES.get(second.target, second.target)),
                    ]
                ),
                getattr(result, "undo", None),
            )
        ]
    return [Flash("success", title or "Done")]


def run_op(
    action: Callable[[], T],
    *,
    clear: Iterable[str] = (),
    focus: str | None = None,
    undoable: bool = False,
    title: str | None = None,
    report: Callable[[T], Iterable[Flash]] | None = None,
    then: Callable[[T], None] | None = None,
) -> T | None:
    """Run one write through the engine and report it: the one write-and-report path of the pages.

    Refused (a :class:`Refusal`): show why (nothing changed) and return None. Accepted: clear
    the read caches, queue the messages ``report(result)`` gives (default :func:`written`, with
    ``title`` and ``undoable``), call ``then(result)`` (more session state to set), clear the
    ``clear`` widget keys and rerun, so the page redraws from the new files. ``focus`` is the
    CSS selector that gets keyboard focus after that rerun (default: the message).
    ``undoable``: the message offers an Undo button (for writes that are one store write; a
    page that makes several writes for one action must not offer to undo only the last).
    """
    from ._cache import clear_caches
    from ._widgets import show_refusal

    try:
        result = action()
    except Refusal as refusal:
        show_refusal(refusal)
        return None
    clear_caches()
    from ._health import note_own_write

    note_own_write(result, undoable, current_home())
    for item in report(result) if report is not None else written(result, title=title, undoable=undoable):
        flash(item.kind, item.title, item.body, item.undo)
    if then is not None:
        then(result)
    st.session_state.hd_reset = list(clear)
    if focus:
        from ._focus import focus_after_rerun

        focus_after_rerun(focus)
    st.rerun()
    return result  # not reached: st.rerun() raises


def undo_write(token: Undo | TwoFileUndo) -> None:
    """Take one write back (an Undo button's callback) and queue what happened as a message.

    A callback, not code after the button: the message holding the button is shown once, so
    on the rerun that the click starts the button is gone and its value could not be read.
    """
    from hermes_dash.engine.rules.format import FILENAMES

    from ._cache import clear_caches
    from ._widgets import refusal_text

    filename = FILENAMES.get(token.target, token.target)
    try:
        if isinstance(token, TwoFileUndo):  # a move or plan that changed both files: both go back, or neither
            both = current_store().undo_both(token)
        else:
            result = current_store().undo(token)
    except Refusal as refusal:
        flash("warning", "Undo refused: nothing was changed", refusal_text(refusal))
        return
    clear_caches()
    from ._health import note_own_write

    note_own_write(both if isinstance(token, TwoFileUndo) else result, True, current_home())
    if isinstance(token, TwoFileUndo):
        flash(
            "success",
            "Undone",
            "\n".join(
                [
                    both.message,
                    result_text(both.first, FILENAMES[both.first.target]),
                    result_text(both.second, FILENAMES[both.second.target]),
                ]
            ),
            both.undo,
        )
        return
    flash("success", "Undone", result_text(result, filename), result.undo)


def show_flashes() -> None:
    """Messages queued by the last write (``run_op``), shown once.

    Always one container, even when empty: Streamlit identifies elements by position, so a
    message that appears on one run and is gone on the next would otherwise shift every later
    element and reset stateful ones (the selected tab, for instance).
    """
    from ._health import receipt_watch

    items = pop_flashes()
    with st.container(key=FLASH_KEY):
        receipt_watch(shown_now=bool(items))
        for n, item in enumerate(items):
            box = {"success": st.success, "warning": st.warning}.get(item.kind, st.info)
            with st.container(border=True):
                box(f"**{item.title}**")
                if item.body:
                    st.text(item.body)
                if item.undo is not None:
                    st.button(
                        "Undo",
                        key=f"hd_undo_{n}",
                        on_click=undo_write,
                        args=(item.undo,),
                        help="Put back what the file held before this write (itself backed up). "
                        "Refused if the file changed since.",
                    )
    # After a write the browser drops focus to the page body: put it back where the next step is.
    if target := pending_focus(FLASH_SELECTOR if items else None):
        focus_now(target)
