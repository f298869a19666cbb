"""The demo home's entries all have a true origin: its state.db, in the agent's own schema, holds
the sessions whose memory calls wrote them (hermes_dash/demo/sessions.py)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

import agent_db

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import blame
from hermes_dash.demo import SOURCE, create_demo_home
from hermes_dash.demo import sessions as story
from hermes_dash.engine.rules.format import decode_lossy, parse


def test_the_demo_schema_is_the_one_the_agent_creates(tmp_path: Path) -> None:
    """Built from schema.sql with plain sqlite3, a state.db has every table, index, FTS table
    (with its own storage) and trigger the agent's SessionDB creates, defined alike."""
    made = agent_db.schema_sql(tmp_path / "agent.db")
    ours = sqlite3.connect(tmp_path / "ours.db")
    ours.executescript(story.SCHEMA.read_text(encoding="utf-8"))
    rows = [
        r[0]
        for r in ours.execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
        )
    ]
    assert sorted(rows) == sorted(made)
    assert ours.execute("SELECT version FROM schema_version").fetchall() == [(22,)]


def test_the_story_ends_at_the_shipped_files() -> None:
    entries, sessions, _ = story.replay()
    assert entries["memory"] == parse(decode_lossy((SOURCE / "memories" / "MEMORY.md").read_bytes()))
    # USER.md was rewritten by hand after the newest session; its § version is the hand-made backup.
    assert entries["user"] == parse(decode_lossy((SOURCE / "memories" / "USER.md.bak.20261120").read_bytes()))
    staged = {staged for s in sessions for *_, staged in s["turns"] if staged}
    assert staged == {p.stem for p in (SOURCE / "pending" / "memory").glob("*.json")}


def test_every_demo_entry_shows_a_true_origin(tmp_path: Path) -> None:
    home = create_demo_home(tmp_path / "demo")
    found = blame.blame(MemoryStore(resolve_home(home)))
    assert found.used_fts and not found.problems
    told = {
        args.get("content"): (s["id"], user)
        for s in story.replay()[1]
        for user, _, args, staged in s["turns"]
        if not staged and "content" in args
    }
    told.update(
        {
            op["content"]: (s["id"], user)
            for s in story.replay()[1]
            for user, _, args, staged in s["turns"]
            if not staged
            for op in args.get("operations", ())
            if "content" in op
        }
    )
    present = [e for e in found.entries if e.present]
    assert len([e for e in present if e.target == "memory"]) == 18
    for entry in present:
        if entry.text in told:
            session, user = told[entry.text]
            assert entry.origin.kind == "agent", entry
            assert entry.origin.session and entry.origin.session.id == session
            assert entry.origin.reason and entry.origin.reason.user == user
        elif entry.text == story.ORBIT:
            assert entry.origin.kind == "before"
        elif entry.text == story.MOCKUP:
            assert entry.origin.kind == "you" and "(dashboard: Edit)" in entry.origin.label
        else:  # the API key pasted by hand, and USER.md rewritten by hand as markdown
            assert entry.text == story.API_KEY or entry.text.startswith("# About me"), entry.text
            assert entry.origin.label == "edited outside the agent (hand edit or git)"
    jenkins = found.of("memory", story.JENKINS)
    assert jenkins and not jenkins.present and jenkins.origin.kind == "removed"
    assert jenkins.origin.reason and "forget the Jenkins note" in jenkins.origin.reason.user


def test_the_agents_own_session_db_reads_the_demo_state_db(tmp_path: Path) -> None:
    python = agent_db.require_agent()
    home = create_demo_home(tmp_path / "demo")
    script = (
        "import json, sys\nfrom pathlib import Path\nfrom hermes_state import SessionDB\n"
        "db = SessionDB(Path(sys.argv[1]))\n"
        "print(json.dumps({s: len(db.get_messages(s)) for s in sys.argv[2:]}))"
    )
    ids = [s["id"] for s in story.replay()[1]]
    done = subprocess.run(
        [python, "-c", script, str(home / "state.db"), *ids], capture_output=True, text=True, timeout=60, check=True
    )
    assert json.loads(done.stdout.splitlines()[-1]) == {s["id"]: 3 * len(s["turns"]) for s in story.replay()[1]}
