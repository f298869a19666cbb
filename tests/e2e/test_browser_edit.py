"""End to end for pinned edits and Undo: real `streamlit run app.py`, Debian Chromium via Playwright.

On the demo home, a person starts replacing an entry on the Edit page; before they click, the
agent changes that entry (written from this test process through the engine, under the same
lock the agent takes). The click must not overwrite the agent's text: the page shows both
versions. The person then applies their change to the new text, and Undo of that replace puts
the file back byte for byte.
"""

from __future__ import annotations

import pytest
from browser_support import Browser, assert_only_local, preview_replace, settle

from hermes_dash import MemoryStore

pytestmark = pytest.mark.e2e

AGENT_TEXT = (
    "Deploys go through `make deploy ENV=staging` first; production needs TWO approvals in #deploys "
    "(changed by the agent)."
)
MINE = "Deploys: staging first (`make deploy ENV=staging`), then production after an approved change ticket."


def test_concurrent_edit_is_refused_with_both_versions_then_undo_in_a_real_browser(browser: Browser) -> None:
    page = browser.page
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    demo = browser.demo_home()
    memory = demo / "memories" / "MEMORY.md"

    preview_replace(page, "make deploy ENV=staging", MINE)

    MemoryStore.open(demo).replace("memory", "make deploy ENV=staging", AGENT_TEXT)  # the agent, meanwhile
    agent_bytes = memory.read_bytes()

    page.get_by_role("button", name="Replace entry").click()
    settle(page, "changed on disk before your change was saved")
    assert memory.read_bytes() == agent_bytes  # the agent's text stays on disk
    assert page.get_by_text(AGENT_TEXT).first.is_visible() and page.get_by_text(MINE).first.is_visible()

    page.get_by_role("button", name="Replace the new text with mine").click()
    settle(page, "Entry replaced.")
    assert MINE in memory.read_text(encoding="utf-8") and AGENT_TEXT not in memory.read_text(encoding="utf-8")

    page.get_by_role("button", name="Undo").click()
    settle(page, "Undone")
    assert memory.read_bytes() == agent_bytes

    assert_only_local(browser.requests, browser.base)
