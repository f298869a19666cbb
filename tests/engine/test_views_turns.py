"""The turn around a memory call, read from state.db: the "why" (the user's message and the
assistant's text) and the messages the dialog shows (docs/provenance.md).

Most files here are written with sqlite3 in the agent's own table shape (the columns
hermes-dash reads), so each test can place exactly the rows it needs; one is written by the
released agent itself, for the way it stores a message made of parts.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from hermes_dash.engine.views.origins import (
    MemoryCall,
    Reason,
    TurnMessage,
    call_reasons,
    call_turn,
    reason,
    scan_calls,
)

T0 = 1_764_400_000.0
MESSAGES = (
    "CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, role TEXT NOT NULL, "
    "content TEXT, tool_call_id TEXT, tool_calls TEXT, tool_name TEXT, timestamp REAL NOT NULL)"
)


def memory(*calls: dict[str, object]) -> str:
    """An assistant row's ``tool_calls``: one memory call per argument set, as the agent records them."""
    return json.dumps(
        [
            {"id": f"call_{n}", "type": "function", "function": {"name": "memory", "arguments": json.dumps(a)}}
            for n, a in enumerate(calls)
        ]
    )


ADD = memory({"action": "add", "content": "Deploys: make ship"})


def make_db(path: Path, rows: list[tuple[str, str, object, str | None]], messages: str = MESSAGES) -> Path:
    """``rows``: (session, role, content, tool_calls) in order; ids 1, 2, …, timestamps T0 + id."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL)")
    conn.executemany("INSERT INTO sessions VALUES (?, 'cli', ?)", [("s", T0), ("other", T0)])
    conn.execute(messages)
    columns = [r[1] for r in conn.execute("PRAGMA table_info(messages)")]
    for n, (session, role, content, calls) in enumerate(rows, start=1):
        value = {
            "id": n,
            "session_id": session,
            "role": role,
            "content": content,
            "tool_calls": calls,
            "timestamp": T0 + n,
        }
        kept = [c for c in columns if c in value]
        conn.execute(
            f"INSERT INTO messages ({', '.join(kept)}) VALUES ({', '.join('?' * len(kept))})",  # noqa: S608
            [value[c] for c in kept],
        )
    conn.commit()
    conn.close()
    return path


def calls_in(db: Path) -> list[MemoryCall]:
    scan = scan_calls(db)
    assert scan.problem is None, scan.problem
    return list(scan.calls)


def why(db: Path) -> Reason:
    (call,) = calls_in(db)
    return reason(db, call)


def twin_call(tmp_path: Path, rows: list[tuple[str, str, object, str | None]]) -> MemoryCall:
    """The one call among ``rows`` as found in a full-schema file: the scan needs the content
    column, and the reason and the turn are read from an older file with the same rows."""
    (call,) = calls_in(make_db(tmp_path / "full.db", rows))
    return call


# -- the reason ---------------------------------------------------------------------------------------


def test_the_reason_is_the_users_message_and_the_assistants_own_text(tmp_path: Path) -> None:
    db = make_db(
        tmp_path / "state.db",
        [
            ("s", "user", "An older question", None),
            ("s", "assistant", "An older answer", None),
            ("s", "user", "We deploy with make ship", None),
            ("s", "assistant", "I'll save the deploy command.", ADD),
        ],
    )
    found = why(db)
    assert found == Reason("We deploy with make ship", "I'll save the deploy command.", found.user_at)
    assert found.user_at is not None and found.user_at.timestamp() == T0 + 3 and found.user_at.tzinfo is not None


def test_a_call_without_text_takes_the_assistants_text_earlier_in_the_same_turn(tmp_path: Path) -> None:
    db = make_db(
        tmp_path / "state.db",
        [
            ("s", "assistant", "Said before the user spoke", None),
            ("s", "user", "Remember the deploy command", None),
            ("s", "assistant", "Looking at the Makefile first.", None),
            ("s", "assistant", "Saving it now.", None),
            ("s", "assistant", "", None),
            ("other", "assistant", "Another session's text", None),
            ("s", "assistant", "", ADD),
        ],
    )
    assert why(db) == Reason("Remember the deploy command", "Saving it now.", why(db).user_at)


def test_the_assistants_text_is_never_taken_from_before_the_users_message(tmp_path: Path) -> None:
    db = make_db(
        tmp_path / "state.db",
        [
            ("s", "assistant", "Said before the user spoke", None),
            ("s", "user", "Remember the deploy command", None),
            ("s", "assistant", "", ADD),
        ],
    )
    assert why(db).assistant == ""


def test_a_call_with_no_user_message_before_it_still_has_the_assistants_text(tmp_path: Path) -> None:
    """A background review's session starts with the assistant: the first row (id 1) is its text."""
    db = make_db(
        tmp_path / "state.db",
        [("s", "assistant", "The user keeps asking for brevity.", None), ("s", "assistant", "", ADD)],
    )
    assert why(db) == Reason("", "The user keeps asking for brevity.", None)


