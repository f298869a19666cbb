"""Tab stops, in Chromium at 1400x900 on the demo home: every control is reached with Tab alone
(Edit's Replace, Remove and Batch editor tabs too, opened with Enter), each control once per round
(a table is one stop, however many columns it has, and no hidden copy of it is a stop), no stop
that adds nothing (a heading's anchor, a table's or chart's toolbar), each table's rows reached by
keyboard (the box under it opens an entry in the panel), and after moving to another page the
focus is on the page's heading, not on the sidebar link that was followed, with no frame round
the page. Every wait is for a condition (the page at rest, the grids drawn), never for a time."""

from __future__ import annotations

import pytest
from browser_support import Browser, goto_page, keys_ready, settle, wait_js
from test_keyboard import focus_lands, focused, tab_to

pytestmark = pytest.mark.e2e

# The focused element, marked with a number of its own the first time it has focus. A grid moves
# focus from its canvas to the selected cell's stand-in for screen readers (a cell of its hidden
# table) a moment after the canvas takes it: on a loaded machine that moment came before the
# stop was read, and the table's one stop was read as a hidden cell. Both are the table's stop.
STOP = """() => {
  const a = document.activeElement, grid = a.closest('[data-testid="stDataFrame"]');
  const e = grid && a.matches('[role="gridcell"], [role="columnheader"], [role="rowheader"]')
    ? grid.querySelector('canvas[data-testid="data-grid-canvas"]') || a : a;
  if (!e.dataset.hdProbe) e.dataset.hdProbe = String(window.__hdProbe = (window.__hdProbe || 0) + 1);
  return {id: e.dataset.hdProbe, tag: e.tagName.toLowerCase(), testid: e.getAttribute('data-testid') || '',
          role: e.getAttribute('role') || '', label: e.getAttribute('aria-label') || '',
          text: (e.innerText || '').trim().slice(0, 40), shown: e.getClientRects().length > 0,
          selected: e.getAttribute('aria-selected') || '', in_main: !!e.closest('[data-testid="stMain"]'),
          in_sidebar: !!e.closest('[data-testid="stSidebar"]')};
}"""


# The tables shown, each with whether its grid's canvas can take focus.
STOP_TABLES = """() => [...document.querySelectorAll('[data-testid="stDataFrame"]')]
  .filter(t => t.offsetParent !== null).map(t => { const c = t.querySelector('canvas[data-testid="data-grid-canvas"]');
              return c ? `canvas tabindex ${c.getAttribute('tabindex')}` : 'no canvas'; })"""


def open_demo(browser: Browser):
    page = browser.page
    page.set_viewport_size({"width": 1400, "height": 900})
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    return page


def one_round(page, limit: int = 150) -> list[dict]:
    """Tab from the page's main area until focus comes back to it: every stop of one round."""
    keys_ready(page)  # on a loaded machine a grid not drawn yet is no stop ("0 table stops for 2 tables")
    page.locator('[data-testid="stMain"]').focus()
    start = page.evaluate(STOP)["id"]
    stops = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = page.evaluate(STOP)
        if now["id"] == start:
            return stops
        stops.append(now)
    raise AssertionError(f"Tab never came back to the main area in {limit} presses: {stops[-5:]}")


# The tables each page shows on the demo home (both files' entries on the Overview; the entry
# picker on Edit; the versions and the entries' lives on History).
TABLES = {"Overview": 2, "Edit": 1, "History": 2}


@pytest.mark.parametrize("title", ["Overview", "Edit", "History"])
def test_each_control_is_one_tab_stop_per_round(browser: Browser, title: str) -> None:
    page = open_demo(browser)
    if title != "Overview":
        goto_page(page, title, heading=title != "Overview")
    # On a loaded machine the page was at rest with none of its tables shown yet (they are laid out
    # after the run, in boxes that pick the full or the compact table by width): wait for them.
    wait_js(page, f"() => ({STOP_TABLES})().length >= {TABLES[title]}", None, f"{title} never showed its tables")
    keys_ready(page)
    before = page.evaluate(STOP_TABLES)
    stops = one_round(page)
    after = page.evaluate(STOP_TABLES)
    ids = [s["id"] for s in stops]
    twice = [s for n, s in enumerate(stops) if ids.index(s["id"]) != n]
    assert not twice, f"{title}: focused more than once in one round of Tab: {twice}"
    hidden = [s for s in stops if not s["shown"] and s["tag"] not in ("body", "a")]
    assert not hidden, f"{title}: Tab stops on elements that are not shown: {hidden}"
    tables = page.locator('[data-testid="stDataFrame"]').filter(visible=True).count()
    grids = [s for s in stops if s["testid"] == "data-grid-canvas"]
    named = [s["label"] or s["text"] or s["testid"] or s["tag"] for s in stops]
    assert len(grids) == tables, (
        f"{title}: {len(grids)} table stops for {tables} tables (before the round {before}, after {after}): {named}"
    )
    idle = [s for s in stops if s["label"] == "Link to heading" or s["testid"] == "stBaseButton-elementToolbar"]
    assert not idle, f"{title}: Tab stops that add nothing (heading anchors, toolbar buttons): {idle}"


