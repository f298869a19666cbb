"""Every state.db read ends within its deadline, whatever one SQLite step costs (docs/safety.md#state-db).

SQLite stops a statement only between two steps of its VM, and one step may be one ``LIKE`` over
one 8 MB value (about a second here): a ``messages`` view whose columns chain 95 of them held
``blame`` over 400 s against a 3 s deadline. Each read now runs in a forked child killed
``KILL_GRACE_S`` after the deadline (engine/views/statedb_child.py); these tests build that file
and time every reader the pages and the command line use.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path

import pytest
from cli_support import run

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation.blame import blame
from hermes_dash.engine.views import statedb, statedb_child
from hermes_dash.engine.views.origins import MemoryCall, SessionInfo, call_reasons, call_turn, scan_calls
from hermes_dash.engine.views.sessions import oldest_prompt, read_sessions

#: What a loaded two-core machine may add to a read that is stopped at its deadline: the fork,
#: the kill, the parent's own work around it (measured here: 3.5-3.6 s for a 3 s read at load 8).
MARGIN_S = 2.0
#: One ``LIKE`` of this pattern over the 8 MB value below costs about a second (each start position
#: compares up to 98 characters); the view's two columns chain 95 of them each.
SLOW = " OR ".join(["v LIKE '%" + "a" * 98 + "b'"] * 95)
CALL = json.dumps([{"id": "c1", "function": {"name": "memory", "arguments": '{"action": "add", "content": "x"}'}}])


def hostile_db(db: Path) -> Path:
    """A state.db that opens and whose ``messages`` view spends minutes inside single VM steps."""
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE big (v TEXT)")
    conn.execute("INSERT INTO big VALUES (?)", ("a" * 8_000_000,))
    conn.execute(
        "CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL, ended_at REAL, "
        "system_prompt TEXT, cwd TEXT)"
    )
    conn.execute("INSERT INTO sessions VALUES ('s1', 'cli', 1.0, NULL, 'You are Hermes.', '/work')")
    conn.execute(
        "CREATE VIEW messages AS SELECT 1 AS id, 's1' AS session_id, 'assistant' AS role, "  # noqa: S608 - a test file
        f"CASE WHEN {SLOW} THEN 'x' ELSE 'memory' END AS content, "
        f"CASE WHEN {SLOW} THEN 'x' ELSE '{CALL}' END AS tool_calls, "
        "NULL AS tool_call_id, 1.0 AS timestamp FROM big"
    )
    conn.commit()
    conn.close()
    return db


@pytest.fixture
def hostile_home(tmp_path: Path) -> Path:
    home = tmp_path / "hermes"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("Project uses pnpm\n§\nCI runs on fly.io", encoding="utf-8")
    (home / "memories" / "USER.md").write_text("prefers tea", encoding="utf-8")
    hostile_db(home / "state.db")
    statedb._FAILED.clear()
    yield home
    statedb._FAILED.clear()


def timed(read, *args, **kwargs):  # type: ignore[no-untyped-def]
    started = time.monotonic()
    answer = read(*args, **kwargs)
    return answer, time.monotonic() - started


BOUND_S = statedb.QUERY_TIMEOUT_S + statedb_child.KILL_GRACE_S


@pytest.mark.timeout(120)
def test_the_scan_for_memory_calls_stops_at_its_deadline_and_is_remembered(hostile_home: Path) -> None:
    db = hostile_home / "state.db"
    scan, took = timed(scan_calls, db)
    assert took < BOUND_S + MARGIN_S, took
    assert scan.calls == () and scan.problem == (
        f"Reading {db} took longer than 3 s and was stopped: one of its tables or views computes something that "
        "never finishes in time (a view that calls a function over a huge value?). Check the file with "
        "`sqlite3 state.db .schema`."
    )
    # remembered for this version of the file: the next readers say so at once
    for read in (scan_calls, read_sessions, oldest_prompt):
        answer, took = timed(read, db)
        assert took < 0.5, (read, took)
    assert read_sessions(db).problem == scan.problem and oldest_prompt(db) == ""


@pytest.mark.timeout(120)
def test_the_entry_panels_reads_of_a_turn_stop_at_their_deadlines(hostile_home: Path) -> None:
    db = hostile_home / "state.db"
    call = MemoryCall(1, SessionInfo("s1"), None, "memory", "add", "x", None)
    reasons, took = timed(call_reasons, db, [call])
    assert reasons == {} and took < 2.0 + statedb_child.KILL_GRACE_S + MARGIN_S, took
    statedb._FAILED.clear()
    turn, took = timed(call_turn, db, call)
    assert turn == [] and took < 1.0 + statedb_child.KILL_GRACE_S + MARGIN_S, took


@pytest.mark.timeout(120)
def test_blame_which_the_overview_history_and_entry_panel_run_stops_at_the_deadline(hostile_home: Path) -> None:
    found, took = timed(blame, MemoryStore(resolve_home(hostile_home)))
    assert took < BOUND_S + MARGIN_S, took
    assert any("took longer than 3 s and was stopped" in p for p in found.problems)
    assert [e.text for e in found.entries] == ["Project uses pnpm", "CI runs on fly.io", "prefers tea"]


@pytest.mark.timeout(300)
def test_the_blame_command_stops_at_the_deadline(hostile_home: Path, tmp_path: Path) -> None:
    """Against the same command on the same home without a state.db, run just before (the
    interpreter's start on a loaded machine is not the read's)."""
    plain = tmp_path / "plain"
    (plain / "memories").mkdir(parents=True)
    for name in ("MEMORY.md", "USER.md"):
        (plain / "memories" / name).write_bytes((hostile_home / "memories" / name).read_bytes())
    (code, _, err), without = timed(run, plain, "blame", "memory")
    assert code == 0, err
    (code, out, err), took = timed(run, hostile_home, "blame", "memory")
    assert code == 0, err
    assert took - without < BOUND_S + MARGIN_S, (took, without)
    assert any("took longer than 3 s and was stopped" in p for p in out["problems"])


def test_a_read_blocked_inside_one_call_is_killed_and_said(tmp_path: Path) -> None:
    db = tmp_path / "state.db"
    db.write_bytes(b"")
    started = time.monotonic()
    said = statedb_child.run(lambda: time.sleep(60), db, 0.2, lambda problem: problem)
    assert time.monotonic() - started < 0.2 + statedb_child.KILL_GRACE_S + MARGIN_S
    assert said == statedb.not_readable(db) and said.startswith(f"Reading {db} took longer than 0.2 s and was stopped")
    statedb._FAILED.clear()


def test_a_read_that_asks_for_too_much_memory_ends_in_its_child_only(tmp_path: Path) -> None:
    db = tmp_path / "state.db"
    db.write_bytes(b"")
    said = statedb_child.run(lambda: len(bytearray(statedb_child.MEMORY_BYTES + (64 << 20))), db, 5.0, str)
    assert said == (
        f"Reading {db} failed (the reading process ended with code 3: it needed more than 1024 MiB of memory, "
        "or SQLite could not read the file). Check the file with `sqlite3 state.db .schema`."
    )
    assert statedb_child.run(lambda: len(bytearray(64 << 20)), tmp_path / "other.db", 5.0, str) == 64 << 20
    statedb._FAILED.clear()


class _SlowFork:
    """``os`` whose ``fork`` lingers 0.3 s in the parent before returning: the time between a read's
    fork and its closing of the pipe's write end, widened so that other reads fork inside it."""

    def __getattr__(self, name: str) -> object:
        return getattr(os, name)

    def fork(self) -> int:
        pid = os.fork()
        if pid:
            time.sleep(0.3)
        return pid


