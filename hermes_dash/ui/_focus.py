"""Keyboard focus: visible everywhere, and put where the next step is after a write.

Streamlit redraws the page after every write and the browser then leaves focus on the page
body, so a keyboard user would start again from the sidebar. ``focus_after_rerun`` names the
element to focus once the page has been redrawn; without one, a write's message box gets focus
(a screen reader reads it, and Tab continues from there into the page).
"""

from __future__ import annotations

import json

import streamlit as st

from ._tables import TABLE_STYLE

FLASH_KEY = "hd_flash_box"  # the container holding the messages of the last write
FLASH_SELECTOR = f".st-key-{FLASH_KEY}"
KEYS_BOX = "hd_keys"  # the hidden sidebar box holding the keyboard script

# Streamlit shows focus on the sidebar's page links only as a faint tint that looks like hover;
# the page's heading and main area get focus from a script (after a page switch), never from a
# click or Tab, so they draw no ring (the grey frame round the whole page said nothing);
# an outline in the text colour is visible in the light and the dark theme alike. A slider's
# value is drawn in the primary colour, which cannot reach 4.5:1 on the dark background while
# white button text on it does too: the value takes the text colour instead.
_STYLE = f"""<style>
[data-testid="stSidebarNavLink"]:focus-visible {{ outline: 2px solid currentColor; outline-offset: -2px; }}
[data-testid="stSliderThumbValue"] {{ color: inherit; }}
.st-key-{KEYS_BOX} {{ display: none; }}
{FLASH_SELECTOR}:focus {{ outline: 2px solid currentColor; outline-offset: 4px; border-radius: 0.5rem; }}
[data-testid="stMain"]:focus, [data-testid="stMain"] h1:focus {{ outline: none; }}
</style>"""

# Our own fixed script (a CSS selector as a JSON string is its only input): focuses the element
# once it is drawn, however long the page takes to draw it. It gives up when the person moves focus
# meanwhile (anywhere but where it was, or the page body a redraw leaves it on) or a later call's
# script takes over. It used to give up after two seconds: at load 20-40 the Edit page's box came
# later, and focus stayed on the sidebar link.
_SCRIPT = """<script>(() => {{
  const selector = {selector}, run = window.__hdFocusRun = (window.__hdFocusRun || 0) + 1;
  const was = document.activeElement;
  const go = () => {{
    const el = document.querySelector(selector);
    if (!el) return false;
    if (!el.matches('a, button, input, textarea, select, [tabindex]')) el.setAttribute('tabindex', '-1');
    el.focus({{preventScroll: false}});
    return true;
  }};
  const moved = () => document.activeElement !== was && document.activeElement !== document.body;
  if (go()) return;
  const watch = new MutationObserver(() => {{
    if (window.__hdFocusRun !== run || moved() || go()) watch.disconnect();
  }});
  watch.observe(document.body, {{childList: true, subtree: true}});
}})(); /* {nonce} */</script>"""


# Our own fixed script, installed once per page (it stays across reruns), for the Tab key:
# - every tab of a tab list is a Tab stop of its own (Streamlit's tab lists give only the chosen
#   tab one and send Tab past the others, reached with the arrow keys), and Enter or Space opens it;
# - a table is one Tab stop: Tab on a table's grid leaves the table for the next control (the
#   grid would otherwise move its cell selection one column per Tab, a stop per column), and
#   Shift+Tab goes back to the control before it. The arrow keys still move inside the grid.
# - stops that add nothing leave the Tab order (a mouse still reaches them): the "link to heading"
#   anchors beside headings, and the buttons of a table's or a chart's toolbar (columns, download,
#   search, fullscreen, copy the chart's spec), four per table that a Tab round passed through.
_KEYS = """<script>(() => {
  if (window.__hdKeys) return;
  window.__hdKeys = true;
  const TABS = '[role="tab"]';
  const QUIET = '[data-testid="stHeaderActionElements"] a, [data-testid="stElementToolbar"] button';
  const openTabs = () => {
    document.querySelectorAll(TABS).forEach(t => { if (t.tabIndex !== 0) t.tabIndex = 0; });
    document.querySelectorAll(QUIET).forEach(t => { if (t.tabIndex !== -1) t.tabIndex = -1; });
  };
  new MutationObserver(openTabs).observe(document.body, {subtree: true, childList: true, attributes: true,
                                                         attributeFilter: ['tabindex']});
  openTabs();
  const STOPS = 'a[href], button, input, textarea, select, summary, [tabindex]';
  const stops = () => [...document.querySelectorAll(STOPS)].filter(e => e.tabIndex >= 0 && !e.disabled
    && e.getAttribute('tabindex') !== '-1' && e.getClientRects().length > 0
    && getComputedStyle(e).visibility !== 'hidden');
  document.addEventListener('keydown', e => {
    const t = e.target;
    if (!(t instanceof Element)) return;
    if (t.matches(TABS) && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); t.click(); return; }
    if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
    // The grid has focus on its canvas, or on the selected cell's stand-in for screen readers (a
    // cell of the grid's hidden table, which the grid focuses a moment after the canvas: on a slow
    // machine Tab came there and moved one cell per press).
    const onTab = t.matches(TABS), onGrid = t.matches('canvas[data-testid="data-grid-canvas"]')
      || (t.matches('[role="gridcell"], [role="columnheader"], [role="rowheader"]')
          && !!t.closest('[data-testid="stDataFrame"]'));
    if (!onTab && !onGrid) return;
    // A tab list would send Tab past its other tabs; a grid keeps Tab for itself.
    const inside = onGrid ? (t.closest('[data-testid="stDataFrame"]') || t) : t;
    const all = stops();
    const after = (a, b) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    // The stops in the order Tab meets them, rounding at either end of the page as the browser
    // does; the first that takes focus wins (one inside a closed section does not).
    const ahead = all.filter(x => !inside.contains(x) && after(t, x)), behind = all.filter(x => !ahead.includes(x));
    const order = e.shiftKey ? [...all.filter(x => !inside.contains(x) && after(x, inside)).reverse(),
                                ...all.filter(x => !inside.contains(x) && !after(x, inside)).reverse()]
      : [...ahead, ...behind];
    e.preventDefault();
    e.stopPropagation();
    for (const x of order) { x.focus(); if (document.activeElement === x) return; }
  }, true);
})();</script>"""


