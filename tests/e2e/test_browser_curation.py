"""End to end for the curation pages: real `streamlit run app.py`, Debian Chromium via Playwright.

On the demo home: approve a staged write from the inbox, migrate the hand-written USER.md, then
apply the clean-up assistant's plan, each after its confirmation step, checking the files on
disk after every click. As in test_browser.py, no request may reach the image addresses that
sit inside entry text. Reuses that module's server fixture and helpers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_browser import CHROMIUM, CHROMIUM_ARGS, FORBIDDEN, _goto_page, _settle, server  # noqa: F401

pytestmark = pytest.mark.e2e


def _entries(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return text.split("\n§\n") if text else []


def test_inbox_migrate_and_cleanup_in_a_real_browser(server: tuple[str, Path], tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    base, scratch = server
    requests: list[str] = []
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
            headless=True, viewport={"width": 1400, "height": 1800})
        try:
            context.on("request", lambda request: requests.append(request.url))
            page = context.new_page()
            page.goto(base, wait_until="domcontentloaded")
            _settle(page, "No Hermes memory here yet")
            page.get_by_role("button", name="Open the demo home").first.click()
            _settle(page, "1,985 / 2,200 chars")
            demo = next(scratch.glob("hermes-demo-*/copy-*/home"))
            memory, user = demo / "memories" / "MEMORY.md", demo / "memories" / "USER.md"
            staged = demo / "pending" / "memory" / "3fa91c0e.json"

            # Inbox: select one staged write, approve, confirm.
            _goto_page(page, "Inbox")
            _settle(page, "Remember that the staging DB is reset every Sunday night.")
            page.get_by_text("Select 3fa91c0e", exact=True).click()
            _settle(page, "1 selected")
            page.get_by_role("button", name="Approve selected (1)…").click()
            _settle(page, "Approve 1 staged write(s): 3fa91c0e?")
            assert staged.exists()
            page.get_by_role("button", name="Yes, approve").click()
            _settle(page, "Approved 1")
            assert not staged.exists()
            assert any(e.startswith("The staging database is reset") for e in _entries(memory))

            # Migrate: USER.md by bullet, confirm.
            _goto_page(page, "Migrate")
            page.get_by_role("radiogroup", name="File").get_by_text("USER.md").click()
            _settle(page, "1 entry now")
            page.get_by_role("radiogroup", name="One entry per").get_by_text("bullet").click()
            _settle(page, "Rewrite USER.md as 19 entries")
            page.get_by_role("button", name="Rewrite USER.md as 19 entries…").click()
            _settle(page, "The current file is backed up first")
            page.get_by_role("button", name="Yes, rewrite").click()
            _settle(page, "Rewrote USER.md as 19 entries.")
            assert len(_entries(user)) == 19

            # Clean-up assistant: MEMORY.md is now at 94%: apply the plan to get under 80%.
            _goto_page(page, "Cleanup")
            _settle(page, "Plan to get under the threshold")
            before = len("\n§\n".join(_entries(memory)))
            page.get_by_role("button", name="to MEMORY.md…").first.click()
            _settle(page, "as one batch?")
            page.get_by_role("button", name="Yes, apply").click()
            _settle(page, "Saved")
            after = len("\n§\n".join(_entries(memory)))
            assert after < before and after <= 2200 * 80 // 100
        finally:
            context.close()

    leaked = [url for url in requests if FORBIDDEN.search(url)]
    assert not leaked, f"entry text was rendered and fetched: {leaked}"
    assert all(url.startswith((base, "data:", "blob:")) for url in requests), \
        sorted({u for u in requests if not u.startswith(base)})
