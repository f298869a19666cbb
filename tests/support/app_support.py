"""Shared helpers for the dashboard's AppTest tests (imported by tests/ui/test_app_*.py).

Every test runs the real app.py against a real temporary Hermes home: HERMES_HOME points at
it and the UI's caches are cleared around each test (the ``home`` and ``demo`` fixtures of
tests/conftest.py).
"""

from __future__ import annotations

import re
from pathlib import Path

from repo import ROOT
from streamlit.testing.v1 import AppTest

from hermes_dash.ui._tables import COMPACT_COLUMNS

APP = ROOT / "app.py"
PAGES = {
    "overview": "hermes_dash/ui/screens/overview.py",
    "snapshot": "hermes_dash/ui/screens/snapshot.py",
    "edit": "hermes_dash/ui/screens/edit.py",
    "history": "hermes_dash/ui/screens/history.py",
}
ENTRY_URLS = ("127.0.0.1:9",)


def open_app(page: str = "overview", *, run: bool = True, timeout: float = 180) -> AppTest:
    """app.py, run once, then switched to ``page`` (any file of hermes_dash/ui/screens/, by its name) and run
    again; each run may take ``timeout`` seconds: a bound on a hung run, not a wait (a run that
    finishes returns at once), set for a loaded machine, where the Cleanup page on 3,000 entries
    took over 60 s at load 25."""
    at = AppTest.from_file(str(APP), default_timeout=timeout)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    if page != "overview":
        at.switch_page(PAGES.get(page, f"hermes_dash/ui/screens/{page}.py"))
        if run:
            at.run()
    return at


def tables(at: AppTest) -> list:
    """One Dataframe per table on the page. An entry table is drawn twice, full and compact (the
    browser shows the one that fits its width): the compact twin, the one showing only the
    compact columns, holds the same frame and is left out here (tests/ui/test_app_tables.py checks
    the twins)."""
    return [d for d in at.dataframe if tuple(d.proto.column_order) != COMPACT_COLUMNS]


def texts(at: AppTest) -> list[str]:
    """Everything shown as plain text (st.text and st.code bodies)."""
    return [e.value for e in at.text] + [e.value for e in at.code]


def unescaped(markdown: str) -> str:
    """``markdown`` with its backslash escapes read (``MEMORY\\.md`` -> ``MEMORY.md``), as the browser
    shows the text of ``md_text`` (hermes_dash/ui/_plaintext.py)."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown)


def rendered_markdown(at: AppTest) -> list[str]:
    """Everything the browser renders as markdown: markdown, captions, alerts, widget labels
    (backslash escapes read)."""
    out = [e.value for e in at.markdown] + [e.value for e in at.caption]
    for kind in (at.error, at.warning, at.info, at.success):
        out.extend(e.value for e in kind)
    return [unescaped(text) for text in out]


def alerts(at: AppTest) -> str:
    return "\n".join([e.value for kind in (at.error, at.warning, at.info, at.success) for e in kind])


def no_exception(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def button(at: AppTest, key: str):
    return at.button(key=key)


def read(home: Path, name: str) -> bytes:
    return (home / "memories" / name).read_bytes()
