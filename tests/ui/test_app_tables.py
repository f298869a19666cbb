"""The tables' rules, page by page: one row height, heights from the row count, one cut width for
every before/after table, widths that fit a phone, and the entry table's compact twin.

Each page of the demo home runs under AppTest with ``st.dataframe`` wrapped so that every call's
arguments are recorded; the layout itself (nothing cut at 1400 px and at 390 px) is checked in
a real browser by tests/e2e/test_browser_tables.py.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
import streamlit as st
from app_support import APP, no_exception, tables
from repo import ROOT
from streamlit.testing.v1 import AppTest

from hermes_dash.ui import CELL_CHARS, ROW_HEIGHT, cut, table_height
from hermes_dash.ui._tables import (
    COMPACT_COLUMNS,
    DIFF_LABEL_WIDTH,
    ENTRY_COLUMNS,
    PHONE_WIDTH,
    ROW_MARKER,
    VISIBLE_ROWS,
    details,
)

NO_TABLE = {"curation_cleanup.py"}  # its plan is a list of steps, each with its own text and box
PAGES = ["overview.py", "snapshot.py", "edit.py", "history.py"] + sorted(
    p.name for p in (ROOT / "hermes_dash" / "ui" / "screens").glob("curation_*.py") if p.name not in NO_TABLE
)
PHONE = 342  # a phone's main area (358 px at 390 px) less a little room
assert PHONE_WIDTH <= PHONE
DIFF_TABLES = {"snap_diff_memory", "snap_diff_user", "bk_diff", "hi_diff", "sh_compare"}  # + in_diff_<id>


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """Every st.dataframe call of the pages run in the test: data, key and layout arguments."""
    seen: list[dict] = []
    real = st.dataframe

    def recording(data=None, *args, **kwargs):
        seen.append({"data": data, **kwargs})
        return real(data, *args, **kwargs)

    monkeypatch.setattr(st, "dataframe", recording)
    return seen


def run_page(name: str, calls: list[dict]) -> AppTest:
    """``name`` run after the landing page; ``calls`` then holds that page's tables only."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    calls.clear()
    at.switch_page(str(ROOT / "hermes_dash" / "ui" / "screens" / name))
    at.run()
    no_exception(at)
    return at


def rows(call: dict) -> int:
    return call["data"].shape[0] if hasattr(call["data"], "shape") else call["data"].num_rows


def columns_of(call: dict) -> list[str]:
    data = call["data"]
    return list(data.column_names) if hasattr(data, "column_names") else list(data.columns)


def given_width(call: dict, columns: list[str]) -> int:
    """The widths a table's shown columns are given (what the grid never narrows)."""
    config = call.get("column_config") or {}
    return sum(int(config[c]["width"]) for c in columns)


def test_heights_follow_the_row_count() -> None:
    assert table_height(0) == table_height(1) == 40 + ROW_HEIGHT
    assert table_height(18) == 40 + 18 * ROW_HEIGHT  # the demo's MEMORY.md: no scrolling inside
    assert table_height(VISIBLE_ROWS) == 40 + VISIBLE_ROWS * ROW_HEIGHT
    assert table_height(VISIBLE_ROWS + 1) == table_height(500) == table_height(VISIBLE_ROWS)
    assert VISIBLE_ROWS >= 25
    assert table_height(30, visible=8) == 40 + 8 * ROW_HEIGHT


def test_one_cut_width() -> None:
    text = "x" * (CELL_CHARS + 7)
    assert cut(text).startswith("x" * CELL_CHARS + " … [7 more characters")
    assert cut("x" * CELL_CHARS) == "x" * CELL_CHARS
    assert (
        details(5, 1486, 100.0, ["edited by hand", "new since snapshot"])
        == "#5 · 1,486 chars · 100.0% of file — edited by hand; new since snapshot"
    )
    assert details(0, 82, 3.7, []) == "#0 · 82 chars · 3.7% of file"