# Our own fixed script: Streamlit's toasts point aria-labelledby at nothing, so a screen reader
# gets a dialog with no name; each toast is named by its own text. Installed once per page load.
_TOAST_NAMES = """<script>(() => {
  if (window.hdToastNames) return; window.hdToastNames = true;
  const name = () => document.querySelectorAll('[data-testid="stToast"]').forEach(t => {
    if (t.getAttribute('aria-label')) return;
    t.removeAttribute('aria-labelledby');
    t.setAttribute('aria-label', t.innerText || 'Message');
  });
  new MutationObserver(name).observe(document.body, {childList: true, subtree: true});
})();</script>"""


# Our own fixed script, run when a page has just been opened: on a narrow window (Streamlit lays
# the sidebar over the page below 768 px) an open sidebar is closed, as a phone's menu closes once
# a page is chosen; it covered 300 of 390 px until closed by hand, and a keyboard user needed 12-18
# Shift+Tabs to reach its close button. The page's heading then gets focus (page_title).
_CLOSE_SIDEBAR = """<script>(() => {{
  if (window.innerWidth >= 768) return;
  const bar = document.querySelector('[data-testid="stSidebar"]');
  if (!bar || bar.getAttribute('data-collapsed') !== 'false') return;
  const close = bar.querySelector('[data-testid="stSidebarCollapseButton"] button, '
                                  + 'button[data-testid="stSidebarCollapseButton"]');
  if (close) close.click();
}})(); /* {nonce} */</script>"""


def close_sidebar_on_phone() -> None:
    """On a window narrower than 768 px, close the sidebar (the page was just chosen in it)."""
    nonce = st.session_state.get("hd_close_nonce", 0) + 1
    st.session_state.hd_close_nonce = nonce  # a new body, so the browser runs it again
    st.sidebar.html(_CLOSE_SIDEBAR.format(nonce=nonce), unsafe_allow_javascript=True)


def a11y_styles() -> None:
    """Visible focus and readable slider values, on every page (called by the app); also the
    tables' layout switch and the sidebar's path wrapping (``_tables.TABLE_STYLE``), and the
    Tab key's rules for tab lists and tables (``_KEYS``, in a hidden box of the sidebar)."""
    st.html(_STYLE.replace("</style>", TABLE_STYLE + "\n</style>"))
    with st.sidebar.container(key=KEYS_BOX):
        st.html(_KEYS, unsafe_allow_javascript=True)
        st.html(_TOAST_NAMES, unsafe_allow_javascript=True)


def focus_after_rerun(selector: str) -> None:
    """After the rerun that follows a write, focus the element matching ``selector``."""
    st.session_state.hd_focus = selector


def focus_now(selector: str) -> None:
    """Focus ``selector`` once this run has drawn it (each call runs the script again).

    The script goes at the end of the sidebar: an element that is there on one run and not on
    the next would shift every later element of the page and reset stateful ones.
    """
    nonce = st.session_state.get("hd_focus_nonce", 0) + 1
    st.session_state.hd_focus_nonce = nonce  # a new body, so the browser runs it again
    st.sidebar.html(focus_script(selector, nonce), unsafe_allow_javascript=True)


def focus_script(selector: str, nonce: int = 0) -> str:
    """The ``<script>`` :func:`focus_now` draws: focus ``selector`` once it is drawn."""
    return _SCRIPT.format(selector=json.dumps(selector), nonce=nonce)


MAIN = '[data-testid="stMain"]'  # the page's main area (the skip link's target)


def focus_count() -> int:
    """How many times :func:`focus_now` has been called in this session (to tell whether a page
    asked for focus during its run)."""
    return int(st.session_state.get("hd_focus_nonce", 0))


def pending_focus(default: str | None) -> str | None:
    return st.session_state.pop("hd_focus", None) or default


def label_selector(label: str, tag: str = "textarea") -> str:
    """The CSS selector of a Streamlit text box with this label."""
    return f"{tag}[aria-label={json.dumps(label)}]"


def note_page(name: str) -> None:
    """Called by the app on every run with the page being shown (see :func:`page_opened`)."""
    st.session_state.hd_page_opened = st.session_state.get("hd_page") != name
    st.session_state.hd_page = name
    st.session_state.hd_focus_at_page = focus_count()


HEADING = '[data-testid="stMain"] h1'


def page_title(title: str) -> None:
    """The page's title (no "link to heading" anchor: a Tab stop that adds nothing); when the page
    has just been opened and nothing else asked for focus (a write's message, say), the focus
    goes to it, so Tab continues into this page, and a screen reader reads its name."""
    st.title(title, anchor=False)
    if page_opened() and focus_count() == st.session_state.get("hd_focus_at_page"):
        focus_now(HEADING)


def page_opened() -> bool:
    """True when this run shows the page for the first time since another page was shown."""
    return bool(st.session_state.get("hd_page_opened", False))
