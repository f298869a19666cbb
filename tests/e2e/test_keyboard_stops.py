"""Tab stops, in Chromium at 1400x900 on the demo home: every control is reached with Tab alone
(Edit's Replace, Remove and Batch editor tabs too, opened with Enter), each control once per round
(a table is one stop, however many columns it has, and no hidden copy of it is a stop), and after
moving to another page the focus is in the page, not on the sidebar link that was followed."""

from __future__ import annotations

import pytest
from browser_support import Browser, goto_page, settle
from test_keyboard import focus_lands, focused, tab_to

pytestmark = pytest.mark.e2e

# The focused element, marked with a number of its own the first time it has focus.
STOP = """() => {
  const e = document.activeElement;
  if (!e.dataset.hdProbe) e.dataset.hdProbe = String(window.__hdProbe = (window.__hdProbe || 0) + 1);
  return {id: e.dataset.hdProbe, tag: e.tagName.toLowerCase(), testid: e.getAttribute('data-testid') || '',
          role: e.getAttribute('role') || '', label: e.getAttribute('aria-label') || '',
          text: (e.innerText || '').trim().slice(0, 40), shown: e.getClientRects().length > 0,
          selected: e.getAttribute('aria-selected') || '', in_main: !!e.closest('[data-testid="stMain"]'),
          in_sidebar: !!e.closest('[data-testid="stSidebar"]')};
}"""


def open_demo(browser: Browser):
    page = browser.page
    page.set_viewport_size({"width": 1400, "height": 900})
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    return page


def one_round(page, limit: int = 150) -> list[dict]:
    """Tab from the page's main area until focus comes back to it: every stop of one round."""
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


@pytest.mark.parametrize("title", ["Overview", "Edit", "History"])
def test_each_control_is_one_tab_stop_per_round(browser: Browser, title: str) -> None:
    page = open_demo(browser)
    if title != "Overview":
        goto_page(page, title, heading=title != "Overview")
    stops = one_round(page)
    ids = [s["id"] for s in stops]
    twice = [s for n, s in enumerate(stops) if ids.index(s["id"]) != n]
    assert not twice, f"{title}: focused more than once in one round of Tab: {twice}"
    hidden = [s for s in stops if not s["shown"] and s["tag"] not in ("body", "a")]
    assert not hidden, f"{title}: Tab stops on elements that are not shown: {hidden}"
    tables = page.locator('[data-testid="stDataFrame"]').filter(visible=True).count()
    grids = [s for s in stops if s["testid"] == "data-grid-canvas"]
    assert len(grids) == tables, f"{title}: {len(grids)} table stops for {tables} tables shown"


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


def test_focus_goes_to_the_page_after_moving_to_another_page(browser: Browser) -> None:
    page = open_demo(browser)
    for title in ("History", "Cleanup", "Edit", "Snapshot"):
        link = page.locator('[data-testid="stSidebarNavLink"]').filter(has_text=title).first
        link.focus()
        assert focused(page)["testid"] == "stSidebarNavLink"
        page.keyboard.press("Enter")
        settle(page, None)
        focus_lands(page, lambda f: page.evaluate(STOP)["in_main"], f"moving to {title} (focus is in the page)")
        page.keyboard.press("Tab")
        now = page.evaluate(STOP)
        assert now["in_main"] and not now["in_sidebar"], f"after {title}, Tab went to {now}"
