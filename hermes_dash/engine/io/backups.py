"""Backups of the memory files: names, listing, retention (docs/rules.md#backups).

Three naming styles sit side by side in ``memories/`` and all are listed:

* ``dated``  ``MEMORY.md.bak.20261129-230512`` (UTC; ``-1``, ``-2`` for more in one second):
  made by hermes-dash before every write; only these are ever pruned.
* ``daily``  ``USER.md.bak.20261129``: a person's hand-made ``cp`` copies. Never deleted.
* ``drift``  ``MEMORY.md.bak.1764457000``: the agent's drift copies. Never deleted.
"""

from __future__ import annotations

import contextlib
import functools
import operator
import os
import re
from dataclasses import dataclass
from datetime import UTC
from pathlib import Path
from typing import TYPE_CHECKING

from hermes_dash.engine.io.atomic import create_exclusive, link_exclusive
from hermes_dash.engine.io.readfile import MAX_MEMORY_BYTES, read_regular
from hermes_dash.engine.rules.format import FILENAMES
from hermes_dash.engine.views.humanize import agreeing, n_of

if TYPE_CHECKING:
    from datetime import datetime

# datetime is imported by the functions that build or compare dates: every command loads this
# module (the write pipeline names it), and ``show`` never looks at a backup.

_SUFFIX = re.compile(
    r"^(?:(?P<dated>(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d))(?:-(?P<seq>\d{1,4}))?"
    r"|(?P<daily>\d{8})|(?P<drift>\d{9,11}))$"
)
_TARGET_OF = {name: target for target, name in FILENAMES.items()}


@dataclass(frozen=True)
class Backup:
    """One backup file; ``created`` comes from its name (the name is what people sort by)."""

    name: str
    folder: Path
    target: str
    style: str  # "dated" | "daily" | "drift"
    created: datetime
    seq: int = 0

    @functools.cached_property
    def path(self) -> Path:
        # Derived when first asked for, not at parsing: a write lists every backup and touches
        # the paths of two or three; cached, as parsed backups are kept (see _PARSED).
        return self.folder / self.name

    @functools.cached_property
    def sort_key(self) -> tuple[datetime, int, str]:
        # Cached (parsed backups are kept, see _PARSED): a write sorts every backup twice.
        return (self.created, self.seq, self.name)


_NEWEST_FIRST = operator.attrgetter("sort_key")


def parse_name(name: str, folder: Path) -> Backup | None:
    """A :class:`Backup` when ``name`` is a backup name in one of the three styles."""
    base, sep, suffix = name.partition(".bak.")
    target = _TARGET_OF.get(base)
    match = _SUFFIX.match(suffix) if sep and target else None
    if not match or not target:
        return None
    from datetime import datetime

    try:
        if match["dated"]:
            # Built from the digits: strptime costs ~15 µs a name, and a write lists every backup.
            # Spelled out rather than a generator: a write lists every backup, and this line runs once per name.
            y, mo, d, h, mi, sec = match.group(2, 3, 4, 5, 6, 7)
            created = datetime(int(y), int(mo), int(d), int(h), int(mi), int(sec), tzinfo=UTC)
            return Backup(name, folder, target, "dated", created, int(match["seq"] or 0))
        if match["daily"]:
            # A hand-made `date +%Y%m%d` name is in local time; midnight local is its best instant.
            created = datetime.strptime(match["daily"], "%Y%m%d").astimezone()
            return Backup(name, folder, target, "daily", created)
        created = datetime.fromtimestamp(int(match["drift"]), tz=UTC)
        return Backup(name, folder, target, "drift", created)
    except (ValueError, OverflowError, OSError):
        return None


#: Backups already parsed, per folder and name: every write lists every backup, and what a name
#: means never changes. Daily names are left out (their instant depends on the local time zone).
_PARSED: dict[str, dict[str, Backup]] = {}
_PARSED_MAX = 4096


def list_backups(folder: Path, target: str | None = None) -> list[Backup]:
    """Every backup of one target (or both), newest first."""
    found = []
    prefixes = tuple(f"{FILENAMES[t]}.bak." for t in ([target] if target else FILENAMES))
    parsed = _PARSED.get(os.fspath(folder))
    if parsed is None or len(parsed) > _PARSED_MAX:  # names of pruned backups pile up: start afresh
        if len(_PARSED) >= 64:
            _PARSED.clear()
        parsed = _PARSED[os.fspath(folder)] = {}
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not entry.name.startswith(prefixes):
                    continue
                backup = parsed.get(entry.name)
                if backup is None:
                    backup = parse_name(entry.name, folder)
                    if backup is not None and backup.style != "daily":
                        parsed[entry.name] = backup
                # Not following links: a backup is a file hermes-dash, the agent or a person made
                # with `cp`; a link named like one (to a private file, say) is not a backup.
                if backup and (target is None or backup.target == target) and entry.is_file(follow_symlinks=False):
                    found.append(backup)
    except OSError:
        return []
    found.sort(key=_NEWEST_FIRST, reverse=True)
    return found


