"""Snapshot and History show what they are for in about two screens at 1400x900 on the demo home
(at most 1,800 px: details fold away), and History stacks its two sides on a phone (390 px): the
versions, then the chosen version against the live file. Real `streamlit run app.py` in Chromium;
``benchmarks/page_heights.py`` measures every page the same way."""

from __future__ import annotations

import pytest
from browser_support import Browser, drawn, goto_page, quiet, resized, settle, until
from script_runs import open_context

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
    drawn(page)
    height = page.evaluate(HEIGHT_JS)
    assert height <= TWO_SCREENS, f"{title} is {height:,} px tall at 1400x900 (at most {TWO_SCREENS:,})"


def test_history_stacks_its_two_sides_on_a_phone(browser: Browser) -> None:
    page = open_demo(browser)  # the sidebar link is reachable at 1400 px; then the window narrows
    goto_page(page, "History")
    resized(page, {"width": 390, "height": 844})
    versions = page.get_by_text("versions of MEMORY.md").first.bounding_box()
    chosen = page.get_by_text("Compare the live MEMORY.md with").first.bounding_box()
    assert versions and chosen and chosen["y"] > versions["y"] + 200, (versions, chosen)
    assert abs(chosen["x"] - versions["x"]) < 40  # one column: one under the other, not side by side
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, f"the page is {wide} px wide at 390 px"


# -- a near-full home (MEMORY.md at 91 %, 16 entries, 8 backups: tests/support/long_homes.py) -----


@pytest.fixture(scope="module")
def near_full(tmp_path_factory: pytest.TempPathFactory):
    """A `streamlit run app.py` of its own on the near-full home (the shared server's is empty)."""
    from browser_support import streamlit_app
    from long_homes import near_full_home

    root = tmp_path_factory.mktemp("near-full")
    home = near_full_home(root / "home")
    with streamlit_app(home, root, root / "streamlit.log") as base:
        yield base


def open_near_full(chromium, base: str, width: int = 1400, height: int = 900):
    context = open_context(chromium, viewport={"width": width, "height": height}, color_scheme="light")
    page = context.new_page()
    page.goto(base, wait_until="domcontentloaded")
    settle(page, "2,013 / 2,200 chars")
    return context, page


def test_the_overview_of_a_near_full_home_fits_about_two_screens(chromium, near_full: str) -> None:
    """Both files' gauges and tables in about two screens at 1400x900 (the tables scroll inside
    past six rows, as Edit's do past eight); it was 2,362 px for this home."""
    context, page = open_near_full(chromium, near_full)
    try:
        quiet(page, 500)
        height = page.evaluate(HEIGHT_JS)
        assert height <= TWO_SCREENS, (
            f"the Overview of a near-full home is {height:,} px tall (at most {TWO_SCREENS:,})"
        )
    finally:
        context.close()


def test_on_a_phone_a_cut_cell_says_so_and_no_label_is_cut(chromium, near_full: str) -> None:
    """At 390x844 the grid clipped an entry at its last line with no mark: the compact table's
    cells that hold less than the entry end with "…". Snapshot's two tab names fit the phone's
    width ("USER.md ·" was cut), and a picker's value cut at its box's edge ends in an ellipsis."""
    context, page = open_near_full(chromium, near_full, 390, 844)
    try:
        cells = until(lambda: page.evaluate(CELLS), "no compact table cell was drawn", 30_000)  # drawn after the run
        cut = [c for c in cells if c.endswith("…")]
        assert cut, f"no compact Entry cell says it is cut: {cells[:3]}"
        assert all(len(c) <= 82 for c in cells), [c for c in cells if len(c) > 82]
        page.goto(near_full + "/snapshot", wait_until="domcontentloaded")
        page.get_by_role("button", name="Take a snapshot now").click()  # this home has no state.db
        settle(page, "Snapshot taken")
        tabs = page.evaluate(TABS)
        assert tabs and all(t["right"] <= t["list"] + 1 for t in tabs), f"a tab name is cut at 390 px: {tabs}"
        assert page.evaluate(ELLIPSIS) == "ellipsis"
    finally:
        context.close()


# The Entry cells of the compact tables shown (their grid's accessible cells, second column is Details).
CELLS = """() => [...document.querySelectorAll('[data-testid="stDataFrame"]')].filter(t => t.offsetParent !== null)
  .flatMap(t => [...t.querySelectorAll('tr')].map(r => r.querySelectorAll('td'))
  .filter(tds => tds.length >= 2).map(tds => tds[tds.length - 2].innerText.trim()))"""
TABS = """() => { const list = document.querySelector('[role="tablist"]'); if (!list) return [];
  const box = list.getBoundingClientRect();
  return [...list.querySelectorAll('[role="tab"]')].map(t => ({text: t.innerText,
    right: t.getBoundingClientRect().right, list: Math.min(box.right, innerWidth)})); }"""
ELLIPSIS = """() => getComputedStyle(document.querySelector('[data-testid="stSelectbox"] input')).textOverflow"""
