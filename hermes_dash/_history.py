"""History of one memory file, rebuilt from its backups (issue 4, "History").

Every write through the store keeps the old bytes as a dated backup, so the backups, oldest
to newest, followed by the live file, are the file's versions. Entries are followed from one
version to the next with the entry diff (a "changed" pair continues the same entry), which
gives each entry's first appearance, its last change, and when it disappeared. A backup's time
is when that copy was taken (for dated backups: just before the write that replaced it).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timezone

from ._backups import read_backup
from ._diff import EntryDiff, diff_entries
from ._errors import FileProblem, InvalidRequest
from ._format import decode, decode_lossy, parse, usage
from ._readfile import NotReadable
from ._store import MemoryStore, OpResult

CURRENT = "current"


@dataclass(frozen=True)
class Version:
    index: int
    name: str  # the backup's file name, or "current" for the live file
    style: str  # "dated" | "daily" | "drift" | "current"
    created: datetime | None  # backup time; the live file's modification time
    entries: tuple[str, ...]
    problem: str | None = None  # not UTF-8 (entries shown best-effort)

    @property
    def usage(self) -> int:
        return usage(self.entries)


@dataclass(frozen=True)
class EntryLife:
    """One entry followed through the versions (its text may change along the way)."""

    text: str  # its latest text (the text it had when it disappeared, for a gone entry)
    first_seen: int  # version index
    last_changed: int  # version index of its latest text
    gone_at: int | None  # first version without it; None while it is in the live file
    texts: tuple[tuple[int, str], ...]  # (version index, text) for every text it has had

    @property
    def present(self) -> bool:
        return self.gone_at is None


@dataclass(frozen=True)
class Timeline:
    target: str
    versions: tuple[Version, ...]  # oldest first; the last is the live file
    lives: tuple[EntryLife, ...]  # present entries in live order, then gone ones (most recent first)

    def version(self, key: int | str) -> Version:
        """A version by index or by name ("current" for the live file)."""
        for v in self.versions:
            if v.index == key or v.name == key:
                return v
        raise InvalidRequest(f"There is no version {key!r} of this file.",
                             hint="Use a version number or a backup name as `history` lists it.")

    def diff(self, old: int | str, new: int | str) -> EntryDiff:
        return diff_entries(self.version(old).entries, self.version(new).entries)

    def age(self, life: EntryLife, now: datetime | None = None) -> float | None:
        """Seconds since the entry first appeared (at least: it may be older than the oldest backup)."""
        created = self.versions[life.first_seen].created
        if created is None:
            return None
        return max(0.0, ((now or datetime.now(timezone.utc)) - created).total_seconds())


def _read_version(index: int, name: str, style: str, created: datetime | None, data: bytes) -> Version:
    try:
        return Version(index, name, style, created, tuple(parse(decode(data))))
    except FileProblem as problem:
        return Version(index, name, style, created, tuple(parse(decode_lossy(data))), problem.message)


def versions(store: MemoryStore, target: str) -> list[Version]:
    out = []
    for backup in reversed(store.backups(target)):
        try:
            data = read_backup(backup)
        except (OSError, NotReadable):
            continue  # pruned or unreadable meanwhile: a gap in history, not an error
        out.append(_read_version(len(out), backup.name, backup.style, backup.created, data))
    state = store.read(target)
    try:
        mtime = datetime.fromtimestamp(os.stat(state.path).st_mtime, tz=timezone.utc) if state.exists else None
    except OSError:
        mtime = None
    live = Version(len(out), CURRENT, CURRENT, mtime, state.entries, state.error)
    return [*out, live]


def timeline(store: MemoryStore, target: str) -> Timeline:
    chain = versions(store, target)
    open_lives: dict[str, dict[str, object]] = {}  # current text -> life being built
    closed: list[dict[str, object]] = []
    for v in chain:
        if v.index == 0:
            for e in v.entries:
                open_lives[e] = {"first": 0, "changed": 0, "texts": [(0, e)]}
            continue
        step = diff_entries(chain[v.index - 1].entries, v.entries)
        following: dict[str, dict[str, object]] = {}
        for item in step.items:
            if item.kind == "unchanged":
                following[item.new] = open_lives.pop(item.old)  # type: ignore[index,arg-type]
            elif item.kind == "changed":
                life = open_lives.pop(item.old)  # type: ignore[arg-type]
                life["changed"] = v.index
                life["texts"].append((v.index, item.new))  # type: ignore[attr-defined]
                following[item.new] = life  # type: ignore[index]
            elif item.kind == "added":
                following[item.new] = {"first": v.index, "changed": v.index, "texts": [(v.index, item.new)]}  # type: ignore[index]
            else:
                life = open_lives.pop(item.old)  # type: ignore[arg-type]
                life["gone"] = v.index
                closed.append(life)
        open_lives = following
    lives = [EntryLife(text, int(l["first"]), int(l["changed"]), None, tuple(l["texts"]))  # type: ignore[arg-type]
             for text, l in open_lives.items()]
    gone = [EntryLife(l["texts"][-1][1], int(l["first"]), int(l["changed"]), int(l["gone"]),  # type: ignore[index]
                      tuple(l["texts"])) for l in reversed(closed)]  # type: ignore[arg-type]
    return Timeline(target, tuple(chain), tuple(lives + gone))


def restore_entry(store: MemoryStore, target: str, text: str, *,
                  seen: tuple[int, int, int] | None = None) -> OpResult:
    """Put one entry from any version back into the live file (a normal ``add``: scanned,
    limit-checked, a duplicate changes nothing)."""
    return store.add(target, text, seen=seen)