def test_the_users_message_is_the_one_of_the_calls_own_session(tmp_path: Path) -> None:
    db = make_db(
        tmp_path / "state.db",
        [
            ("s", "user", "Mine", None),
            ("other", "user", "Another session's question", None),
            ("s", "assistant", "ok", ADD),
        ],
    )
    assert why(db).user == "Mine"


def test_a_state_db_without_timestamps_gives_the_reason_without_its_time(tmp_path: Path) -> None:
    db = make_db(
        tmp_path / "state.db",
        [("s", "user", "Remember this", None), ("s", "assistant", "Saved.", ADD)],
        messages="CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, content TEXT, "
        "tool_calls TEXT)",
    )
    assert why(db) == Reason("Remember this", "Saved.", None)


def test_a_call_whose_row_is_gone_by_the_time_its_reason_is_read(tmp_path: Path) -> None:
    """The agent may prune a session between the scan and the read: its own text is then not
    found, and the turn's earlier text stands in."""
    db = make_db(
        tmp_path / "state.db",
        [
            ("s", "user", "Remember this", None),
            ("s", "assistant", "Thinking.", None),
            ("s", "assistant", "Own text", ADD),
        ],
    )
    (call,) = calls_in(db)
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM messages WHERE id = 3")
    assert reason(db, call) == Reason("Remember this", "Thinking.", reason(db, call).user_at)


def test_reasons_of_several_calls_are_keyed_by_their_message(tmp_path: Path) -> None:
    db = make_db(
        tmp_path / "state.db",
        [
            ("s", "user", "First question", None),
            ("s", "assistant", "first", ADD),
            ("s", "user", "Second question", None),
            ("s", "assistant", "second", memory({"action": "remove", "old_text": "Deploys"})),
        ],
    )
    calls = calls_in(db)
    found = call_reasons(db, calls)
    assert {k: (v.user, v.assistant) for k, v in found.items()} == {
        2: ("First question", "first"),
        4: ("Second question", "second"),
    }
    assert call_reasons(db, []) == {}


def test_no_reason_from_a_file_that_is_missing_or_has_no_text(tmp_path: Path) -> None:
    rows: list[tuple[str, str, object, str | None]] = [
        ("s", "user", "Remember this", None),
        ("s", "assistant", "Saved.", ADD),
    ]
    call = twin_call(tmp_path, rows)
    db = make_db(
        tmp_path / "state.db", rows,
        messages="CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, tool_calls TEXT)",
    )  # fmt: skip
    assert call_reasons(db, [call]) == {} and reason(db, call) == Reason()
    assert call_reasons(tmp_path / "absent.db", [call]) == {} and reason(tmp_path / "absent.db", call) == Reason()
    assert not (tmp_path / "absent.db").exists()


# -- the reason's text: plain, cut to a few lines ------------------------------------------------------


