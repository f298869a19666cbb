"""Tables that fit their page: one height rule, one cut width, one diff table, one entry table.

A Streamlit table is a canvas grid. It never narrows a column below the width it is given: a
table whose columns add up to more than its box scrolls sideways and cuts its right-hand
columns (and their headers) at the edge. It widens every column by the same number of pixels
to fill a wider box, except pinned columns, which keep their width and stay on the left. So:

- every table's given widths add up to less than the narrowest box it is shown in (a phone's
  main area is about 350 px), and short label columns are pinned so the text columns take the
  rest of a wide page;
- headers are short enough for their column; the longer wording is the header's tooltip;
- the entry table exists twice, a full one (position, text, characters, share, flags) and a
  compact one (text, and one column with the figures and flags): a CSS container query shows
  the one that fits the width the table actually has (a phone, or half of a wide page).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd
import streamlit as st

from hermes_dash.engine.invocation import printed_command

if TYPE_CHECKING:
    import pyarrow as pa
    from streamlit.elements.lib.column_types import ColumnConfig

ROW_HEIGHT = 72  # three wrapped lines of text per cell
HEADER_HEIGHT = 40  # the header row and the borders
VISIBLE_ROWS = 25  # a table shows this many rows in full; a longer one scrolls inside itself
CELL_CHARS = 1_500  # longest text put in one table cell (entry and diff tables alike); the rest is noted
#: Rows sent to the browser per table; a longer table is shown a page at a time, with a page
#: number to pick (a 10 MB MEMORY.md of 108,736 entries sent 32.8 MB on one Overview run).
PAGE_ROWS = 500
#: Longest text put in an editable box; a longer one is shown cut and applied as proposed.
EDIT_CHARS = 20_000
ROW_MARKER = 32  # the selection column of a table whose rows can be selected
PHONE_WIDTH = 340  # a phone's main area is about 358 px: what a table shown there may be given

# The full entry table needs this much width (its columns plus the row marker); below it, the
# compact one is shown. Each full entry table is keyed with the smallest step that holds it.
_STEPS = (640, 720, 800, 880, 960, 1040, 1120, 1200)


def table_height(rows: int, visible: int = VISIBLE_ROWS) -> int:
    """Pixels for a table with tall rows: every row up to ``visible`` rows, then it scrolls."""
    return HEADER_HEIGHT + ROW_HEIGHT * max(1, min(rows, visible))


def cut(text: str, limit: int = CELL_CHARS, *, where: str = "select the row to read it all") -> str:
    """Text for a table cell: at most ``limit`` characters plus a note of what was left out."""
    if len(text) <= limit:
        return text
    return text[:limit] + f" … [{len(text) - limit:,} more characters" + (f": {where}]" if where else "]")


# Container queries: the box of an entry table is a query container holding the full table (its
# first element) and the compact one (its second); the full table hides when that box is narrower
# than its step, the compact one when it is at least as wide. No box per table: every container
# is one more element on every run of the page.
TABLE_STYLE = "\n".join(
    ['[class*="st-key-hdtbox"] { container-type: inline-size; }']
    + [
        f'@container (max-width: {s - 0.02}px) {{ [class*="st-key-hdtbox{s}_"] > :nth-child(1) '
        f"{{ display: none; }} }}\n"
        f'@container (min-width: {s}px) {{ [class*="st-key-hdtbox{s}_"] > :nth-child(2) {{ display: none; }} }}'
        for s in _STEPS
    ]
    # A picker's chosen value is the text of an input box, which cuts a long one at the box's edge,
    # mid-word and with no mark: an ellipsis says that there is more (the list shows it whole).
    + ['[data-testid="stSelectbox"] input { text-overflow: ellipsis; }']
    # The sidebar's paths: wrap at / and - where possible.
    + [
        '[data-testid="stSidebar"] [data-testid="stText"] { font-family: "Source Code Pro", monospace; '
        "font-size: 0.8rem; word-break: normal; overflow-wrap: anywhere; }"
    ]
)


# -- the entry table ---------------------------------------------------------------------------

ENTRY_COLUMNS: dict[str, ColumnConfig] = {
    "#": st.column_config.NumberColumn("#", width=40, pinned=True, help="Position in the file (0 = first)"),
    "Entry": st.column_config.TextColumn("Entry", width=280, help="Shown as plain text"),
    "Shortest unique text": st.column_config.TextColumn(
        "Enough to find it",
        width=150,
        help="The shortest text that finds this entry and no other: type it in Replace or Remove",
    ),
    "Chars": st.column_config.NumberColumn("Chars", width=60, format="%d", help="Characters in this entry"),
    "Budget": st.column_config.ProgressColumn(
        "Of file",
        width=100,
        format="%.1f%%",
        min_value=0,
        max_value=100,
        help="This entry's share of the file's characters (the entries add up to about 100%). How full the file "
        "is against its limit is the one figure on the gauge above",
    ),
    "Flags": st.column_config.TextColumn("Flags", width=170),
    "Origin": st.column_config.TextColumn(
        "Origin",
        width=130,
        help="Where the entry's current text came from: an agent session (its date), you "
        "(hermes-dash), approved from the Inbox, restored, a hand edit, or a git author. "
        "Select the row for the session, the reason and the entry's whole life",
    ),
    "Details": st.column_config.TextColumn(
        "Size, flags", width=120, help="Position (#), characters, share of the file's characters, then any flags"
    ),
}
COMPACT_COLUMNS = ("Brief", "Details")
COMPACT_ENTRY_WIDTH = 188  # with Details and the row marker: PHONE_WIDTH
#: The compact table's Entry cell holds what its three lines show on a phone (about 30
#: characters a line): a longer entry is cut at a word, with "…" saying there is more. The grid
#: itself clips a long cell at its last line with no mark at all.
BRIEF_CHARS = 80
COMPACT_CONFIG = {
    **ENTRY_COLUMNS,
    "Brief": st.column_config.TextColumn(
        "Entry", width=COMPACT_ENTRY_WIDTH, help="Plain text; … marks a cut: select the row to read it all"
    ),
}


def brief(text: str, limit: int = BRIEF_CHARS) -> str:
    """The compact table's Entry cell: ``text`` on one run of spaces, cut at the last word that
    fits ``limit`` characters, "…" after it when something is left out (never mid-word)."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    head = flat[: limit + 1].rsplit(" ", 1)[0] if " " in flat[:limit] else flat[:limit]
    return head.rstrip(" ,;:·-") + " …"


