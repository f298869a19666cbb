"""Sessions from a real state.db (SQLite, WAL), the frozen snapshot, and the entry diff."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.engine.freeze import freeze_snapshot
from hermes_dash.engine.views.diff import diff_entries
from hermes_dash.engine.views.render import render_block
from hermes_dash.engine.views.sessions import read_sessions
from hermes_dash.engine.views.snapshot import choose_snapshot, load_frozen_snapshot, session_snapshot

SCHEMA = (
    "CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL, ended_at REAL, "
    "model TEXT, system_prompt TEXT)"
)


def make_db(path: Path, rows: list[tuple]) -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
    conn.execute(SCHEMA)
    conn.executemany("INSERT INTO sessions (id, source, started_at, ended_at, system_prompt) VALUES (?,?,?,?,?)", rows)
    conn.commit()
    return conn


def prompt_with(memory: list[str], user: list[str]) -> str:
    blocks = [b for b in (render_block("memory", memory, 2200), render_block("user", user, 1375)) if b]
    return "You are Hermes.\n\n" + "\n\n".join(blocks) + "\n\n# Tools\n..."


def test_sessions_newest_first_with_prompts(home):
    conn = make_db(
        home / "state.db",
        [
            ("s1", "cli", 1764400000.5, 1764400100.0, prompt_with(["old fact"], [])),
            ("s2", "telegram", 1764500000.0, None, prompt_with(["new fact"], ["likes tea"])),
            ("s3", "cli", 1764600000.0, None, None),  # no prompt: skipped
        ],
    )
    conn.close()
    listing = read_sessions(home / "state.db")
    assert listing.problem is None
    assert [s.id for s in listing.sessions] == ["s2", "s1"]
    newest = listing.sessions[0]
    assert newest.source == "telegram" and newest.ended_at is None
    assert newest.started_at.timestamp() == 1764500000.0 and newest.started_at.tzinfo is not None
    snap = session_snapshot(newest)
    assert snap.entries == {"memory": ("new fact",), "user": ("likes tea",)}
    assert snap.source == "session s2 (telegram)"


def test_absent_db_is_a_message_and_is_never_created(home):
    listing = read_sessions(home / "state.db")
    assert listing.sessions == () and "state.db" in listing.problem
    assert not (home / "state.db").exists()
    assert not list(home.iterdir())


def test_reading_does_not_change_the_db(home):
    # SQLite itself may add the usual -wal/-shm side files for a WAL database; the db is untouched.
    conn = make_db(home / "state.db", [("s1", "cli", 1.0, None, prompt_with(["a"], []))])
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    before = {p.name: p.read_bytes() for p in home.iterdir()}
    assert len(read_sessions(home / "state.db").sessions) == 1
    after = {p.name: p.read_bytes() for p in home.iterdir() if p.name in before}
    assert after == before


def test_open_write_transaction_in_another_connection_does_not_block(home):
    writer = make_db(home / "state.db", [("s1", "cli", 1.0, None, prompt_with(["committed"], []))])
    writer.execute("BEGIN IMMEDIATE")
    writer.execute(
        "INSERT INTO sessions (id, source, started_at, system_prompt) VALUES ('s2', 'cli', 2.0, 'uncommitted prompt')"
    )
    try:
        listing = read_sessions(home / "state.db")
        assert listing.problem is None
        assert [s.id for s in listing.sessions] == ["s1"]  # sees the committed state, does not wait
        # and the agent's transaction is not disturbed by our read
        writer.execute("INSERT INTO sessions (id, source, started_at, system_prompt) VALUES ('s3', 'cli', 3.0, 'x')")
        writer.commit()
    finally:
        writer.close()
    assert [s.id for s in read_sessions(home / "state.db").sessions] == ["s3", "s2", "s1"]


def test_exclusively_locked_db_is_a_message_not_a_hang(home):
    conn = make_db(home / "state.db", [("s1", "cli", 1.0, None, "p")])
    conn.close()
    conn = sqlite3.connect(home / "state.db")
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("PRAGMA locking_mode=EXCLUSIVE")
    conn.execute("BEGIN EXCLUSIVE")
    try:
        listing = read_sessions(home / "state.db")
        assert listing.sessions == () and listing.problem and "try again" in listing.problem
    finally:
        conn.rollback()
        conn.close()


@pytest.mark.parametrize(
    ("schema", "found"),
    [
        ("CREATE TABLE sessions (id TEXT, prompt TEXT)", "sessions columns: id, prompt"),  # no system_prompt column
        ("CREATE TABLE conversations (id TEXT, system_prompt TEXT)", "no sessions table"),
    ],
)
def test_other_schema_is_a_message_that_says_what_was_found_and_what_to_do(home, schema, found):
    conn = sqlite3.connect(home / "state.db")
    conn.execute(schema)
    conn.commit()
    conn.close()
    listing = read_sessions(home / "state.db")
    assert listing.sessions == () and "is laid out as no Hermes version hermes-dash knows" in listing.problem
    assert f"(no schema_version table; {found})" in listing.problem
    assert "Update hermes-dash" in listing.problem and "snapshot --freeze" in listing.problem


def test_older_schema_without_optional_columns_still_reads(home):
    conn = sqlite3.connect(home / "state.db")
    conn.execute("CREATE TABLE sessions (id INTEGER, system_prompt TEXT)")
    conn.execute("INSERT INTO sessions VALUES (7, 'p')")
    conn.commit()
    conn.close()
    (session,) = read_sessions(home / "state.db").sessions
    assert session.id == "7" and session.source == "" and session.started_at is None


def test_not_a_database_is_a_message(home):
    (home / "state.db").write_bytes(b"this is not sqlite at all" * 100)
    listing = read_sessions(home / "state.db")
    assert listing.sessions == () and listing.problem


def test_freeze_and_load_frozen(store):
    assert load_frozen_snapshot(store) is None
    store.add("memory", "fact")
    snap = freeze_snapshot(store)
    assert snap.entries["memory"] == ("fact",) and snap.blocks["memory"] == store.render_block("memory")
    store.add("memory", "later fact")
    assert load_frozen_snapshot(store).entries["memory"] == ("fact",)  # frozen: later writes do not show
    assert store.read("memory").entries == ("fact", "later fact")
    assert not [b for b in store.backups() if "snapshot" in b.name]


# -- entry diff -------------------------------------------------------------------------------


def test_diff_added_removed_changed_unchanged():
    # "deploys on fridays" left from another place than where "likes green tea" came: not paired.
    old = ["uses python 3.10 for builds", "deploys on fridays", "prefers tabs"]
    new = ["uses python 3.11 for builds", "prefers tabs", "likes green tea"]
    diff = diff_entries(old, new)
    assert [(i.kind, i.old, i.new) for i in diff.items] == [
        ("changed", "uses python 3.10 for builds", "uses python 3.11 for builds"),
        ("unchanged", "prefers tabs", "prefers tabs"),
        ("added", None, "likes green tea"),
        ("removed", "deploys on fridays", None),
    ]
    assert diff.counts == {"added": 1, "removed": 1, "changed": 1, "unchanged": 1}
    assert 0.5 <= diff.items[0].similarity < 1 and not diff.identical


def test_diff_identical_and_empty():
    assert diff_entries(["a", "b"], ["a", "b"]).identical
    assert diff_entries([], []).items == ()
    assert [i.kind for i in diff_entries([], ["x"]).items] == ["added"]
    assert [i.kind for i in diff_entries(["x"], []).items] == ["removed"]


def test_diff_pairs_each_entry_once_with_its_best_match():
    old = ["server runs on port 8080 behind nginx"]
    new = ["server runs on port 8081 behind nginx", "server runs on port 9090 behind caddy"]
    diff = diff_entries(old, new)
    assert [i.kind for i in diff.items] == ["changed", "added"]
    assert diff.items[0].new == new[0]


def test_diff_of_huge_entries_returns():
    big = "x" * 5_000_000
    diff = diff_entries([big + "a"], [big + "b"])
    assert diff.counts["changed"] == 1


def test_without_a_choice_the_newer_of_session_and_freeze_is_compared_with(tmp_path):
    """The app's and the CLI's default snapshot (docs/rules.md#snapshot): a freeze made after the
    newest session started is the newer, so it is what `snapshot` and every page compare with."""
    from hermes_dash.demo import create_demo_home

    store = MemoryStore(resolve_home(create_demo_home(tmp_path / "demo")))
    snap, session_id = choose_snapshot(store)
    assert session_id == "20261129_081502_a41c9e"
    freeze_snapshot(store)
    snap, session_id = choose_snapshot(store)
    assert session_id is None and snap.source == "frozen in hermes-dash"
    assert choose_snapshot(store, "20261129_081502_a41c9e")[1] == "20261129_081502_a41c9e"