def create_dated(
    folder: Path,
    target: str,
    data: bytes,
    now: datetime | None = None,
    existing: list[Backup] | None = None,
    replaced: Path | None = None,
) -> Backup:
    """Write ``data`` as a new dated backup, never overwriting one that exists.

    ``existing``: the target's listing when the caller already has it (under the lock).
    ``replaced``: the file holding ``data`` that the caller renames a new file onto next (under
    the lock): the backup is then that file under a second name when it can be
    (:func:`~hermes_dash.engine.io.atomic.link_exclusive`), a copy otherwise. The caller then
    fsyncs the folder before that rename (a link's name is not fsynced here; a copy's is).
    """
    from datetime import datetime

    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    base = f"{FILENAMES[target]}.bak.{stamp}"
    # Start after the highest sequence already used in this second, not at the first free
    # name: after retention deleted "-230512", a new copy named "-230512" would sort as the
    # OLDEST of that second and be pruned (or listed) out of order.
    listing = list_backups(folder, target) if existing is None else existing
    same_second = [b.seq for b in listing if b.style == "dated" and b.name.startswith(base)]
    first = max(same_second) + 1 if same_second else 0
    for seq in range(first, 10_000):
        name = base if seq == 0 else f"{base}-{seq}"
        made = link_exclusive(replaced, folder / name, data) if replaced is not None else None
        if made is None:
            replaced = None  # no link here: copy, now and for the next names
            made = create_exclusive(folder / name, data)
        if made:
            backup = parse_name(name, folder)
            assert backup is not None
            return backup
    raise FileExistsError(f"10,000 backups of {FILENAMES[target]} in one second")


def read_backup(backup: Backup) -> bytes:
    """A backup's bytes; refused (:class:`~hermes_dash.engine.io.readfile.NotReadable`) when it is not a
    regular file at the moment it is opened: a link swapped in after the listing is not followed."""
    return read_regular(backup.path, MAX_MEMORY_BYTES, follow=False)[0]


#: A name more than this far ahead of the clock is not taken at its word (clock skew of a few
#: seconds between machines sharing a home is normal; a name for 2999 is not).
FUTURE_SLACK_S = 600


def _cutoff(now: datetime | None = None) -> datetime:
    """The latest instant a truthful name can give (the clock plus :data:`FUTURE_SLACK_S`); taken
    once per listing: a write judges every backup's name against it."""
    from datetime import datetime, timedelta

    return (now or datetime.now(UTC)) + timedelta(seconds=FUTURE_SLACK_S)


def in_future(backup: Backup, now: datetime | None = None) -> bool:
    """Whether ``backup``'s name says it was made after ``now`` (plus a little slack): a name
    nobody can have given it truthfully, so retention does not trust it."""
    return backup.created > _cutoff(now)


def retention_order(listing: list[Backup], now: datetime | None = None) -> list[Backup]:
    """The dated backups in ``listing``, newest first by what is known to be true: names in the
    future are suspect and come last (so they go first), ordered among themselves by the file's
    own modification time; every other backup by its name, which hermes-dash gave it when it
    made it."""
    cutoff = _cutoff(now)
    dated = [b for b in listing if b.style == "dated"]
    trusted = sorted((b for b in dated if b.created <= cutoff), key=_NEWEST_FIRST, reverse=True)
    suspect = [b for b in dated if b.created > cutoff]

    def file_time(backup: Backup) -> int:
        try:
            return os.lstat(backup.path).st_mtime_ns
        except OSError:
            return 0

    suspect.sort(key=lambda b: (file_time(b), b.name), reverse=True)
    return trusted + suspect


def future_note(listing: list[Backup], now: datetime | None = None) -> str | None:
    """One sentence naming the backups whose names are in the future, or None."""
    cutoff = _cutoff(now)
    future = [b.name for b in listing if b.style == "dated" and b.created > cutoff]
    if not future:
        return None
    shown = ", ".join(future[:3]) + (f" and {len(future) - 3:,} more" if len(future) > 3 else "")
    return (
        f"{n_of(len(future), 'backup')} {agreeing(len(future), 'is', 'are')} named for a future date ({shown}): "
        "the clock was wrong when they were made, or they came from elsewhere. Retention counts them as the "
        "oldest, so they are deleted before any real backup."
    )


def beyond(listing: list[Backup], keep: int) -> list[Backup]:
    """The dated backups in ``listing`` after its newest ``keep`` dated ones (by
    :func:`retention_order`), newest first: what pruning to ``keep`` deletes. Daily and drift
    copies are never among them (docs/rules.md#backups)."""
    return retention_order(listing)[max(keep, 0) :]


def prune(
    folder: Path,
    target: str,
    keep: int,
    listing: list[Backup] | None = None,
    protect: Backup | None | tuple[Backup | None, ...] = None,
) -> list[Backup]:
    """Delete all but the newest ``keep`` dated backups of ``target`` (by :func:`retention_order`);
    return what was deleted.

    ``listing``: the target's backups when the caller already has them (under the lock).
    ``protect``: the backups a write just made or named (its own backup; the backup a restore
    was made from), which are never deleted, even when ``keep`` is 0: one may be the only copy
    of the content the write replaced, and the write's reply names them. Each protected dated
    backup counts towards the number kept.
    """
    listing = list_backups(folder, target) if listing is None else listing
    guarded = [b for b in (protect if isinstance(protect, tuple) else (protect,)) if b is not None]
    names = {b.name for b in guarded}
    keep -= len({b.name for b in guarded if b.style == "dated"})
    if sum(b.style == "dated" and b.name not in names for b in listing) <= max(keep, 0):
        return []  # within the limit (the usual write): nothing to order, nothing to delete
    dated = [b for b in retention_order(listing) if b.name not in names]
    removed = []
    for backup in dated[max(keep, 0) :]:
        with contextlib.suppress(FileNotFoundError):
            backup.path.unlink()
            removed.append(backup)
    return removed


__all__ = ["Backup", "list_backups", "read_backup"]
