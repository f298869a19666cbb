"""hermes-dash: `streamlit run app.py` opens the dashboard on $HERMES_HOME (else ~/.hermes).

Pages live in app_pages/. Every `app_pages/curation_*.py` present at startup is listed under
"Curation" (title from the file name: curation_pending_inbox.py -> "Pending inbox").
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from hermes_dash import ui

HERE = Path(__file__).parent
PAGES = HERE / "app_pages"


def curation_pages() -> list[st.Page]:
    found = []
    for path in sorted(PAGES.glob("curation_*.py")):
        title = path.stem.removeprefix("curation_").replace("_", " ").strip().capitalize() or path.stem
        found.append(st.Page(path, title=title, url_path=path.stem))
    return found


st.set_page_config(page_title="hermes-dash", layout="wide")  # no page_icon: a material icon is fetched from Google
ui.apply_resets()
ui.a11y_styles()
ui.sidebar()

sections: dict[str, list[st.Page]] = {
    "Memory": [
        st.Page(PAGES / "overview.py", title="Overview", default=True),
        st.Page(PAGES / "snapshot.py", title="Snapshot"),
        st.Page(PAGES / "edit.py", title="Edit"),
        st.Page(PAGES / "backups.py", title="Backups"),
    ],
}
if extra := curation_pages():
    sections["Curation"] = extra

page = st.navigation(sections)
ui.note_page(page.url_path)
ui.show_flashes()
page.run()
