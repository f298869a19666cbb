"""The demo Hermes home: shipped data, copied to a temporary folder so it can be edited freely.

``demo_home/`` holds the files (a near-full MEMORY.md with one entry the content scan flags and
one holding image links, a hand-written markdown USER.md over its budget, backups in all three
naming styles, staged writes for the approval inbox, a small ``work`` profile). The ``state.db``
is built at copy time instead of shipped: its sessions must be *recent* and their frozen system
prompts are rendered with the engine's own render functions, from entry lists that differ from
the live files, so the snapshot page has something to show.

No Streamlit here: ``python -m hermes_dash.demo`` prints the path of a fresh copy, and tests use
:func:`create_demo_home` directly.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from ._format import DEFAULT_LIMITS, decode, parse
from ._render import render_block, render_prompt

SOURCE = Path(__file__).with_name("demo_home")

_PREAMBLE = ("You are Hermes, a helpful coding agent running in the user's terminal.\n"
             "Use the memory tool to keep durable facts; keep entries short.\n\n")
_TOOLS = "\n\n# Tools\n- terminal\n- file_edit\n- memory\n- web_search\n"


def _live(target: str) -> list[str]:
    name = "MEMORY.md" if target == "memory" else "USER.md"
    return parse(decode((SOURCE / "memories" / name).read_bytes()))


def _snapshot_lists() -> list[tuple[str, str, float, dict[str, list[str]]]]:
    """(id, source, age in seconds, entries per target) of the demo sessions, newest first."""
    memory, user = _live("memory"), _live("user")
    backup = SOURCE / "memories" / "USER.md.bak.20261120"
    user_then = parse(decode(backup.read_bytes()))
    # The running session started before the last two entries were written and before the
    # deploy rule was reworded; it also still had an entry that has since been removed.
    newest_memory = [e for e in memory if not e.startswith(("Code review convention", "The search index"))]
    newest_memory = [("Deploys go through `make deploy ENV=staging`; production deploys are done by Alex only."
                      if e.startswith("Deploys go through") else e) for e in newest_memory]
    newest_memory.append("The old Jenkins server (ci-old.internal) is read-only; do not trigger jobs there.")
    older_memory = newest_memory[:9]
    return [
        ("20261129_081502_a41c9e", "cli", 40 * 60, {"memory": newest_memory, "user": user_then}),
        ("20261127_163011_09bd27", "telegram", 2 * 86400 + 3600, {"memory": older_memory, "user": user_then[:4]}),
    ]


def system_prompt(entries: dict[str, list[str]]) -> str:
    blocks = {t: render_block(t, entries[t], DEFAULT_LIMITS[t]) for t in ("memory", "user")}
    return _PREAMBLE + render_prompt(blocks) + _TOOLS


def build_state_db(path: Path, now: float | None = None) -> None:
    """A ``state.db`` like the agent's (WAL mode, a ``sessions`` table) with the demo sessions."""
    now = time.time() if now is None else now
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, source TEXT, model TEXT, "
                     "started_at REAL, ended_at REAL, message_count INTEGER, system_prompt TEXT)")
        for sid, source, age, entries in _snapshot_lists():
            ended = None if age < 3600 else now - age + 1800
            conn.execute("INSERT OR REPLACE INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (sid, source, "demo-model", now - age, ended, 12, system_prompt(entries)))
        conn.commit()
    finally:
        conn.close()


def create_demo_home(dest: Path | None = None, now: float | None = None) -> Path:
    """Copy the demo home to ``dest`` (default: a new temporary folder) and build its state.db."""
    if dest is None:
        dest = Path(tempfile.mkdtemp(prefix="hermes-demo-")) / "home"
    shutil.copytree(SOURCE, dest, ignore=shutil.ignore_patterns("__pycache__"))
    build_state_db(dest / "state.db", now)
    return dest


if __name__ == "__main__":
    print(create_demo_home())
