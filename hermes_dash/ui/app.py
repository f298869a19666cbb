"""The dashboard's Streamlit script: ``hermes-dash`` runs this file; ``streamlit run app.py``
(the clone's entry point) calls :func:`run` with its own pages folder.

Every ``curation_*.py`` in the pages folder present at startup is listed under "Curation"
(title from the file name: curation_pending_inbox.py -> "Pending inbox").
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from hermes_dash import ui
from hermes_dash.ui import _gate  # the access gate runs before the face is used

PAGES = Path(__file__).with_name("app_pages")


def curation_pages(pages: Path) -> list[st.Page]:
    found = []
    for path in sorted(pages.glob("curation_*.py")):
        title = path.stem.removeprefix("curation_").replace("_", " ").strip().capitalize() or path.stem
        found.append(st.Page(path, title=title, url_path=path.stem))
    return found


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

    sections: dict[str, list[st.Page]] = {
        "Memory": [
            st.Page(pages / "overview.py", title="Overview", default=True),
            st.Page(pages / "snapshot.py", title="Snapshot"),
            st.Page(pages / "edit.py", title="Edit"),
            st.Page(pages / "backups.py", title="Backups"),
        ],
    }
    if extra := curation_pages(pages):
        sections["Curation"] = extra

    page = st.navigation(sections)
    ui.note_page(page.url_path)
    ui.where_caption(store)  # every page says which home and profile it reads and writes
    ui.show_flashes()
    page.run()


if __name__ == "__main__":
    run()