@pytest.mark.parametrize(
    "text, shown",
    [
        ("  one\n\n  two   \n\n\nthree  ", "one\n  two\nthree"),  # blank lines and trailing spaces dropped
        ("1\n2\n3\n4", "1\n2\n3\n4"),  # four lines: whole
        ("1\n2\n3\n4\n5\n6", "1\n2\n3\n4\n…"),  # more: the first four, and said so
        ("x" * 400, "x" * 400),  # 400 characters: whole
        ("x" * 399 + " y", "x" * 399 + "…"),  # more: cut at 400, its trailing space dropped
        ("1\n2\n3\n4\n5\n" + "x" * 400, "1\n2\n3\n4\n…"),  # the fifth line's length does not count
        ("tab\there\x1b[31m red\x07", "tab\there[31m red"),  # control characters dropped, tabs kept
        ("[urgent] deploy with make ship", "[urgent] deploy with make ship"),  # text that only starts like JSON
        ("[1, 2] are the ports", "[1, 2] are the ports"),
    ],
)
def test_the_users_message_is_plain_text_cut_to_four_lines(tmp_path: Path, text: str, shown: str) -> None:
    db = make_db(tmp_path / "state.db", [("s", "user", text, None), ("s", "assistant", None, ADD)])
    assert why(db) == Reason(shown, "", why(db).user_at)


def test_a_message_of_parts_as_the_agent_stores_it_shows_its_text_parts(tmp_path: Path) -> None:
    """The agent keeps a message made of parts (text and an image) as ``"\\x00json:" + JSON``
    (hermes_state's _encode_content): its text parts are the message, the image is left out."""
    from agent_db import build_state_db

    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    parts = [
        {"type": "text", "text": "Remember this screenshot:"},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
        {"type": "text", "text": "the deploy button is red"},
    ]
    build_state_db(
        home,
        [
            {
                "id": "s",
                "messages": [
                    {"role": "user", "content": parts},
                    {"memory_call": {"action": "add", "content": "Deploy button: red"}},
                ],
            }
        ],
    )
    assert why(home / "state.db").user == "Remember this screenshot:\nthe deploy button is red"


# -- the whole turn, for the dialog --------------------------------------------------------------------


def long_session(tmp_path: Path) -> tuple[Path, MemoryCall]:
    """Ten user/assistant rows, the call (id 12), five more; another session's rows in between."""
    rows: list[tuple[str, str, object, str | None]] = [
        ("s", "user" if n % 2 else "assistant", f"m{n}", None) for n in range(1, 11)
    ]
    rows.append(("other", "user", "not this session", None))
    rows.append(("s", "assistant", "", ADD))
    rows.append(("other", "user", "not this session either", None))
    rows += [("s", "tool" if n == 14 else "user", f"m{n}", None) for n in range(14, 19)]
    db = make_db(tmp_path / "state.db", rows)
    (call,) = calls_in(db)
    assert call.message_id == 12
    return db, call


def test_the_turn_is_six_messages_before_the_call_and_three_after(tmp_path: Path) -> None:
    db, call = long_session(tmp_path)
    shown = call_turn(db, call)
    assert [m.text for m in shown] == [
        "m5", "m6", "m7", "m8", "m9", "m10",
        'memory({"action": "add", "content": "Deploys: make ship"})',
        "m14", "m15", "m16",
    ]  # fmt: skip
    assert [m.is_call for m in shown] == [False] * 6 + [True] + [False] * 3
    assert [m.role for m in shown][4:8] == ["user", "assistant", "assistant", "tool"]
    assert [m.at.timestamp() for m in shown if m.at] == [T0 + n for n in (5, 6, 7, 8, 9, 10, 12, 14, 15, 16)]


def test_the_turns_window_can_be_asked_for(tmp_path: Path) -> None:
    db, call = long_session(tmp_path)
    assert [m.text for m in call_turn(db, call, before=1, after=1)] == ["m10", call_turn(db, call)[6].text, "m14"]
    assert [m.is_call for m in call_turn(db, call, before=0, after=0)] == [True]


def test_a_turns_messages_are_cut_to_twelve_lines(tmp_path: Path) -> None:
    lines = "\n".join(str(n) for n in range(1, 14))
    db = make_db(
        tmp_path / "state.db",
        [
            ("s", "user", lines, None),
            ("s", "user", "x" * 1200, None),
            ("s", "user", "y" * 1201, None),
            ("s", "assistant", "", ADD),
        ],
    )
    (call,) = calls_in(db)
    texts = [m.text for m in call_turn(db, call)]
    assert texts[:3] == ["\n".join(lines.splitlines()[:12]) + "\n…", "x" * 1200, "y" * 1200 + "…"]