def details(index: int, chars: int, share: float, flags: Sequence[str]) -> str:
    """The compact table's second column: position, size, then any flags (the grid wraps the
    text itself and draws a line break as a space, so flags follow a dash)."""
    return f"#{index} · {chars:,} chars · {share:.1f}% of file" + (" — " + "; ".join(flags) if flags else "")


def _columns(frame: pd.DataFrame | pa.Table) -> list[str]:
    return list(frame.columns) if isinstance(frame, pd.DataFrame) else list(frame.column_names)


def _width(column: str) -> int:
    """The width in pixels :data:`ENTRY_COLUMNS` gives ``column`` (each is given a number)."""
    width = ENTRY_COLUMNS[column].get("width")
    if not isinstance(width, int):
        raise TypeError(f"ENTRY_COLUMNS[{column!r}] needs a width in pixels, not {width!r}")
    return width


def _need(columns: Sequence[str]) -> int:
    return ROW_MARKER + sum(_width(c) for c in columns if c in ENTRY_COLUMNS and c != "Details")


def _step(columns: Sequence[str]) -> int:
    return next((s for s in _STEPS if s >= _need(columns) + 8), _STEPS[-1])


def _all_empty(frame: pd.DataFrame | pa.Table, column: str) -> bool:
    values = frame[column] if isinstance(frame, pd.DataFrame) else frame.column(column).to_pylist()
    return not any(values)


