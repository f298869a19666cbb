"""The demo Hermes home: shipped data, copied to a temporary folder so it can be edited freely.

``demo_home/`` holds the files (a near-full MEMORY.md with one entry the content scan flags, one
holding image links, and work for the clean-up assistant: two overlapping log notes, a personal
preference that belongs in USER.md and a checkout path that does not exist; a hand-written
markdown USER.md over its budget, backups in all three naming styles, staged writes for the
approval inbox, a small ``work`` profile). The ``state.db``
is built at copy time instead of shipped: its sessions must be *recent* and their frozen system
prompts are rendered with the engine's own render functions, from entry lists that differ from
the live files, so the snapshot page has something to show.

No Streamlit here: ``python -m hermes_dash.demo`` prints the path of a fresh copy, and tests use
:func:`create_demo_home` directly.
"""

from __future__ import annotations

import getpass
import os
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from hermes_dash.engine.rules.format import DEFAULT_LIMITS, FILENAMES, TARGETS, decode, parse
from hermes_dash.engine.views.render import render_block, render_prompt

SOURCE = Path(__file__).with_name("demo_home")
KEEP_COPIES_S = 86_400  # a demo copy untouched for a day is removed when the next one is made

_PREAMBLE = ("You are Hermes, a helpful coding agent running in the user's terminal.\n"
             "Use the memory tool to keep durable facts; keep entries short.\n\n")
_TOOLS = "\n\n# Tools\n- terminal\n- file_edit\n- memory\n- web_search\n"


def _live(target: str) -> list[str]:
    return parse(decode((SOURCE / "memories" / FILENAMES[target]).read_bytes()))


def _snapshot_lists() -> list[tuple[str, str, float, dict[str, list[str]]]]:
    """(id, source, age in seconds, entries per target) of the demo sessions, newest first."""
    memory = _live("memory")
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
    blocks = {t: render_block(t, entries[t], DEFAULT_LIMITS[t]) for t in TARGETS}
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


def _copies_parent() -> Path | None:
    """``<tmp>/hermes-demo-<user>``, private to this user; None when it is unusable (not ours, a link)."""
    try:
        user = getpass.getuser()
    except Exception:  # no user name (some containers): getpass raises KeyError or OSError
        user = "user"
    parent = Path(tempfile.gettempdir()) / f"hermes-demo-{''.join(c for c in user if c.isalnum()) or 'user'}"
    try:
        parent.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(parent)
    except OSError:
        return None
    if parent.is_symlink() or not parent.is_dir() or (hasattr(os, "getuid") and info.st_uid != os.getuid()):
        return None
    return parent


def _last_touched(copy: Path) -> float:
    # Every engine write renames a file into memories/, which updates that folder's mtime.
    times = []
    for path in (copy, copy / "home", copy / "home" / "memories"):
        try:
            times.append(os.stat(path).st_mtime)
        except OSError:
            pass
    return max(times, default=0.0)


def remove_old_copies(parent: Path, now: float | None = None, keep_s: float = KEEP_COPIES_S) -> list[Path]:
    """Remove demo copies under ``parent`` untouched for ``keep_s`` seconds; returns them."""
    now = time.time() if now is None else now
    removed = []
    for copy in parent.glob("copy-*"):
        if copy.is_dir() and not copy.is_symlink() and now - _last_touched(copy) > keep_s:
            shutil.rmtree(copy, ignore_errors=True)
            removed.append(copy)
    return removed


def create_demo_home(dest: Path | None = None, now: float | None = None) -> Path:
    """Copy the demo home to ``dest`` (default: a new temporary folder) and build its state.db.

    Default copies go to ``<tmp>/hermes-demo-<user>/copy-XXXX/home``: every click on "Open the
    demo home" makes one, and nothing else would ever delete them, so making a copy first removes
    the copies nobody has touched for a day (a demo copy is for looking around, not for keeping;
    one still open in a tab after a day shows the empty state, from which a fresh copy is one
    click away). Where that shared folder cannot be used safely (owned by someone else, a link),
    the copy goes to a plain new temporary folder, as before.
    """
    if dest is None:
        parent = _copies_parent()
        if parent is not None:
            remove_old_copies(parent, now)
        dest = Path(tempfile.mkdtemp(prefix="copy-", dir=parent)) / "home"
    shutil.copytree(SOURCE, dest, ignore=shutil.ignore_patterns("__pycache__"))
    build_state_db(dest / "state.db", now)
    return dest


def copies_parent() -> Path | None:
    """Where demo copies live (``<tmp>/hermes-demo-<user>``), or None when it cannot be used."""
    return _copies_parent()


def remove_all_copies() -> list[Path]:
    """Remove every demo copy, however recent (``demo --clean``)."""
    parent = _copies_parent()
    return [] if parent is None else remove_old_copies(parent, keep_s=float("-inf"))


if __name__ == "__main__":
    print(create_demo_home())
