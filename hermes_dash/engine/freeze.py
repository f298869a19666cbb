"""Freezing a snapshot: the one file the Snapshot page writes, beside the memory files.

Kept out of :mod:`hermes_dash.engine.views`, which only read."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from hermes_dash.engine.io.atomic import PRIVATE, write_file
from hermes_dash.engine.rules.format import TARGETS
from hermes_dash.engine.store import MemoryStore
from hermes_dash.engine.views.snapshot import Snapshot, frozen_snapshot_path


def freeze_snapshot(store: MemoryStore) -> Snapshot:
    """Record what a session starting now would load, beside the memory files."""
    now = datetime.now(UTC)
    blocks = {t: store.render_block(t) for t in TARGETS}
    entries = {t: list(store.read(t).entries) for t in TARGETS}
    record = {"taken_at": now.isoformat(), "blocks": blocks, "entries": entries}
    # Its own file, never a link's target: a link planted here is refused, never written through.
    data = json.dumps(record, ensure_ascii=False, indent=1).encode("utf-8")
    write_file(frozen_snapshot_path(store), data, mode=PRIVATE)
    frozen = {t: tuple(e) for t, e in entries.items()}
    return Snapshot("frozen in hermes-dash", now, blocks, frozen, {t: False for t in TARGETS})


__all__ = ["freeze_snapshot"]
