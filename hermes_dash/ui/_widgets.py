"""Small display pieces shared by the pages. Entry text is only ever shown as plain text.

Plain text means ``st.dataframe`` cells, ``st.code`` and ``st.text``: never ``st.markdown``,
``st.write`` of a string, alert bodies or HTML, because an entry may hold ``![x](http://..)``
or ``<img src=..>`` and rendering it would make the browser fetch that address. Our own fixed
wording (titles, numbers) may use markdown; a path, a file or profile name or an id inside such
wording goes through :func:`lit` (a folder can be named like a markdown image too).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd
import streamlit as st

from hermes_dash import FILENAMES, FileState, Refusal, n_entries, over_budget_text

if TYPE_CHECKING:
    import pyarrow as pa

WARN_AT = 80
ALARM_AT = 95
CHARS_PER_TOKEN = 4
CELL_CHARS = 1_500  # longest text put in one table cell; the rest is shown on demand
# Longest text shown in an expander: its body is sent on every rerun even when collapsed, so a
# 1 MB hand-written entry would cost a megabyte per click. The rest is offered as a download.
FULL_TEXT_CHARS = 20_000


def level(used: int, limit: int) -> str:
    """``calm`` below 80 %, ``warning`` from 80 %, ``alarm`` from 95 % and when over budget."""
    if limit <= 0 or used > limit or used * 100 >= ALARM_AT * limit:
        return "alarm"
    return "warning" if used * 100 >= WARN_AT * limit else "calm"


_LEVEL_LOOK = {"calm": ("green", "OK"), "warning": ("orange", "Getting full"), "alarm": ("red", "Nearly full")}


def tokens(chars: int) -> int:
    return -(-chars // CHARS_PER_TOKEN)


def gauge(filename: str, used: int, limit: int, count: int, *, projected: int | None = None,
          projected_count: int | None = None, key: str | None = None, drifted: bool = False) -> str:
    """A capacity gauge; with ``projected``, a second bar shows the usage after an operation.

    Returns the level (``calm``/``warning``/``alarm``) of the figure shown last.
    """
    shown, shown_count = (used, count) if projected is None else \
        (projected, projected_count if projected_count is not None else count)
    lvl = level(shown, limit)
    color, word = _LEVEL_LOOK[lvl]
    over = shown > limit
    word = over_budget_text(shown, limit).capitalize() if over else word
    if drifted and not over:  # a file the memory tool did not write is never simply "OK"
        color, word = ("orange" if lvl == "calm" else color), "Drift"
    pct = min(100, int(shown / limit * 100)) if limit > 0 else 0
    with st.container(border=True, key=key):
        # Our own wording and figures only (no entry text): markdown is safe here. Title and level
        # share one line, because every element costs the landing page's rerun time.
        st.markdown(f"**{filename}** :{color}-badge[{'' if projected is None else 'After saving: '}{word}]")
        st.progress(min(1.0, shown / limit) if limit > 0 else 1.0,
                    text=f":{color}[**{shown:,} / {limit:,} chars** · {pct}%] · {n_entries(shown_count)}"
                         + (f" · :red[{shown - limit:,} over]" if over else ""))
        if projected is None:
            st.caption(f"≈ {tokens(used):,} tokens in every prompt (an estimate: about {CHARS_PER_TOKEN} "
                       "characters per token)")
        else:
            st.caption(f"{projected - used:+,} characters (now {used:,}) · ≈ {tokens(projected):,} tokens per "
                       "prompt (an estimate)")
    return lvl


def state_gauge(state: FileState, **kwargs: Any) -> str:
    return gauge(state.filename, state.usage, state.limit, len(state.entries), drifted=bool(state.drift),
                 **kwargs)


def lit(value: object) -> str:
    """``value`` (a path, a file or profile name, an id) as a markdown code span: shown exactly
    as written, never read as a link, an image, emphasis or one of Streamlit's directives.

    The fence is one backtick longer than any run of backticks inside, and line breaks become
    spaces (a blank line would end the span and let the rest be read as markdown).
    """
    text = " ".join(str(value).splitlines()) or " "
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text[0] == "`" or text[-1] == "`" else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def plain(text: str) -> None:
    """Show text exactly as written (no markdown, no HTML), wrapped."""
    st.code(text, language=None, wrap_lines=True)


def show_entry(text: str, *, max_chars: int | None = None) -> None:
    """One entry as plain text; with ``max_chars``, cut with a note saying how much is hidden."""
    if max_chars is not None and len(text) > max_chars:
        plain(text[:max_chars])
        st.caption(f"… {len(text) - max_chars:,} more characters not shown.")
    else:
        plain(text)


def show_refusal(refusal: Refusal) -> None:
    """The engine's reason and hint. Both may quote entry text, so both are plain text."""
    with st.container(border=True):
        st.error("**Refused: nothing was changed.**")
        st.text(refusal.message)
        if refusal.hint:
            st.text("What to do: " + refusal.hint)


