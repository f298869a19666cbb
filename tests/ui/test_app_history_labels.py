"""History names each version by the write it is about, with that write's own time (AppTest, real
writes through the engine, each journaled as the command line's): the "Written" time beside "Made
by" is when that writer wrote (not when the next copy was taken), and each copy kept before a write
is labelled by that write, to the second, so two copies a minute apart never read alike."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from app_support import no_exception, open_app, tables

from hermes_dash import MemoryStore
from hermes_dash.engine.io.journal import journal_via

pytestmark = pytest.mark.home(memory=["Tests need Postgres 16."])


def test_each_version_is_labelled_by_its_write_with_that_writes_time(home: Path) -> None:
    store = MemoryStore.open(home)
    with journal_via("command line: hermes-dash add"):
        store.add("memory", "CI runs on GitHub.")
    time.sleep(1.1)  # a copy's name has seconds: one copy per write
    with journal_via("command line: hermes-dash replace"):
        store.replace("memory", "Postgres 16", "Tests need Postgres 17.")
    at = open_app("history")
    no_exception(at)
    table = next(t.value for t in tables(at) if "Made by" in t.value.columns)
    rows = list(zip(table["#"], table["Written"], table["Made by"]))
    backups = sorted(store.backups(), key=lambda b: b.name)
    assert len(rows) == 3 and rows[0][2] == "you (command line: hermes-dash replace)"
    # The replace ran when the copy before it was taken (version 1's time), not at version 2's.
    assert rows[0][1] == backups[1].created.astimezone().strftime("%Y-%m-%d %H:%M")
    assert rows[1][1] == backups[0].created.astimezone().strftime("%Y-%m-%d %H:%M")
    options = at.selectbox(key="bk_pick").options
    assert options[0].startswith("[1] ") and "before a write by you (command line: hermes-dash replace)" in options[0]
    assert "before a write by you (command line: hermes-dash add)" in options[1]
    stamps = [o.split(" · ")[0] for o in options]
    assert len(set(stamps)) == len(stamps) and all(s.count(":") == 2 for s in stamps)  # to the second


def test_made_by_has_room_for_three_lines_at_a_phones_width(home: Path) -> None:
    """The table's four columns fit 354 px; "Made by" is the widest, so a command line's name
    takes three lines of a row (72 px), not four spilling over its borders."""
    at = open_app("history")
    table = next(t for t in tables(at) if "Made by" in t.value.columns)
    widths = {name: c.get("width") for name, c in json.loads(table.proto.columns).items()}
    assert sum(w for w in widths.values() if w) <= 354 and widths["Made by"] >= 144 > widths["Written"]
