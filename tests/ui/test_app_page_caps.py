"""What a page sends is capped: long tables go a page at a time, long texts are cut.

A 10 MB MEMORY.md of 108,736 entries made one Overview run send 32.8 MB to the browser (both
entry tables, every row), and Cleanup sent a 10 MB entry whole. Measured here on a real
server (every byte of one Overview run) and on the Cleanup page through AppTest.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import open_app
from chromium import streamlit_run
from repo import ROOT
from web_probe import start, ws_probe

from hermes_dash import ui
from hermes_dash.engine.rules.format import serialise

pytestmark = pytest.mark.slow

MAX_PAGE_BYTES = 2 << 20  # what one run of the page may send


def _many_entries(home: Path, n: int) -> None:
    (home / "memories").mkdir(parents=True)
    entries = [f"Fact {i}: the staging host answers on port {8000 + i % 1000} for team {i % 37}." for i in range(n)]
    (home / "memories" / "MEMORY.md").write_text(serialise(entries), encoding="utf-8")
    (home / "memories" / "USER.md").write_text("Prefers short answers.", encoding="utf-8")


def test_a_huge_memory_md_sends_one_page_of_its_table(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _many_entries(home, 60_000)  # about 4.5 MB
    bare = streamlit_run("app.py", "{port}", bare=True)
    with start(
        bare, cwd=ROOT, scratch=tmp_path / "s", env={"HERMES_HOME": str(home), "PYTHONPATH": str(ROOT)}
    ) as server:
        probe = ws_probe(server.port, f"127.0.0.1:{server.port}", None, wait_s=120)
    assert probe.accepted and b"Fact 0:" in probe.received
    assert b"Fact 59999:" not in probe.received  # not on the first page
    assert len(probe.received) < MAX_PAGE_BYTES, f"{len(probe.received):,} bytes sent"
    assert b"60,000 rows: showing 1 to 500" in probe.received


def test_the_page_number_shows_the_rows_of_that_page(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    _many_entries(home, 1_200)
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app("overview")
    [page] = [n for n in at.number_input if n.label.startswith("Page (of 3)")]
    page.set_value(3).run()
    shown = [d.value for d in at.dataframe]
    assert all(len(frame) <= ui.PAGE_ROWS for frame in shown)
    assert any(frame["#"].min() == 1000 and frame["#"].max() == 1199 for frame in shown)


def test_cleanup_does_not_send_a_huge_entry_whole(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    huge = "The deploy checklist: " + "check the staging host and the port again. " * 23_000  # ~1 MB
    (home / "memories" / "MEMORY.md").write_text(serialise([huge, "Short fact."]), encoding="utf-8")
    (home / "memories" / "USER.md").write_text(serialise(["Name: Sam.", huge[:3000]]), encoding="utf-8")
    (home / "config.yaml").write_text("memory:\n  memory_char_limit: 20000000\n", encoding="utf-8")
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app("curation_cleanup")
    assert not at.exception
    values = [e.value for e in (*at.text, *at.code, *at.markdown, *at.caption)] + [t.value for t in at.text_area]
    longest = max(len(v or "") for v in values)
    assert longest < 100_000, f"a text of {longest:,} characters was sent"