def cut(text: str, limit: int = CELL_CHARS) -> str:
    """Text for a table cell: at most ``limit`` characters plus a note of what was left out."""
    if len(text) <= limit:
        return text
    return text[:limit] + f" … [{len(text) - limit:,} more characters: select the row to read it all]"


def entry_frame(entries: Sequence[str], limit: int, flags: Sequence[Sequence[str]] | None = None,
                indices: Sequence[int] | None = None) -> pd.DataFrame:
    """The entry table: index, text (cut for display), characters, share of the budget, flags."""
    indices = list(range(len(entries))) if indices is None else list(indices)
    return pd.DataFrame({
        "#": indices,
        "Entry": [cut(e) for e in entries],
        "Chars": [len(e) for e in entries],
        "Budget": [round(len(e) / limit * 100, 1) if limit > 0 else 0.0 for e in entries],
        "Flags": [", ".join(f) for f in (flags or [()] * len(entries))],
    })


ENTRY_COLUMNS = {
    "#": st.column_config.NumberColumn("#", width=48, help="Position in the file (0 = first)"),
    "Entry": st.column_config.TextColumn("Entry", width="large", help="Shown as plain text"),
    "Match": st.column_config.TextColumn("Match", width="medium",
                                         help="Where the search text is in the entry, marked «like this»"),
    "Chars": st.column_config.NumberColumn("Chars", width="small", format="%d"),
    "Budget": st.column_config.ProgressColumn("Share of budget", width="small", format="%.1f%%",
                                              min_value=0, max_value=100,
                                              help="This entry's characters as a share of the file's limit"),
    "Flags": st.column_config.TextColumn("Flags", width="medium"),
}


ROW_HEIGHT = 72  # three wrapped lines of text per cell


def table_height(rows: int, visible: int = 10) -> int:
    """Pixels for a table with tall rows: every row up to ``visible`` rows, then it scrolls."""
    return 40 + ROW_HEIGHT * max(1, min(rows, visible))


def entry_table(frame: pd.DataFrame | pa.Table, *, key: str | None = None, height: int | None = None) -> None:
    """Show an :func:`entry_frame` (or its Arrow table: plain-text cells, taller rows so text wraps)."""
    st.dataframe(frame, hide_index=True, column_config=ENTRY_COLUMNS, key=key, row_height=ROW_HEIGHT,
                 height=height or table_height(len(frame)))


def filename(target: str) -> str:
    return FILENAMES[target]


def confirm(flag: str, token: object, question: str, *, yes: str, key: str, detail: str = "") -> bool:
    """Ask ``question`` while ``st.session_state[flag] == token`` (a button set it); True on yes.

    A confirmation drawn from a session-state flag, not a dialog opened by a button: AppTest
    cannot click inside those. Buttons are ``{key}_yes`` and ``{key}_no``; either clears the flag.
    """
    if st.session_state.get(flag) != token:
        return False
    st.warning(f"**{question}**" + (f" {detail}" if detail else ""))
    yes_col, no_col = st.columns(2)
    if no_col.button("Cancel", key=f"{key}_no"):
        del st.session_state[flag]
        st.rerun()
    if yes_col.button(yes, key=f"{key}_yes", type="primary"):
        del st.session_state[flag]
        return True
    return False
