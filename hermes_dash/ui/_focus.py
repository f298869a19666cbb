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

# Streamlit shows focus on the sidebar's page links only as a faint tint that looks like hover;
# an outline in the text colour is visible in the light and the dark theme alike. A slider's
# value is drawn in the primary colour, which cannot reach 4.5:1 on the dark background while
# white button text on it does too: the value takes the text colour instead.
_STYLE = f"""<style>
[data-testid="stSidebarNavLink"]:focus-visible {{ outline: 2px solid currentColor; outline-offset: -2px; }}
[data-testid="stSliderThumbValue"] {{ color: inherit; }}
{FLASH_SELECTOR}:focus {{ outline: 2px solid currentColor; outline-offset: 4px; border-radius: 0.5rem; }}
</style>"""

# Our own fixed script (a CSS selector as a JSON string is its only input): waits up to two
# seconds for the element to be drawn, then focuses it.
_SCRIPT = """<script>(() => {{
  const selector = {selector}; let tries = 0;
  const go = () => {{
    const el = document.querySelector(selector);
    if (el) {{
      if (!el.matches('a, button, input, textarea, select, [tabindex]')) el.setAttribute('tabindex', '-1');
      el.focus({{preventScroll: false}});
      return;
    }}
    if (++tries < 40) setTimeout(go, 50);
  }};
  go();
}})(); /* {nonce} */</script>"""


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


def a11y_styles() -> None:
    """Visible focus and readable slider values, on every page (called by the app); also the
    tables' layout switch and the sidebar's path wrapping (``_tables.TABLE_STYLE``)."""
    st.html(_STYLE.replace("</style>", TABLE_STYLE + "\n</style>"))
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
    st.sidebar.html(_SCRIPT.format(selector=json.dumps(selector), nonce=nonce), unsafe_allow_javascript=True)


def pending_focus(default: str | None) -> str | None:
    return st.session_state.pop("hd_focus", None) or default


def label_selector(label: str, tag: str = "textarea") -> str:
    """The CSS selector of a Streamlit text box with this label."""
    return f'{tag}[aria-label={json.dumps(label)}]'


def note_page(name: str) -> None:
    """Called by the app on every run with the page being shown (see :func:`page_opened`)."""
    st.session_state.hd_page_opened = st.session_state.get("hd_page") != name
    st.session_state.hd_page = name


def page_opened() -> bool:
    """True when this run shows the page for the first time since another page was shown."""
    return bool(st.session_state.get("hd_page_opened", False))
