"""Provenance's reading of state.db (engine/views/origins.py), case by case on small files.

tests/curation/test_provenance.py plays whole stories through the released agent; these build a
``state.db`` in the agent's column layout with sqlite3 (fast, in this process) to pin each rule:
which rows are calls, which reply answers which call, what a reply says was taken away, and
what a scan says when the file is not one it can read.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from hermes_dash.engine.views import origins, statedb
from hermes_dash.engine.views.origins import CallScan, MemoryCall, SessionInfo, replay, scan_calls

T0 = 1_764_000_000.0  # 2025-11-24, seconds since 1970
MESSAGES = (
    "CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, content TEXT, "
    "tool_calls TEXT, tool_call_id TEXT, timestamp REAL)"
)
SESSIONS = "CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, model TEXT, cwd TEXT, started_at REAL)"


def call(args: dict[str, object], call_id: str = "c1", *, nested: bool = True) -> str:
    """A ``tool_calls`` value holding one memory call (the agent's nested shape, or the older flat one)."""
    if nested:
        return json.dumps([{"id": call_id, "function": {"name": "memory", "arguments": json.dumps(args)}}])
    return json.dumps([{"name": "memory", "arguments": json.dumps(args)}])


def make_db(
    tmp_path: Path,
    messages: list[tuple[object, ...]],
    sessions: list[tuple[object, ...]] = (),  # type: ignore[assignment]
    *,
    messages_sql: str = MESSAGES,
    sessions_sql: str = SESSIONS,
    fts_rows: list[int] | None = None,
) -> Path:
    """A state.db: ``messages`` rows (id, session_id, role, content, tool_calls, tool_call_id,
    timestamp) and ``sessions`` rows in the tables given; ``fts_rows``: the message ids an FTS5
    index over content and tool calls holds (None: no index)."""
    db = tmp_path / "state.db"
    conn = sqlite3.connect(db)
    conn.execute(messages_sql)
    conn.execute(sessions_sql)
    for row in messages:
        conn.execute(f"INSERT INTO messages VALUES ({','.join('?' * len(row))})", row)
    for row in sessions:
        conn.execute(f"INSERT INTO sessions VALUES ({','.join('?' * len(row))})", row)
    if fts_rows is not None:
        conn.execute("CREATE VIRTUAL TABLE messages_fts USING fts5(content, tool_calls)")
        for rid in fts_rows:
            content, calls = conn.execute("SELECT content, tool_calls FROM messages WHERE id = ?", (rid,)).fetchone()
            conn.execute(
                "INSERT INTO messages_fts (rowid, content, tool_calls) VALUES (?, ?, ?)", (rid, content, calls)
            )
    conn.commit()
    conn.close()
    return db


def reply(**fields: object) -> str:
    return json.dumps({"success": True, **fields})


def mc(action: str, content: str | None = None, old_text: str | None = None, **kw: object) -> MemoryCall:
    return MemoryCall(1, SessionInfo("s"), None, str(kw.pop("target", "memory")), action, content, old_text, **kw)  # type: ignore[arg-type]


def test_an_add_or_replace_writes_its_content_stripped_and_nothing_else() -> None:
    for action in ("add", "replace"):
        assert mc(action, "  Deploys: make ship \n").writes("Deploys: make ship")
        assert not mc(action, "Deploys: make ship").writes("Deploys: make")
        assert not mc(action, None).writes("x") and mc(action, None).writes("")
    assert not mc("remove", old_text="x").writes("x")


def test_a_patch_writes_what_its_reply_says_else_its_new_text_inside_what_it_matched() -> None:
    assert mc("patch", "3000", "3001", after=" web on 3000 ").writes("web on 3000")
    assert not mc("patch", "3000", "3001", after="web on 3000").writes("web on 3000 and more")
    # no reply text: the new text must be in the entry, and what it matched, patched, must be it
    assert mc("patch", "3000", "3001").writes("web on 3000")
    assert not mc("patch", "3000", "3001").writes("web on 8080")
    assert not mc("patch", "", "3001").writes("web on 3000")  # an empty new text writes nothing
    assert not mc("patch", None, "3001").writes("web on 3000")
    assert mc("patch", "3000", "3001", matched="web on 3001").writes("web on 3000")
    assert not mc("patch", "3000", "3001", matched="api on 3001").writes("web on 3000")


def test_what_a_call_takes_away() -> None:
    assert not mc("add", "x").takes_away("x")
    assert mc("remove", old_text=" flaky ").takes_away("Staging is flaky")
    assert not mc("remove", old_text="flaky").takes_away("Staging is fine")
    assert not mc("remove", old_text="  ").takes_away("anything")  # a blank needle matches nothing
    assert not mc("remove", old_text=None).takes_away("anything")
    # what the reply says it removed decides, not the needle
    assert mc("remove", old_text="nope", matched=" Staging is flaky ").takes_away("Staging is flaky")
    assert not mc("remove", old_text="flaky", matched="Staging is flaky").takes_away("Staging is flaky on Mondays")
    # a replace that leaves the same text took nothing away
    assert not mc("replace", "Deploys: make ship", "make").takes_away("Deploys: make ship")
    assert mc("replace", "Deploys: make ship", "make").takes_away("Deploys: make deploy")
    assert mc("patch", "3000", "3001", matched="web on 3001").takes_away("web on 3001")


def test_calls_are_applied_unless_they_failed_or_were_staged() -> None:
    assert mc("add", "x").applied and mc("add", "x", status="unconfirmed").applied
    assert not mc("add", "x", status="failed").applied and not mc("add", "x", status="staged").applied
    scan = CallScan(
        (
            mc("add", "Tea", target="user"),
            mc("add", "Tea"),
            mc("remove", old_text="Tea", target="user", status="failed"),
            mc("remove", old_text="Tea", target="user"),
            mc("add", "Tea", target="user", status="staged", pending_id="p1"),
        )
    )
    assert scan.writers("user", "Tea") == [scan.calls[0], scan.calls[4]]
    assert scan.removers("user", "Tea") == [scan.calls[3]]
    assert scan.staged("p1") == [scan.calls[4]] and scan.staged("p2") == []


def test_replay_fills_in_what_each_call_matched_from_the_entries_calls_wrote() -> None:
    calls = [
        mc("add", " Deploys: make deploy "),
        mc("add", "Staging is flaky"),
        mc("add", "Staging is flaky"),  # the same text twice is one entry
        mc("replace", "Deploys: make ship", "make deploy"),
        mc("remove", old_text="flaky"),
        mc("remove", old_text="flaky"),  # nothing left to match
        mc("patch", "ship it", "ship"),
        mc("replace", "Other", "Deploys"),  # another target's entries are not these
    ]
    calls[-1] = MemoryCall(1, SessionInfo("s"), None, "user", "replace", "Other", "Deploys")
    out = replay(calls)
    assert [c.matched for c in out] == [
        None,
        None,
        None,
        "Deploys: make deploy",
        "Staging is flaky",
        None,
        "Deploys: make ship",
        None,
    ]


def test_replay_takes_an_exact_match_over_a_longer_one_and_leaves_an_ambiguous_one() -> None:
    out = replay(
        [mc("add", "Tea"), mc("add", "Tea with milk"), mc("remove", old_text="Tea"), mc("remove", old_text="Tea")]
    )
    assert out[2].matched == "Tea" and out[3].matched == "Tea with milk"
    out = replay([mc("add", "Tea black"), mc("add", "Tea with milk"), mc("remove", old_text="Tea")])
    assert out[2].matched is None  # two entries hold it: the agent's tool refuses, and so do we


def test_replay_skips_calls_that_did_not_apply_and_keeps_a_reply_named_match() -> None:
    out = replay(
        [
            mc("add", "A", status="failed"),
            mc("remove", old_text="A"),  # the add failed: no entry to match
            mc("add", "B"),
            mc("remove", old_text="B", status="staged"),  # staged: not matched, and B stays
            mc("remove", old_text="B"),
            mc("add", "C"),
            mc("remove", old_text="C", matched="C from the reply"),
            mc("remove", old_text="C"),  # the reply's match was not an entry we knew: C stays
        ]
    )
    assert [c.matched for c in out] == [None, None, None, None, "B", None, "C from the reply", "C"]


def test_replay_follows_replaced_and_patched_text() -> None:
    out = replay(
        [
            mc("add", "Ports: web on 3001"),
            mc("patch", "3000", "3001"),  # no reply text: the patched entry is worked out
            mc("remove", old_text="web on 3000"),
            mc("add", "Lint with ruff"),
            mc("patch", "x", "ruff", after=" Lint with x "),  # the reply's after wins over the worked-out text
            mc("remove", old_text="Lint with x"),
            mc("add", "Old"),
            mc("replace", None, "Old"),  # a replace with no content leaves an empty text behind
            mc("remove", old_text="Old"),
        ]
    )
    assert out[1].matched == "Ports: web on 3001"
    assert out[2].matched == "Ports: web on 3000"
    assert out[5].matched == "Lint with x"
    assert out[7].matched == "Old" and out[8].matched is None


def test_a_scan_reads_each_call_its_session_its_time_and_its_reply(tmp_path: Path) -> None:
    db = make_db(
        tmp_path,
        [
            (1, "s1", "user", "remember tea", None, None, T0 + 1),
            (2, "s1", "assistant", "", call({"action": "add", "target": "user", "content": "Likes tea"}), None, T0 + 2),
            (3, "s1", "tool", reply(message="Entry added."), None, "c1", T0 + 3),
            (4, "s2", "assistant", "", call({"action": "remove", "old_text": "tea"}, "c2"), None, T0 + 4),
            (5, "s2", "tool", json.dumps({"success": False, "error": "no match"}), None, "c2", T0 + 5),
        ],
        [("s1", "cli", "model-a", "/work", T0), ("s2", "telegram", None, None, T0 + 100)],
    )
    scan = scan_calls(db)
    assert scan.problem is None and not scan.used_fts and scan.rows_read == 2
    assert scan.session_count == 2 and scan.oldest_session and scan.oldest_session.timestamp() == T0
    add, remove = scan.calls
    assert (add.message_id, add.target, add.action, add.content, add.old_text) == (2, "user", "add", "Likes tea", None)
    assert add.session == SessionInfo("s1", "cli", "model-a", "/work", add.session.started_at)
    assert add.session.started_at and add.session.started_at.timestamp() == T0
    assert add.at and add.at.timestamp() == T0 + 2 and add.status == "applied" and add.call_id == "c1"
    assert add.batch_index is None and add.matched is None and add.after is None and add.pending_id is None
    assert remove.target == "memory" and remove.status == "failed" and remove.session.source == "telegram"
    assert remove.session.model == "" and remove.session.cwd == ""
    assert 0 < scan.seconds < 60  # this scan's own time, from its start


def test_a_scan_never_raises_and_says_why_it_found_nothing(tmp_path: Path) -> None:
    absent = scan_calls(tmp_path / "state.db")
    assert absent.calls == () and absent.problem and "No state.db in" in absent.problem
    (tmp_path / "state.db").write_bytes(b"not a database at all, just text" * 64)
    corrupt = scan_calls(tmp_path / "state.db")
    assert corrupt.calls == () and corrupt.problem and "corrupt" in corrupt.problem
    (tmp_path / "state.db").unlink()
    no_calls = make_db(
        tmp_path, [], messages_sql="CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT)"
    )
    said = scan_calls(no_calls).problem
    assert said == (
        "state.db has no messages table with tool calls (another Hermes version?), "
        "so no memory call can be found in it."
    )


def test_a_batch_gives_one_call_per_operation_with_its_own_part_of_the_reply(tmp_path: Path) -> None:
    ops = [
        {"action": "add", "content": "A"},
        "not an operation",
        {"action": "forget", "content": "B"},  # not an action the tool has
        {"action": "replace", "old_text": "A", "new_text": "A2"},
        {"action": "remove", "old_text": "C"},
        {"action": "patch", "old_text": "D", "content": "E"},
    ]
    parts = [
        {},
        {},
        {},
        {"replaced_entry": "A"},
        {"removed_entry": "C long"},
        {"patched_entry_before": "D1", "patched_entry_after": "E1"},
    ]
    db = make_db(
        tmp_path,
        [
            (1, "s", "assistant", "", call({"operations": ops}), None, T0),
            (2, "s", "tool", reply(operations=parts), None, "c1", T0),
        ],
    )
    calls = scan_calls(db).calls
    assert [(c.batch_index, c.action, c.content, c.old_text, c.matched, c.after) for c in calls] == [
        (0, "add", "A", None, None, None),
        (3, "replace", "A2", "A", "A", None),
        (4, "remove", None, "C", "C long", None),
        (5, "patch", "E", "D", "D1", "E1"),
    ]
    # "results" instead of "operations", and a reply shorter than the batch
    db.unlink()
    db = make_db(
        tmp_path,
        [
            (1, "s", "assistant", "", call({"operations": ops}), None, T0),
            (2, "s", "tool", reply(results=[{}, {}, {}, {"replaced_entry": "A, as the reply says"}]), None, "c1", T0),
        ],
    )
    assert [c.matched for c in scan_calls(db).calls] == [None, "A, as the reply says", None, None]


def test_an_empty_operations_list_is_a_single_operation(tmp_path: Path) -> None:
    db = make_db(
        tmp_path,
        [
            (1, "s", "assistant", "", call({"operations": [], "action": "add", "content": "A"}), None, T0),
            (2, "s", "tool", reply(), None, "c1", T0),
        ],
    )
    (only,) = scan_calls(db).calls
    assert only.batch_index is None and only.content == "A"


def test_a_single_operation_reads_its_reply_whole(tmp_path: Path) -> None:
    db = make_db(
        tmp_path,
        [
            (1, "s", "assistant", "", call({"action": "replace", "old_text": "x", "content": "y"}), None, T0),
            (2, "s", "tool", reply(replaced_entry="x1", operations=[{"replaced_entry": "not this"}]), None, "c1", T0),
        ],
    )
    (only,) = scan_calls(db).calls
    assert only.matched == "x1"


def test_a_staged_call_names_its_pending_write_and_an_unreadable_reply_is_unconfirmed(tmp_path: Path) -> None:
    db = make_db(
        tmp_path,
        [
            (1, "s", "assistant", "", call({"action": "add", "content": "A"}, "c1"), None, T0),
            (2, "s", "tool", reply(staged=True, pending_id="p-1"), None, "c1", T0),
            (3, "s", "assistant", "", call({"action": "add", "content": "B"}, "c2"), None, T0),
            (4, "s", "tool", reply(staged=True, pending_id=7), None, "c2", T0),
            (5, "s", "assistant", "", call({"action": "add", "content": "C"}, "c3"), None, T0),
            (6, "s", "tool", "not json", None, "c3", T0),
            (7, "s", "assistant", "", call({"action": "add", "content": "D"}, "c4"), None, T0),
            (8, "s", "tool", json.dumps({"success": "yes"}), None, "c4", T0),
            (9, "s", "assistant", "", call({"action": "add", "content": "E"}, "c5"), None, T0),
            (10, "s", "tool", reply(staged=False, pending_id="p-2"), None, "c5", T0),
        ],
    )
    calls = scan_calls(db).calls
    assert [(c.status, c.pending_id) for c in calls] == [
        ("staged", "p-1"),
        ("staged", None),
        ("unconfirmed", None),
        ("failed", None),
        ("applied", None),
    ]


def test_calls_are_found_in_each_shape_the_agents_wrote(tmp_path: Path) -> None:
    args = json.dumps({"action": "add", "content": "A"})
    shapes = [
        json.dumps({"id": "c1", "function": {"name": "memory", "arguments": args}}),  # one call, not a list
        json.dumps([{"name": "memory", "arguments": args, "call_id": "c2"}]),  # flat, older
        json.dumps(
            [{"function": {"name": "memory", "arguments": {"action": "add", "content": "A"}}}]
        ),  # arguments as JSON
        json.dumps(["memory", {"function": "memory", "name": "memory", "arguments": args}]),
        json.dumps(
            [
                {"function": {"name": "terminal", "arguments": args}},
                {"function": {"name": "memory", "arguments": "[1]"}},
            ]
        ),
        json.dumps([{"function": {"name": "memory", "arguments": "{not json"}}]),
        json.dumps(
            [
                {"function": {"name": "terminal", "arguments": args}},
                {"id": "c9", "function": {"name": "memory", "arguments": args}},
            ]
        ),
        json.dumps("memory"),
        "[memory",
    ]
    db = make_db(tmp_path, [(n + 1, "s", "assistant", "", shape, None, T0) for n, shape in enumerate(shapes)])
    scan = scan_calls(db)
    assert [(c.message_id, c.call_id, c.status) for c in scan.calls] == [
        (1, "c1", "unconfirmed"),
        (2, "c2", "unconfirmed"),
        (3, "", "unconfirmed"),
        (4, "", "unconfirmed"),
        (7, "c9", "unconfirmed"),  # after another tool's call in the same message
    ]
    assert scan.rows_read == len(shapes)


def test_a_tool_calls_value_too_long_or_too_deep_is_not_parsed(tmp_path: Path) -> None:
    args = {"action": "add", "content": "A"}
    long = call({**args, "pad": "x" * origins.MAX_CALL_JSON_CHARS})
    deep_args: object = args
    for _ in range(origins.MAX_CALL_JSON_DEPTH):
        deep_args = [deep_args]
    deep = json.dumps([{"function": {"name": "memory", "arguments": json.dumps({**args, "deep": deep_args})}}])
    fits = json.dumps(
        [{"function": {"name": "memory", "arguments": json.dumps({**args, "deep": [[[[[[[[[[1]]]]]]]]]]})}}]
    )
    db = make_db(
        tmp_path,
        [
            (1, "s", "assistant", "", long, None, T0),
            (2, "s", "assistant", "", deep, None, T0),
            (3, "s", "assistant", "", fits, None, T0),
        ],
    )
    assert [c.message_id for c in scan_calls(db).calls] == [3]


def test_each_reply_goes_to_the_call_it_names_else_to_the_next_unclaimed_one(tmp_path: Path) -> None:
    two = json.dumps(
        [
            {"id": "a", "function": {"name": "memory", "arguments": json.dumps({"action": "add", "content": "A"})}},
            {"id": "b", "function": {"name": "memory", "arguments": json.dumps({"action": "add", "content": "B"})}},
        ]
    )
    anonymous = json.dumps(
        [
            {"function": {"name": "memory", "arguments": json.dumps({"action": "add", "content": "C"})}},
            {"function": {"name": "memory", "arguments": json.dumps({"action": "add", "content": "D"})}},
        ]
    )
    db = make_db(
        tmp_path,
        [
            (1, "s", "assistant", "", two, None, T0),
            (2, "s", "tool", reply(pending_id="x", staged=True), None, "b", T0),  # b's, listed first
            (3, "s", "tool", json.dumps({"success": False}), None, "a", T0),
            (10, "s", "assistant", "", anonymous, None, T0),
            (11, "s2", "tool", reply(staged=True, pending_id="other session"), None, "", T0),
            (12, "s", "user", reply(staged=True, pending_id="not a tool row"), None, "", T0),
            (13, "s", "tool", reply(staged=True, pending_id="first"), None, "", T0),
            (14, "s", "tool", reply(staged=True, pending_id="second"), None, "", T0),
        ],
    )
    assert [(c.content, c.status, c.pending_id) for c in scan_calls(db).calls] == [
        ("A", "failed", None),
        ("B", "staged", "x"),
        ("C", "staged", "first"),
        ("D", "staged", "second"),
    ]


def test_a_reply_is_looked_for_only_in_the_window_after_its_call(tmp_path: Path) -> None:
    window = origins._RESULT_WINDOW
    db = make_db(
        tmp_path,
        [
            (1, "s", "assistant", "", call({"action": "add", "content": "A"}, "a"), None, T0),
            (1 + window, "s", "tool", reply(staged=True, pending_id="in"), None, "a", T0),
            (100, "s", "assistant", "", call({"action": "add", "content": "B"}, "b"), None, T0),
            (101 + window, "s", "tool", reply(staged=True, pending_id="out"), None, "b", T0),
            (200, "s", "tool", reply(staged=True, pending_id="before"), None, "c", T0),
            (200 + 1, "s", "assistant", "", call({"action": "add", "content": "C"}, "c"), None, T0),
        ],
    )
    assert [(c.content, c.status, c.pending_id) for c in scan_calls(db).calls] == [
        ("A", "staged", "in"),
        ("B", "unconfirmed", None),
        ("C", "unconfirmed", None),
    ]


def test_a_reply_named_for_another_call_is_not_taken_by_an_anonymous_one(tmp_path: Path) -> None:
    mixed = json.dumps(
        [
            {"function": {"name": "memory", "arguments": json.dumps({"action": "add", "content": "A"})}},
            {"id": "b", "function": {"name": "memory", "arguments": json.dumps({"action": "add", "content": "B"})}},
        ]
    )
    db = make_db(
        tmp_path,
        [
            (1, "s", "assistant", "", mixed, None, T0),
            (2, "s", "tool", reply(staged=True, pending_id="b's"), None, "b", T0),
            (3, "s", "tool", reply(staged=True, pending_id="a's"), None, "", T0),
        ],
    )
    assert [(c.content, c.pending_id) for c in scan_calls(db).calls] == [("A", "a's"), ("B", "b's")]


def test_without_tool_call_ids_or_roles_replies_are_taken_in_order(tmp_path: Path) -> None:
    db = make_db(
        tmp_path,
        [
            (1, "s", "", call({"action": "add", "content": "A"}, nested=False), T0),
            (2, "s", reply(staged=True, pending_id="p"), None, T0),
        ],
        messages_sql="CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT, tool_calls TEXT, "
        "timestamp REAL)",
        sessions_sql="CREATE TABLE sessions (name TEXT)",
    )
    (only,) = scan_calls(db).calls
    assert (only.status, only.pending_id, only.session) == ("staged", "p", SessionInfo("s"))
    assert only.at and only.at.timestamp() == T0


def test_a_messages_table_without_content_still_gives_its_calls(tmp_path: Path) -> None:
    """A layout with roles but no content column (a broken or foreign state.db): the calls are
    read, with no reply to confirm them, rather than the whole scan failing on "no such column"."""
    db = make_db(
        tmp_path,
        [(1, "s", "assistant", call({"action": "add", "content": "A"}), None, T0), (2, "s", "tool", None, "c1", T0)],
        messages_sql="CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, tool_calls TEXT, "
        "tool_call_id TEXT, timestamp REAL)",
    )
    scan = scan_calls(db)
    assert scan.problem is None, scan.problem
    (only,) = scan.calls
    assert (only.action, only.content, only.session.id) == ("add", "A", "s")


def test_an_fts_index_finds_the_calls_and_replies_and_rows_after_it_are_scanned(tmp_path: Path) -> None:
    rows = [
        (1, "s", "user", "remember the memory of tea", None, None, T0),
        (2, "s", "assistant", "", call({"action": "add", "content": "A"}, "a"), None, T0),
        (3, "s", "tool", reply(staged=True, pending_id="pa", message="Staged for memory."), None, "a", T0),
        (4, "s", "assistant", "", call({"action": "add", "content": "B"}, "b"), None, T0),  # not indexed
        (5, "s", "tool", reply(staged=True, pending_id="pb"), None, "b", T0),
        (6, "s", "assistant", "no memory here", None, None, T0),
    ]
    db = make_db(tmp_path, rows, [("s", "cli", "m", "/", T0)], fts_rows=[1, 2, 3])
    scan = scan_calls(db)
    assert scan.used_fts and scan.problem is None
    assert [(c.content, c.pending_id) for c in scan.calls] == [("A", "pa"), ("B", "pb")]
    assert scan.rows_read == 3  # the indexed call and its reply, then the call written after the index


def test_an_empty_or_foreign_fts_index_is_not_counted_as_used(tmp_path: Path) -> None:
    rows = [(1, "s", "assistant", "", call({"action": "add", "content": "A"}), None, T0)]
    empty = make_db(tmp_path, rows, fts_rows=[])
    scan = scan_calls(empty)
    assert not scan.used_fts and [c.content for c in scan.calls] == ["A"]
    empty.unlink()
    other = make_db(tmp_path, rows)
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE messages_fts (content TEXT)")  # named like the index, but a plain table
    conn.commit()
    conn.close()
    scan = scan_calls(other)
    assert not scan.used_fts and [c.content for c in scan.calls] == ["A"] and scan.problem is None


def test_an_fts_index_this_sqlite_cannot_read_falls_back_to_a_scan(tmp_path: Path) -> None:
    rows = [(1, "s", "assistant", "", call({"action": "add", "content": "A"}), None, T0)]
    db = make_db(tmp_path, rows, fts_rows=[1])
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA writable_schema = ON")  # as if made by a module this SQLite lacks
    conn.execute("UPDATE sqlite_master SET sql = replace(sql, 'fts5(', 'fts5x(') WHERE name = 'messages_fts'")
    conn.commit()
    conn.close()
    scan = scan_calls(db)
    assert [c.content for c in scan.calls] == ["A"] and not scan.used_fts


def test_every_session_of_many_is_looked_up(tmp_path: Path) -> None:
    n = 1002  # three lookups of at most 500 ids
    db = make_db(
        tmp_path,
        [(i + 1, f"s{i}", "assistant", "", call({"action": "add", "content": f"A{i}"}), None, T0) for i in range(n)],
        [(f"s{i}", f"src{i}", None, None, T0 + i) for i in range(n)],
    )
    scan = scan_calls(db)
    assert [c.session.source for c in scan.calls] == [f"src{i}" for i in range(n)]
    assert scan.session_count == n and scan.oldest_session and scan.oldest_session.timestamp() == T0


def test_a_sessions_table_without_started_at_or_rows_leaves_the_sessions_bare(tmp_path: Path) -> None:
    rows = [(1, "s", "assistant", "", call({"action": "add", "content": "A"}), None, "not a time")]
    db = make_db(tmp_path, rows, [("s", "cli")], sessions_sql="CREATE TABLE sessions (id TEXT, source TEXT)")
    scan = scan_calls(db)
    (only,) = scan.calls
    assert only.session == SessionInfo("s", "cli") and only.at is None
    assert scan.oldest_session is None and scan.session_count == 0
    db.unlink()
    db = make_db(tmp_path, rows, [("other", "cli", "m", "/", T0)])
    scan = scan_calls(db)
    assert scan.calls[0].session == SessionInfo("s") and scan.session_count == 1


def endless_messages(tmp_path: Path) -> Path:
    """A state.db whose ``messages`` is a view that never ends."""
    db = tmp_path / "state.db"
    conn = sqlite3.connect(db)
    conn.executescript(
        "CREATE TABLE sessions (id TEXT, started_at REAL);"
        "CREATE VIEW messages AS WITH RECURSIVE r(id, session_id, tool_calls) AS "
        "(SELECT 1, 's', 'memory' UNION ALL SELECT id + 1, 's', 'memory' FROM r) SELECT * FROM r;"
    )
    conn.close()
    return db


def test_a_scan_stopped_at_the_deadline_keeps_what_it_read_and_says_so(tmp_path: Path) -> None:
    db = endless_messages(tmp_path)
    scan = scan_calls(db, timeout=0.3)
    assert scan.calls == () and scan.problem == (
        f"Looking for memory calls in {db} took longer than 0.3 s and was stopped after 0 candidate rows; "
        "the origins shown come from those only."
    )


def test_a_scan_cut_at_the_row_cap_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [(i + 1, "s", "assistant", "", call({"action": "add", "content": f"A{i}"}), None, T0) for i in range(5)]
    db = make_db(tmp_path, rows, [("s", "cli", "m", "/", T0)])
    monkeypatch.setattr(statedb, "MAX_ROWS", 7 + 5 + 1 + 2)  # the two tables' columns, the session count, 2 rows
    scan = scan_calls(db)
    assert [c.content for c in scan.calls] == ["A0", "A1"]
    assert scan.problem and scan.problem.startswith("Not every memory call was read: only the first 15 rows (")
    assert scan.problem.endswith(
        f" bytes) of {db} were read: hermes-dash reads at most 15 rows or {statedb.MAX_READ_BYTES:,} bytes of it; "
        "the origins shown come from those only."
    )


def test_a_failure_reading_the_columns_is_said_and_the_connection_closed(tmp_path: Path) -> None:
    db = tmp_path / "state.db"
    conn = sqlite3.connect(db)
    conn.executescript("CREATE VIEW messages AS SELECT * FROM gone;")  # its columns cannot be listed
    conn.close()
    scan = scan_calls(db)
    assert scan.calls == () and scan.problem == f"Cannot read sessions from {db} (no such table: main.gone)."


def test_a_file_that_does_not_open_in_time_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    fifo = tmp_path / "state.db"
    os.mkfifo(fifo)
    monkeypatch.setattr(statedb, "not_readable", lambda db: None)  # as if the check had seen a file
    monkeypatch.setattr(statedb, "OPEN_TIMEOUT_S", 0.3)
    try:
        scan = scan_calls(fifo)
        assert scan.calls == () and scan.problem and scan.problem.startswith(f"{fifo} did not open within 0.3 s")
    finally:  # the blocked open was in the reading child, which is gone: no reader is left
        with pytest.raises(OSError, match="No such device"):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def test_a_scan_stopped_at_the_deadline_is_remembered_as_looking_for_memory_calls(tmp_path: Path) -> None:
    db = endless_messages(tmp_path)
    started = time.monotonic()
    first = scan_calls(db, timeout=0.3)
    assert time.monotonic() - started < 2.5  # the scan's own deadline, not the default 3 s
    assert first.used_fts is False and first.problem and "after 0 candidate rows" in first.problem
    again = scan_calls(db, timeout=0.3)
    assert again.problem and again.problem.startswith(
        f"Looking for memory calls from {db} took longer than 0.3 s and was stopped: its tables or views never finish"
    )


def test_a_session_without_source_model_or_cwd_has_them_empty(tmp_path: Path) -> None:
    rows = [(1, "s", "assistant", "", call({"action": "add", "content": "A"}), None, T0)]
    db = make_db(tmp_path, rows, [("s", None, None, None, None)])
    (only,) = scan_calls(db).calls
    assert only.session == SessionInfo("s")


def test_a_call_without_old_text_neither_patches_nor_takes_away() -> None:
    # the memory tool refuses a patch or remove with no old text: it changed nothing
    assert not mc("patch", "3000", None, matched="web on 3000").writes("web on 3000")
    assert not mc("remove", old_text=None).takes_away("XXXX marks a placeholder")
    assert not mc("replace", "new", None).takes_away("XXXX marks a placeholder")


def anonymous(content: str) -> str:
    return json.dumps(
        [{"function": {"name": "memory", "arguments": json.dumps({"action": "add", "content": content})}}]
    )


def test_replies_read_through_the_index_answer_an_anonymous_call_before_other_tools_replies(tmp_path: Path) -> None:
    rows = [
        (1, "s", "assistant", "", anonymous("A"), None, T0),
        (2, "s", "tool", json.dumps({"output": "ls done"}), None, "", T0),  # another tool's reply: not indexed
        (3, "s", "tool", reply(staged=True, pending_id="pa", message="memory staged"), None, "", T0),
    ]
    db = make_db(tmp_path, rows, fts_rows=[1, 3])
    (only,) = scan_calls(db).calls
    assert (only.status, only.pending_id) == ("staged", "pa")


def test_a_named_reply_the_index_missed_is_looked_up(tmp_path: Path) -> None:
    rows = [
        (1, "s", "assistant", "", call({"action": "add", "content": "A"}, "a"), None, T0),
        (2, "s", "tool", reply(staged=True, pending_id="not a's", message="memory staged"), None, "z", T0),
        (3, "s", "tool", reply(staged=True, pending_id="a's"), None, "a", T0),  # not indexed
    ]
    db = make_db(tmp_path, rows, fts_rows=[1, 2])
    (only,) = scan_calls(db).calls
    assert (only.status, only.pending_id) == ("staged", "a's")


def test_a_reply_at_the_windows_last_row_read_through_the_index_counts(tmp_path: Path) -> None:
    two = json.dumps(json.loads(anonymous("A")) + json.loads(anonymous("B")))
    last = 1 + origins._RESULT_WINDOW
    rows = [
        (1, "s", "assistant", "", two, None, T0),
        (2, "s", "tool", reply(staged=True, pending_id="pa", message="memory staged"), None, "", T0),
        (last, "s", "tool", reply(staged=True, pending_id="pb", message="memory staged"), None, "", T0),
    ]
    db = make_db(tmp_path, rows, fts_rows=[1, 2, last])
    assert [c.pending_id for c in scan_calls(db).calls] == ["pa", "pb"]