def test_reads_from_many_threads_at_once_each_end_as_soon_as_their_child_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow read's child must not hold the pipes of reads begun beside it (an answer ends when
    every copy of its pipe's write end is closed): three quick reads beside one that sleeps 3 s."""
    from concurrent.futures import ThreadPoolExecutor

    monkeypatch.setattr(statedb_child, "os", _SlowFork())
    db = tmp_path / "state.db"
    db.write_bytes(b"")

    def quick(n: int) -> tuple[int, float]:
        started = time.monotonic()
        return statedb_child.run(lambda: n, db, 5.0, lambda _: -1), time.monotonic() - started

    with ThreadPoolExecutor(4) as pool:
        fast = [pool.submit(quick, n) for n in range(3)]
        time.sleep(0.1)  # inside the first quick read's window
        slow = pool.submit(statedb_child.run, lambda: time.sleep(3.0) or "slept", db, 5.0, str)
        answers = [f.result() for f in fast]
    assert slow.result() == "slept" and [a for a, _ in answers] == [0, 1, 2]
    assert max(t for _, t in answers) < 2.5, answers  # 1.2 s of windows one after another; 3 s if held


@pytest.mark.timeout(300)
def test_the_overview_page_with_its_origin_column_ends_within_the_deadline(
    hostile_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    """The Overview (its Origin column runs blame) on the hostile file, against the same page on
    the same files without a state.db, opened just before."""
    from app_support import no_exception, open_app

    plain = tmp_path / "plain"
    (plain / "memories").mkdir(parents=True)
    for name in ("MEMORY.md", "USER.md"):
        (plain / "memories" / name).write_bytes((hostile_home / "memories" / name).read_bytes())
    monkeypatch.setenv("HERMES_HOME", str(plain))
    at, without = timed(open_app, "overview")
    no_exception(at)
    monkeypatch.setenv("HERMES_HOME", str(hostile_home))
    at, took = timed(open_app, "overview")
    no_exception(at)
    assert took - without < BOUND_S + MARGIN_S, (took, without)
