"""Snapshot and History show what they are for in about two screens at 1400x900 on the demo home
(at most 1,800 px: details fold away), and History stacks its two sides on a phone (390 px): the
versions, then the chosen version against the live file. Real `streamlit run app.py` in Chromium;
``benchmarks/page_heights.py`` measures every page the same way."""

from __future__ import annotations

import pytest
from browser_support import Browser, goto_page, settle

from benchmarks.page_heights import HEIGHT_JS

pytestmark = pytest.mark.e2e

TWO_SCREENS = 1_800


def open_demo(browser: Browser, width: int = 1400, height: int = 900):
    page = browser.page
    page.set_viewport_size({"width": width, "height": height})
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    return page


@pytest.mark.parametrize("title", ["Snapshot", "History"])
def test_the_page_fits_in_about_two_screens(browser: Browser, title: str) -> None:
    page = open_demo(browser)
    goto_page(page, title)
    page.wait_for_timeout(800)
    settle(page, None)
    height = page.evaluate(HEIGHT_JS)
    assert height <= TWO_SCREENS, f"{title} is {height:,} px tall at 1400x900 (at most {TWO_SCREENS:,})"


def test_history_stacks_its_two_sides_on_a_phone(browser: Browser) -> None:
    page = open_demo(browser)  # the sidebar link is reachable at 1400 px; then the window narrows
    goto_page(page, "History")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(1000)
    versions = page.get_by_text("versions of MEMORY.md").first.bounding_box()
    chosen = page.get_by_text("Compare the live MEMORY.md with").first.bounding_box()
    assert versions and chosen and chosen["y"] > versions["y"] + 200, (versions, chosen)
    assert abs(chosen["x"] - versions["x"]) < 40  # one column: one under the other, not side by side
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, f"the page is {wide} px wide at 390 px"
