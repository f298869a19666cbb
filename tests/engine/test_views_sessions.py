"""Sessions read from state.db: which ones, in what order, their prompts as read, the oldest
prompt (provenance's "before the oldest session") and the agent's working folders.

The files are written with sqlite3 in the agent's table shape, with the rows each case needs
(inserted out of time order where the order is what is tested).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hermes_dash.engine.views.sessions import (
    MAX_PROMPT_CHARS,
    Session,
    _length,
    oldest_prompt,
    read_sessions,
    working_folders,
)

SESSIONS = (
    "CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL, ended_at REAL, system_prompt TEXT, "
    "cwd TEXT)"
)


def make_db(path: Path, rows: list[tuple[object, ...]], table: str = SESSIONS) -> Path:
    """``rows``: values for ``table``'s columns, in order."""
    conn = sqlite3.connect(path)
    conn.execute(table)
    for row in rows:
        conn.execute(f"INSERT INTO sessions VALUES ({', '.join('?' * len(row))})", row)  # noqa: S608
    conn.commit()
    conn.close()
    return path


def test_sessions_are_newest_first_by_start_whatever_order_they_were_written_in(tmp_path: Path) -> None:
    db = make_db(
        tmp_path / "state.db",
        [
            ("mid", "cli", 200.0, None, "p", None),
            ("new", "cli", 300.0, None, "p", None),
            ("old", "cli", 100.0, None, "p", None),
        ],
    )
    assert [s.id for s in read_sessions(db).sessions] == ["new", "mid", "old"]


def test_without_a_start_column_the_last_written_session_comes_first(tmp_path: Path) -> None:
    db = make_db(tmp_path / "state.db", [("a", "p"), ("b", "p")], "CREATE TABLE sessions (id TEXT, system_prompt TEXT)")
    listing = read_sessions(db)
    assert listing.problem is None and [s.id for s in listing.sessions] == ["b", "a"]


def test_the_newest_fifty_by_default_or_as_many_as_asked(tmp_path: Path) -> None:
    db = make_db(tmp_path / "state.db", [(f"s{n:02}", "cli", float(n), None, "p", None) for n in range(60)])
    listed = [s.id for s in read_sessions(db).sessions]
    assert listed == [f"s{n:02}" for n in range(59, 9, -1)]
    assert [s.id for s in read_sessions(db, 2).sessions] == ["s59", "s58"]


def test_one_session_by_its_id(tmp_path: Path) -> None:
    db = make_db(tmp_path / "state.db", [("a", "cli", 1.0, None, "pa", None), ("b", "tg", 2.0, None, "pb", None)])
    (found,) = read_sessions(db, session_id="a").sessions
    assert (found.id, found.source, found.system_prompt) == ("a", "cli", "pa")
    assert read_sessions(db, session_id="nope").sessions == ()


def test_sessions_without_a_prompt_are_not_listed(tmp_path: Path) -> None:
    db = make_db(
        tmp_path / "state.db",
        [
            ("none", "cli", 1.0, None, None, None),
            ("empty", "cli", 2.0, None, "", None),
            ("a", None, 0.0, 5.0, "p", None),
        ],
    )
    (only,) = read_sessions(db).sessions
    assert only == Session("a", "", only.started_at, only.ended_at, "p", 1)
    assert only.started_at and only.started_at.timestamp() == 0.0 and only.ended_at and only.ended_at.timestamp() == 5.0


def test_a_prompt_stored_as_bytes_is_read_as_text(tmp_path: Path) -> None:
    """A BLOB prompt (another writer's): its UTF-8 decoded, a bad byte shown as the replacement character."""
    db = make_db(tmp_path / "state.db", [("a", "cli", 1.0, None, "Café ☕".encode() + b"\xff!", None)])
    (found,) = read_sessions(db).sessions
    assert found.system_prompt == "Café ☕\ufffd!" and found.prompt_length == len("Café ☕".encode()) + 2


def test_a_cut_prompt_says_how_long_it_was_and_how_much_was_read() -> None:
    cut = Session("s1", "cli", None, None, "x" * 10, prompt_length=2_500_000)
    assert cut.prompt_note() == (
        "Session s1's system prompt is 2,500,000 characters long, far longer than any prompt the agent "
        f"builds, so it is not a real one: only its first {MAX_PROMPT_CHARS:,} characters were read, and a block "
        "after them is not shown."
    )
    assert Session("s1", "cli", None, None, "x" * 10, prompt_length=10).prompt_note() is None
    assert Session("s1", "cli", None, None, "x").prompt_note() is None  # its length not known


