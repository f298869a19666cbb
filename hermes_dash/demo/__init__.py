"""The demo Hermes home: shipped data, copied to a temporary folder so it can be edited freely.

``demo_home/`` holds the files (a near-full MEMORY.md with one entry the content scan flags, one
holding image links, and work for the clean-up assistant: two overlapping log notes, a personal
preference that belongs in USER.md and a checkout path that does not exist; a hand-written
markdown USER.md over its budget, backups in all three naming styles, staged writes for the
approval inbox, a small ``work`` profile). The ``state.db``
is built at copy time instead of shipped, in the agent's own schema: its sessions must be
*recent*, their memory calls explain where each entry came from, and their frozen system
prompts hold the entries each session started with (:mod:`hermes_dash.demo.sessions`), so the
snapshot page has something to show.

No Streamlit here: ``python -m hermes_dash.demo`` prints the path of a fresh copy, and tests use
:func:`create_demo_home` directly.
"""

from __future__ import annotations

import getpass
import os
import shutil
import tempfile
import time
from pathlib import Path

SOURCE = Path(__file__).with_name("demo_home")
KEEP_COPIES_S = 86_400  # a demo copy untouched for a day is removed when the next one is made


def build_state_db(path: Path, now: float | None = None, memories: Path | None = None) -> None:
    """The demo's ``state.db``, in the agent's own schema, whose sessions' memory calls wrote the
    demo's entries (:mod:`hermes_dash.demo.sessions`); with ``memories``, also hermes-dash's
    journal line for the entry written through the dashboard."""
    from hermes_dash.demo import sessions

    sessions.build(path, memories, time.time() if now is None else now)


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
    the copy goes to a plain new temporary folder.
    """
    if dest is None:
        parent = _copies_parent()
        if parent is not None:
            remove_old_copies(parent, now)
        dest = Path(tempfile.mkdtemp(prefix="copy-", dir=parent)) / "home"
    shutil.copytree(SOURCE, dest, ignore=shutil.ignore_patterns("__pycache__"))
    build_state_db(dest / "state.db", now, dest / "memories")
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
