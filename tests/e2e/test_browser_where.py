"""End to end: the profile and the page live in the address, so a reload opens the same place.

A real `streamlit run app.py` on a copy of the demo home (which has a `work` profile), driven by
Debian's Chromium. The person picks `work` in the sidebar and opens the Snapshot page; the
address then holds both, and reloading the page (a new Streamlit session) shows `work` on the
Snapshot page again, named in the main area.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import WAIT_MS, assert_only_local, goto_page, need_browser, settle, shot, streamlit_app
from script_runs import open_context

from hermes_dash.demo import create_demo_home

pytestmark = pytest.mark.e2e


@pytest.fixture
def demo_server(tmp_path: Path) -> Iterator[str]:
    need_browser()
    home = create_demo_home(tmp_path / "demo")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    with streamlit_app(home, scratch, tmp_path / "streamlit.log") as base:
        yield base


def test_reload_keeps_the_profile_and_the_page(demo_server: str, chromium) -> None:
    base = demo_server
    requests: list[str] = []
    context = open_context(chromium, viewport={"width": 1400, "height": 1800})
    try:
        page = context.new_page()
        context.on("request", lambda request: requests.append(request.url))
        page.goto(base, wait_until="domcontentloaded")
        settle(page, "1,985 / 2,200 chars", timeout=90_000)  # the first run imports everything
        page.wait_for_url(re.compile(r"[?&]profile=default\b"), timeout=15_000)

        page.get_by_role("combobox", name="Profile").click()
        page.get_by_role("option", name="work", exact=True).click()
        settle(page, "profile work")
        page.wait_for_url(re.compile(r"[?&]profile=work\b"), timeout=15_000)

        goto_page(page, "Snapshot")
        page.wait_for_url(re.compile(r"/snapshot\?(.*&)?profile=work\b"), timeout=15_000)

        page.reload(wait_until="domcontentloaded")
        page.get_by_role("heading", name="Snapshot").first.wait_for(timeout=WAIT_MS)
        settle(page, "profile work")
        assert re.search(r"/snapshot\?(.*&)?profile=work\b", page.url), page.url
        caption = page.get_by_text(re.compile(r"^Home .* · profile work")).first
        assert caption.inner_text().split(" · ")[0].endswith("/profiles/work")
        assert (
            page.get_by_role("combobox", name="Profile").input_value() == "work"
            or "work" in page.locator('[data-testid="stSidebar"] [data-baseweb="select"]').first.inner_text()
        )
        assert page.get_by_text("does not exist here").count() == 0
        shot(page, "reload-keeps-profile")
    finally:
        context.close()
    assert_only_local(requests, base)
