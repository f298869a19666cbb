"""Every table fits its page: at 1400 px on every page of the demo home, and at 390 px (a phone)
on the Overview. Real `streamlit run app.py`, Debian Chromium via Playwright.

A table is a canvas grid: what it cuts off is not in the DOM as text. So each visible grid is
measured three ways: its scroll area is no wider than its box (no column pushed off to the
right); every column it has is laid out (the grid's accessible header row lists only the columns
it draws); and every header's text, measured in the grid's own header font, fits the width the
grid gave that column (the widths are read from the grid's React props, the only place they
exist outside the canvas pixels).
"""

from __future__ import annotations

import pytest
from browser_support import REPO, WAIT_MS, Browser, drawn, goto_page, resized, settle, shot, stable_box, wait_js

pytestmark = pytest.mark.e2e

PAGES = ["Overview", "Snapshot", "Edit", "History"] + [
    p.stem.removeprefix("curation_").replace("_", " ").strip().capitalize()
    for p in sorted((REPO / "hermes_dash" / "ui" / "screens").glob("curation_*.py"))
]

# For each visible grid: its box, its scroll area, the headers it lays out, and each column's
# title and final width (the widest `columns` prop above its canvas: the grid stretches the
# widths it is given to fill its box, and draws with the stretched ones).
MEASURE = r"""() => {
  const canvasText = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('[data-testid="stDataFrame"]')]
    .filter(t => t.offsetParent !== null && t.getBoundingClientRect().width > 0)
    .map(t => {
      const scroller = t.querySelector('.dvn-scroller');
      const canvas = t.querySelector('canvas[data-testid="data-grid-canvas"]');
      let columns = null;
      const fiberKey = canvas && Object.keys(canvas).find(k => k.startsWith('__reactFiber'));
      for (let f = fiberKey ? canvas[fiberKey] : null, depth = 0; f && depth < 80; f = f.return, depth++) {
        const cols = f.memoizedProps && f.memoizedProps.columns;
        if (Array.isArray(cols) && cols.length && cols.every(c => typeof c.width === 'number')) {
          const total = cols.reduce((s, c) => s + c.width, 0);
          if (!columns || total > columns.total) columns = {total, cols: cols.map(c => [c.title, c.width])};
        }
      }
      const themed = t.querySelector('[style*="--gdg-header-font-style"]');
      const css = themed ? getComputedStyle(themed) : null;
      const font = css ? `${css.getPropertyValue('--gdg-header-font-style').trim()} ` +
                         css.getPropertyValue('--gdg-font-family').trim() : '14px sans-serif';
      const padding = css ? parseFloat(css.getPropertyValue('--gdg-cell-horizontal-padding')) || 8 : 8;
      canvasText.font = font;
      const box = t.getBoundingClientRect();
      return {
        box: {left: box.left, right: box.right, width: box.width},
        parent: t.parentElement.getBoundingClientRect().width,
        scrollWidth: scroller ? scroller.scrollWidth : null,
        clientWidth: scroller ? scroller.clientWidth : null,
        headers: [...t.querySelectorAll('[role="columnheader"]')].map(h => h.innerText),
        columns: columns && columns.cols.filter(([title]) => title !== '')
          .map(([title, width]) => ({
            title, width, needs: Math.ceil(canvasText.measureText(title).width + 2 * padding)})),
      };
    });
}"""


def problems(page, where: str) -> list[str]:
    """What is wrong with each visible table on the page now (empty: every table fits)."""
    found = []
    for n, grid in enumerate(page.evaluate(MEASURE)):
        name = f"{where}, table {n + 1} ({', '.join(grid['headers']) or 'no header drawn'})"
        if grid["scrollWidth"] is not None and grid["scrollWidth"] > grid["clientWidth"] + 1:
            found.append(f"{name}: {grid['scrollWidth']} px of columns in a {grid['clientWidth']} px box")
        if grid["box"]["width"] > grid["parent"] + 1:
            found.append(f"{name}: {grid['box']['width']:.0f} px wide in a {grid['parent']:.0f} px container")
        if grid["columns"] is None:
            found.append(f"{name}: the grid's column widths could not be read (did Streamlit's grid change?)")
            continue
        titles = [c["title"] for c in grid["columns"]]
        if grid["headers"] != titles:
            found.append(f"{name}: lays out {grid['headers']} of its columns {titles}")
        for column in grid["columns"]:
            if column["needs"] > column["width"]:
                found.append(
                    f"{name}: header {column['title']!r} needs {column['needs']} px, "
                    f"its column is {column['width']:.0f} px"
                )
    return found


def open_demo(browser: Browser) -> None:
    browser.page.get_by_role("button", name="Open the demo home").first.click()
    settle(browser.page, "1,985 / 2,200 chars")


def test_every_table_fits_its_page_at_1400_px(browser: Browser) -> None:
    page = browser.page
    open_demo(browser)
    found, seen = [], {}
    for title in PAGES:
        goto_page(page, title, heading=False)
        drawn(page)
        seen[title] = len(page.evaluate(MEASURE))
        found += problems(page, title)
        shot(page, f"tables-{title.lower()}")
        if title == "Edit":  # the batch editor is a table too
            page.get_by_role("tab", name="Batch editor").click()
            settle(page, "No changes yet.")
            found += problems(page, "Edit, batch editor")
    # Every page that shows tables on the demo home was measured (a page that lost its tables
    # would pass the checks above for nothing). The clean-up plan is a list of steps, not a table;
    # the Inbox shows each text about to be approved whole, never in a table cell.
    assert all(n for title, n in seen.items() if title not in ("Cleanup", "Inbox")), seen
    assert not found, "\n".join(found)


def test_the_overview_fits_a_phone(browser: Browser) -> None:
    page = browser.page
    open_demo(browser)
    resized(page, {"width": 390, "height": 1600})
    # The phone's tables are the compact ones, in boxes hidden until now: wait until both are shown.
    wait_js(page, f"() => ({MEASURE})().length === 2", None, "the Overview at 390 px never showed its two tables")
    drawn(page)
    grids = page.evaluate(MEASURE)
    assert len(grids) == 2, grids  # MEMORY.md's and USER.md's entries
    found = problems(page, "Overview at 390 px")
    for n, grid in enumerate(grids):
        if grid["box"]["right"] > 390:
            found.append(f"table {n + 1} ends at {grid['box']['right']:.0f} px in a 390 px window")
    shot(page, "tables-overview-390")
    # The phone's table opens an entry as the full one does: select MEMORY.md's second row.
    grid = page.locator('[data-testid="stDataFrame"]').filter(visible=True).first
    grid.scroll_into_view_if_needed()
    box = stable_box(page, grid)
    page.mouse.click(box["x"] + 14, box["y"] + 36 + 72 * 1 + 36)
    settle(page, "Selected entry of MEMORY.md")
    assert page.locator('[data-testid="stCode"]', has_text="The repo's CI is GitHub Actions").first.is_visible()
    page.get_by_role("button", name="Done").click()
    page.get_by_text("Selected entry of MEMORY.md").first.wait_for(state="detached", timeout=WAIT_MS)
    # An empty table (a search that matches nothing in MEMORY.md) keeps its label on screen.
    box = page.get_by_role("textbox", name="Search both files")
    box.fill("Sam (they/them)")
    box.press("Enter")
    settle(page, "0 of 18 entries")
    found += problems(page, "Overview at 390 px, searched")
    assert not found, "\n".join(found)
