"""The staged writes the Inbox's tests share (AppTest, the CLI with the real agent, and the
browser): a batch of five operations on a MEMORY.md of three entries (1 applies, 2 is stale,
3 applies, 4 passes the limit, 5 is a patch), and the newer agents' two single shapes (a patch
inside a packed entry, a replace that carries ``new_text``), each pinned to its entry."""

from __future__ import annotations

from pathlib import Path

from pending_support import stage

PG = "Tests need Postgres 16."
CI = "CI runs on GitHub."
SHIP = "Deploy with make ship."
FIVE = [
    {"action": "replace", "old_text": "Postgres 16", "content": "Tests need Postgres 17."},
    {"action": "remove", "old_text": "Jenkins"},
    {"action": "add", "content": "Lint with ruff."},
    {"action": "add", "content": "x" * 60},
    {"action": "patch", "old_text": "make ship", "new_text": "make deploy"},
]

PACKED = "todo: item A; item B; item C"
PG_5433 = "Tests need Postgres 16 on port 5433."


def stage_patch(home: Path, sid: str = "0a0a0a0a") -> Path:
    """Upstream main's patch of one item inside PACKED."""
    payload = {"action": "patch", "target": "memory", "old_text": "item B", "new_text": "item B done"}
    return stage(home, sid, {**payload, "matched_entry": PACKED})


def stage_new_text(home: Path, sid: str = "0b0b0b0b") -> Path:
    """A replace that carries its text as ``new_text`` (not ``content``), pinned to PG_5433."""
    payload = {"action": "replace", "target": "memory", "old_text": "Postgres"}
    return stage(home, sid, {**payload, "new_text": "Tests need Postgres 17 on port 5433.", "matched_entry": PG_5433})
