"""The bounded, read-only connection to the agent's state.db (engine/views/statedb.py), rule by rule.

tests/engine/test_statedb_limits.py plays the crafted files that made these bounds necessary;
this file pins each bound at its edge on small real files, and each failure's wording.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from hermes_dash.engine.views import statedb


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A state.db with a table ``t`` of 600 rows: (n, text of 10 characters, 8 bytes, NULL)."""
    path = tmp_path / "state.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (n INTEGER, s TEXT, b BLOB, z)")
    conn.executemany("INSERT INTO t VALUES (?, ?, ?, NULL)", [(n, f"{n:010d}", b"12345678") for n in range(600)])
    conn.commit()
    conn.close()
    return path


@pytest.fixture(autouse=True)
def _forget_failures() -> None:
    statedb._FAILED.clear()


def test_rows_hand_over_every_row_past_one_batch_and_count_strings_and_blobs_only(db: Path) -> None:
    with statedb.connect(db, frozenset()) as reader:
        rows = reader.rows("SELECT n, s, b, z FROM t ORDER BY n")
        assert [r[0] for r in rows] == list(range(600)) and rows[599] == (599, "0000000599", b"12345678", None)
        assert (reader.rows_read, reader.bytes_read, reader.cut) == (600, 600 * 18, None)
        assert reader.rows("SELECT n FROM t WHERE n = ?", [7]) == [(7,)]
        assert reader.rows_read == 601 and reader.bytes_read == 600 * 18  # counted over the connection's queries
        assert reader.one("SELECT n FROM t WHERE n >= 5 ORDER BY n") == (5,)
        assert reader.one("SELECT n FROM t WHERE n < 0") is None


