"""Search the way people type: every word, in any order, case-insensitively; "quotes" for an
exact phrase. An entry is kept when it holds every word and phrase; each one is marked inside the
entry's own table cell, «like this».

A table cell is plain text, so a match is marked with text, not colour, which reads the same in
the light and the dark theme. The marks go into the Entry column itself, so a search keeps the
table's columns; when the first match is past the few lines a row shows, the cell starts a little
before it, with "…" saying that the start is left out.
"""

from __future__ import annotations

import re

OPEN, CLOSE = "«", "»"
LEAD = 120  # a first match starting after this many characters: the cell starts near it
BEFORE = 40  # characters kept in front of that first match


def terms(query: str) -> tuple[str, ...]:
    """The words and "quoted phrases" of ``query``, casefolded, each once (an unclosed quote runs
    to the end; an empty pair of quotes is nothing)."""
    found: list[str] = []
    for phrase, word in re.findall(r'"([^"]*)"?|(\S+)', query):
        term = " ".join((phrase or word).split()).casefold()
        if term and term not in found:
            found.append(term)
    return tuple(found)


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def matches(text: str, query: str) -> bool:
    """Whether ``text`` holds every word and phrase of ``query`` (case and runs of spaces or line
    breaks ignored): the search box's rule."""
    folded = _folded(text)
    return all(term in folded for term in terms(query))


def _spans(text: str, query: str) -> list[tuple[int, int]]:
    """Where the terms are in ``text`` (any run of white space matches a phrase's space), merged."""
    spans = sorted(
        m.span()
        for term in terms(query)
        for m in re.finditer(r"\s+".join(re.escape(w) for w in term.split(" ")), text, re.IGNORECASE)
    )
    merged: list[tuple[int, int]] = []
    for start, stop in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(stop, merged[-1][1]))
        else:
            merged.append((start, stop))
    return merged


def mark_matches(text: str, query: str) -> str:
    """``text`` with every match of ``query`` marked «like this»; when the first match starts past
    :data:`LEAD` characters, from a word shortly before it, after "… " (the rest is as written)."""
    spans = _spans(text, query) if query.strip() else []
    if not spans:
        return text
    begin = 0
    if spans[0][0] > LEAD:
        space = text.rfind(" ", 0, spans[0][0] - BEFORE)
        begin = space + 1 if space >= 0 else spans[0][0] - BEFORE
    out, at = ["… " if begin else ""], begin
    for start, stop in spans:
        out.append(text[at:start] + OPEN + text[start:stop] + CLOSE)
        at = stop
    out.append(text[at:])
    return "".join(out)


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