def test_a_length_that_is_no_number_is_not_known() -> None:
    assert _length(None) == -1 and _length("12") == -1 and _length(12) == 12


def test_a_view_calling_a_function_other_than_substr_and_length_is_refused(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "state.db")
    conn.execute("CREATE VIEW sessions AS SELECT 'a' AS id, 1.0 AS started_at, upper('prompt') AS system_prompt")
    conn.close()
    listing = read_sessions(tmp_path / "state.db")
    assert listing.sessions == () and listing.problem and "upper" in listing.problem


# -- the oldest prompt ----------------------------------------------------------------------------------


def test_the_oldest_prompt_is_the_first_started_sessions(tmp_path: Path) -> None:
    db = make_db(
        tmp_path / "state.db",
        [
            ("b", "cli", 200.0, None, "second", None),
            ("a", "cli", 100.0, None, "first", None),
            ("c", "cli", 50.0, None, None, None),
        ],
    )
    assert oldest_prompt(db) == "first"


def test_no_oldest_prompt_without_one_that_is_text(tmp_path: Path) -> None:
    assert oldest_prompt(make_db(tmp_path / "empty.db", [])) == ""
    assert oldest_prompt(make_db(tmp_path / "blob.db", [("a", "cli", 1.0, None, b"bytes", None)])) == ""
    assert (
        oldest_prompt(make_db(tmp_path / "other.db", [("a", "p")], "CREATE TABLE sessions (id TEXT, prompt TEXT)"))
        == ""
    )
    assert oldest_prompt(tmp_path / "absent.db") == "" and not (tmp_path / "absent.db").exists()


# -- working folders ------------------------------------------------------------------------------------


def test_working_folders_newest_first_each_once(tmp_path: Path) -> None:
    db = make_db(
        tmp_path / "state.db",
        [
            ("a", "cli", 100.0, None, "p", "/srv/old"),
            ("c", "cli", 300.0, None, "p", "/srv/new"),
            ("b", "cli", 200.0, None, "p", "/srv/old"),
            ("d", "cli", 400.0, None, "p", "   "),
            ("e", "cli", 500.0, None, "p", None),
            ("f", "cli", 50.0, None, "p", b"/srv/bytes"),
        ],
    )
    assert working_folders(db) == ("/srv/new", "/srv/old")


def test_without_a_start_column_the_last_written_folder_comes_first(tmp_path: Path) -> None:
    db = make_db(tmp_path / "state.db", [("a", "/one"), ("b", "/two")], "CREATE TABLE sessions (id TEXT, cwd TEXT)")
    assert working_folders(db) == ("/two", "/one")


def test_empty_folders_do_not_crowd_out_the_real_ones(tmp_path: Path) -> None:
    """The newest 2,000 sessions with a folder are read: sessions with an empty one are not among them."""
    rows: list[tuple[object, ...]] = [("real", "cli", 1.0, None, "p", "/srv/real")]
    rows += [(f"e{n}", "cli", 10.0 + n, None, "p", "") for n in range(2000)]
    assert working_folders(make_db(tmp_path / "state.db", rows)) == ("/srv/real",)


def test_at_most_two_hundred_folders(tmp_path: Path) -> None:
    db = make_db(tmp_path / "state.db", [(f"s{n}", "cli", float(n), None, "p", f"/srv/{n}") for n in range(201)])
    found = working_folders(db)
    assert len(found) == 200 and found[0] == "/srv/200" and found[-1] == "/srv/1"


def test_no_folders_without_the_column_or_the_file(tmp_path: Path) -> None:
    db = make_db(tmp_path / "state.db", [("a", "p")], "CREATE TABLE sessions (id TEXT, system_prompt TEXT)")
    assert working_folders(db) == ()
    assert working_folders(tmp_path / "absent.db") == () and not (tmp_path / "absent.db").exists()
    (tmp_path / "junk.db").write_bytes(b"not a database" * 100)
    assert working_folders(tmp_path / "junk.db") == ()