def test_rows_stop_at_exactly_the_row_cap(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(statedb, "MAX_ROWS", 300)
    with statedb.connect(db, frozenset()) as reader:
        assert len(reader.rows("SELECT n FROM t")) == 300 and reader.cut and reader.rows_read == 300
        assert reader.cut == (
            f"only the first 300 rows (0 bytes) of {db} were read: hermes-dash reads at most 300 rows or "
            f"{statedb.MAX_READ_BYTES:,} bytes of it"
        )
    with statedb.connect(db, frozenset()) as reader:
        assert len(reader.rows("SELECT n FROM t LIMIT 300")) == 300 and reader.cut is None


def test_rows_stop_before_the_row_that_would_pass_the_byte_cap(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(statedb, "MAX_READ_BYTES", 18 * 3)
    with statedb.connect(db, frozenset()) as reader:
        assert len(reader.rows("SELECT n, s, b FROM t")) == 3  # 54 bytes exactly: the cap is reached, not passed
        assert reader.bytes_read == 54 and reader.rows_read == 3
        assert (
            reader.cut
            and "only the first 3 rows (54 bytes) of" in reader.cut
            and "at most 200,000 rows or 54 bytes" in reader.cut
        )


def test_close_closes_the_connection_and_the_deadline_then_interrupts_nothing(db: Path) -> None:
    reader = statedb.connect(db, frozenset(), timeout=0.2)
    reader.close()
    with pytest.raises(sqlite3.ProgrammingError):
        reader.conn.execute("SELECT 1")
    time.sleep(0.4)
    assert not reader.timed_out
    with statedb.connect(db, frozenset(), timeout=0.2) as inside:
        pass
    with pytest.raises(sqlite3.ProgrammingError):
        inside.conn.execute("SELECT 1")


def test_a_connection_used_before_its_deadline_is_not_interrupted(db: Path) -> None:
    with statedb.connect(db, frozenset({"count"}), timeout=2.0) as reader:
        assert reader.one("SELECT count(*) FROM t") == (600,) and not reader.timed_out


def test_the_progress_handler_stops_a_statement_started_after_the_deadline(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(statedb, "PROGRESS_STEPS", 10)
    with statedb.connect(db, frozenset({"count"}), timeout=0.2) as reader:
        reader.watch.closed.set()  # no interrupt from the watching thread: only the progress handler
        time.sleep(0.3)
        with pytest.raises(sqlite3.OperationalError) as failure:
            reader.rows("SELECT count(*) FROM t a, t b")
        assert failure.value.sqlite_errorname == "SQLITE_INTERRUPT" and not reader.timed_out


def test_the_connection_is_read_only_and_trusts_no_schema(db: Path) -> None:
    with statedb.connect(db, frozenset()) as reader:
        assert reader.one("PRAGMA trusted_schema") == (0,)
        with pytest.raises(sqlite3.OperationalError, match="readonly|query_only"):
            reader.conn.execute("CREATE TABLE u (x)")
    bare = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    assert bare.execute("PRAGMA query_only").fetchone() == (0,)  # the pragma is ours, not the file's
    bare.close()


def test_only_the_functions_named_run_whatever_their_case(db: Path) -> None:
    with statedb.connect(db, frozenset({"length", "count"})) as reader:
        assert reader.one("SELECT LENGTH('abc'), Count(*) FROM t") == (3, 600)
        with pytest.raises(sqlite3.DatabaseError, match="not authorized|prohibited"):
            reader.rows("SELECT upper('abc')")
        assert reader.one("SELECT n FROM t WHERE n = 1 + 1") == (2,)  # operators are not functions


def test_a_path_with_spaces_and_a_relative_path_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "a folder #1"
    folder.mkdir()
    sqlite3.connect(folder / "state.db").close()
    monkeypatch.chdir(folder)
    with statedb.connect(Path("state.db"), frozenset()) as reader:
        assert (
            reader.one("SELECT 1") == (1,)
            and reader.db == Path("state.db")
            and reader.timeout == statedb.QUERY_TIMEOUT_S
        )


def test_an_open_that_fails_raises_its_own_error(tmp_path: Path) -> None:
    with pytest.raises(sqlite3.OperationalError, match="unable to open"):
        statedb.connect(tmp_path / "absent" / "state.db", frozenset())


def test_not_readable_says_why(tmp_path: Path) -> None:
    db = tmp_path / "state.db"
    assert statedb.not_readable(db) == f"No state.db in {tmp_path}: no agent session has been recorded here."
    db.mkdir()
    assert statedb.not_readable(db) == f"{db} is a folder, not a regular file, so no session can be read from it."
    db.rmdir()
    os.mkfifo(db)
    said = statedb.not_readable(db)
    assert said and said.startswith(f"{db} is a ") and "not a regular file" in said
    db.unlink()
    sqlite3.connect(db).close()
    assert statedb.not_readable(db) is None


def _costly(db: Path) -> str:
    exc = sqlite3.OperationalError("interrupted")
    exc.sqlite_errorname = "SQLITE_INTERRUPT"  # type: ignore[attr-defined]
    return statedb.problem(db, exc, 1.0)


def test_a_costly_failure_is_remembered_for_this_version_only_and_for_a_while(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = _costly(db)
    assert statedb.not_readable(db) == said
    with open(f"{db}-wal", "wb") as wal:  # the WAL changed: another version
        wal.write(b"x")
    assert statedb.not_readable(db) is None
    said = _costly(db)
    assert statedb.not_readable(db) == said
    monkeypatch.setattr(statedb, "FAILED_TTL_S", 0.0)
    assert statedb.not_readable(db) is None


def test_only_costly_failures_are_remembered(db: Path) -> None:
    for name, text in [
        ("SQLITE_TOOBIG", "x"),
        ("SQLITE_NOMEM", "x"),
        ("", "string or blob too big"),
        ("SQLITE_BUSY", "locked"),
    ]:
        statedb._FAILED.clear()
        exc = sqlite3.OperationalError(text)
        exc.sqlite_errorname = name  # type: ignore[attr-defined]
        said = statedb.problem(db, exc)
        assert statedb.not_readable(db) == (None if name == "SQLITE_BUSY" else said), name
    statedb._FAILED.clear()
    statedb.problem(db, sqlite3.OperationalError("no sqlite_errorname at all"))
    assert not statedb._FAILED


def test_the_memory_of_failures_is_bounded(db: Path, tmp_path: Path) -> None:
    for n in range(64):
        statedb._FAILED[("other", n)] = (time.monotonic(), "x")
    _costly(db)
    assert len(statedb._FAILED) == 65  # 64 kept, then one more
    _costly(tmp_path / "another.db")
    assert len(statedb._FAILED) == 1 and statedb.not_readable(db) is None  # past 64: forgotten, then the new one


def err(text: str, name: str = "", kind: type[sqlite3.Error] = sqlite3.OperationalError) -> sqlite3.Error:
    exc = kind(text)
    exc.sqlite_errorname = name  # type: ignore[attr-defined]
    return exc


SCHEMA = "Check the file with `sqlite3 state.db .schema`."


@pytest.mark.parametrize(
    ("exc", "said"),
    [
        (
            statedb.OpenTimeout("late"),
            "{db} did not open within 2 s: it was replaced by something that is not a regular file (a FIFO?) after "
            "it was looked at, or its disk does not answer. Check what is there with `ls -l`.",
        ),
        (
            err("interrupted", "SQLITE_INTERRUPT"),
            "Doing it from {db} took longer than 1.5 s and was stopped: its tables or views never finish (a view "
            f"that recurses without end, or builds large values row after row?). {SCHEMA}",
        ),
        (
            err("file is not a database", "SQLITE_NOTADB", sqlite3.DatabaseError),
            "{db} is corrupt (file is not a database), so its sessions cannot be read. Restore it from a backup or "
            "move it aside; hermes-dash only reads it.",
        ),
        (err("malformed", "SQLITE_CORRUPT"), "{db} is corrupt (malformed), so its sessions"),
        (err("malformed", "SQLITE_CORRUPT_VTAB"), "{db} is corrupt (malformed), so its sessions"),
        (err("bad", "SQLITE_NOTADB_X"), "{db} is corrupt (bad), so its sessions"),
        (
            err("denied", "SQLITE_AUTH"),
            "The `sessions` of {db} is not the agent's table: it calls an SQL function (denied), which hermes-dash "
            f"does not run on a file it only reads (one call can build hundreds of megabytes). {SCHEMA}",
        ),
        (err("use of upper() prohibited"), "it calls an SQL function (use of upper() prohibited)"),
        (err("not authorized"), "it calls an SQL function (not authorized)"),
        (err("unsafe use of upper()"), "it calls an SQL function (unsafe use of upper())"),
        (
            err("x", "SQLITE_TOOBIG"),
            "{db} holds or builds a value larger than 8 MiB, SQLite's limit on hermes-dash's connection and far "
            "beyond any real prompt or message (a crafted file, or a view that builds one), so nothing was read "
            f"from it. {SCHEMA}",
        ),
        (err("string or blob too big"), "a value larger than 8 MiB"),
        (err("value too large"), "a value larger than 8 MiB"),
        (
            err("out of memory", "SQLITE_NOMEM"),
            f"{{db}} asks for more memory than hermes-dash gives a file it only reads (out of memory). {SCHEMA}",
        ),
        (err("overflow", kind=sqlite3.DataError), "{db} asks for more memory than hermes-dash gives"),
        (
            err("database is locked", "SQLITE_BUSY"),
            "Cannot read sessions from {db} (database is locked); the agent may be busy, try again.",
        ),
        (err("locked", "SQLITE_BUSY_SNAPSHOT"), "Cannot read sessions from {db} (locked); the agent may be busy"),
        (err("table locked", "SQLITE_LOCKED"), "Cannot read sessions from {db} (table locked); the agent may be busy"),
        (
            err("too many terms in compound SELECT"),
            "{db}'s tables or views go past SQLite's limits on hermes-dash's connection "
            f"(too many terms in compound SELECT). {SCHEMA}",
        ),
        (err("Expression tree is too deep"), "go past SQLite's limits"),
        (err("statement too long"), "go past SQLite's limits"),
        (err("no such table: sessions", "SQLITE_ERROR"), "Cannot read sessions from {db} (no such table: sessions)."),
    ],
)
def test_each_failure_is_said_in_words_that_point_at_its_cause(tmp_path: Path, exc: sqlite3.Error, said: str) -> None:
    db = tmp_path / "state.db"
    got = statedb.problem(db, exc, 1.5, doing="Doing it")
    if said.endswith(".") and len(said) > 60:  # a whole sentence: said exactly
        assert got == said.format(db=db)
    else:
        assert said.format(db=db) in got, got


def test_a_fifo_swapped_in_after_the_check_is_given_up_on_and_its_thread_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fifo = tmp_path / "state.db"
    os.mkfifo(fifo)
    monkeypatch.setattr(statedb, "OPEN_TIMEOUT_S", 0.3)
    before = set(threading.enumerate())
    started = time.monotonic()
    with pytest.raises(statedb.OpenTimeout, match=r"did not open within 0\.3 s"):
        statedb.connect(fifo, frozenset())
    assert time.monotonic() - started < 2
    (opener,) = [t for t in threading.enumerate() if t not in before and t.name == "hermes-dash state.db"]
    assert opener.daemon
    watch = opener._target.__self__  # type: ignore[attr-defined]
    fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # a writer appears: the blocked open returns
    os.close(fd)
    opener.join(5)
    # SQLite cannot use a FIFO once it opens: the late open fails, and the thread ends with it.
    assert not opener.is_alive() and watch.conn is None and isinstance(watch.error, sqlite3.OperationalError)


def test_a_failure_is_said_of_reading_sessions_within_the_query_timeout_unless_told(tmp_path: Path) -> None:
    said = statedb.problem(tmp_path / "state.db", err("interrupted", "SQLITE_INTERRUPT"))
    assert said.startswith(f"Reading sessions from {tmp_path / 'state.db'} took longer than 3 s and was stopped")


def test_a_locked_file_is_waited_on_half_a_second_then_said_busy(db: Path) -> None:
    holder = sqlite3.connect(db)
    holder.execute("BEGIN EXCLUSIVE")  # no reader gets in until it ends (a rollback journal, not WAL)
    try:
        with statedb.connect(db, frozenset(), timeout=10.0) as reader:
            started = time.monotonic()
            with pytest.raises(sqlite3.OperationalError) as failure:
                reader.rows("SELECT n FROM t")
            waited = time.monotonic() - started
        assert failure.value.sqlite_errorname.startswith("SQLITE_BUSY")
        assert 0.4 <= waited < 1.3, waited  # SQLite's busy wait, not the 10 s deadline nor its default 5 s
    finally:
        holder.rollback()
        holder.close()
