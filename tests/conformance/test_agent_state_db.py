"""A state.db written by the released agent's own SessionDB is read right by `snapshot`
(docs/rules.md#snapshot).

The sessions, their frozen prompts and their memory tool calls are all made by the agent's code in
its venv (tests/support/agent_db.py); hermes-dash only reads the result.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from agent_db import agent_at, agent_reads_sessions, build_state_db, require_agent
from app_support import no_exception, open_app, texts
from cli_support import run

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.engine.views.sessions import oldest_prompt, read_sessions
from hermes_dash.engine.views.snapshot import choose_snapshot, diff_live


@pytest.fixture
def agent_home(tmp_path: Path) -> Path:
    require_agent()
    home = tmp_path / "hermes"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text(
        "Project uses pnpm\n§\nCI runs on fly.io\n§\nsync: curl $TRILLIUM_ETAPI_URL/notes", encoding="utf-8"
    )
    (home / "memories" / "USER.md").write_text("prefers tea\n§\nwrites in 中文", encoding="utf-8")
    return home


def test_sessions_written_by_the_agent_are_read_with_their_frozen_blocks(agent_home: Path) -> None:
    made = build_state_db(
        agent_home,
        [
            {
                "id": "20261201_090000_a",
                "source": "cli",
                "model": "hermes-4",
                "cwd": "/work",
                "messages": [
                    {"role": "user", "content": "we moved CI to GitHub Actions"},
                    {
                        "memory_call": {
                            "action": "replace",
                            "target": "memory",
                            "old_text": "fly.io",
                            "content": "CI runs on GitHub Actions",
                        }
                    },
                    {"role": "assistant", "content": "Noted."},
                ],
                "end_reason": "user_exit",
            },
            {
                "id": "20261201_100000_b",
                "source": "telegram",
                "messages": [
                    {"memory_call": {"action": "add", "target": "memory", "content": "deploys on Fridays are frozen"}},
                    {
                        "memory_call": {
                            "operations": [
                                {"action": "remove", "old_text": "中文"},
                                {"action": "add", "content": "answers in English"},
                            ],
                            "target": "user",
                        }
                    },
                ],
            },
        ],
    )
    assert [r["success"] for s in made for r in s["results"]] == [True, True, True]

    store = MemoryStore(resolve_home(agent_home))
    listing = read_sessions(agent_home / "state.db")
    assert listing.problem is None
    assert [s.id for s in listing.sessions] == ["20261201_100000_b", "20261201_090000_a"]
    assert [s.source for s in listing.sessions] == ["telegram", "cli"]
    assert listing.sessions[0].system_prompt == made[1]["system_prompt"]
    assert listing.sessions[1].ended_at is not None and listing.sessions[0].ended_at is None

    snapshot, session_id = choose_snapshot(store)
    assert session_id == "20261201_100000_b"
    # The newest session froze the files after the first session's replace, before its own calls.
    # The curl entry is blocked by 0.19.0's scan: the snapshot holds its placeholder, as injected.
    memory = snapshot.entries["memory"]
    assert memory[:2] == ("Project uses pnpm", "CI runs on GitHub Actions") and len(memory) == 3
    assert memory[2].startswith("[BLOCKED: MEMORY.md entry contained threat pattern(s): exfil_curl.")
    assert snapshot.entries["user"] == ("prefers tea", "writes in 中文")
    for target in ("memory", "user"):
        assert snapshot.blocks[target] in made[1]["system_prompt"] and not snapshot.truncated[target]
    # Against the live files (changed by the session's own calls since it started):
    assert diff_live(store, snapshot, "memory").counts["added"] == 1
    assert {i.kind for i in diff_live(store, snapshot, "user").items} >= {"removed", "added", "unchanged"}

    code, out, err = run(agent_home, "snapshot")
    assert code == 0, err
    assert out["session_id"] == "20261201_100000_b" and out["source"] == "session 20261201_100000_b (telegram)"
    added = [i["live"] for i in out["files"]["memory"]["items"] if i["kind"] == "added"]
    assert added == ["deploys on Fridays are frozen"]
    code, out, err = run(agent_home, "snapshot", "--session", "20261201_090000_a")
    assert code == 0, err
    olds = [i["snapshot"] for i in out["files"]["memory"]["items"] if i["snapshot"]]
    assert "CI runs on fly.io" in olds and out["files"]["memory"]["truncated"] is False

    # The agent's tool calls sit beside the conversation they came from (what provenance reads).
    with sqlite3.connect(f"file:{agent_home / 'state.db'}?mode=ro", uri=True) as conn:
        rows = conn.execute(
            "SELECT role, tool_name, tool_calls FROM messages WHERE session_id = ? ORDER BY id", ("20261201_090000_a",)
        ).fetchall()
    assert [r[0] for r in rows] == ["user", "assistant", "tool", "assistant"]
    call = json.loads(rows[1][2])[0]["function"]
    assert rows[2][1] == "memory" and call["name"] == "memory" and json.loads(call["arguments"])["old_text"] == "fly.io"


def test_an_over_budget_store_recorded_by_the_agent_is_read_whole(agent_home: Path) -> None:
    big = [f"entry {i:02d} " + "z" * 120 for i in range(40)]  # ~5,300 characters against a limit of 200
    (agent_home / "memories" / "MEMORY.md").write_text("\n§\n".join(big), encoding="utf-8")
    made = build_state_db(agent_home, [{"id": "over"}], limits=(200, 1375))
    assert "OVER BUDGET" not in made[0]["system_prompt"] and "truncated" not in made[0]["system_prompt"]
    snapshot, _ = choose_snapshot(MemoryStore(resolve_home(agent_home)))
    assert snapshot.entries["memory"] == tuple(big) and not snapshot.truncated["memory"]


def test_the_snapshot_page_shows_the_agents_session_and_its_blocks(agent_home: Path, monkeypatch, fresh_cache) -> None:
    made = build_state_db(
        agent_home,
        [
            {
                "id": "20261201_110000_c",
                "source": "cli",
                "messages": [{"memory_call": {"action": "add", "target": "memory", "content": "staging is on fly.io"}}],
            },
        ],
    )
    monkeypatch.setenv("HERMES_HOME", str(agent_home))
    at = open_app("snapshot")
    no_exception(at)
    assert at.selectbox(key="snap_session").value == "20261201_110000_c"
    shown = texts(at)
    store = MemoryStore(resolve_home(agent_home))
    # the running session's block, exactly as the agent recorded it, and the next session's
    assert choose_snapshot(store)[0].blocks["memory"] in shown
    assert store.render_block("memory") in shown and store.render_block("memory") != made[0]["system_prompt"]
    assert [(m.label, m.value) for m in at.metric][:4] == [
        ("Added", "1"),
        ("Removed", "0"),
        ("Changed", "0"),
        ("Unchanged", "3"),
    ]


# -- state.db at every agent's schema: from v25 (hermes-agent 0.20) the prompt lives in system_prompts.

AGENTS = ("0.19.0", "0.20.1", "0.22.2")
#: Sessions each agent writes: the first sees the seed files, the second the first's add.
TWO_SESSIONS = [
    {
        "id": "20261201_090000_a",
        "source": "cli",
        "started_at": 1_764_579_600.0,
        "messages": [
            {
                "user": "we moved CI",
                "memory_call": {"action": "add", "target": "memory", "content": "CI runs on GitHub Actions"},
            },
        ],
        "end_reason": "user_exit",
    },
    {"id": "20261201_100000_b", "source": "telegram", "started_at": 1_764_583_200.0},
    {"id": "20261201_110000_c", "source": "cli", "started_at": 1_764_586_800.0, "system_prompt": "no memory here"},
]


def assert_read_as_the_agent_reads(home: Path, python: str) -> dict[str, dict[str, object]]:
    """hermes-dash's sessions, snapshot and oldest prompt against the agent's own ``get_session``
    of the same file, read in the same test."""
    db = home / "state.db"
    theirs = agent_reads_sessions(python, db)
    listing = read_sessions(db)
    assert listing.problem is None
    with_prompt = sorted((s for s in theirs.items() if s[1]["system_prompt"]), key=lambda s: -float(s[1]["started_at"]))
    assert [s.id for s in listing.sessions] == [i for i, _ in with_prompt] and len(with_prompt) == 3
    assert [s.system_prompt for s in listing.sessions] == [s["system_prompt"] for _, s in with_prompt]
    assert oldest_prompt(db) == with_prompt[-1][1]["system_prompt"]
    # the snapshot of a chosen session is that session's own prompt's blocks, as the agent stored it
    store = MemoryStore(resolve_home(home))
    snapshot, chosen = choose_snapshot(store, "20261201_100000_b")
    memory = snapshot.entries["memory"]  # the third seed entry: as each agent's scan injects it
    assert chosen == "20261201_100000_b" and len(memory) == 4
    assert memory[:2] == ("Project uses pnpm", "CI runs on fly.io") and memory[3] == "CI runs on GitHub Actions"
    assert snapshot.blocks["memory"] in str(theirs["20261201_100000_b"]["system_prompt"])
    code, out, err = run(home, "snapshot")
    assert code == 0, err
    assert out["session_id"] == "20261201_110000_c"  # the newest session: its prompt has no memory block
    return theirs


@pytest.mark.parametrize("version", AGENTS)
def test_each_agents_state_db_is_read_as_that_agent_reads_it(agent_home: Path, version: str) -> None:
    python = agent_at(version)
    build_state_db(agent_home, TWO_SESSIONS, python=python)
    with sqlite3.connect(f"file:{agent_home / 'state.db'}?mode=ro", uri=True) as conn:
        (schema,) = conn.execute("SELECT max(version) FROM schema_version").fetchone()
        own = conn.execute("SELECT count(*) FROM sessions WHERE system_prompt IS NOT NULL").fetchone()[0]
    # 0.19.0 keeps each prompt in its session's row (schema 22); 0.20.1 (26) and 0.22.2 (31) in system_prompts
    assert (schema, own) == {"0.19.0": (22, 3), "0.20.1": (26, 0), "0.22.2": (31, 0)}[version]
    assert_read_as_the_agent_reads(agent_home, python)
    # provenance: an entry in the oldest session's prompt was there before the sessions began
    code, out, err = run(agent_home, "blame", "memory")
    assert code == 0, err
    origins = {e["text"]: e["origin"]["kind"] for e in out["entries"]}
    assert origins["Project uses pnpm"] == "before" and origins["CI runs on GitHub Actions"] == "agent"


def test_a_state_db_migrated_by_the_newer_agent_keeps_its_sessions(agent_home: Path) -> None:
    """0.19.0 writes the sessions; 0.22.2's SessionDB opens the file (as the updated agent does) and
    moves every prompt into system_prompts."""
    build_state_db(agent_home, TWO_SESSIONS, python=agent_at("0.19.0"))
    newer = agent_at("0.22.2")
    agent_reads_sessions(newer, agent_home / "state.db")  # the open migrates the file
    with sqlite3.connect(f"file:{agent_home / 'state.db'}?mode=ro", uri=True) as conn:
        assert conn.execute("SELECT max(version) FROM schema_version").fetchone()[0] == 31
        assert conn.execute("SELECT count(*) FROM sessions WHERE system_prompt IS NOT NULL").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM system_prompts").fetchone()[0] == 3
    assert_read_as_the_agent_reads(agent_home, newer)


def test_a_schema_hermes_dash_does_not_know_says_so_on_the_command_line_and_the_page(
    agent_home: Path, monkeypatch, fresh_cache
) -> None:
    """A later agent that moves the prompts again (here: 0.22.2's file with its system_prompts
    renamed and a newer schema number): no empty list, but what was found and what to do."""
    build_state_db(agent_home, TWO_SESSIONS, python=agent_at("0.22.2"))
    with sqlite3.connect(agent_home / "state.db") as conn:
        conn.execute("ALTER TABLE system_prompts RENAME TO prompt_store")
        conn.execute("UPDATE schema_version SET version = 40")
    conn.close()
    said = read_sessions(agent_home / "state.db").problem
    assert said is not None and said.startswith(f"{agent_home / 'state.db'} is laid out as no Hermes version")
    assert "(schema version 40; sessions columns: " in said and "It holds 3 sessions, none with a prompt there." in said
    assert "Update hermes-dash" in said and "snapshot --freeze" in said
    code, out, err = run(agent_home, "snapshot", json_out=False)
    assert code != 0 and "There is no snapshot to compare with." in err and "schema version 40" in err
    monkeypatch.setenv("HERMES_HOME", str(agent_home))
    at = open_app("snapshot")
    no_exception(at)
    assert any("is laid out as no Hermes version hermes-dash knows (schema version 40" in t for t in texts(at))