# Tables that sit between a form and its button show 8 rows and scroll inside, so the form, its
# preview and the button stay in one screen (and the comparison of two whole profiles, which can
# differ in every entry); every other table shows its rows up to 25.
PICKERS = {"ed_entries": 8, "ed_entries_compact": 8, "mg_entries": 8, "sh_compare": 8, "bk_diff": 3}
PICKERS |= {f"ov_table_{t}{c}": 6 for t in ("memory", "user") for c in ("", "_compact")}
# Pages that show each text whole instead of in a table cell: the Inbox's text about to be approved.
WHOLE_TEXT = {"curation_inbox.py"}


@pytest.mark.parametrize("name", PAGES)
def test_every_tall_table_is_as_high_as_its_rows(demo: Path, calls: list[dict], name: str) -> None:
    """Tables with wrapped rows use the one row height and show every row up to 25 (no
    scrolling inside a table of the demo's 18 entries), or up to 8 for the pickers above;
    every page of the demo has a table."""
    run_page(name, calls)
    mine = [c for c in calls if c.get("row_height") is not None]
    assert mine or name in WHOLE_TEXT, f"{name} drew no table with wrapped rows"
    for call in mine:
        assert call["row_height"] == ROW_HEIGHT, (name, call.get("key"))
        visible = PICKERS.get(str(call.get("key")), VISIBLE_ROWS)
        assert call["height"] == table_height(rows(call), visible), (name, call.get("key"), rows(call))


@pytest.mark.parametrize("name", PAGES)
def test_compact_and_before_after_tables_fit_a_phone(demo: Path, calls: list[dict], name: str) -> None:
    """What a table is given never adds up to more than a phone's width for the tables a phone
    shows: the compact entry table and every before/after table."""
    run_page(name, calls)
    for call in calls:
        order = list(call.get("column_order") or [])
        key = call.get("key") or ""
        if tuple(order) == COMPACT_COLUMNS:
            need = given_width(call, order) + (ROW_MARKER if call.get("selection_mode") else 0)
            assert need <= PHONE, (name, key, need)
        elif key in DIFF_TABLES or key.startswith("in_diff_"):
            columns = columns_of(call)
            assert given_width(call, columns) <= PHONE, (name, key)
            assert call["column_config"][columns[-3]]["width"] == DIFF_LABEL_WIDTH  # the change column


def test_every_entry_table_has_a_compact_twin_with_the_same_rows(demo: Path, calls: list[dict]) -> None:
    for name in ("overview.py", "snapshot.py", "edit.py"):
        at = run_page(name, calls)
        if name == "snapshot.py":  # its full tables are behind a switch per file
            calls.clear()
            at.toggle(key="snap_full_memory").set_value(True).run()
        entry_calls = [c for c in calls if "Details" in columns_of(c)]
        assert entry_calls and len(entry_calls) % 2 == 0, name
        for full, compact in zip(entry_calls[::2], entry_calls[1::2]):
            assert full["data"] is compact["data"]  # one frame, sent to both
            assert "Details" not in full["column_order"] and tuple(compact["column_order"]) == COMPACT_COLUMNS
            assert full.get("selection_mode") == compact.get("selection_mode")
            if full.get("key"):
                assert compact["key"] == full["key"] + "_compact"
        assert len(tables(at)) == len(at.dataframe) - len(entry_calls) // 2


def test_compact_details_name_the_flags(demo: Path, calls: list[dict]) -> None:
    at = run_page("overview.py", calls)
    memory = tables(at)[0].value
    flagged = memory[memory["Flags"].str.contains("scan")].iloc[0]
    assert flagged["Details"].startswith(f"#{flagged['#']} · {flagged['Chars']} chars · ")
    assert flagged["Details"].endswith("— the agent's scan blocks it: hardcoded secret; possible secret")
    # The full table's widths fit the step its container switches at.
    full = next(c for c in calls if c.get("key") == "ov_table_memory")
    assert given_width(full, list(full["column_order"])) + ROW_MARKER <= 880
    assert all(ENTRY_COLUMNS[c]["width"] for c in full["column_order"])


