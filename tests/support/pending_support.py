"""Staged writes as the agent leaves them in ``<home>/pending/memory/`` (docs/pending.md): the one
writer of every test's Inbox.

No pytest import and no bare-name import: ``python -m benchmarks`` uses this module too (as
``tests.support.pending_support``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any


def batch(ops: list[dict[str, Any]]) -> dict[str, Any]:
    """The payload of a staged batch of ``ops`` on MEMORY.md."""
    return {"action": "batch", "target": "memory", "operations": ops}


def record(
    sid: str,
    payload: dict[str, Any],
    *,
    age: float = 60,
    origin: str = "background_review",
    summary: str | None = None,
    **extra: object,
) -> dict[str, Any]:
    """The agent's record around ``payload``: its id, action, summary, origin and a creation time
    ``age`` seconds ago; ``extra`` fields are added, or replace those (a crafted record)."""
    action = payload.get("action", "")
    return {
        "id": sid,
        "subsystem": "memory",
        "action": action,
        "summary": summary if summary is not None else f"{action} proposal",
        "origin": origin,
        "created_at": time.time() - age,
        "payload": payload,
        **extra,
    }


def stage_file(home: Path, name: str, data: object, *, bom: bool = False) -> Path:
    """``pending/memory/NAME`` holding ``data``: bytes as they are, anything else as the agent's
    JSON (indented, not ASCII-escaped); ``bom`` puts a UTF-8 byte order mark first."""
    path = home / "pending" / "memory" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data if isinstance(data, bytes) else json.dumps(data, ensure_ascii=False, indent=2).encode("utf-8")
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + raw)
    return path


def stage(home: Path, sid: str, payload: dict[str, Any] | bytes, **fields: Any) -> Path:
    """One staged write, ``pending/memory/SID.json``: the record around ``payload`` (``fields`` as
    :func:`record` takes them), or ``payload`` itself when it is bytes (a malformed file)."""
    data = payload if isinstance(payload, bytes) else record(sid, payload, **fields)
    return stage_file(home, f"{sid}.json", data)


def ab_text(seed: int, n: int = 600) -> str:
    """``n`` random ``a``/``b`` characters: difflib's hardest kind of text (few distinct units).
    Two such texts of 600 characters cost an entry diff about 1.6 million steps, under one diff's
    own bound (DIFF_STEPS), so each alone is exact."""
    import random

    rng = random.Random(seed)
    return "".join(rng.choice("ab") for _ in range(n))


HOSTILE_ENTRIES = ["Deploy with make ship.", ab_text(0), "The build runs on runner 7."]


def stage_hostile(home: Path, count: int, length: int = 600) -> list[str]:
    """``count`` staged replaces of the middle entry of :data:`HOSTILE_ENTRIES` (the home's
    MEMORY.md, its limit raised) by other ``a``/``b`` text of ``length`` characters: a queue whose
    entry diffs make difflib work hard (1,000 characters: about 2.8 million steps each). Returns
    each write's new text, oldest first."""
    texts = [ab_text(1000 + n, length) for n in range(count)]
    for n, text in enumerate(texts):
        op = {"action": "replace", "target": "memory", "old_text": HOSTILE_ENTRIES[1], "content": text}
        stage(home, f"{n:08x}", op, age=count - n)
    return texts
