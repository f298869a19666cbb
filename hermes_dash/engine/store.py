"""The memory store: every read and every write of MEMORY.md / USER.md goes through here.

Each mutation follows the agent's own sequence (docs/rules.md#operations, docs/rules.md#locking), so the files come out
byte-identical to what the agent would leave:

    validate + scan (before the lock) -> lock <file>.lock -> re-read -> drift guard
    -> apply the rules -> dated backup of the old bytes -> atomic write -> prune backups

A refusal raises :class:`~hermes_dash.Refusal` and leaves every file as it was (the agent's
drift copy excepted, which the refusal names).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import operator
import os
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, SupportsIndex

from hermes_dash.engine.home import HermesHome, Settings, load_settings, resolve_home
from hermes_dash.engine.io import backups as _backups
from hermes_dash.engine.io.atomic import create_exclusive, make_private, os_refusal, real_path, write_atomic
from hermes_dash.engine.io.lock import held
from hermes_dash.engine.io.readfile import MAX_MEMORY_BYTES, Fingerprint, NotReadable, describe, read_regular
from hermes_dash.engine.rules import ops as _ops
from hermes_dash.engine.rules.errors import DriftDetected, FileChanged, FileProblem, InvalidRequest, Refusal
from hermes_dash.engine.rules.format import (
    TARGETS,
    Drift,
    decode,
    decode_lossy,
    detect_drift,
    parse,
    percent,
    serialise,
    usage,
)
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.views.humanize import count as n_of
from hermes_dash.engine.views.humanize import entries as n_entries

if TYPE_CHECKING:  # the two-file writes are loaded when used: `show` and one-file writes skip them
    from hermes_dash.engine import move as _move
LOCK_TIMEOUT_S = 10.0
#: stat errors that mean "nothing there" (pathlib's exists() reads them the same way); a link
#: that loops is one of them, and is then reported as a link to nothing.
_ABSENT = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)
#: Batch text up to this size is scanned before anything else (the agent's order); the content
#: scan reads at most this much of one entry, so no real batch comes near it.
SCAN_FIRST_MAX_CHARS = _ops.SCAN_FIRST_MAX_CHARS


@dataclass(frozen=True)
class FileState:
    """One memory file as read from disk at one moment."""

    target: str
    path: Path
    limit: int
    exists: bool
    entries: tuple[str, ...]
    raw: bytes = b""
    error: str | None = None  # why the file cannot be written (bad UTF-8, unreadable); entries are best-effort
    drift: Drift = field(default_factory=lambda: Drift(()))
    link_target: Path | None = None
    fingerprint: Fingerprint | None = None  # of the real file (links followed); None when it was not read

    @property
    def usage(self) -> int:
        return usage(self.entries)

    @property
    def percent(self) -> int:
        return percent(self.usage, self.limit)

    @property
    def over_budget(self) -> bool:
        return self.usage > self.limit

    @property
    def filename(self) -> str:
        return Target.of(self.target).filename


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Undo:
    """What is needed to take back one write later, as plain data (a page keeps it in its session,
    a script in JSON): the backup the write made (None when the file was empty or missing
    before), a digest of the bytes that backup must hold, and a digest of what the write left.
    """

    target: str
    backup: str | None
    restores: str  # sha256 of the bytes the write replaced
    left: str  # sha256 of the bytes the write left

    def to_dict(self) -> dict[str, object]:
        return {"target": self.target, "backup": self.backup, "restores": self.restores, "left": self.left}


@dataclass(frozen=True)
class OpResult:
    """What an accepted operation did."""

    target: str
    action: str
    message: str
    changed: bool
    before: tuple[str, ...]
    after: tuple[str, ...]
    limit: int
    backup: _backups.Backup | None = None
    undo: Undo | None = None  # how to take this write back (None when nothing was written)
    #: The file as the store read it under the lock, before this operation (None: it was absent).
    #: A caller that remembers what it showed tells "changed since you looked" with :meth:`changed_since`.
    fingerprint_before: Fingerprint | None = None

    @property
    def usage(self) -> int:
        return usage(self.after)

    @property
    def percent(self) -> int:
        return percent(self.usage, self.limit)

    def changed_since(self, seen: Fingerprint | None) -> bool:
        """Whether the file had changed between ``seen`` (what the caller last showed or read) and
        this operation; False when the caller saw nothing (``seen`` None)."""
        return seen is not None and seen != self.fingerprint_before

    def to_dict(self, seen: Fingerprint | None = None) -> dict[str, object]:
        """As JSON; ``external_change`` is :meth:`changed_since` ``seen`` (False without one)."""
        return {"success": True, "target": self.target, "action": self.action, "message": self.message,
                "changed": self.changed, "usage": f"{self.usage}/{self.limit}", "percent": self.percent,
                "entry_count": len(self.after),
                "backup": self.backup.name if self.backup else None,
                "external_change": self.changed_since(seen)}


def read_file_state(target: str, path: Path, limit: int, *, follow: bool = True) -> FileState:
    """Read and parse one file, never raising: problems land in ``error``.

    ``follow=False`` (backups): a symbolic link is not followed but reported as the error.
    """
    link = Path(os.path.realpath(path)) if path.is_symlink() else None
    try:
        raw, st = read_regular(path, MAX_MEMORY_BYTES, follow=follow)
    except FileNotFoundError:
        error = f"{path.name} is a symbolic link to {link}, which does not exist." if link else None
        return FileState(target, path, limit, False, (), error=error, link_target=link)
    except (OSError, NotReadable) as exc:
        return FileState(target, path, limit, False, (), error=describe(exc, path), link_target=link)
    fingerprint = Fingerprint.of(st)
    try:
        text = decode(raw)
    except FileProblem as problem:
        text = decode_lossy(raw)
        return FileState(target, path, limit, True, tuple(parse(text)), raw, str(problem),
                         detect_drift(text, limit), link, fingerprint)
    return FileState(target, path, limit, True, tuple(parse(text)), raw, None,
                     detect_drift(text, limit), link, fingerprint)


def drift_guard(state: FileState, keep_copy: Callable[[FileState], str | None] | None = None) -> None:
    """The drift guard, the one statement of it (docs/rules.md#operations): refuse to rewrite a file
    that is not in the memory tool's own shape, since rewriting it could lose what was added by hand.

    Raises :class:`DriftDetected` when ``state`` drifted. ``keep_copy`` (the store, under its lock)
    saves the agent's drift copy first and returns its name, which the refusal names; previews and
    checks made before any write pass nothing and copy nothing.
    """
    if not state.drift:
        return
    saved, copy = "", None
    if keep_copy is not None:
        copy = keep_copy(state)
        saved = f" A copy was saved as {copy}." if copy else " Saving a copy failed; the file itself is unchanged."
    raise DriftDetected(
        f"{state.filename} was changed outside the memory tool: {'; '.join(state.drift.reasons)}. "
        f"Rewriting it could lose that content, so nothing was changed.{saved}",
        hint="Clean it up first: normalise it into § entries (the Migrate page, or hermes-dash normalize), or add "
             "the extra content back as entries and rewrite the file; `add` still works meanwhile.",
        target=state.target, backup=copy)


class MemoryStore:
    """Both memory files of one Hermes home, with the agent's rules, locks and backups.

    Public methods take a target as its key (``"memory"``) or a :class:`Target`, and check it once,
    at the entry; the internals pass the :class:`Target` on.
    """

    def __init__(self, home: HermesHome, settings: Settings | None = None,
                 lock_timeout: float = LOCK_TIMEOUT_S) -> None:
        self.home = home
        self.settings = settings if settings is not None else load_settings(home)
        self.lock_timeout = lock_timeout

    @classmethod
    def open(cls, home: str | os.PathLike[str] | None = None, profile: str | None = None) -> "MemoryStore":
        return cls(resolve_home(home, profile))

    # -- reading ---------------------------------------------------------------------------

    def limit(self, target: str | Target) -> int:
        return self.settings.limit(Target.of(target))

    def read(self, target: str | Target) -> FileState:
        return self._read(Target.of(target))

    def backups(self, target: str | Target | None = None) -> list[_backups.Backup]:
        return _backups.list_backups(self.home.memories_dir, Target.of(target).key if target else None)

    def render_block(self, target: str | Target, entries: Iterable[str] | None = None) -> str:
        """The block the next session will load (or, given ``entries``, would load)."""
        spec = Target.of(target)
        if not self.settings.enabled(spec):
            return ""
        from hermes_dash.engine.views.render import render_block  # only rendering pays for its patterns and the scan

        return render_block(spec.key, tuple(self._read(spec).entries if entries is None else entries),
                            self.settings.limit(spec))

    def render(self) -> str:
        from hermes_dash.engine.views.render import render_prompt

        return render_prompt({t: self.render_block(t) for t in TARGETS})

    # -- the four operations -----------------------------------------------------------------

    def add(self, target: str | Target, content: str) -> OpResult:
        return self.apply(target, _ops.Operation("add", content))

    def replace(self, target: str | Target, old_text: str, content: str, *,
                expect_entry: str | None = None) -> OpResult:
        """``expect_entry``: the full text of the entry the caller saw; checked under the lock,
        so a replace never overwrites what someone else made of that entry meanwhile."""
        return self.apply(target, _ops.Operation("replace", content, old_text, expect_entry))

    def remove(self, target: str | Target, old_text: str, *, expect_entry: str | None = None) -> OpResult:
        return self.apply(target, _ops.Operation("remove", old_text=old_text, expect_entry=expect_entry))

    def batch(self, target: str | Target, operations: Iterable[object]) -> OpResult:
        return self.apply(target, _ops.Operation.batch(operations))

    def apply(self, target: str | Target, operation: _ops.Operation | dict[str, object]) -> OpResult:
        """Any operation (add, replace, remove or batch) as data: the one path every write takes.

        It is checked before the lock (:func:`_ops.prepare`, the agent's order: a scan refusal
        must not leave a drift copy), then projected on the entries re-read under the lock with
        the same :func:`_ops.project` that previews use, so a preview is what the write does.
        """
        spec = Target.of(target)
        prepared = _ops.prepare(operation)
        action = prepared.op.action
        limit = self.settings.limit(spec)
        if action == "batch":
            # A dry run on the file as it is now, before the lock: a batch that cannot fit (or aims
            # at text that is not there) is refused without making the agent wait on its lock. The
            # same rules run again on the file re-read under the lock, which decides. A drifted or
            # unreadable file is left to the checks under the lock (they keep the agent's drift
            # copy). A bulky batch is scanned only after this dry run (see SCAN_FIRST_MAX_CHARS).
            now = self._read(spec)
            if not now.error and not now.drift:
                _ops.apply_batch(list(now.entries), list(prepared.op.operations), limit)
            prepared = _ops.scan_now(prepared)
        return self._mutate(spec, action, lambda entries: _ops.project(entries, prepared, limit),
                            guard_drift=action != "add",
                            duplicate=prepared.op.content if action == "add" else None,
                            count=len(prepared.op.operations))

    def rewrite(self, target: str | Target, entries: Iterable[str], *, expect: bytes | None = None) -> OpResult:
        """Write ``entries`` as the whole file (normalising a hand-written file), backup first.

        Added for the curation helper's ``normalize``: a drifted file cannot be fixed with
        replace/remove (the drift guard refuses them), so this skips that guard, and in
        exchange refuses unless the file still holds exactly ``expect`` (the bytes the preview
        was made from). Text not already in the file is scanned; the limit is enforced unless
        the result is no longer than what is there now (never makes a full file fuller).
        """
        spec = Target.of(target)
        cleaned = [e.strip() for e in entries]
        cleaned = list(dict.fromkeys(e for e in cleaned if e))
        with self._lock(spec):
            state = self._read_writable(spec)
            if expect is not None and state.raw != expect:
                raise FileProblem(f"{state.filename} changed since the preview was made; nothing was changed.",
                                  hint="Look at the new preview and apply again.", target=spec.key)
            current = decode_lossy(state.raw)
            for i, entry in enumerate(cleaned, start=1):
                if entry not in current:
                    _ops.check_content(entry, where=f"Entry {i}: ")
            if usage(cleaned) > state.limit and usage(cleaned) > len(current.strip()):
                raise _ops.full_refusal("The rewritten file", usage(cleaned), state.limit, state.usage)
            data = serialise(cleaned).encode("utf-8")
            if state.exists and data == state.raw:
                return self._result(state, "rewrite", f"{state.filename} is already in clean form.",
                                    tuple(cleaned), None)
            kept = self._save(state, data)
        return self._result(state, "rewrite", f"Rewrote {state.filename} as {n_entries(len(cleaned))}.",
                            tuple(cleaned), kept, written=data)

    # -- backups -------------------------------------------------------------------------------

    def backup(self, target: str | Target) -> _backups.Backup | None:
        """Back up the current file now (None when there is nothing to keep)."""
        spec = Target.of(target)
        with self._lock(spec):
            state = self._read(spec)
            return self._keep(state, self.backups(spec))[0]

    def prune_preview(self, target: str | None, keep: int) -> list[_backups.Backup]:
        """The dated backups that pruning to the newest ``keep`` would delete, of ``target`` (or of
        each file when None), newest first; nothing is deleted (docs/rules.md#backups)."""
        keep = _check_keep(keep)
        return [b for t in _targets(target) for b in _backups.beyond(self.backups(t), keep)]

    def prune_backups(self, target: str | None, keep: int, *,
                      expect: Iterable[str] | None = None) -> list[_backups.Backup]:
        """Delete all but the newest ``keep`` dated backups of ``target`` (or of each file when
        None); return what was deleted, newest first. Daily and drift copies, links and any other
        file are never deleted, nor is the newest dated backup (``keep`` is at least 1).

        ``expect``: the names a preview (:meth:`prune_preview`) showed. Refused
        (:class:`FileChanged`, nothing deleted) unless exactly those would go now: a write made
        or retention removed backups meanwhile, and the person confirmed another set.
        """
        keep = _check_keep(keep)
        wanted = None if expect is None else {expect} if isinstance(expect, str) else set(expect)
        targets = _targets(target)
        with contextlib.ExitStack() as locks:
            for t in targets:
                # Writers make and prune dated backups under this lock. A file with no dated backup
                # has none to delete, even if a write makes one meanwhile (keep is at least 1):
                # no lock file is created for it.
                if any(b.style == "dated" for b in self.backups(t)):
                    locks.enter_context(self._lock(t))
            doomed = [b for t in targets for b in _backups.beyond(self.backups(t), keep)]
            if wanted is not None and {b.name for b in doomed} != wanted:
                now = ", ".join(b.name for b in doomed) or "none"
                raise FileChanged("The backups changed since the preview, so it no longer shows what would be "
                                  f"deleted (now: {now}). Nothing was deleted.",
                                  hint="Look at the new preview and confirm again.", target=target)
            removed: list[_backups.Backup] = []
            for backup in doomed:
                try:
                    # Listed as a regular file; if a link or folder took its name since, it is not
                    # a backup any more: leave it (unlink would delete the link, never its target).
                    if not stat.S_ISREG(os.lstat(backup.path).st_mode):
                        continue
                    backup.path.unlink()
                except FileNotFoundError:
                    continue
                except OSError as exc:
                    done = ("Deleted before it: " + ", ".join(b.name for b in removed) + "."
                            if removed else "Nothing was deleted.")
                    raise FileProblem(f"Could not delete {backup.name}: {exc.strerror or exc}. {done}",
                                      hint="Check the permissions of the memories folder.", target=backup.target,
                                      deleted=[b.name for b in removed]) from exc
                removed.append(backup)
        return removed

    def restore(self, name: str) -> OpResult:
        """Put a listed backup's bytes back, after backing up what is there now."""
        chosen = next((b for b in self.backups() if b.name == name), None)
        if chosen is None:
            raise InvalidRequest(f"{name!r} is not a backup in {self.home.memories_dir}.",
                                 hint="Use a name exactly as `backups` lists it.")
        try:
            data = _backups.read_backup(chosen)
        except NotReadable as problem:
            raise FileProblem(f"Backup {name} cannot be restored: {problem.message} Nothing was changed.",
                              hint=problem.hint) from None
        except OSError as exc:
            raise FileProblem(f"Cannot read backup {name}: {exc.strerror or exc}. Nothing was changed.",
                              hint="Check its permissions.") from None
        spec = Target.of(chosen.target)
        with self._lock(spec):
            state = self._read(spec)
            if state.raw == data and state.exists:
                return self._result(state, "restore", f"{state.filename} already equals {name}.", state.entries,
                                    None)
            kept = self._save(state, data)
        after = tuple(parse(decode_lossy(data)))
        return self._result(state, "restore", f"Restored {state.filename} from {name}.", after, kept, written=data)

    def undo(self, undo: "Undo | OpResult") -> OpResult:
        """Take back one write: put back the bytes it replaced, as a backed-up write itself.

        Refused (:class:`FileChanged`, nothing written) when the file no longer holds exactly
        what that write left: undoing then would throw away someone else's later write. The
        backup must still hold the bytes the write replaced (it may have been pruned or edited).
        """
        if isinstance(undo, OpResult):
            if undo.undo is None:
                raise InvalidRequest("That operation changed nothing, so there is nothing to undo.",
                                     hint="Undo applies to a write that changed the file.")
            undo = undo.undo
        spec = Target.of(undo.target)
        filename = spec.filename
        with self._lock(spec):
            state = self._read_writable(spec)
            data = self._undo_checked(state, undo)
            kept = self._save(state, data)
        after = tuple(parse(decode_lossy(data)))
        return self._result(state, "undo", f"Undid the last write to {filename}.", after, kept, written=data)

    def _undo_checked(self, state: FileState, undo: "Undo") -> bytes:
        """The bytes ``undo`` puts back into ``state``'s file (read under the lock); refused when
        the file no longer holds exactly what that write left."""
        if _digest(state.raw) != undo.left:
            raise FileChanged(f"{state.filename} changed after that write, so undoing it would throw away the later "
                              "change. Nothing was changed.",
                              hint="Look at the file as it is now (and at Backups), and make the change you "
                                   "want by hand.", target=state.target, backup=undo.backup)
        return self._undo_bytes(undo, state.filename)

    def _undo_bytes(self, undo: "Undo", filename: str) -> bytes:
        """The bytes ``undo`` puts back, checked against the digest taken when the write was made."""
        data: bytes | None
        if undo.backup is None:
            data = b""  # the write created the file (or filled an empty one)
        else:
            backup = next((b for b in self.backups(undo.target) if b.name == undo.backup), None)
            try:
                data = _backups.read_backup(backup) if backup is not None else None
            except (OSError, NotReadable):
                data = None
            if data is None:
                raise FileProblem(f"The backup {undo.backup} that this write made is gone (or is no longer a plain "
                                  "file), so the write cannot be undone from it. Nothing was changed.",
                                  hint="Pick an older version on the Backups page instead.", target=undo.target)
        if _digest(data) != undo.restores:
            raise FileChanged(f"The backup {undo.backup} no longer holds what {filename} held before that write. "
                              "Nothing was changed.", hint="Pick a version on the Backups page instead.",
                              target=undo.target, backup=undo.backup)
        return data

    # -- both files at once (docs/rules.md#two-file-writes) -------------------------------------

    def move(self, source: str, entry: str, destination: str, *,
             expect_entry: str | None = None) -> _move.TwoFileResult:
        """Take the entry ``entry`` hits out of ``source`` and add it to ``destination``: both
        files change or neither does. ``expect_entry`` pins the entry to the text the caller saw.
        Both locks are held, taken in file-name order; the destination is written first."""
        from hermes_dash.engine import move as _move
        return _move.move(self, source, entry, destination, expect_entry=expect_entry)

    def apply_both(self, first: tuple[str, _ops.Operation | dict[str, object]],
                   second: tuple[str, _ops.Operation | dict[str, object]], *,
                   message: str = "Changed both files.") -> _move.TwoFileResult:
        """Two operations, one per file, as one change: ``first`` is written first, and put back
        if writing ``second`` fails. A refusal of either leaves both files as they were."""
        from hermes_dash.engine import move as _move
        return _move.write_both(self, first, second, message)

    def undo_both(self, undo: "_move.TwoFileUndo | _move.TwoFileResult") -> _move.TwoFileResult:
        """Take back a two-file write (both files or neither); refused like :meth:`undo`."""
        from hermes_dash.engine import move as _move
        if isinstance(undo, _move.TwoFileResult):
            token = undo.undo
            if token is None:
                raise InvalidRequest("That change wrote nothing, so there is nothing to undo.",
                                     hint="Undo applies to a write that changed a file.")
            undo = token
        return _move.undo_both(self, undo)

    # -- internals -------------------------------------------------------------------------------

    def _read(self, spec: Target) -> FileState:
        return read_file_state(spec.key, self.home.file_path(spec), self.settings.limit(spec))

    def _folder_kind(self) -> str:
        """What the memories folder is now: "folder", "missing", "file" (anything not a folder) or
        "dangling" (a symbolic link to nothing); one ``stat`` in the usual case."""
        folder = self.home.memories_dir
        try:
            return "folder" if stat.S_ISDIR(os.stat(folder).st_mode) else "file"
        except OSError as exc:
            if exc.errno not in _ABSENT:
                raise
            return "dangling" if os.path.islink(folder) else "missing"

    @contextlib.contextmanager
    def _lock(self, spec: Target | str, folder: str | None = None) -> Iterator[None]:
        """Hold ``spec``'s lock. ``folder``: :meth:`_folder_kind` when the caller has just asked."""
        spec = Target.of(spec)  # a Target (the store's own callers) is passed through as it is
        lock_path = self.home.lock_path(spec)
        folder_path = self.home.memories_dir
        kind = folder or self._folder_kind()
        if kind == "file":
            # Caught here because the lock file is the first thing created inside it, and
            # "File exists" from mkdir would not say which path is wrong.
            raise FileProblem(f"{folder_path} is a file, not a folder, so the memory files cannot live in it. "
                              "Nothing was changed.",
                              hint="Move or rename that file (it may hold notes worth keeping), then try again; "
                                   "hermes-dash creates the `memories` folder on the next write.",
                              target=spec.key)
        if kind == "dangling":
            # mkdir of the lock's folder would fail with "File exists" about the lock file.
            raise FileProblem(f"{folder_path} is a symbolic link to {os.readlink(folder_path)}, which does not exist, "
                              "so the memory files cannot be written. Nothing was changed.",
                              hint="Create the folder the link points to (or mount the drive it is on), "
                                   "or remove the link so hermes-dash creates a plain `memories` folder.",
                              target=spec.key)
        with held(lock_path, self.lock_timeout, f"{lock_path.name} has been locked by another process for over "
                  f"{self.lock_timeout:g} s (the agent may be writing)."):
            yield

    def _read_writable(self, spec: Target | str) -> FileState:
        """The file as it is now (call under the lock), or a refusal when it cannot be rewritten."""
        spec = Target.of(spec)
        state = self._read(spec)
        if state.error:
            raise FileProblem(f"{state.filename}: {state.error}",
                              hint="Nothing was changed. Fix the file (or restore a backup) first.", target=spec.key)
        return state

    def _mutate(self, spec: Target, action: str, compute: Callable[[list[str]], _ops.Projection], *,
                guard_drift: bool = True, duplicate: str | None = None, count: int = 0) -> OpResult:
        folder = self._folder_kind()
        if folder != "folder" and not self.home.file_path(spec).is_symlink():
            # Nothing there yet: decide on an empty store before creating any folder or lock file.
            compute([]).raise_refusal()
        with self._lock(spec, folder):
            state = self._read_writable(spec)
            if guard_drift:
                self._guard_drift(state)
            entries = list(state.entries)
            if duplicate is not None and duplicate in entries:
                return self._result(state, action, "That entry already exists; nothing was added.",
                                    state.entries, None)
            after = compute(entries).raise_refusal().after
            data = serialise(after).encode("utf-8")
            if state.exists and data == state.raw:
                # The file already holds these exact bytes: nothing to write. When only the bytes
                # differ (CRLF, duplicates, blank pieces), the agent rewrites the file in clean
                # form after every accepted replace, remove or batch, and so does this.
                return self._result(state, action, "The file already had this content.", after, None)
            kept = self._save(state, data)
        message = {"add": "Entry added.", "replace": "Entry replaced.", "remove": "Entry removed.",
                   "batch": f"Applied {n_of(count, 'operation')}."}[action]
        return self._result(state, action, message, after, kept, written=data)

    def _result(self, state: FileState, action: str, message: str, after: tuple[str, ...],
                kept: _backups.Backup | None, written: bytes | None = None) -> OpResult:
        """``written``: the bytes a write left (None when nothing was written)."""
        undo = None if written is None else Undo(state.target, kept.name if kept else None,
                                                 _digest(state.raw), _digest(written))
        return OpResult(state.target, action, message, written is not None, state.entries, after, state.limit,
                        kept, undo, state.fingerprint)

    def _save(self, state: FileState, data: bytes) -> _backups.Backup | None:
        """Backup, write, prune. If the write fails, a backup made just for it is taken back, so
        a refused write (full disk, permissions) leaves the folder exactly as it was.

        The folder is listed once: the lock is held throughout, and every writer of dated
        backups (any hermes-dash) takes the same lock, so the listing stays current.
        """
        kept, fresh, listing = self._write(state, data)
        self._prune(state.target, kept, fresh, listing)
        return kept

    def _write(self, state: FileState, data: bytes) -> tuple[_backups.Backup | None, bool, list[_backups.Backup]]:
        """Backup, then write (call under the lock): the backup, whether it was made now, and the
        listing it was chosen from. A failed write takes back a backup made just for it."""
        listing = self.backups(state.target)
        kept, fresh = self._keep(state, listing, replaced=True)
        try:
            write_atomic(state.path, data)
        except BaseException:
            if fresh and kept is not None:
                with contextlib.suppress(OSError):
                    kept.path.unlink()
            raise
        if kept is not None and kept.style == "dated":
            # A backup made by linking is the old file, with its mode until now (one a crash
            # left sharing the file, too: it was reused as holding the same bytes).
            make_private(kept.path)
        return kept, fresh, listing

    def _prune(self, target: str, kept: _backups.Backup | None, fresh: bool,
               listing: list[_backups.Backup]) -> None:
        with contextlib.suppress(OSError):  # retention is housekeeping: never fail a saved write for it
            _backups.prune(self.home.memories_dir, target, self.settings.backups_keep,
                           [kept, *listing] if fresh and kept else listing, protect=kept)

    def _keep(self, state: FileState, listing: list[_backups.Backup],
              replaced: bool = False) -> tuple[_backups.Backup | None, bool]:
        """A dated backup of the bytes about to be replaced, unless the newest backup has them;
        and whether it was made now (True) or was already there. ``replaced``: the caller
        renames a new file onto ``state.path`` next, so the backup may be the old file itself."""
        if not state.raw:
            return None, False
        newest = next(iter(listing), None)
        if newest is not None and _same_bytes(newest, state.raw):
            return newest, False
        try:
            return _backups.create_dated(self.home.memories_dir, state.target, state.raw, existing=listing,
                                         replaced=(state.link_target or state.path) if replaced else None), True
        except OSError as exc:
            raise os_refusal(exc, self.home.memories_dir) from exc

    def _guard_drift(self, state: FileState) -> None:
        """:func:`drift_guard` under the lock: a drifted file is copied first, and the refusal names the copy."""
        drift_guard(state, self._drift_copy)

    def _drift_copy(self, state: FileState) -> str | None:
        folder = self.home.memories_dir
        # Each refused write would otherwise leave one more identical copy (one a second, never
        # pruned): the newest drift copy holding these bytes already keeps them.
        newest = next((b for b in self.backups(state.target) if b.style == "drift"), None)
        if newest is not None and _same_bytes(newest, state.raw):
            return newest.name
        path = folder / f"{state.filename}.bak.{int(time.time())}"
        try:
            if create_exclusive(path, state.raw) or \
                    read_regular(path, MAX_MEMORY_BYTES, follow=False)[0] == state.raw:
                return path.name
            # Same second, other bytes: never overwrite a backup, fall back to a dated name.
            return _backups.create_dated(folder, state.target, state.raw).name
        except (OSError, NotReadable):
            return None


def _targets(target: str | None) -> list[str]:
    return [_ops.check_target(target)] if target is not None else list(TARGETS)


def _check_keep(keep: object) -> int:
    """How many dated backups to keep when pruning: a whole number, at least 1 (the newest dated
    backup may be the only copy of what the last write replaced)."""
    if isinstance(keep, bool) or not isinstance(keep, SupportsIndex):
        raise InvalidRequest(f"The number of backups to keep must be a whole number, not {keep!r}. "
                             "Nothing was deleted.", hint="Give a number of 1 or more, for example 10.")
    number = operator.index(keep)
    if number < 1:
        raise InvalidRequest(f"Keeping {number} would delete the newest backup too. Nothing was deleted.",
                             hint="Keep at least 1: the newest backup may be the only copy of what the last "
                                  "write replaced.")
    return number


def _same_bytes(backup: _backups.Backup, data: bytes) -> bool:
    """Whether ``backup`` holds exactly ``data``. An unreadable backup (another user's, mode 000,
    replaced by a link) holds nothing we can count on, so it is "not the same": the caller then
    makes a fresh copy it can read, instead of failing the write over a file it does not need."""
    try:
        return _backups.read_backup(backup) == data
    except (OSError, NotReadable):
        return False


__all__ = ["FileState", "MemoryStore", "OpResult", "Refusal", "Undo", "read_file_state", "real_path"]
