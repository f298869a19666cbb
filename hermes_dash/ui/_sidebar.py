"""The sidebar (which home, which profile, config warnings) and the newcomer's empty state."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from hermes_dash import MemoryStore, Refusal
from hermes_dash.engine.agents import agent_for_home
from hermes_dash.engine.newhome import create_memory_files
from hermes_dash.engine.rules.format import TARGETS
from hermes_dash.engine.rules.targets import Target

from ._cache import clear_caches
from ._session import current_store, flash, set_home
from ._widgets import show_refusal

OTHER_HOME = "hd_other_home_open"  # session state: the sidebar's "Open another home folder" box is shown


def _other_home(shown: bool) -> None:
    st.session_state[OTHER_HOME] = shown


def _open_demo() -> None:
    from hermes_dash.demo import create_demo_home

    path = create_demo_home()
    set_home(str(path))
    st.session_state.pop(OTHER_HOME, None)
    clear_caches()
    flash("info", "Opened the demo home", f"A fresh copy in {path}. Edit freely: it is a temporary folder.")


def _open_folder() -> None:
    raw = str(st.session_state.get("hd_home_input", "")).strip()
    if not raw:
        return
    path = Path(raw).expanduser()
    set_home(str(path.resolve()))
    st.session_state.hd_home_input = ""
    st.session_state.pop(OTHER_HOME, None)


def _pick_profile() -> None:
    st.session_state.hd_profile = st.session_state.hd_profile_select
    st.session_state.pop("hd_seen", None)


def sidebar() -> MemoryStore:
    """Draw the sidebar for the chosen home and return its store."""
    store = current_store()
    home = store.home
    with st.sidebar:
        # Paths as plain text: st.code would load the browser's syntax highlighter, the largest
        # single cost of opening the dashboard (about half a second of a cold load's CPU).
        st.caption("Hermes home")
        st.text(str(home.root))
        st.caption("Agent")
        st.text(agent_for_home(home.root).describe())  # which agent's rules every check here follows
        profiles = ["default", *home.profiles()]
        st.session_state.hd_profile_select = home.profile or "default"
        st.selectbox(
            "Profile",
            profiles,
            key="hd_profile_select",
            on_change=_pick_profile,
            help="Each folder under profiles/ is a Hermes home of its own; profiles never share memory.",
        )
        if home.profile:
            st.caption("Profile folder")
            st.text(str(home.path))
        # The folder box is drawn only once asked for (not in a collapsed expander): every run
        # sends each element, and this is drawn on every page.
        if st.session_state.get(OTHER_HOME):
            with st.container(border=True, key="hd_other_home_box"):
                st.text_input("Folder", key="hd_home_input", placeholder="~/.hermes")
                st.button("Open folder", key="hd_open_home", on_click=_open_folder)
                st.button(
                    "Open the demo home",
                    key="hd_open_demo_side",
                    on_click=_open_demo,
                    help="A copy of the demo home in a temporary folder",
                )
                st.button("Cancel", key="hd_other_home_close", on_click=_other_home, args=(False,))
        else:
            st.button("Open another home folder…", key="hd_other_home", on_click=_other_home, args=(True,))
        settings = store.settings
        problems = list(settings.warnings)
        for target in map(Target.of, TARGETS):
            if not settings.enabled(target):
                problems.append(
                    f"memory.{target.enabled_key} is false: sessions load no "
                    f"{target.filename.removesuffix('.md')} block."
                )
        if problems:
            st.warning("**Config**")
            for text in problems:
                st.text(text)  # may quote values from config.yaml: plain text
        if settings.write_approval:
            st.caption(
                "The agent asks before it writes (write_approval in config.yaml): its writes wait "
                "in the Inbox until you approve them."
            )
    return store


def has_memory_files(store: MemoryStore) -> bool:
    return any(store.home.file_path(t).exists() or store.home.file_path(t).is_symlink() for t in TARGETS)


def _create_here() -> None:
    store = current_store()
    try:
        created = create_memory_files(store.home)
    except Refusal as refusal:
        st.session_state.hd_create_error = refusal
        return
    clear_caches()
    names = ", ".join(p.name for p in created) or "nothing (the files exist)"
    flash("success", "Created the memory files", f"Created {names} in {store.home.memories_dir}.")


def empty_state(store: MemoryStore) -> None:
    """No memory files here yet: offer to create them, or to look at the demo home."""
    st.title("No Hermes memory here yet")
    st.write("There is no `memories/MEMORY.md` or `memories/USER.md` in this folder:")
    st.code(str(store.home.memories_dir), language=None)
    st.write(
        "If Hermes keeps its home elsewhere, open that folder from the sidebar "
        "(or start the dashboard with `hermes-dash --home /path/to/home`, as the README shows). Otherwise:"
    )
    left, right = st.columns(2)
    with left, st.container(border=True):
        st.header("Start empty")
        st.write("Create an empty MEMORY.md and USER.md here. The agent and this dashboard fill them later.")
        st.button("Create empty memory files here", key="hd_create_files", on_click=_create_here, type="primary")
    with right, st.container(border=True):
        st.header("Look around first")
        st.write("Open a demo home (copied to a temporary folder) that shows every feature.")
        st.button("Open the demo home", key="hd_open_demo", on_click=_open_demo)
    error = st.session_state.pop("hd_create_error", None)
    if error is not None:
        show_refusal(error)


def require_store() -> MemoryStore:
    """The current store; when the home has no memory files, draw the empty state and stop the page."""
    store = current_store()
    if not has_memory_files(store):
        empty_state(store)
        st.stop()
    return store
