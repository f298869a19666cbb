"""Both memory files of one Hermes home, for reading only: their states, limits, backups and the
blocks the next session will load.

Apart from the write pipeline (``engine/pipeline.py``, whose :class:`~hermes_dash.engine.pipeline.Files`
builds on this class, and :class:`~hermes_dash.MemoryStore` on that) so that a command that only
reads, ``show`` above all, loads none of the writing half: locks, the journal, the rules'
projections, moves (docs/performance.md has the start-up figures).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from hermes_dash.engine.home import HermesHome, Settings, load_settings, resolve_home
from hermes_dash.engine.io import backups as _backups
from hermes_dash.engine.rules.format import TARGETS
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.state import FileState, read_file_state

if TYPE_CHECKING:
    from typing import Self


def loaded_entries(state: FileState) -> tuple[str, ...]:
    """The entries the agent loads into the next session from ``state``: from 0.20 a file that
    exists but cannot be read or decoded loads as none (no block), as the agent's own read does;
    older agents cannot start a session on a file that is not UTF-8, and hermes-dash then shows
    its best-effort reading (the page names the problem)."""
    from hermes_dash.engine.agents import active

    if state.error and state.exists and active().undecodable_loads_empty:
        return ()
    return state.entries


class MemoryReader:
    """The memory files of one Hermes home as a read sees them: paths, settings, states, backups."""

    def __init__(self, home: HermesHome, settings: Settings | None = None) -> None:
        self.home = home
        self.settings = settings if settings is not None else load_settings(home)

    @classmethod
    def open(cls, home: str | os.PathLike[str] | None = None, profile: str | None = None) -> Self:
        return cls(resolve_home(home, profile))

    def limit(self, target: str | Target) -> int:
        return self.settings.limit(Target.of(target))

    def read(self, target: str | Target) -> FileState:
        return self._read(Target.of(target))

    def _read(self, spec: Target) -> FileState:
        return read_file_state(spec.key, self.home.file_path(spec), self.settings.limit(spec))

    def backups(self, target: str | Target | None = None) -> list[_backups.Backup]:
        return _backups.list_backups(self.home.memories_dir, Target.of(target).key if target else None)

    def render_block(self, target: str | Target, entries: Iterable[str] | None = None) -> str:
        """The block the next session will load (or, given ``entries``, would load)."""
        spec = Target.of(target)
        if not self.settings.enabled(spec):
            return ""
        from hermes_dash.engine.views.render import render_block  # only rendering pays for its patterns and the scan

        if entries is None:
            entries = loaded_entries(self._read(spec))
        return render_block(spec.key, tuple(entries), self.settings.limit(spec))

    def render(self) -> str:
        from hermes_dash.engine.views.render import render_prompt

        return render_prompt({t: self.render_block(t) for t in TARGETS})


__all__ = ["loaded_entries", "MemoryReader"]
