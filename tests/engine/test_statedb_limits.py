"""state.db is read under SQLite's own limits, a wall-time interrupt and caps on what reaches Python.

The attack: a 4 KB file whose ``sessions`` view builds 33 MB strings with the
``||`` operator (no function to refuse) over 5,000 rows cost ``snapshot`` 114 s and 1.1 GB; an
8 KB one with a ``messages`` view did the same to ``blame``. Each test asserts the path that
stops it (the length limit, the interrupt, the row cap), not a time.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path

import pytest
from cli_support import invoke

from hermes_dash.engine.views import origins, sessions, statedb

#: 8 x 2**22 = 33.5 MB in 22 doublings, with `||` only.
BIG = (
    "(WITH RECURSIVE r(s, k) AS (SELECT 'xxxxxxxx', 0 UNION ALL SELECT s || s, k + 1 FROM r WHERE k < 22) "
    "SELECT s FROM r WHERE k = 22)"
)
ROWS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)"


def crafted_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("Staging runs on port 8443.", encoding="utf-8")
    conn = sqlite3.connect(home / "state.db")
    conn.execute(
        f"CREATE VIEW sessions AS {ROWS} SELECT 's' || i AS id, 'cli' AS source, i AS started_at, "
        f"NULL AS ended_at, {BIG} || i AS system_prompt FROM n"
    )
    conn.execute(
        f"CREATE VIEW messages AS {ROWS} SELECT i AS id, 's1' AS session_id, 'assistant' AS role, "
        f'\'[{{"function": {{"name": "memory"}}}}]\' || {BIG} || i AS tool_calls, NULL AS tool_call_id, '
        "'' AS content, i AS timestamp FROM n"
    )
    conn.commit()
    conn.close()
    assert (home / "state.db").stat().st_size <= 8192
    return home


def cli(home: Path, *args: str) -> dict:
    done = invoke("--json", *args, home=home, timeout=300)  # generous: the point is the path taken, asserted below
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_a_view_building_33_mb_strings_with_the_concatenation_operator_hits_the_length_limit(tmp_path: Path):
    home = crafted_home(tmp_path)
    said = f"larger than {statedb.MAX_VALUE_BYTES >> 20} MiB, SQLite's limit on hermes-dash's connection"
    out = cli(home, "snapshot")
    assert out["success"] is False and said in out["error"], out
    out = cli(home, "blame", "memory")
    assert out["success"] is True and any(said in p for p in out["problems"]), out
    # in process: the limit error, not the deadline
    found = sessions.read_sessions(home / "state.db", 1)
    assert not found.sessions and found.problem and said in found.problem
    assert said in (origins.scan_calls(home / "state.db").problem or "")


def test_every_connection_carries_sqlites_limits(tmp_path: Path):
    db = tmp_path / "state.db"
    sqlite3.connect(db).close()
    with statedb.connect(db, frozenset()) as reader:
        for name, value in statedb.LIMITS.items():
            assert reader.conn.getlimit(getattr(sqlite3, name)) == value, name
        assert reader.one("PRAGMA query_only") == (1,)


def test_the_deadline_is_enforced_from_a_second_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    db = tmp_path / "state.db"
    sqlite3.connect(db).close()
    monkeypatch.setattr(statedb, "PROGRESS_STEPS", 1 << 30)  # the progress handler never looks: only the timer
    endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
    with statedb.connect(db, frozenset({"count"}), timeout=0.3) as reader:
        with pytest.raises(sqlite3.OperationalError) as failure:
            reader.rows(endless)
        assert reader.timed_out and failure.value.sqlite_errorname == "SQLITE_INTERRUPT"
        assert "took longer than 0.3 s" in statedb.problem(db, failure.value, 0.3)


def test_rows_stop_at_the_row_and_byte_caps_and_say_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    db = tmp_path / "state.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE sessions (id TEXT, source TEXT, started_at REAL, ended_at REAL, system_prompt TEXT)")
    conn.executemany("INSERT INTO sessions VALUES (?, 'cli', ?, NULL, ?)", [(f"s{i}", i, "p" * 100) for i in range(10)])
    conn.commit()
    conn.close()
    monkeypatch.setattr(statedb, "MAX_ROWS", 3 + 5)  # PRAGMA table_info's 5 rows, then 3 sessions
    found = sessions.read_sessions(db, 10)
    assert len(found.sessions) == 3 and found.problem and "at most 8 rows" in found.problem
    monkeypatch.setattr(statedb, "MAX_ROWS", 1000)
    monkeypatch.setattr(statedb, "MAX_READ_BYTES", 450)
    found = sessions.read_sessions(db, 10)
    assert 0 < len(found.sessions) < 10 and found.problem and "or 450 bytes" in found.problem


def test_a_costly_failure_is_paid_once_per_version_of_the_file(tmp_path: Path):
    home = crafted_home(tmp_path)
    db = home / "state.db"
    first = sessions.read_sessions(db, 1).problem
    start = time.monotonic()
    assert statedb.not_readable(db) == first and sessions.oldest_prompt(db) == ""
    assert time.monotonic() - start < 1
    os.utime(db, ns=(1, 1))  # another version of the file: read again
    assert statedb.not_readable(db) is None


def test_a_fifo_swapped_in_after_the_check_does_not_hang_the_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    fifo = tmp_path / "state.db"
    os.mkfifo(fifo)
    monkeypatch.setattr(statedb, "not_readable", lambda db: None)  # as if the check had seen a file
    monkeypatch.setattr(statedb, "OPEN_TIMEOUT_S", 0.3)
    try:
        found = sessions.read_sessions(fifo, 1)
        assert found.sessions == () and found.problem and found.problem.startswith(f"{fifo} did not open within 0.3 s")
    finally:  # the blocked open was in the reading child, which is gone: no reader is left
        with pytest.raises(OSError, match="No such device"):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
