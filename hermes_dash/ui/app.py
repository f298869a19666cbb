"""The dashboard's Streamlit script: ``hermes-dash`` runs this file; ``streamlit run app.py``
(the clone's entry point) calls :func:`run`.

The page scripts are in ``screens/``, not ``pages/``: Streamlit takes a ``pages`` folder beside
the main script for its old multipage mode until the first st.navigation call, so a deep link
(/history) as the server's first request would run that page alone, without the navigation,
sidebar or layout. Every page is one line of :data:`PAGE_TABLE`: its section, script, title and
address.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from hermes_dash import ui
from hermes_dash.engine.invocation import Invocation, invocation_for, invoked_as, set_default_invocation
from hermes_dash.engine.io.journal import journal_via
from hermes_dash.ui import _gate  # the access gate runs before the face is used
from hermes_dash.ui._focus import close_sidebar_on_phone
from hermes_dash.ui._trouble import guarded

PAGES = Path(__file__).with_name("screens")


@dataclass(frozen=True)
class PageLine:
    """One page of the navigation: the section it is listed under, its script, its title and
    its address (``/<url_path>``; the default page is also ``/``)."""

    section: str
    script: Path
    title: str
    url_path: str
    default: bool = False
    counts_waiting: bool = False  # the title says how many staged writes wait: "Inbox (3 waiting)"


PAGE_TABLE: tuple[PageLine, ...] = (
    PageLine("Memory", PAGES / "overview.py", "Overview", "overview", default=True),
    PageLine("Memory", PAGES / "snapshot.py", "Snapshot", "snapshot"),
    PageLine("Memory", PAGES / "edit.py", "Edit", "edit"),
    PageLine("Memory", PAGES / "history.py", "History", "history"),
    PageLine("Curation", PAGES / "curation_cleanup.py", "Cleanup", "curation_cleanup"),
    PageLine("Curation", PAGES / "curation_inbox.py", "Inbox", "curation_inbox", counts_waiting=True),
    PageLine("Curation", PAGES / "curation_migrate.py", "Migrate", "curation_migrate"),
    PageLine("Curation", PAGES / "curation_sharing.py", "Sharing", "curation_sharing"),
)

_PAGES = "hd_pages"  # session state: (table and Inbox count, the navigation's sections), built once per browser session


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


def sections(table: tuple[PageLine, ...] = PAGE_TABLE, inbox: int = 0) -> dict[str, list[st.Page]]:
    """The navigation's pages, made once per browser session (and again when the Inbox count
    changes): every run of the app needs them, and making a page object resolves its path (about
    a tenth of a bare page's run for the nine)."""
    saved = st.session_state.get(_PAGES)
    if isinstance(saved, tuple) and saved[0] == (table, inbox):
        kept: dict[str, list[st.Page]] = saved[1]  # (key, sections), as stored below
        return kept
    made: dict[str, list[st.Page]] = {}
    for line in table:
        title = f"{line.title} ({inbox} waiting)" if line.counts_waiting and inbox else line.title
        page = st.Page(line.script, title=title, url_path=line.url_path, default=line.default)
        made.setdefault(line.section, []).append(page)
    st.session_state[_PAGES] = ((table, inbox), made)
    return made


def run(table: tuple[PageLine, ...] = PAGE_TABLE) -> None:
    """One run of the app: the access gate first, then the sidebar and the chosen page of
    ``table``."""
    _gate.seal_network()
    st.set_page_config(page_title="hermes-dash", layout="wide")  # no page_icon: a material icon is fetched from Google
    if not _gate.admit():
        st.stop()
    ui.apply_resets()
    ui.a11y_styles()
    ui.profile_from_url()  # ?profile=NAME: a reload or a bookmark opens the same profile
    store = ui.sidebar()
    ui.keep_in_url(store)

    page = st.navigation(sections(table, waiting(store)))
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
