"""Search text in entries: which entries hold it, and where (the Overview's "Match" column).

A table cell is plain text, so a match is marked with text, not colour: ``«postgres»``, which
reads the same in the light and the dark theme. The cell shows a short stretch around each of
the first matches, so a match deep inside a long entry (past the three lines a row shows) is
still seen.
"""

from __future__ import annotations

import re

OPEN, CLOSE = "«", "»"


def matches(text: str, query: str) -> bool:
    """Case-insensitive: whether ``query`` is anywhere in ``text`` (the search box's rule)."""
    return query.lower() in text.lower()


def search_context(text: str, query: str, *, around: int = 30, most: int = 3) -> str:
    """The first ``most`` matches of ``query`` in ``text``, each marked «like this» with up to
    ``around`` characters either side, on one line; ``""`` when there is no match."""
    if not query:
        return ""
    found = [m.span() for m in re.finditer(re.escape(query), text, re.IGNORECASE)]
    if not found:
        # A case-insensitive match the regex's case folding does not see ("ß" / "SS"): say so
        # rather than show nothing for an entry the search kept.
        return "(matches when upper and lower case are ignored)" if matches(text, query) else ""
    pieces, end = [], 0
    for n, (start, stop) in enumerate(found[:most]):
        left = max(start - around, end)
        if left > end or (n == 0 and left > 0):
            pieces.append(" … " if n else "…")
        # Up to the next match when it is near, so two close matches share one stretch.
        nearby = found[n + 1][0] if n + 1 < len(found) and found[n + 1][0] - stop <= 2 * around else None
        right = min(len(text), nearby if nearby is not None else stop + around)
        pieces.append(text[left:start] + OPEN + text[start:stop] + CLOSE + text[stop:right])
        end = right
    if end < len(text):
        pieces.append("…")
    line = " ".join("".join(pieces).split())
    more = len(found) - most
    return line + (f" (and {more} more)" if more > 0 else "")


# Our own fixed script (the box's label as a JSON string is its only input): a text box that
# commits its value only on Enter or blur filters as you type instead, by committing it after a
# short pause in typing (the same Enter the box already answers to).
_AS_YOU_TYPE = """<script>(() => {{
  const label = {label};
  const hook = () => {{
    const box = document.querySelector(`input[aria-label="${{label}}"]`);
    if (!box) {{ setTimeout(hook, 200); return; }}
    if (box.dataset.hdAsYouType) return;
    box.dataset.hdAsYouType = "1";
    let timer = null;
    box.addEventListener("input", () => {{
      clearTimeout(timer);
      timer = setTimeout(() => box.dispatchEvent(new KeyboardEvent("keydown",
        {{key: "Enter", code: "Enter", keyCode: 13, which: 13, bubbles: true}})), 350);
    }});
  }};
  hook();
}})();</script>"""


def as_you_type(label: str) -> None:
    """Make the text box labelled ``label`` filter as you type (see ``_AS_YOU_TYPE``)."""
    import json

    import streamlit as st

    st.html(_AS_YOU_TYPE.format(label=json.dumps(label)), unsafe_allow_javascript=True)
