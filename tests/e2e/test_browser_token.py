"""The access token works once, in Chromium: the first browser that opens the printed address
keeps access across a reload and a new tab (a grant in its local storage), a second browser with
the same address is refused and sees no memory."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import REPO, settle
from cli_support import command
from script_runs import open_context
from web_probe import start, token_url

pytestmark = pytest.mark.e2e

READY = "1,985 / 2,200 chars"  # the demo's MEMORY.md on the Overview
# Each page load returns once the server has answered (``commit``); what the page then shows is
# waited for by ``settle``. At load 25-28 a fresh context's DOMContentLoaded (Streamlit's script
# bundle parsed and run, three times in this test, twice with no cache) ran past a page load's
# bound in two loaded runs (Playwright's 30 s, then WAIT_MS's 90 s).
LOADED = "commit"


def test_the_token_opens_one_browser_only(tmp_path: Path, chromium) -> None:
    from hermes_dash.demo import create_demo_home

    home = create_demo_home(tmp_path / "demo")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    serve = command("serve", "--port", "{port}", "--no-browser", "--address", "127.0.0.2", home=home)
    # 127.0.0.2 stands for a network address: a token is required
    env = {"PYTHONPATH": str(REPO)}
    with start(serve, cwd=elsewhere, scratch=tmp_path / "server", env=env, host="127.0.0.2") as server:
        url = token_url(server)
        assert "works once" in server.log.read_text()
        first = open_context(chromium, viewport={"width": 1400, "height": 1400})
        second = open_context(chromium, viewport={"width": 1400, "height": 1400})
        try:
            page = first.new_page()
            page.goto(url, wait_until=LOADED)
            settle(page, READY)
            page.wait_for_function("() => !location.search.includes('token')")  # bounded by the context's WAIT_MS
            page.reload(wait_until=LOADED)  # a new session: the stored grant lets it in
            settle(page, READY)
            page.wait_for_function("() => !location.search.includes('grant')")  # bounded by the context's WAIT_MS
            tab = first.new_page()
            tab.goto(url, wait_until=LOADED)  # the printed address again, same browser
            settle(tab, READY)

            other = second.new_page()  # another browser (its own storage) with the same address
            other.goto(url, wait_until=LOADED)
            settle(other, "used already")
            body = other.locator("body").inner_text()
            assert "staging" not in body and "MEMORY.md" not in body
        finally:
            first.close()
            second.close()
