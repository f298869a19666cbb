"""Where every entry came from, on sessions the released agent itself recorded (docs/provenance.md).

Each test plays real turns through the installed agent (its SessionDB and memory tool, see
tests/support/agent_db.py), then asks hermes-dash for each entry's origin and reason.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
from pathlib import Path

import agent_db
import pytest
from cli_support import run

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import blame, pending
from hermes_dash.engine.io.journal import JOURNAL_NAME, journal_via, read_journal
from hermes_dash.engine.views.origins import scan_calls

DAY = 86_400


def _turn(user: str, memory: dict[str, object], at: float, assistant: str = "", **extra: object) -> dict[str, object]:
    """One turn: the user's message, then the assistant's memory call (the agent runs it) and its reply."""
    return {"user": user, "content": assistant, "memory_call": memory, "at": at, **extra}


@pytest.fixture
def played(home: Path) -> tuple[MemoryStore, float]:
    """Two sessions: add, replace, remove, a batch (add + replace + remove), a write staged by a
    background review and then approved in hermes-dash, and an entry written by hand."""
    t0 = time.time() - 3 * DAY
    (home / "memories").mkdir()
    (home / "memories" / "MEMORY.md").write_text("Old fact from before any session", encoding="utf-8")
    agent_db.build_state_db(
        home,
        [
            {
                "id": "20261128_090000_aaaa",
                "source": "cli",
                "model": "model-a",
                "cwd": "/work/shop",
                "started_at": t0,
                "messages": [
                    _turn(
                        "We deploy with make deploy, remember that.",
                        {"action": "add", "content": "Deploys: make deploy"},
                        t0 + 60,
                        "I'll save the deploy command.",
                    ),
                    _turn(
                        "Correction: it is make ship now.\nThe old target is gone.",
                        {"action": "replace", "old_text": "make deploy", "content": "Deploys: make ship"},
                        t0 + 120,
                        "Updating the deploy note.",
                    ),
                    _turn(
                        "Note that staging is flaky.",
                        {"action": "add", "content": "Staging is flaky on Mondays"},
                        t0 + 180,
                    ),
                    _turn(
                        "Forget the staging note.",
                        {"action": "remove", "old_text": "Staging is flaky"},
                        t0 + 240,
                        "Removing it.",
                    ),
                ],
            },
            {
                "id": "20261129_100000_bbbb",
                "source": "telegram",
                "model": "model-b",
                "started_at": t0 + DAY,
                "messages": [
                    _turn(
                        "Tidy up: tests use pytest -x, the CI is GitHub, and drop the deploy note?",
                        {
                            "operations": [
                                {"action": "add", "content": "Tests: pytest -x"},
                                {"action": "add", "content": "CI runs on GitHub Actions"},
                                {"action": "replace", "old_text": "Tests: pytest", "content": "Tests: pytest -x -q"},
                            ]
                        },
                        t0 + DAY + 60,
                        "One batch for all three.",
                    ),
                    _turn(
                        "(background review)",
                        {"action": "add", "target": "user", "content": "Prefers short answers"},
                        t0 + DAY + 120,
                        "The user keeps asking for brevity.",
                        stage=True,
                    ),
                ],
            },
        ],
    )
    store = MemoryStore(resolve_home(home))
    staged = pending.list_pending(store)
    assert [s.origin for s in staged] == ["background_review"]
    with journal_via("dashboard: Inbox"):
        assert pending.approve(store, [staged[0].id])[0].ok
    path = home / "memories" / "MEMORY.md"
    path.write_text(path.read_text(encoding="utf-8") + "\n§\nWritten by hand in an editor", encoding="utf-8")
    return store, t0


def test_every_entry_has_its_origin_and_reason(played: tuple[MemoryStore, float]) -> None:
    store, t0 = played
    found = blame.blame(store)
    assert found.used_fts and found.sessions == 2 and not found.problems
    by_text = {(e.target, e.text): e for e in found.entries}
    assert set(by_text) == {
        ("memory", "Old fact from before any session"),
        ("memory", "Deploys: make ship"),
        ("memory", "CI runs on GitHub Actions"),
        ("memory", "Tests: pytest -x -q"),
        ("memory", "Written by hand in an editor"),
        ("memory", "Staging is flaky on Mondays"),
        ("user", "Prefers short answers"),
    }

    ship = by_text["memory", "Deploys: make ship"]
    assert ship.origin.kind == "agent" and ship.origin.call and ship.origin.call.action == "replace"
    assert ship.origin.session and ship.origin.session.source == "cli" and ship.origin.session.model == "model-a"
    assert ship.origin.session.cwd == "/work/shop"
    assert ship.origin.reason and ship.origin.reason.user == "Correction: it is make ship now.\nThe old target is gone."
    assert ship.origin.reason.assistant == "Updating the deploy note."
    assert abs(ship.origin.at.timestamp() - (t0 + 121)) < 1  # type: ignore[union-attr]
    assert [(e.kind, e.text) for e in ship.life] == [("agent", "Deploys: make deploy"), ("agent", "Deploys: make ship")]

    tests = by_text["memory", "Tests: pytest -x -q"]  # added and replaced inside one batch
    assert tests.origin.call and tests.origin.call.batch_index == 2 and tests.origin.session.source == "telegram"  # type: ignore[union-attr]
    assert "operation 3 of a batch" in tests.origin.label
    assert tests.origin.reason and tests.origin.reason.user.startswith("Tidy up")
    ci = by_text["memory", "CI runs on GitHub Actions"]
    assert ci.origin.call and ci.origin.call.batch_index == 1

    gone = by_text["memory", "Staging is flaky on Mondays"]
    assert not gone.present and gone.origin.kind == "removed" and gone.origin.call.action == "remove"  # type: ignore[union-attr]
    assert gone.origin.reason and gone.origin.reason.user == "Forget the staging note."
    assert gone.origin.reason.assistant == "Removing it."

    approved = by_text["user", "Prefers short answers"]
    assert approved.origin.kind == "approved"
    assert approved.origin.label.startswith(
        "approved from the Inbox (staged by a background review in session 20261129_100000_bbbb"
    )
    assert approved.origin.reason and approved.origin.reason.assistant == "The user keeps asking for brevity."
    assert approved.origin.via == "dashboard: Inbox"

    before = by_text["memory", "Old fact from before any session"]
    assert before.origin.kind == "before" and before.origin.label.startswith("in the file before the oldest session")
    hand = by_text["memory", "Written by hand in an editor"]
    assert hand.origin.kind == "outside" and hand.origin.label == "edited outside the agent (hand edit or git)"


def test_hermes_dash_writes_restores_and_undo_are_labelled(played: tuple[MemoryStore, float]) -> None:
    store, _ = played
    code, _, err = run(store.home.root, "add", "memory", "Added from the command line")
    assert code == 0, err
    undone = store.replace("memory", "CI runs on", "CI runs on Buildkite")
    store.undo(undone)
    lines = read_journal(store.home.memories_dir)
    assert lines[-3].via == "command line: hermes-dash add" and lines[-3].put_in("Added from the command line")
    found = blame.blame(store, "memory")
    mine = found.of("memory", "Added from the command line")
    assert mine and mine.origin.kind == "you" and mine.origin.label.startswith("written by hermes-dash on ")
    assert "(command line: hermes-dash add)" in mine.origin.label
    back = found.of("memory", "CI runs on GitHub Actions")
    assert back and back.origin.kind == "restored" and "undo" in back.origin.label


def test_the_journal_is_private_bounded_and_never_fails_a_write(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hermes_dash.engine.io import journal  # the journal's own bound, lowered for the test

    monkeypatch.setattr(journal, "MAX_BYTES", 4096)
    store.add("memory", "entry number 0 " + "x" * 40)
    for n in range(1, 60):
        store.replace("memory", f"entry number {n - 1} ", f"entry number {n} " + "x" * 40)
    path = store.home.memories_dir / JOURNAL_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.stat().st_size <= 4096
    kept = read_journal(store.home.memories_dir)
    assert kept and kept[-1].put_in("entry number 59 " + "x" * 40) and not kept[0].put_in("entry number 0 " + "x" * 40)
    # A link planted at the journal's name is not followed, and the write still succeeds.
    path.unlink()
    elsewhere = store.home.root / "elsewhere.txt"
    elsewhere.write_text("keep me", encoding="utf-8")
    path.symlink_to(elsewhere)
    assert store.add("memory", "still written").changed
    assert elsewhere.read_text(encoding="utf-8") == "keep me"
    assert "still written" in store.read("memory").entries


def test_patch_and_new_text_from_newer_agents(home: Path) -> None:
    t0 = time.time() - DAY
    (home / "memories").mkdir()
    (home / "memories" / "MEMORY.md").write_text("Ports: api on 8080, web on 3001\n§\nLint with ruff", encoding="utf-8")
    agent_db.build_state_db(
        home,
        [
            {
                "id": "s-new",
                "source": "cli",
                "started_at": t0,
                "messages": [
                    _turn(
                        "web moved to 3000",
                        {"action": "patch", "old_text": "3001", "new_text": "3000"},
                        t0 + 10,
                        reply={
                            "success": True,
                            "patched_entry_before": "Ports: api on 8080, web on 3001",
                            "patched_entry_after": "Ports: api on 8080, web on 3000",
                        },
                    ),
                    _turn(
                        "lint rule",
                        {
                            "operations": [
                                {"action": "replace", "old_text": "Lint with", "new_text": "Lint: ruff check"}
                            ]
                        },
                        t0 + 20,
                        reply={"success": True, "operations": [{"replaced_entry": "Lint with ruff"}]},
                    ),
                ],
            }
        ],
    )
    (home / "memories" / "MEMORY.md").write_text(
        "Ports: api on 8080, web on 3000\n§\nLint: ruff check", encoding="utf-8"
    )
    found = blame.blame(MemoryStore(resolve_home(home)), "memory")
    ports = found.of("memory", "Ports: api on 8080, web on 3000")
    assert ports and ports.origin.kind == "agent" and ports.origin.call.action == "patch"  # type: ignore[union-attr]
    lint = found.of("memory", "Lint: ruff check")
    assert lint and lint.origin.kind == "agent" and lint.origin.call.matched == "Lint with ruff"  # type: ignore[union-attr]


def _old_schema_db(db: Path, fts: bool) -> None:
    """An older state.db: few columns, no model or cwd, tool calls as ``[{name, arguments}]``."""
    conn = sqlite3.connect(db)
    conn.executescript(
        "CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL);"
        "CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, content TEXT, "
        "tool_calls TEXT, timestamp REAL);"
    )
    conn.execute("INSERT INTO sessions VALUES ('old', 'cli', ?)", (time.time() - DAY,))
    call = json.dumps({"action": "add", "content": "VPN: wg-quick up"})
    rows = [
        ("user", "remember the vpn", None),
        ("assistant", "", json.dumps([{"name": "memory", "arguments": call}])),
        ("tool", json.dumps({"success": True, "message": "Entry added."}), None),
    ]
    for n, (role, content, calls) in enumerate(rows):
        conn.execute("INSERT INTO messages VALUES (?, 'old', ?, ?, ?, ?)", (n + 1, role, content, calls, time.time()))
    if fts:  # an index that stopped before the last rows: those are scanned
        conn.execute("CREATE VIRTUAL TABLE messages_fts USING fts5(content)")
        conn.execute("INSERT INTO messages_fts (rowid, content) VALUES (1, 'remember the vpn')")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("fts", [False, True])
def test_older_schemas_take_only_the_columns_that_exist(home: Path, fts: bool) -> None:
    (home / "memories").mkdir()
    (home / "memories" / "MEMORY.md").write_text("VPN: wg-quick up", encoding="utf-8")
    _old_schema_db(home / "state.db", fts)
    before = (home / "state.db").read_bytes()
    found = blame.blame(MemoryStore(resolve_home(home)), "memory")
    assert found.used_fts is fts and not found.problems
    entry = found.of("memory", "VPN: wg-quick up")
    assert entry and entry.origin.kind == "agent" and entry.origin.session.source == "cli"  # type: ignore[union-attr]
    assert entry.origin.session.model == "" and entry.origin.reason.user == "remember the vpn"  # type: ignore[union-attr]
    assert (home / "state.db").read_bytes() == before  # read-only


def test_a_state_db_that_never_finishes_is_stopped(home: Path) -> None:
    conn = sqlite3.connect(home / "state.db")
    conn.executescript(
        "CREATE TABLE sessions (id TEXT, started_at REAL);"
        "CREATE VIEW messages AS WITH RECURSIVE r(id, session_id, tool_calls) AS "
        "(SELECT 1, 's', 'memory' UNION ALL SELECT id + 1, 's', 'memory' FROM r) SELECT * FROM r;"
    )
    conn.close()
    started = time.monotonic()
    scan = scan_calls(home / "state.db", timeout=0.5)
    assert time.monotonic() - started < 5
    assert scan.problem and "took longer than 0.5 s" in scan.problem


def _git(repo: Path, *args: str, env: dict[str, str] | None = None) -> None:
    import subprocess

    subprocess.run(
        ["git", *args],
        cwd=repo,
        check=True,
        capture_output=True,
        env={**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(repo.parent), **(env or {})},
    )


def test_git_blame_of_a_shared_memory_runs_nothing_the_repository_names(home: Path, tmp_path: Path) -> None:
    repo = tmp_path / "team"
    repo.mkdir()
    marker = tmp_path / "ran"
    _git(repo, "init", "-q", "-b", "main")
    shared = repo / "MEMORY.md"
    shared.write_text("Builds use make", encoding="utf-8")
    _git(repo, "add", "MEMORY.md")
    _git(
        repo,
        "commit",
        "-qm",
        "first",
        env={
            "GIT_AUTHOR_NAME": "Ana",
            "GIT_AUTHOR_EMAIL": "a@x",
            "GIT_COMMITTER_NAME": "Ana",
            "GIT_COMMITTER_EMAIL": "a@x",
        },
    )
    shared.write_text("Builds use make\n§\nReview needs two approvals", encoding="utf-8")
    _git(
        repo,
        "commit",
        "-qam",
        "second",
        env={
            "GIT_AUTHOR_NAME": "Ben",
            "GIT_AUTHOR_EMAIL": "b@x",
            "GIT_COMMITTER_NAME": "Ben",
            "GIT_COMMITTER_EMAIL": "b@x",
        },
    )
    # Then a hostile config: every program git could be asked to run touches the marker.
    evil = f"touch {marker}"
    (repo / ".gitattributes").write_text("* filter=evil diff=evil\n", encoding="utf-8")
    with open(repo / ".git" / "config", "a", encoding="utf-8") as cfg:
        cfg.write(
            f'[filter "evil"]\n\tclean = {evil}\n\tsmudge = {evil}\n\tprocess = {evil}\n'
            f'[diff "evil"]\n\ttextconv = {evil}\n[core]\n\tfsmonitor = {evil}\n\tpager = {evil}\n'
        )
    hooks = repo / ".git" / "hooks"
    for name in ("post-checkout", "pre-commit", "reference-transaction"):
        (hooks / name).write_text(f"#!/bin/sh\n{evil}\n", encoding="utf-8")
        (hooks / name).chmod(0o755)
    shared.write_text("Builds use make\n§\nReview needs two approvals\n§\nNot committed yet", encoding="utf-8")
    (home / "memories").mkdir()
    (home / "memories" / "MEMORY.md").symlink_to(shared)
    found = blame.blame(MemoryStore(resolve_home(home)), "memory")
    assert not marker.exists(), "git ran a program the repository names"
    make = found.of("memory", "Builds use make")
    review = found.of("memory", "Review needs two approvals")
    fresh = found.of("memory", "Not committed yet")
    assert make and make.origin.kind == "git" and make.origin.short == "git: Ana" and make.git.commit.subject == "first"  # type: ignore[union-attr]
    assert review and review.origin.short == "git: Ben"
    assert fresh and fresh.origin.kind == "outside" and fresh.git and fresh.git.short == "git: uncommitted"
    # The history read is bounded: with room for one commit, the older entry is put on the oldest
    # commit read, "or earlier".
    bounded = blame.git_blame(shared, ["Builds use make"], max_commits=1)
    assert bounded and not bounded.complete and bounded.introduced["Builds use make"].subject == "first"
    assert blame.git_blame(shared, ["Review needs two approvals"], max_commits=1).complete  # type: ignore[union-attr]  # a repository: not None


def test_blame_command_prints_and_answers_json(played: tuple[MemoryStore, float]) -> None:
    store, _ = played
    code, text, err = run(store.home.root, "blame", "memory", "make ship", json_out=False)
    assert code == 0, err
    assert "replaced into this text by session 20261128_090000_aaaa (cli, model-a) in /work/shop" in text
    assert "| Correction: it is make ship now." in text and "Deploys: make deploy" in text
    code, data, _ = run(store.home.root, "blame", "user")
    assert code == 0 and data["used_fts"] is True and data["entries"][0]["origin"]["kind"] == "approved"
    assert data["entries"][0]["origin"]["session"]["source"] == "telegram"
    code, _, err = run(store.home.root, "blame", "memory", "no such text anywhere", json_out=False)
    assert code == 1 and "No entry of MEMORY.md contains that text" in err


def test_history_says_who_made_each_version(played: tuple[MemoryStore, float]) -> None:
    store, _ = played
    store.replace("memory", "CI runs on", "CI runs on Buildkite")  # hermes-dash keeps the old bytes first
    code, data, err = run(store.home.root, "history", "memory")
    assert code == 0, err
    made = [v["made_by"] for v in data["versions"]]
    assert made[0] == "before the oldest backup"
    assert made[-1] == "you (hermes-dash)"


def test_a_messages_view_that_calls_functions_is_not_run(home: Path) -> None:
    """A crafted state.db whose messages is a view building a huge value in one call is refused
    before it runs (the progress handler cannot interrupt one function call)."""
    conn = sqlite3.connect(home / "state.db")
    conn.executescript(
        "CREATE TABLE sessions (id TEXT, started_at REAL);"
        "CREATE VIEW messages AS SELECT 1 AS id, 's' AS session_id, "
        "printf('%.*c', 300000000, 'x') AS tool_calls;"
    )
    conn.close()
    started = time.monotonic()
    scan = scan_calls(home / "state.db")
    assert time.monotonic() - started < 2
    assert scan.calls == () and scan.problem and "not the agent's table" in scan.problem