def full_layout(columns: Sequence[str], frame: pd.DataFrame | pa.Table) -> tuple[list[str], int, dict[str, Any]]:
    """The full table's columns, the step it switches at, and their settings.

    The Entry column gets the width: a Flags column with no flag in it is left out (it took
    170 px, stretched to 230 at 1400 px, for nothing), and Entry is given whatever the step
    leaves (the grid never narrows a column, so what is given must stay within the step). The
    step is the one the table would need with every column: the switch to the compact table
    happens at the same width whatever the rows hold.
    """
    full = [c for c in columns if c not in ("Details", "Brief")]
    step = _step(full)
    if "Flags" in full and _all_empty(frame, "Flags"):
        full.remove("Flags")
    config = {c: ENTRY_COLUMNS[c] for c in full if c in ENTRY_COLUMNS}
    if "Entry" in config:
        spare = step - 8 - _need(full)
        config["Entry"] = st.column_config.TextColumn(
            "Entry", width=_width("Entry") + max(0, spare), help="Shown as plain text"
        )
    return full, step, config


def _offset_key(grid_key: str) -> str:
    return f"hdoffset_{grid_key.removesuffix('_compact')}"


def row_offset(grid_key: str) -> int:
    """The position of the first row shown by the table ``grid_key`` (a long table shows a page)."""
    value = st.session_state.get(_offset_key(grid_key), 0)
    return value if isinstance(value, int) else 0


