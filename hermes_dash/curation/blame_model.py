"""What a blame says: each entry's known steps (:class:`Event`), its origin, and the whole answer.

The shapes :mod:`hermes_dash.curation.blame` fills and the pages and ``blame --json`` read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

from hermes_dash.curation.gitread import Commit
from hermes_dash.curation.gitstate import GitBlame
from hermes_dash.engine.views.humanize import iso_seconds
from hermes_dash.engine.views.origins import MemoryCall, Reason, SessionInfo

LABELS = {
    "you": "written by hermes-dash on {when}",
    "approved": "approved from the Inbox (staged by {staged_by}) on {when}",
    "restored": "restored from a backup on {when}",
    "before": "in the file before the oldest session ({when})",
    "outside": "edited outside the agent (hand edit or git)",
    "oldest": "in the file before the oldest backup ({when})",
}
#: What History says made its oldest version: nothing records what came before it.
BEFORE_OLDEST = "before the oldest backup"


@dataclass(frozen=True)
class Event:
    """One known step in an entry's life."""

    kind: str  # agent | approved | staged | you | restored | git | before | outside | removed
    text: str  # the entry text this step left (for "removed": the text taken away)
    at: datetime | None
    label: str  # a sentence: what happened, when, by whom
    short: str  # a few words for a table cell
    call: MemoryCall | None = None
    reason: Reason | None = None
    via: str = ""
    commit: Commit | None = None

    @property
    def session(self) -> SessionInfo | None:
        return self.call.session if self.call else None

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "kind": self.kind,
            "text": self.text,
            "at": iso_seconds(self.at),
            "label": self.label,
            "short": self.short,
        }
        if self.call is not None:
            s = self.call.session
            out["session"] = {
                "id": s.id,
                "source": s.source,
                "model": s.model,
                "cwd": s.cwd,
                "started_at": iso_seconds(s.started_at),
            }
            out["call"] = {
                "message_id": self.call.message_id,
                "action": self.call.action,
                "batch_index": self.call.batch_index,
                "status": self.call.status,
                "pending_id": self.call.pending_id,
            }
        if self.reason is not None:
            out["reason"] = {"user": self.reason.user, "assistant": self.reason.assistant}
        if self.via:
            out["via"] = self.via
        if self.commit is not None:
            out["commit"] = {
                "sha": self.commit.sha,
                "author": self.commit.author,
                "at": iso_seconds(self.commit.at),
                "subject": self.commit.subject,
            }
        return out


@dataclass(frozen=True)
class EntryOrigin:
    target: str
    text: str  # its current text (the text it had when it left, for a gone entry)
    present: bool
    origin: Event  # what gave it its current text (for a gone entry: what took it away)
    life: tuple[Event, ...]  # every known step, oldest first
    git: Event | None = None  # the commit that introduced the current text (a shared MEMORY.md)

    def to_dict(self) -> dict[str, object]:
        return {
            "target": self.target,
            "text": self.text,
            "present": self.present,
            "origin": self.origin.to_dict(),
            "life": [e.to_dict() for e in self.life],
            "git": self.git.to_dict() if self.git else None,
        }


@dataclass(frozen=True)
class Blame:
    entries: tuple[EntryOrigin, ...]
    used_fts: bool
    calls: int  # memory calls found in state.db
    sessions: int
    problems: tuple[str, ...] = ()
    git: dict[str, GitBlame] = field(default_factory=dict)

    def of(self, target: str, text: str) -> EntryOrigin | None:
        return self._index.get((target, text))

    @cached_property
    def _index(self) -> dict[tuple[str, str], EntryOrigin]:
        """The first origin of each (target, text): a page asks once per entry, and a scan per
        ask made a 60,000-entry Overview quadratic (minutes)."""
        index: dict[tuple[str, str], EntryOrigin] = {}
        for e in self.entries:
            index.setdefault((e.target, e.text), e)
        return index

    def to_dict(self) -> dict[str, object]:
        return {
            "success": True,
            "used_fts": self.used_fts,
            "memory_calls": self.calls,
            "sessions": self.sessions,
            "problems": list(self.problems),
            "entries": [e.to_dict() for e in self.entries],
        }


__all__ = ["BEFORE_OLDEST", "Blame", "EntryOrigin", "Event", "LABELS"]
