"""Start a Hermes home from nothing: empty MEMORY.md and USER.md (the empty state).

A newcomer's home may not exist yet. Creating the files is the only write that has no entry
to add, so it cannot go through an add; it uses the engine's exclusive create instead, which
never overwrites: a file that appeared meanwhile (the agent started) is left exactly as it is.
"""

from __future__ import annotations

from pathlib import Path

from hermes_dash.engine.home import HermesHome
from hermes_dash.engine.io.atomic import create_exclusive, os_refusal
from hermes_dash.engine.rules.format import TARGETS


def create_memory_files(home: HermesHome) -> list[Path]:
    """Create the memories folder and whichever memory files are missing; return those created."""
    created = []
    try:
        home.memories_dir.mkdir(parents=True, exist_ok=True)
        for target in TARGETS:
            path = home.file_path(target)
            if path.exists() or path.is_symlink():
                continue
            if create_exclusive(path, b""):
                created.append(path)
    except OSError as exc:
        raise os_refusal(exc, home.memories_dir) from exc
    return created


__all__ = ["create_memory_files"]
