"""Where entries came from, on the pages: the Overview's Origin column and the entry panel's
"where it came from" section (docs/provenance.md).

The origins of both files are worked out once per version of what they are read from (the two
files, state.db and its write-ahead log, hermes-dash's journal, the backups folder) and kept in
a small memo; the panel asks for one entry's whole life, reasons included, when it opens.
"""

from __future__ import annotations

import os
from collections.abc import Hashable

import streamlit as st

from hermes_dash import FileState, MemoryStore
from hermes_dash.curation import blame
from hermes_dash.engine.io.journal import JOURNAL_NAME, journal_default
from hermes_dash.engine.rules.format import TARGETS

from ._cache import Memo, db_files, stat_key
from ._plaintext import md_text

_ORIGINS: Memo[blame.Blame] = Memo(8)


def _dashboard_or_not() -> str:
    """What hermes-dash's journal names a write made in a script run with no page named (a
    button's callback, which runs before the page): the page this session last showed (the app
    keeps its name), else the dashboard; outside any script run, the default."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    if get_script_run_ctx(suppress_warning=True) is None:
        return "hermes-dash"
    maker = st.session_state.get("hd_maker")
    return maker if isinstance(maker, str) and maker else "dashboard"


journal_default(_dashboard_or_not)
RESTORE_PICK = "hd_open_restore"  # the earlier text chosen for "restore in place"


def _folder_key(path: os.PathLike[str] | str) -> object:
    try:
        st_ = os.stat(path)
    except OSError:
        return None
    return (st_.st_mtime_ns, st_.st_ino)


def origins_key(store: MemoryStore) -> Hashable:
    """What the origins depend on: a write, a new session or a new journal line makes a new key."""
    home = store.home
    return (
        str(home.root),
        home.profile,
        *(stat_key(home.file_path(t)) for t in TARGETS),
        *(stat_key(p) for p in db_files(home.state_db)),
        stat_key(home.memories_dir / JOURNAL_NAME),
        _folder_key(home.memories_dir),
    )


def all_origins(store: MemoryStore) -> blame.Blame:
    """Each present entry's origin, both files, no reasons and no backups read (what the
    Overview's column needs: the landing page never lists backups)."""
    return _ORIGINS.get(origins_key(store), lambda: blame.blame(store, reasons=False, gone=False, backups=False))


def writers(store: MemoryStore, target: str, texts: list[str]) -> str:
    """Who wrote ``texts`` of one file, in History's "Made by" words, from the records the Origin
    column reads: the toast for a write from outside and the column give one answer."""
    found = all_origins(store)
    who = [blame.who_made(hit.origin) for text in texts if (hit := found.of(target, text)) is not None]
    return ", ".join(dict.fromkeys(who))


def origin_column(store: MemoryStore, state: FileState, entries: list[str]) -> list[str]:
    """The Origin column for ``entries`` of ``state``'s file: agent session date / you / approved /
    restored / hand edit / git author."""
    found = all_origins(store)
    shown = []
    for entry in entries:
        hit = found.of(state.target, entry)
        shown.append(_cell(hit) if hit else "")
    return shown


def _cell(entry: blame.EntryOrigin) -> str:
    short = entry.origin.short
    if entry.git is not None and entry.git is not entry.origin and entry.git.commit is not None:
        short += f" · {entry.git.short}"
    return short


def _session_line(event: blame.Event) -> str:
    s = event.session
    if s is None:
        return ""
    bits = [f"session {s.id}"] + [b for b in (s.source, s.model) if b] + ([f"in {s.cwd}"] if s.cwd else [])
    return " · ".join(bits)


def _turn(store: MemoryStore, event: blame.Event) -> None:
    """The messages around the call, shown in place (the entry panel may itself be a dialog, and
    a dialog cannot open another)."""
    messages = blame.turn_of(store, event)
    if not messages:
        st.caption("The messages around this call could not be read from state.db.")
    with st.container(border=True):
        for message in messages:
            when = message.at.astimezone().strftime("%Y-%m-%d %H:%M") if message.at else ""
            marker = " ← this memory call" if message.is_call else ""
            st.markdown(f"**{md_text(message.role)}** {md_text(when)}{md_text(marker)}")
            st.text(message.text or "(no text)")


def origin_section(store: MemoryStore, state: FileState, entry: str) -> None:
    """The open entry's origin and whole life, with "restore in place" for each earlier text."""
    found = blame.blame(store, state.target, entry)
    life = found.of(state.target, entry)
    st.markdown("**Where this entry came from**")
    if life is None:
        st.caption("No record of this entry's text was found (it may have just changed).")
        return
    origin = life.origin
    st.text(origin.label)
    if origin.session is not None:
        st.caption(md_text(_session_line(origin)))
    reason = origin.reason
    if reason is not None and (reason.user or reason.assistant):
        if reason.user:
            st.caption("The user said, just before:")
            st.text(reason.user)
        if reason.assistant:
            st.caption("The assistant said:")
            st.text(reason.assistant)
    if origin.call is not None and st.toggle("Show the whole turn", key="hd_open_turn"):
        _turn(store, origin)
    if life.git is not None and life.git is not origin:
        st.caption(md_text(f"git: {life.git.label}"))
    for problem in found.problems:
        st.caption(md_text(problem))
    earlier = [e for e in life.life if e is not origin]
    if earlier:
        st.markdown("**Its life, oldest first**")
        for event in life.life:
            line = event.label + (f" · {_session_line(event)}" if event.session and event is not origin else "")
            st.caption(md_text(line))
            st.text(event.text)
    texts = list(dict.fromkeys(e.text for e in life.life if e.text != entry and e.kind != "removed"))
    if texts:
        pick = st.selectbox(
            "Put an earlier text back in place of this one",
            range(len(texts)),
            key=RESTORE_PICK,
            format_func=lambda i: " ".join(texts[i].split())[:90],
        )
        if st.button("Restore this text in place", key="hd_open_restore_go"):
            from ._conflict import pinned_write

            chosen = texts[pick if pick is not None and pick < len(texts) else 0]
            # A pinned replace: refused (with the conflict panel) if the entry changed meanwhile.
            pinned_write(
                lambda: store.replace(state.target, entry, chosen, expect_entry=entry),
                key="hd_open_conflict",
                target=state.target,
                action="replace",
                content=chosen,
                clear=("hd_open", "hd_open_new", RESTORE_PICK),
            )