def one_page(frame: pd.DataFrame | pa.Table, name: str) -> pd.DataFrame | pa.Table:
    """``frame``, or the page of it picked with a page number when it has more than
    :data:`PAGE_ROWS` rows (saying so); :func:`row_offset` tells where the page starts."""
    rows = frame.shape[0] if isinstance(frame, pd.DataFrame) else frame.num_rows
    if rows <= PAGE_ROWS:
        st.session_state[_offset_key(name)] = 0
        return frame
    pages = -(-rows // PAGE_ROWS)
    page = st.number_input(
        f"Page (of {pages:,})",
        min_value=1,
        max_value=pages,
        step=1,
        key=f"hdpage_{name}",
        help=f"A table shows {PAGE_ROWS:,} rows at a time, so the page stays quick to send",
    )
    start = (int(page) - 1) * PAGE_ROWS
    end = min(rows, start + PAGE_ROWS)
    st.caption(f"{rows:,} rows: showing {start + 1:,} to {end:,} (at most {PAGE_ROWS:,} rows are sent at a time).")
    st.session_state[_offset_key(name)] = start
    return frame.iloc[start:end] if isinstance(frame, pd.DataFrame) else frame.slice(start, end - start)


# A highlighted row (just written from outside the page): a tint that reads on the light and the
# dark theme alike (the text keeps the theme's colour), beside a flag in words (not colour alone).
HIGHLIGHT_CSS = "background-color: rgba(255, 183, 0, 0.28)"


def entry_grids(
    frame: pd.DataFrame | pa.Table,
    *,
    key: str | None,
    height: int | None = None,
    on_select: Callable[[str], Any] | None = None,
    highlight: Sequence[bool] | None = None,
) -> None:
    """The full and the compact entry table of one frame; the one that fits the box is shown.

    With ``on_select``, rows can be selected in either table and ``on_select(table_key)`` is
    called on a change (the selected row is ``row_offset(table_key)`` further down the frame).
    The compact table's key is ``{key}_compact``. A long frame is shown a page at a time.
    ``highlight``: per row of ``frame``, whether it is drawn tinted (a pandas Styler, so only when
    some row is: it costs more to send).
    """
    name = key or f"anon{id(frame)}"
    marked = {n for n, on in enumerate(highlight or ()) if on}
    if marked and not isinstance(frame, pd.DataFrame):
        frame = frame.to_pandas()
    if marked:
        frame = frame.reset_index(drop=True)  # row labels are positions: what `marked` holds
    frame = one_page(frame, name)
    columns = _columns(frame)
    full, step, full_config = full_layout(columns, frame)
    rows = frame.shape[0] if isinstance(frame, pd.DataFrame) else frame.num_rows
    data: Any = frame
    if marked and isinstance(frame, pd.DataFrame):
        data = frame.style.apply(lambda row: [HIGHLIGHT_CSS if row.name in marked else ""] * len(row), axis=1).format(
            precision=1
        )
    with st.container(key=f"hdtbox{step}_{name}"):  # the full table first, then the compact one
        for shown, config, grid_key in (
            (full, full_config, key),
            (
                [c for c in COMPACT_COLUMNS if c in columns] if "Brief" in columns else ["Entry", "Details"],
                COMPACT_CONFIG,
                None if key is None else f"{key}_compact",
            ),
        ):
            extra: dict[str, Any] = {}
            if on_select is not None and grid_key is not None:
                extra = {"selection_mode": "single-row", "on_select": lambda k=grid_key: on_select(k)}
            # Only the shown columns' settings: Streamlit deep-copies every setting it is given on
            # every run, and the rest would be copied for nothing.
            st.dataframe(
                data,
                hide_index=True,
                column_config={c: config[c] for c in shown if c in config},
                column_order=shown,
                key=grid_key,
                row_height=ROW_HEIGHT,
                height=height or table_height(rows),
                **extra,
            )


# -- before / after -----------------------------------------------------------------------------

DIFF_LABEL_WIDTH = 96  # "only in live file" wraps onto two lines
DIFF_LEAD_WIDTH = 96  # a short label column in front, such as a file name ("MEMORY.md" on one line: 88 broke it)


def diff_table(
    kinds: Sequence[str],
    before: Sequence[str | None],
    after: Sequence[str | None],
    *,
    key: str,
    labels: tuple[str, str] = ("Before", "After"),
    kind_label: str = "Change",
    lead: Mapping[str, Sequence[str]] | None = None,
    help: tuple[str, str] | None = None,
    visible: int = VISIBLE_ROWS,
) -> None:
    """A before/after table: one row per change, the two texts side by side (cut to
    ``CELL_CHARS``, three lines a row), fitting any width from a phone's to a wide page's.

    ``lead`` adds short label columns in front (pinned, like the change column); ``visible``: the
    rows shown before it scrolls inside (fewer where what follows must stay in view).
    """
    if len(kinds) > PAGE_ROWS:  # the first page only: a diff this long is read on the command line
        st.caption(
            f"{len(kinds):,} changes: the first {PAGE_ROWS:,} are shown (`{printed_command('snapshot')}` or "
            "`history` lists them all)."
        )
        kinds, before, after = kinds[:PAGE_ROWS], before[:PAGE_ROWS], after[:PAGE_ROWS]
        lead = {name: values[:PAGE_ROWS] for name, values in (lead or {}).items()} or None
    data: dict[str, Sequence[object]] = dict(lead or {})
    data[kind_label] = list(kinds)
    data[labels[0]] = [cut(t or "", where="") for t in before]
    data[labels[1]] = [cut(t or "", where="") for t in after]
    config: dict[str, Any] = {
        name: st.column_config.TextColumn(name, width=DIFF_LEAD_WIDTH, pinned=True) for name in (lead or {})
    }
    config[kind_label] = st.column_config.TextColumn(kind_label, width=DIFF_LABEL_WIDTH, pinned=True)
    # The two texts share what a phone leaves; both grow alike to share a wide page.
    text_width = (PHONE_WIDTH - DIFF_LABEL_WIDTH - DIFF_LEAD_WIDTH * len(lead or {})) // 2
    for n, label in enumerate(labels):
        config[label] = st.column_config.TextColumn(label, width=text_width, help=None if help is None else help[n])
    st.dataframe(
        pd.DataFrame(data),
        hide_index=True,
        key=key,
        row_height=ROW_HEIGHT,
        height=table_height(len(kinds), visible),
        column_config=config,
    )


def long_text_area(label: str, value: str, *, key: str, height: int = 90) -> str:
    """An editable box for ``value``; a text longer than :data:`EDIT_CHARS` is shown cut instead
    (sending it whole would cost the browser megabytes) and returned as it is."""
    if len(value) <= EDIT_CHARS:
        return st.text_area(label, value, key=key, height=height)
    st.caption(
        f"{label}: {len(value):,} characters, too long to edit here; applied as proposed (first {EDIT_CHARS:,} shown)."
    )
    st.text(value[:EDIT_CHARS] + " …")
    return value
