"""What the Hermes agent does for one add (docs/rules.md#locking), written out plainly so that it
shares no code with the engine: an exclusive ``flock`` on ``<file>.lock``, read, append, a temp
file in the same folder, fsync, rename. The concurrency tests, the live-page browser test and
the benchmark's concurrent section all write as the agent through this one function.

Run as a script, it is a writer process: ``agent_like.py HOME NAME COUNT GO`` waits for the file
GO to appear, then adds COUNT entries "NAME entry I" to HOME's MEMORY.md.
"""

from __future__ import annotations

import fcntl
import os
import sys
import tempfile
import time
from pathlib import Path

DELIMITER = "\n§\n"


def agent_can_lock(lock: Path) -> bool:
    """Whether the agent (another open file description) could take the ``flock`` on ``lock`` now."""
    fd = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


def agent_add(memory: Path, entry: str) -> None:
    """Add ``entry`` to the memory file ``memory`` as the agent does (a duplicate is not added)."""
    lock = os.open(str(memory) + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            raw = memory.read_text(encoding="utf-8")
        except FileNotFoundError:
            raw = ""
        entries = list(dict.fromkeys(e.strip() for e in raw.split(DELIMITER) if e.strip()))
        if entry not in entries:
            entries.append(entry)
        fd, tmp = tempfile.mkstemp(dir=memory.parent, prefix=".mem_", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(DELIMITER.join(entries))
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, memory)
    finally:
        fcntl.flock(lock, fcntl.LOCK_UN)
        os.close(lock)


if __name__ == "__main__":
    home, name, count, go = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
    while not go.exists():
        time.sleep(0.001)
    for i in range(count):
        agent_add(home / "memories" / "MEMORY.md", f"{name} entry {i}")