def test_one_round_of_the_overview_is_the_controls_a_person_uses(browser: Browser) -> None:
    """29 stops before: the heading anchors, four toolbar buttons per table; now the help and
    the controls, each table and the box that opens its entries."""
    page = open_demo(browser)
    main = [s for s in one_round(page) if s["in_main"]]
    named = [s["label"] or s["text"] or s["testid"] for s in main]
    assert len(main) <= 12, f"{len(main)} stops in the Overview: {named}"
    assert "Open an entry of MEMORY.md" in named and "Open an entry of USER.md" in named, named


def test_a_table_row_opens_in_the_entry_panel_by_keyboard(browser: Browser) -> None:
    page = open_demo(browser)
    keys_ready(page)
    page.locator('[data-testid="stMain"]').focus()
    tab_to(page, lambda f: f["label"] == "Open an entry of MEMORY.md", "the MEMORY.md table's entry box")
    page.keyboard.type("FLUSHDB")  # the box finds the entry by its text
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Selected entry of MEMORY.md")
    dialog.wait_for()
    settle(page, None)
    focus_lands(page, lambda f: page.evaluate("() => !!document.activeElement.closest('[role=dialog]')"), "the panel")
    assert "FLUSHDB" in dialog.inner_text() and dialog.get_by_role("button", name="Replace this entry").is_visible()


def test_edits_tabs_are_tab_stops_and_open_with_enter(browser: Browser) -> None:
    page = open_demo(browser)
    goto_page(page, "Edit")
    tabs = [s for s in one_round(page) if s["role"] == "tab"]
    assert [t["text"] for t in tabs] == ["Add", "Replace", "Remove", "Batch editor"], tabs
    for name, inside in (
        ("Replace", "Text that identifies the entry"),
        ("Batch editor", None),
        ("Remove", "Text that identifies the entry"),
    ):
        page.locator('[data-testid="stMain"]').focus()
        tab_to(page, lambda f, n=name: f["role"] == "tab" and f["text"] == n, f"the {name} tab")
        page.keyboard.press("Enter")
        focus_lands(page, lambda f, n=name: f["role"] == "tab" and f["text"] == n, f"Enter on {name}")
        assert page.get_by_role("tab", name=name).get_attribute("aria-selected") == "true", f"{name} did not open"
        if inside:  # and Tab goes on into the tab's own controls
            tab_to(page, lambda f, x=inside: f["tag"] == "input" and f["label"] == x, f"{name}'s first box", limit=6)


HEADING = {
    "History": "History",
    "Migrate": "Migrate hand-written files",
    "Sharing": "Sharing and export",
    "Snapshot": "Snapshot",
    "Overview": "Overview",
}
FRAME = """() => { const m = document.querySelector('[data-testid="stMain"]'), s = getComputedStyle(m);
  return s.outlineStyle === 'none' || s.outlineWidth === '0px' ? '' : s.outlineStyle + ' ' + s.outlineWidth; }"""


def test_focus_goes_to_the_page_after_moving_to_another_page(browser: Browser) -> None:
    page = open_demo(browser)
    for title in ("History", "Cleanup", "Migrate", "Edit", "Sharing", "Snapshot", "Overview"):
        link = page.locator('[data-testid="stSidebarNavLink"]').filter(has_text=title).first
        link.focus()
        assert focused(page)["testid"] == "stSidebarNavLink"
        page.keyboard.press("Enter")
        settle(page, None)
        focus_lands(page, lambda f: page.evaluate(STOP)["in_main"], f"moving to {title} (focus is in the page)")
        if title in HEADING:  # the page's own heading, read out by name (Edit: its New entry box)
            now = page.evaluate(STOP)
            assert (now["tag"], now["text"]) == ("h1", HEADING[title]), f"after {title}, focus is on {now}"
        assert page.evaluate(FRAME) == "", f"{title}: a frame round the main area ({page.evaluate(FRAME)})"
        page.keyboard.press("Tab")
        now = page.evaluate(STOP)
        assert now["in_main"] and not now["in_sidebar"], f"after {title}, Tab went to {now}"
