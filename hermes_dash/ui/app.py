"""The dashboard's Streamlit script: ``hermes-dash`` runs this file; ``streamlit run app.py``
(the clone's entry point) calls :func:`run`.

The page scripts are in ``screens/``, not ``pages/``: Streamlit takes a ``pages`` folder beside
the main script for its old multipage mode until the first st.navigation call, so a deep link
(/history) as the server's first request would run that page alone, without the navigation,
sidebar or layout. Every ``curation_*.py`` in the folder present at startup is listed under
"Curation" (title from the file name: curation_pending_inbox.py -> "Pending inbox").
"""

from __future__ import annotations

import os
from pathlib import Path

import streamlit as st

from hermes_dash import ui
from hermes_dash.engine.invocation import Invocation, invocation_for, invoked_as, set_default_invocation
from hermes_dash.engine.io.journal import journal_via
from hermes_dash.ui import _gate  # the access gate runs before the face is used
from hermes_dash.ui._focus import close_sidebar_on_phone
from hermes_dash.ui._trouble import guarded

PAGES = Path(__file__).with_name("screens")


_CURATION: dict[Path, tuple[Path, ...]] = {}  # pages folder -> its curation_*.py files, found once per process
_PAGES = "hd_pages"  # session state: (pages folder, the navigation's sections), built once per browser session


MAKER = "hd_maker"  # session state: "dashboard: <page>", what the journal names this session's writes
WHERE = "hd_invocation"  # session state: the Invocation this session's printed commands start with


def _session_invocation() -> Invocation | None:
    """Inside a script run, the invocation of the session's last page (a button's callback runs
    before the page, outside its invoked_as); elsewhere none."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    where = st.session_state.get(WHERE)
    return where if isinstance(where, Invocation) else None


set_default_invocation(_session_invocation)


def maker_name(title: str) -> str:
    """A page's name for the journal: its title without the Inbox's count ("Inbox (3 waiting)")."""
    return title.split(" (", 1)[0]


def waiting(store: object) -> int:
    """How many staged writes wait in the Inbox (one directory listing; 0 when there is no folder)."""
    home = getattr(store, "home", None)
    if home is None:
        return 0
    try:
        return sum(1 for name in os.listdir(home.pending_dir) if name.endswith(".json"))
    except OSError:
        return 0


def curation_pages(pages: Path, inbox: int = 0) -> list[st.Page]:
    if pages not in _CURATION:
        _CURATION[pages] = tuple(sorted(pages.glob("curation_*.py")))
    found = []
    for path in _CURATION[pages]:
        title = path.stem.removeprefix("curation_").replace("_", " ").strip().capitalize() or path.stem
        if title == "Inbox" and inbox:  # how many writes wait, where a person looks for what to do next
            title = f"Inbox ({inbox} waiting)"
        found.append(st.Page(path, title=title, url_path=path.stem))
    return found


def sections(pages: Path, inbox: int = 0) -> dict[str, list[st.Page]]:
    """The navigation's pages, made once per browser session (and again when the Inbox count
    changes): every run of the app needs them, and making a page object resolves its path (about
    a tenth of a bare page's run for the nine)."""
    saved = st.session_state.get(_PAGES)
    if isinstance(saved, tuple) and saved[0] == (pages, inbox):
        kept: dict[str, list[st.Page]] = saved[1]  # (key, sections), as stored below
        return kept
    made: dict[str, list[st.Page]] = {
        "Memory": [
            st.Page(pages / "overview.py", title="Overview", default=True),
            st.Page(pages / "snapshot.py", title="Snapshot"),
            st.Page(pages / "edit.py", title="Edit"),
            st.Page(pages / "history.py", title="History"),
        ],
    }
    if extra := curation_pages(pages, inbox):
        made["Curation"] = extra
    st.session_state[_PAGES] = ((pages, inbox), made)
    return made


def run(pages: Path = PAGES) -> None:
    """One run of the app: the access gate first, then the sidebar and the chosen page."""
    _gate.seal_network()
    st.set_page_config(page_title="hermes-dash", layout="wide")  # no page_icon: a material icon is fetched from Google
    if not _gate.admit():
        st.stop()
    ui.apply_resets()
    ui.a11y_styles()
    ui.profile_from_url()  # ?profile=NAME: a reload or a bookmark opens the same profile
    store = ui.sidebar()
    ui.keep_in_url(store)

    page = st.navigation(sections(pages, waiting(store)))
    ui.note_page(page.url_path)
    # What the journal names a write of this page, kept for the next run's button callbacks
    # (an Undo runs before this script, outside the page's journal_via): ui/_origins.py.
    st.session_state[MAKER] = f"dashboard: {maker_name(page.title)}"
    ui.where_caption(store)  # every page says which home and profile it reads and writes
    asked = ui.focus_count()
    ui.show_flashes()
    # The journal names the page; a command the page prints names this home and profile.
    home = getattr(store, "home", None)
    where = invocation_for(home.root, home.profile) if home is not None else invocation_for(None)
    st.session_state[WHERE] = where
    with journal_via(st.session_state[MAKER]), invoked_as(where):
        guarded(page.run, home)  # an unexpected error is told (what was written, how to report), not dumped
    if ui.page_opened():
        close_sidebar_on_phone()  # a phone's menu closes once a page is chosen; focus goes to the page
    if ui.page_opened() and ui.focus_count() == asked:
        # Moving to another page leaves focus on the sidebar link that was followed: it goes to
        # the page instead (unless the page or a write's message put it somewhere, as Edit does),
        # so Tab continues into the page, not down the navigation.
        ui.focus_now(ui.MAIN)
    from hermes_dash.ui._health import show_toasts
    from hermes_dash.ui._origins import writers

    # After the page (and its dialogs): a write from outside, and who made it.
    show_toasts(None if store is None else lambda target, texts: writers(store, target, texts))


if __name__ == "__main__":
    run()
