"""Every page works as the first page of a freshly started `hermes-dash serve`.

A bookmark or a link (``/history``, ``/curation_inbox``) can be the first request the server
ever gets. Streamlit's old multipage mode, taken from a ``pages`` folder beside the script until
the first ``st.navigation``, must not draw that page alone (file names as the navigation, no
sidebar, a narrow layout). A new server for each link: only the first request shows it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import REPO, need_browser, settle
from cli_support import command
from script_runs import open_context
from web_probe import start

from hermes_dash.demo import create_demo_home


@pytest.mark.parametrize(
    ("path", "heading"), [("history", "Every version of a file"), ("curation_inbox", "Inbox: pending writes")]
)
def test_a_deep_link_is_a_whole_first_page(chromium, tmp_path: Path, path: str, heading: str) -> None:
    need_browser()
    home = create_demo_home(tmp_path / "demo")
    serve = command("serve", "--port", "{port}", "--no-browser", home=home)
    with start(serve, cwd=tmp_path, scratch=tmp_path / "scratch", env={"PYTHONPATH": str(REPO)}) as server:
        context = open_context(chromium, viewport={"width": 1400, "height": 1400})
        try:
            page = context.new_page()
            page.goto(f"{server.base}/{path}", wait_until="domcontentloaded")  # the server's first page
            settle(page, heading)
            nav = page.locator('[data-testid="stSidebarNav"]').inner_text()
            for title in ("Overview", "Snapshot", "Edit", "History", "Cleanup"):
                assert title in nav, nav
            assert "waiting)" in nav and "app" not in nav.split() and "curation cleanup" not in nav, nav
            sidebar = page.locator('[data-testid="stSidebar"]').inner_text()
            assert str(home) in " ".join(sidebar.split()) or home.name in sidebar, sidebar
            assert "Hermes" in sidebar, sidebar  # the agent line
            width = page.locator('[data-testid="stMainBlockContainer"]').bounding_box()["width"]
            assert width > 1000, f"narrow layout: {width} px"
        finally:
            context.close()