def test_before_after_tables_cut_at_one_width(demo: Path, calls: list[dict]) -> None:
    """A 1,000-character entry only in the work profile: the profile comparison shows all of it
    (it was cut at 600 characters there, and at 1,500 on the Snapshot page)."""
    long_entry = "Work note: " + "the build cache lives on the shared volume; " * 23
    assert 600 < len(long_entry) < CELL_CHARS
    work = demo / "profiles" / "work" / "memories" / "MEMORY.md"
    work.write_text(work.read_text(encoding="utf-8") + "\n§\n" + long_entry.strip(), encoding="utf-8")
    at = run_page("curation_sharing.py", calls)
    compare = tables(at)[-1].value
    assert long_entry.strip() in list(compare["B: work"])
    call = next(c for c in calls if c.get("key") == "sh_compare")
    assert call["row_height"] == ROW_HEIGHT and call["column_config"]["Difference"]["pinned"]
    assert "File" not in call["column_config"]  # the file leads the difference label: the texts get the width


def test_a_long_diff_cell_is_cut_with_a_note(calls: list[dict]) -> None:
    def app() -> None:
        from hermes_dash import ui

        ui.diff_table(["changed"], ["a" * 2000], ["b"], key="d")

    at = AppTest.from_function(app).run()
    no_exception(at)
    frame: pd.DataFrame = at.dataframe[0].value
    assert list(frame.columns) == ["Change", "Before", "After"]
    assert frame["Before"][0] == "a" * CELL_CHARS + " … [500 more characters]"


def test_the_compact_tables_entry_is_cut_at_a_word_and_says_so() -> None:
    """On a phone the grid clipped a long cell at its last line with no mark: the compact table's
    Entry holds what fits, cut at a word, "…" saying there is more."""
    from hermes_dash.ui._tables import BRIEF_CHARS, brief

    long = "Redis for the job queue runs on port 6380 locally (6379 is taken by the cache container); URL in .env."
    cut_text = brief(long)
    assert cut_text.endswith(" …") and len(cut_text) <= BRIEF_CHARS + 2
    assert long.startswith(cut_text.removesuffix(" …")) and long[len(cut_text) - 2] == " "  # at a word's end
    assert brief("Short entry.") == "Short entry." and brief("two\nlines") == "two lines"


def test_the_compact_table_shows_the_cut_entry(demo: Path, calls: list[dict]) -> None:
    run_page("overview.py", calls)
    compact = [c for c in calls if str(c.get("key", "")).endswith("_compact")]
    assert compact and all(c["column_order"][0] == "Brief" for c in compact)
    cells = [v for c in compact for v in _column(c["data"], "Brief")]
    assert any(v.endswith(" …") for v in cells) and all(len(v) <= 82 for v in cells)


def _column(data, name: str) -> list[str]:
    import pandas as pd

    return list(data[name]) if isinstance(data, pd.DataFrame) else data.column(name).to_pylist()


def test_sharing_gives_a_homes_real_path_room_for_one_line(demo: Path, calls: list[dict]) -> None:
    """A path wraps anywhere in a grid cell: at 190 px the demo's memory paths broke mid-word at
    1400 px ("…/memories/U | SER.md"). The column holds the home's memory file paths on one line
    (about 7 px a character), and an empty "Points to" column (no file is a link) is left out."""
    run_page("curation_sharing.py", calls)
    [table] = [c for c in calls if c.get("key") == "sh_table"]
    width = table["column_config"]["Real path"]["width"]
    longest = max(len(p) for p in table["data"]["Real path"])
    assert width >= 7 * longest + 16, (width, longest)
    assert "Points to" not in table["column_order"]
