"""The page scripts sit in hermes_dash/ui/screens/, and no folder beside the app's script is
named ``pages``: Streamlit takes such a folder for its old multipage mode until the first
st.navigation call, and a deep link as the server's first request would then run that page
alone, without the navigation, sidebar or layout (tests/e2e/test_deep_links.py drives that)."""

from __future__ import annotations

from repo import ROOT

from hermes_dash.ui import app


def test_no_pages_folder_beside_either_app_script() -> None:
    for script in (ROOT / "app.py", ROOT / "hermes_dash" / "ui" / "app.py"):
        assert not (script.parent / "pages").exists(), f"{script.parent / 'pages'}: rename it (screens/)"
    assert app.PAGES.name == "screens" and (app.PAGES / "overview.py").is_file()


def test_every_page_script_is_one_line_of_the_page_table() -> None:
    """A page is listed by its line in app.PAGE_TABLE (nothing is found by its file name): every
    script in screens/ has exactly one line, and each keeps the address it always had, its file
    name (bookmarks and the browser tests open pages by it)."""
    scripts = sorted(line.script for line in app.PAGE_TABLE)
    assert scripts == sorted(app.PAGES.glob("*.py"))
    assert [line.url_path for line in app.PAGE_TABLE] == [line.script.stem for line in app.PAGE_TABLE]
    assert [line.title for line in app.PAGE_TABLE if line.default] == ["Overview"]
