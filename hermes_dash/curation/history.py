"""History of one memory file, rebuilt from its backups (docs/rules.md#history).

Every write through the store keeps the old bytes as a dated backup, so the backups, oldest
to newest, followed by the live file, are the file's versions. Entries are followed from one
version to the next with the entry diff (a "changed" pair continues the same entry), which
gives each entry's first appearance, its last change, and when it disappeared. A backup's time
is when that copy was taken (for dated backups: just before the write that replaced it).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from hermes_dash import FileProblem, InvalidRequest, MemoryStore, NotReadable, OpResult
from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.io.backups import Backup, read_backup
from hermes_dash.engine.rules.format import decode, decode_lossy, parse, usage
from hermes_dash.engine.views.diff import EntryDiff, diff_entries
from hermes_dash.engine.views.humanize import n_of

CURRENT = "current"
#: History reads at most this many backups, newest first, and at most this many bytes of them
#: together; older ones are counted, not read ("N older versions not read"). Each read backup
#: is diffed with the next (each diff bounded by work), so 200 is a bound in time as well.
MAX_VERSIONS = 200
MAX_VERSION_BYTES = 64 << 20


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
    """One entry followed through the versions (its text may change along the way).

    An entry can leave the file and come back (removed, then added again with a text it had
    before): it is still one entry, with several ``spans`` and the gaps between them, so it is
    never listed both as present and as gone.
    """

    text: str  # its latest text (the text it had when it disappeared, for a gone entry)
    first_seen: int  # version index
    last_changed: int  # version index of its latest text
    gone_at: int | None  # first version without it (since its last span); None while it is in the live file
    texts: tuple[tuple[int, str], ...]  # (version index, text) for every text it has had
    spans: tuple[tuple[int, int | None], ...] = ()  # (first version with it, first version without it or None)

    @property
    def present(self) -> bool:
        return self.gone_at is None

    @property
    def gaps(self) -> tuple[tuple[int, int], ...]:
        """(first version without it, first version with it again) for each absence it came back from."""
        return tuple((end, nxt) for (_, end), (nxt, _) in zip(self.spans, self.spans[1:]) if end is not None)


@dataclass(frozen=True)
class Restorable:
    """An earlier text that is not in the live file and can be brought back.

    ``current`` is the live text of the same entry: restoring puts ``text`` in its place (one
    pinned replace, so the file comes back exactly as it was when nothing else changed).
    ``current`` None: the entry is gone, and restoring adds ``text`` back at the end.
    """

    text: str
    lost_at: int  # the version from which this text was missing (its most recent loss)
    current: str | None

    @property
    def in_place(self) -> bool:
        return self.current is not None


@dataclass(frozen=True)
class Timeline:
    target: str
    versions: tuple[Version, ...]  # oldest first; the last is the live file
    lives: tuple[EntryLife, ...]  # present entries in live order, then gone ones (most recent first)
    restorable: tuple[Restorable, ...] = ()  # most recently lost first
    not_read: int = 0  # older backups past MAX_VERSIONS or MAX_VERSION_BYTES, not read

    @property
    def not_read_note(self) -> str:
        """What history leaves out, said once: "" when every backup was read."""
        if not self.not_read:
            return ""
        return (
            f"{n_of(self.not_read, 'older version')} not read (history reads the newest {MAX_VERSIONS} backups, "
            f"{MAX_VERSION_BYTES >> 20} MiB at most): prune backups to see further back."
        )

    @property
    def present(self) -> tuple[EntryLife, ...]:
        return tuple(life for life in self.lives if life.present)

    @property
    def gone(self) -> tuple[EntryLife, ...]:
        return tuple(life for life in self.lives if not life.present)

    def version(self, key: int | str) -> Version:
        """A version by index or by name ("current" for the live file)."""
        for v in self.versions:
            if v.index == key or v.name == key:
                return v
        raise InvalidRequest(
            f"There is no version {key!r} of this file.",
            hint=f"Use a version number or a backup name as `{printed_command('history', self.target)}` lists it.",
        )

    def diff(self, old: int | str, new: int | str) -> EntryDiff:
        return diff_entries(self.version(old).entries, self.version(new).entries)

    def age(self, life: EntryLife, now: datetime | None = None) -> float | None:
        """Seconds since the entry first appeared (at least: it may be older than the oldest backup)."""
        created = self.versions[life.first_seen].created
        if created is None:
            return None
        return max(0.0, ((now or datetime.now(UTC)) - created).total_seconds())


def _read_version(index: int, name: str, style: str, created: datetime | None, data: bytes) -> Version:
    try:
        return Version(index, name, style, created, tuple(parse(decode(data))))
    except FileProblem as problem:
        return Version(index, name, style, created, tuple(parse(decode_lossy(data))), problem.message)


def versions(store: MemoryStore, target: str) -> list[Version]:
    """The newest backups that fit MAX_VERSIONS and MAX_VERSION_BYTES, oldest first, then the live
    file; :func:`timeline` counts the rest."""
    return _versions(store, target)[0]


def _versions(store: MemoryStore, target: str) -> tuple[list[Version], int]:
    read: list[tuple[Backup, bytes]] = []
    listed, total = store.backups(target), 0  # newest first
    for at, backup in enumerate(listed):
        if len(read) == MAX_VERSIONS:
            return _chain(store, target, read), len(listed) - at
        try:
            size = os.lstat(backup.path).st_size
            if total + size > MAX_VERSION_BYTES:
                return _chain(store, target, read), len(listed) - at
            data = read_backup(backup)
        except (OSError, NotReadable):
            continue  # pruned or unreadable meanwhile: a gap in history, not an error
        total += len(data)
        read.append((backup, data))
    return _chain(store, target, read), 0


def _chain(store: MemoryStore, target: str, newest_first: list[tuple[Backup, bytes]]) -> list[Version]:
    out: list[Version] = []
    for backup, data in reversed(newest_first):
        out.append(_read_version(len(out), backup.name, backup.style, backup.created, data))
    state = store.read(target)
    try:
        mtime = datetime.fromtimestamp(os.stat(state.path).st_mtime, tz=UTC) if state.exists else None
    except OSError:
        mtime = None
    live = Version(len(out), CURRENT, CURRENT, mtime, state.entries, state.error)
    return [*out, live]


class _Life:
    """An entry life while the timeline is built (mutable; frozen into EntryLife at the end)."""

    def __init__(self, index: int, text: str) -> None:
        self.first = self.changed = index
        self.texts: list[tuple[int, str]] = [(index, text)]
        self.spans: list[tuple[int, int | None]] = [(index, None)]  # as EntryLife.spans

    def freeze(self) -> EntryLife:
        gone = self.spans[-1][1]
        return EntryLife(
            self.texts[-1][1],
            self.first,
            self.changed,
            gone,
            tuple(self.texts),
            tuple(self.spans),
        )


def timeline(store: MemoryStore, target: str) -> Timeline:
    chain, not_read = _versions(store, target)
    return replace(build_timeline(target, chain), not_read=not_read)


def build_timeline(target: str, chain: list[Version]) -> Timeline:
    """Follow every entry through ``chain`` (oldest first, the live file last).

    A "changed" pair of the entry diff continues the same entry. An added entry whose text a
    departed entry once had is that entry coming back (a new span), not a new entry.
    """
    open_lives: dict[str, _Life] = {}  # current text -> life
    departed: list[_Life] = []  # most recently departed last
    for v in chain:
        if v.index == 0:
            open_lives = {e: _Life(0, e) for e in v.entries}
            continue
        step = diff_entries(chain[v.index - 1].entries, v.entries)
        following: dict[str, _Life] = {}
        # Later departures overwrite earlier ones: a text comes back to the entry that had it last.
        returning = {
            item.new: life
            for item in step.items
            if item.kind in ("added", "changed")
            for life in departed
            if item.new in {t for _, t in life.texts}
        }
        for item in step.items:
            if item.kind == "unchanged":
                following[item.after] = open_lives.pop(item.before)
                continue
            if item.kind in ("changed", "removed"):
                life = open_lives.pop(item.before)
                if item.kind == "changed" and item.new not in returning:
                    life.changed = v.index
                    life.texts.append((v.index, item.after))
                    following[item.after] = life
                    continue
                life.spans[-1] = (life.spans[-1][0], v.index)
                departed.append(life)
            if item.new is None:
                continue
            back = returning.get(item.new)
            if back is not None and back in departed:
                departed.remove(back)
                back.spans.append((v.index, None))
                if back.texts[-1][1] != item.new:
                    back.changed = v.index
                    back.texts.append((v.index, item.new))
                following[item.new] = back
            else:
                following[item.new] = _Life(v.index, item.new)
        open_lives = following
    lives = [life.freeze() for life in open_lives.values()]
    gone = [life.freeze() for life in reversed(departed)]
    live = set(chain[-1].entries) if chain else set()
    return Timeline(target, tuple(chain), tuple(lives + gone), tuple(_restorable(lives + gone, live)))


def _restorable(lives: list[EntryLife], live: set[str]) -> list[Restorable]:
    """Every earlier text not in the live file, most recently lost first.

    A text's loss is the version where the entry next had another text, or left the file.
    """
    found: dict[str, Restorable] = {}
    for life in lives:
        current = life.text if life.present else None
        ends = [index for index, _ in life.texts[1:]] + [life.gone_at]
        for (_, text), lost in zip(life.texts, ends):
            if text in live or lost is None:
                continue
            known = found.get(text)
            if known is None or lost > known.lost_at:
                found[text] = Restorable(text, lost, current)
    return sorted(found.values(), key=lambda r: -r.lost_at)


def restore(store: MemoryStore, target: str, item: Restorable, line: Timeline | None = None) -> OpResult:
    """Bring back one earlier text where it stood (:func:`put_back`): in place of the entry's
    live text, or, for a gone entry, between the neighbours it had in the last version that held
    it (``line``; without it, at the end)."""
    source = line.version(item.lost_at - 1).entries if line is not None and item.lost_at > 0 else ()
    return put_back(store, target, item.text, source=source, current=item.current)


def restore_entry(store: MemoryStore, target: str, text: str) -> OpResult:
    """Put one entry from any version back into the live file (a normal ``add``: scanned,
    limit-checked, a duplicate changes nothing)."""
    return store.add(target, text)


@dataclass(frozen=True)
class PutBack:
    """What :func:`put_back` would do with one entry of an earlier version (see :func:`plan_put_back`)."""

    text: str  # the earlier text
    current: str | None  # the live entry it replaces in place; None for a gone entry
    after: str | None = None  # a gone entry goes right after this live entry ...
    before: str | None = None  # ... or, when nothing before it is left, right before this one

    @property
    def in_place(self) -> bool:
        return self.current is not None

    @property
    def where(self) -> str:
        """Where it goes, in words (for a confirmation)."""
        if self.current is not None:
            return "in place of the entry's current text"
        if self.after is not None:
            return "back where it stood, after the entry that preceded it"
        if self.before is not None:
            return "back where it stood, at the top, before the entry that followed it"
        return "back at the end of the file"


def counterparts(live: Sequence[str], source: Sequence[str]) -> dict[str, str]:
    """Source text -> the live text of the same entry (unchanged or changed), by the entry diff."""
    out: dict[str, str] = {}
    for item in diff_entries(list(live), list(source)).items:
        if item.kind in ("unchanged", "changed") and item.new is not None and item.old is not None:
            out[item.new] = item.old
    return out


def plan_put_back(
    live: Sequence[str],
    source: Sequence[str],
    text: str,
    current: str | None = None,
    *,
    pairs: dict[str, str] | None = None,
) -> PutBack:
    """Where ``text`` (an entry of the version ``source``) goes back into ``live``.

    ``current`` given: the live entry it is an earlier text of (History knows it). Else the entry
    diff of the two versions decides: a "changed" pair means the same entry, restored in place; an
    entry only in ``source`` goes back after the nearest entry before it that is still in the live
    file (a changed neighbour counts by its live text), or before the nearest one after it.
    ``pairs``: :func:`counterparts` of the two, when planning several entries of one version.
    """
    source_list = list(source)
    if current is not None or text not in source_list:
        return PutBack(text, current)
    counterpart = counterparts(live, source_list) if pairs is None else pairs
    if text in counterpart and counterpart[text] != text:
        return PutBack(text, counterpart[text])
    k = source_list.index(text)
    after = next((counterpart[e] for e in reversed(source_list[:k]) if e in counterpart), None)
    before = (
        None if after is not None else next((counterpart[e] for e in source_list[k + 1 :] if e in counterpart), None)
    )
    return PutBack(text, None, after, before)


def put_back(
    store: MemoryStore, target: str, text: str, *, source: Sequence[str] = (), current: str | None = None
) -> OpResult:
    """Restore one entry of an earlier version where it stood: the one routine behind History's
    "Restore in place" and "Put it back where it stood" (docs/rules.md#history).

    A changed entry: one replace pinned to its live text (``expect_entry``), so it stays in its
    place and a later edit of it is refused, not overwritten. A gone entry: written back between
    its old neighbours, pinned to the bytes the position was worked out from; at the end it is a
    plain ``add``, exactly as the agent would write it. Either way the text is scanned and the
    limit checked, and when nothing else changed the file comes back byte-identical to the version.
    """
    state = store.read(target)
    plan = plan_put_back(state.entries, source, text, current)
    if text in state.entries:
        raise InvalidRequest(
            "This text is already an entry of the file; nothing was changed.", hint="Nothing to restore.", target=target
        )
    if plan.current is not None:  # said as what it is: the engine's replace says "Entry replaced."
        result = store.replace(target, plan.current, text, expect_entry=plan.current)
        return replace(result, message="Restored in place: the entry has this version's text again.")
    entries = list(state.entries)
    anchor = plan.after if plan.after is not None else plan.before
    if anchor is None or anchor not in entries or (plan.after is not None and entries[-1] == plan.after):
        return store.add(target, text)  # its place is the end: the agent's own add
    if state.drift:  # refused with the agent's drift copy, like every rewrite of a hand-edited file
        return store.batch(target, [{"action": "add", "content": text}])
    at = entries.index(anchor) + (1 if plan.after is not None else 0)
    entries.insert(at, text)
    result = store.rewrite(target, entries, expect=state.raw)
    return replace(result, action="restore", message="Entry restored where it stood.")
