"""The link-swap attack run for real: approving part of a staged batch while a busy agent holds
``MEMORY.md.lock``, and the staged file swapped for a symbolic link in that time. hermes-dash used
to write the record back through the link, onto the link's target (a stand-in ``.bashrc``). The
lock is held by another process with ``flock``, as the agent takes it; nothing is patched."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import pending

SID = "c0ffee01"
MEMORY = "Uses tox.\n§\nBuilds with make."
BASHRC = b"# stand-in .bashrc\nexport PS1='$ '\n"

# Holds an exclusive flock on argv[1] until the file argv[2] appears (at most 30 s).
HOLD = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
end = time.monotonic() + 30
while not os.path.exists(sys.argv[2]) and time.monotonic() < end:
    time.sleep(0.01)
"""


def _stage(home: Path) -> Path:
    folder = home / "pending" / "memory"
    folder.mkdir(parents=True, exist_ok=True)
    ops = [{"action": "add", "content": "Likes tea."}, {"action": "add", "content": "Runs CI nightly."}]
    doc = {
        "id": SID,
        "subsystem": "memory",
        "action": "batch",
        "summary": "two facts",
        "origin": "background_review",
        "created_at": time.time() - 60,
        "payload": {"action": "batch", "target": "memory", "operations": ops},
    }
    path = folder / f"{SID}.json"
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return path


def _swap_once_smaller(path: Path, target: Path, done: threading.Event) -> None:
    """Wait for the smaller record hermes-dash writes first, then put a link in its place."""
    end = time.monotonic() + 20
    while time.monotonic() < end:
        try:
            ops = json.loads(path.read_bytes())["payload"]["operations"]
        except (OSError, ValueError, KeyError):
            ops = None
        if ops is not None and len(ops) == 1:
            link = path.with_name("swap.tmp")
            link.symlink_to(target)
            os.replace(link, path)
            done.set()
            return
        time.sleep(0.002)


def test_a_staged_file_swapped_for_a_link_under_a_held_lock_is_never_written_through(home, tmp_path, write_mem):
    memory = write_mem("memory", MEMORY)
    before = memory.read_bytes()
    path = _stage(home)
    stand_in = tmp_path / "bashrc"
    stand_in.write_bytes(BASHRC)
    release = tmp_path / "release"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(memory) + ".lock", str(release)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        swapped = threading.Event()
        swapper = threading.Thread(target=_swap_once_smaller, args=(path, stand_in, swapped))
        swapper.start()
        store = MemoryStore(resolve_home(home), lock_timeout=3.0)
        decision = pending.approve_parts(store, SID, keep=[1])
        swapper.join()
    finally:
        release.touch()
        holder.wait(timeout=30)
    assert swapped.is_set(), "the smaller record never appeared"
    assert stand_in.read_bytes() == BASHRC  # the link's target is byte-identical
    assert path.is_symlink() and os.readlink(path) == str(stand_in)  # the link itself left as it was too
    assert memory.read_bytes() == before
    assert decision.ok is False and decision.refusal is not None
    assert "could not be put back" in decision.message and "symbolic link" in decision.message
    assert sorted(p.name for p in path.parent.iterdir()) == [".inbox.lock", f"{SID}.json"]  # no stray temp file
