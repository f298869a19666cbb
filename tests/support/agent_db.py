"""Real agent sessions for tests: the installed agent's own ``SessionDB`` and ``memory`` tool, run
as a subprocess in the agent's venv (``HD_AGENT_VENV``, default /opt/hermes-agent/v0.19.0).

:func:`play` takes a plan of sessions, each a list of turns; for every turn the driver appends
the user's message, calls the agent's ``memory_tool`` on the home's real memory files (so the
files and the tool's JSON reply are exactly the agent's), and records the assistant's call and
the tool's reply with ``SessionDB.append_message``, as ``run_agent`` does. A turn with
``"stage": true`` runs with ``memory.write_approval`` on inside a background review, so the
agent stages it in ``pending/memory/`` instead of writing. No agent code is copied here: the
driver imports the package from the venv.

A session's ``started_at`` is set by ``SessionDB`` to the time it runs; a plan may give one,
which the driver then writes into the row (plain SQL on the agent's own column).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

VENV = Path(os.environ.get("HD_AGENT_VENV", "/opt/hermes-agent/v0.19.0"))
PYTHON = VENV / "bin" / "python"

DRIVER = r'''
import json, os, sys, time
plan = json.load(sys.stdin)
home = plan["home"]
os.environ["HERMES_HOME"] = home
os.makedirs(os.path.join(home, "memories"), exist_ok=True)
from pathlib import Path
from hermes_state import SessionDB
from tools.memory_tool import MemoryStore, memory_tool
from tools.skill_provenance import set_current_write_origin, reset_current_write_origin
config = os.path.join(home, "config.yaml")
base_config = open(config).read() if os.path.exists(config) else ""
db = SessionDB(Path(plan["db"]))
out = []
for s in plan["sessions"]:
    db.create_session(s["id"], s.get("source", "cli"), model=s.get("model"), cwd=s.get("cwd"),
                      system_prompt=s.get("system_prompt"))
    if s.get("started_at") is not None:
        db._execute_write(lambda c: c.execute("UPDATE sessions SET started_at = ? WHERE id = ?",
                                              (s["started_at"], s["id"])))
    for n, t in enumerate(s["turns"]):
        at = t.get("at")
        db.append_message(s["id"], "user", content=t["user"], timestamp=at)
        args = t["memory"]
        staged = bool(t.get("stage"))
        if staged:
            with open(config, "w") as f:
                f.write(base_config + "\nmemory:\n  write_approval: true\n")
            token = set_current_write_origin(t.get("origin", "background_review"))
        store = MemoryStore()
        store.load_from_disk()
        try:
            if "reply" in t:  # a newer agent's call and reply, recorded as given (the file is left alone)
                reply = json.dumps(t["reply"])
            else:
              reply = memory_tool(action=args.get("action"), target=args.get("target", "memory"),
                                content=args.get("content"), old_text=args.get("old_text"),
                                operations=args.get("operations"), store=store)
        finally:
            if staged:
                reset_current_write_origin(token)
                with open(config, "w") as f:
                    f.write(base_config)
        call_id = f"call_{s['id']}_{n}"
        db.append_message(s["id"], "assistant", content=t.get("assistant", ""),
                          tool_calls=[{"id": call_id, "type": "function",
                                       "function": {"name": "memory", "arguments": json.dumps(args)}}],
                          timestamp=None if at is None else at + 1)
        db.append_message(s["id"], "tool", content=reply, tool_call_id=call_id, tool_name="memory",
                          timestamp=None if at is None else at + 2)
        if t.get("closing"):
            db.append_message(s["id"], "assistant", content=t["closing"], timestamp=None if at is None else at + 3)
        out.append(json.loads(reply))
db.close()
json.dump(out, sys.stdout)
'''


def available() -> bool:
    return PYTHON.is_file()


def require() -> None:
    """Skip the calling test when the agent's venv is not installed."""
    if not available():
        pytest.skip(f"the released agent is not installed at {VENV} (set HD_AGENT_VENV to its venv): these tests "
                    "build state.db through the agent's own SessionDB and memory tool")


def play(home: Path, sessions: list[dict[str, Any]], db: Path | None = None) -> list[dict[str, Any]]:
    """Run ``sessions`` through the agent; returns the memory tool's reply to each turn, in order."""
    require()
    plan = {"home": str(home), "db": str(db or home / "state.db"), "sessions": sessions}
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    done = subprocess.run([str(PYTHON), "-c", DRIVER], input=json.dumps(plan), capture_output=True, text=True,
                          env=env, timeout=120, check=False)
    if done.returncode != 0:
        raise AssertionError(f"the agent driver failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def schema_sql(db: Path) -> list[str]:
    """The CREATE statements of a fresh state.db made by the agent's SessionDB (tables, indexes,
    FTS tables and triggers), in the order SQLite lists them."""
    require()
    script = ("import json, sqlite3, sys\nfrom pathlib import Path\nfrom hermes_state import SessionDB\n"
              "SessionDB(Path(sys.argv[1])).close()\n"
              "c = sqlite3.connect(sys.argv[1])\n"
              "print(json.dumps([r[0] for r in c.execute(\"SELECT sql FROM sqlite_master WHERE sql IS NOT NULL "
              "AND name NOT LIKE 'sqlite_%' ORDER BY rowid\")]))")
    done = subprocess.run([str(PYTHON), "-c", script, str(db)], capture_output=True, text=True, timeout=60,
                          check=True)
    return list(json.loads(done.stdout.splitlines()[-1]))