def test_a_call_rows_text_is_its_memory_calls_when_it_has_no_words(tmp_path: Path) -> None:
    two = memory({"action": "add", "content": "Café opens at 8"}, {"action": "add", "content": "z" * 400})
    db = make_db(
        tmp_path / "state.db",
        [("s", "user", "note both", None), ("s", "assistant", "", two), ("s", "assistant", "Saving.", ADD)],
    )
    first, second = calls_in(db)[0], calls_in(db)[-1]
    shown = call_turn(db, first)
    long_args = json.dumps({"action": "add", "content": "z" * 400})[:300]
    assert shown[1].text == f'memory({{"action": "add", "content": "Café opens at 8"}}); memory({long_args})'
    assert shown[1].is_call and not shown[2].is_call
    assert [m.text for m in call_turn(db, second)][2] == "Saving."  # words it has are shown instead


def test_a_turn_from_an_older_schema_takes_the_columns_there_are(tmp_path: Path) -> None:
    rows: list[tuple[str, str, object, str | None]] = [("s", "user", "hi", None), ("s", "assistant", "", ADD)]
    call = twin_call(tmp_path, rows)
    db = make_db(
        tmp_path / "state.db", rows,
        messages="CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, tool_calls TEXT)",
    )  # fmt: skip
    assert call_turn(db, call) == [
        TurnMessage("user", "", None),
        TurnMessage("assistant", 'memory({"action": "add", "content": "Deploys: make ship"})', None, True),
    ]
    no_role = make_db(
        tmp_path / "no_role.db", rows,
        messages="CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT, tool_calls TEXT)",
    )  # fmt: skip
    assert call_turn(no_role, call) == []
    assert call_turn(tmp_path / "absent.db", call) == [] and not (tmp_path / "absent.db").exists()


def test_a_turn_that_never_finishes_reading_is_stopped(tmp_path: Path) -> None:
    db, call = long_session(tmp_path)
    endless = tmp_path / "endless.db"
    conn = sqlite3.connect(endless)
    conn.executescript(
        "CREATE TABLE sessions (id TEXT);"
        "CREATE VIEW messages AS WITH RECURSIVE r(id, session_id, role, content, tool_calls, timestamp) AS "
        "(SELECT 1, 's', 'user', 'x', NULL, 1.0 UNION ALL SELECT id + 1, 's', 'user', 'x', NULL, 1.0 FROM r) "
        "SELECT * FROM r;"
    )
    conn.close()
    started = time.monotonic()
    assert call_turn(endless, call, timeout=0.3) == []
    assert time.monotonic() - started < 5


def endless_db(path: Path) -> Path:
    """A state.db whose ``messages`` is a view that never ends (a crafted file)."""
    conn = sqlite3.connect(path)
    conn.executescript(
        "CREATE TABLE sessions (id TEXT);"
        "CREATE VIEW messages AS WITH RECURSIVE r(id, session_id, role, content, tool_calls, timestamp) AS "
        "(SELECT 1, 's', 'user', 'x', NULL, 1.0 UNION ALL SELECT id + 1, 's', 'user', 'x', NULL, 1.0 FROM r) "
        "SELECT * FROM r;"
    )
    conn.close()
    return path


def test_each_read_of_a_turn_is_stopped_at_its_own_deadline(tmp_path: Path) -> None:
    """One call's reason and its turn (a dialog waiting) give up after 1 s, the reasons of a page
    of calls after 2 s; the margins leave room for a loaded machine."""
    _, call = long_session(tmp_path)
    for read, deadline in ((reason, 1.0), (call_turn, 1.0), (lambda db, c: call_reasons(db, [c]), 2.0)):
        db = endless_db(tmp_path / f"endless-{deadline}-{len(list(tmp_path.iterdir()))}.db")
        started = time.monotonic()
        assert read(db, call) in (Reason(), [], {})
        took = time.monotonic() - started
        assert deadline - 0.05 < took < deadline + 0.8, (read, took)
