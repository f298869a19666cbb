"""Where the user is: the profile kept in the address, and the home and snapshot named on the page.

The page is in the address already (``st.navigation`` puts it in the path). The profile goes in
as ``?profile=NAME``, so a reload or a bookmark opens the same place. A name read from the
address is untrusted: it is only ever compared with the listed profiles (docs/rules.md#files),
never made into a path; an unknown one is refused with a message and the current profile stays.
"""

from __future__ import annotations

import streamlit as st

from hermes_dash import MemoryStore, list_profiles
from hermes_dash.engine.home import normalise_profile
from hermes_dash.engine.text import shorten

from ._cache import SnapshotChoice
from ._session import current_home, flash
from ._widgets import lit

URL_KEY = "profile"
_SYNCED = "hd_url_profile"  # the profile name this session last took from or wrote to the address


def profile_from_url() -> None:
    """Open the profile the address names (run before the sidebar). Only a name this session did
    not write itself counts: a reload, a bookmark or a link, never our own last update."""
    raw = st.query_params.get(URL_KEY)
    if raw is None or raw == st.session_state.get(_SYNCED):
        return
    st.session_state[_SYNCED] = raw
    home = current_home()
    name = normalise_profile(raw)  # as the agent reads a typed name (docs/rules.md#files); never a path
    listed = list_profiles(home.root)
    if name == "default" or name in listed:
        if name != st.session_state.get("hd_profile"):
            st.session_state.hd_profile = name
            st.session_state.pop("hd_seen", None)
        return
    shown = shorten(raw, 80)
    flash(
        "warning",
        "The address names a profile that does not exist here",
        f"There is no profile {shown!r} in {home.root}; showing the profile "
        f"{home.profile or 'default'!r} instead.\nProfiles here: {', '.join(['default', *listed])}.",
    )


def keep_in_url(store: MemoryStore) -> None:
    """Put the profile being shown into the address (run after the sidebar picked it)."""
    name = store.home.profile or "default"
    if st.query_params.get(URL_KEY) != name:
        st.query_params[URL_KEY] = name
    st.session_state[_SYNCED] = name


def where_caption(store: MemoryStore) -> None:
    """One line at the top of every page: which home and which profile this page reads and writes
    (a profile is a home of its own: its folder is the one shown). The agent is named once, in
    the sidebar."""
    st.caption(f"Home {lit(store.home.path)} · profile {lit(store.home.profile or 'default')}")


def snapshot_label(choice: SnapshotChoice) -> str:
    """Which snapshot, as markdown of ours (ids and names as code spans)."""
    snap = choice.snapshot
    when = f"{snap.taken_at.astimezone():%Y-%m-%d %H:%M:%S %Z}" if snap.taken_at else "an unknown time"
    if choice.session_id is None:
        return f"the snapshot taken here at {when}"
    source = snap.source.removeprefix(f"session {choice.session_id}").strip(" ()")
    return f"session {lit(choice.session_id)}{f' from {lit(source)}' if source else ''}, started {when}"


def compared_with(choice: SnapshotChoice | None, *, picked_here: bool = False) -> None:
    """Name the app's current snapshot where a page compares with it (``picked_here``: on the
    Snapshot page, beside the box that picks it)."""
    if choice is None:
        st.caption(
            "Compared with: no snapshot (no agent session recorded, none taken here). Take one on the "
            "Snapshot page to see what changed since."
        )
        return
    where = (
        "The Overview compares with the same one."
        if picked_here
        else "Pick another on the Snapshot page; every page compares with the same one."
    )
    st.caption(f"Compared with: {snapshot_label(choice)}. {where}")
