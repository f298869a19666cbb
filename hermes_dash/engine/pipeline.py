"""The write pipeline: every change to the memory files, of one file or of several, takes it.

One sequence for N files (a single-file write is N=1; a move, a merge across the files and their
undo are N=2), following the agent's own order (docs/rules.md#operations, #locking):

    validate + scan each change (before any lock) -> dry run on the files as they are now
    -> lock each file, in the order of their file names -> re-read each -> bound the work
    -> drift guard -> project each change -> COMMIT: for each file, backup + atomic write
    (on a failure: put back the files already written) -> prune backups

Locks are always taken in file-name order (``MEMORY.md.lock`` before ``USER.md.lock``). The
agent holds one lock at a time, so it cannot deadlock with us; two hermes-dash writers that
each need both locks take them in the same order. Writing starts only once every file has been
projected under its lock, so a refusal (limit, scan, pinned entry gone, drift) leaves every file
as it was: both or neither. The one commit point is :meth:`Files._commit`; everything that
changes a memory file's bytes (operations, rewrite, restore, undo, two-file writes) goes through it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace

from hermes_dash.engine.change import Change, Half, check_work, lock_order
from hermes_dash.engine.home import HermesHome, Settings
from hermes_dash.engine.io import backups as _backups
from hermes_dash.engine.io import journal as _journal
from hermes_dash.engine.io.atomic import (
    create_exclusive,
    fsync_dir,
    make_private,
    os_refusal,
    real_path,
    write_resolved,
)
from hermes_dash.engine.io.lock import held
from hermes_dash.engine.io.readfile import MAX_MEMORY_BYTES, NotReadable, read_regular
from hermes_dash.engine.reader import MemoryReader
from hermes_dash.engine.rules import ops as _ops
from hermes_dash.engine.rules.errors import FileChanged, FileProblem, InvalidRequest, Refusal
from hermes_dash.engine.rules.format import serialise
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.state import FileState, OpResult, Undo, digest, drift_guard

LOCK_TIMEOUT_S = 10.0
#: stat errors that mean "nothing there" (pathlib's exists() reads them the same way); a link
#: that loops is one of them, and is then reported as a link to nothing.
_ABSENT = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)


@dataclass(frozen=True)
class FilePreview:
    """What a write would do to one file, checked as the write checks it, with nothing written:
    the file as read now and the projection of the change on it (its ``refusal`` set when the
    write would be refused: the rules, an unreadable file, drift, the bound on locked work)."""

    state: FileState
    projection: _ops.Projection

    @property
    def refusal(self) -> Refusal | None:
        return self.projection.refusal

    @property
    def ok(self) -> bool:
        return self.projection.ok

    @property
    def after(self) -> tuple[str, ...]:
        return self.projection.after


class Files(MemoryReader):
    """The memory files of one Hermes home, as the pipeline writes them: the reader's paths,
    settings and states, plus locks and backups. :class:`~hermes_dash.engine.store.MemoryStore`
    is this plus the public operations."""

    def __init__(
        self, home: HermesHome, settings: Settings | None = None, lock_timeout: float = LOCK_TIMEOUT_S
    ) -> None:
        super().__init__(home, settings)
        self.lock_timeout = lock_timeout

    # -- the preview and the N-file write -------------------------------------------------------

    def check_target_writable(self, spec: Target, op: _ops.Operation) -> None:
        """The checks the agent makes on the target before anything else, where the version in
        effect makes them (0.22): a store switched off in config.yaml takes no write, and a batch
        writes only the file the call names (:func:`_ops.check_batch_targets`)."""
        from hermes_dash.engine.agents import active

        if active().disabled_store_refuses_writes and not self.settings.enabled(spec):
            raise InvalidRequest(
                f"{spec.filename} is switched off (memory.{spec.enabled_key}: false in config.yaml), and "
                "this agent takes no write to a store that is off; nothing was written.",
                hint=f"Set memory.{spec.enabled_key} to true in config.yaml (Settings) to write to it again.",
                target=spec.key,
            )
        if op.action == "batch":
            _ops.check_batch_targets(spec.key, op.operations)

    def preview(
        self,
        state: FileState,
        operation: _ops.Operation | Mapping[str, object] | _ops.Prepared,
        *,
        several: bool = False,
    ) -> FilePreview:
        """THE preview of a write (every page and command previews through it): what writing
        ``operation`` to ``state``'s file would do, with the write's own checks in the write's
        order (the text's checks and scan, an unreadable file, the bound on locked work, drift,
        then the rules on the entries), taking no lock and writing nothing. ``state``: the file
        as the caller read it (the page's view); the write itself decides again on the file
        re-read under its lock. ``several``: one file of a write of several, which the drift
        guard meets even for an add."""
        projection = _ops.project(state.entries, operation, state.limit)
        try:
            plain = operation.op if isinstance(operation, _ops.Prepared) else _ops.Operation.coerce(operation, 1)
            self.check_target_writable(Target.of(state.target), plain)
            op = _ops.prepare(operation).op  # the text's checks and scan: project's first refusal too
            if state.error:
                raise FileProblem(
                    f"{state.filename}: {state.error}",
                    hint="Fix the file (or restore a backup) first.",
                    target=state.target,
                )
            check_work(state, len(op.operations))
            if several or op.action != "add":
                drift_guard(state)  # what the write meets under the lock (there with the agent's copy)
        except Refusal as refused:
            projection = replace(projection, after=projection.before, refusal=refused, index=None, matched=None)
        return FilePreview(state, projection)

    def _apply(self, changes: list[Change]) -> list[OpResult]:
        """Apply each change to its file as one write: all are written, or none (see the module)."""
        if len({c.target.key for c in changes}) != len(changes):
            raise InvalidRequest(
                "A write of several files changes each file once.",
                hint="Use one batch for several changes to one file.",
            )
        several = len(changes) > 1
        folder = self._folder_kind()
        checked = []
        for change in changes:
            p = change.prepared
            self.check_target_writable(change.target, p.op)
            if several or p.op.action == "batch":
                # A dry run on the file as it is now, before the lock: a change that cannot fit (or
                # aims at text that is not there) is refused without making the agent wait on its
                # lock. The same rules run again on the file re-read under the lock, which decides.
                # A drifted or unreadable file is left to the checks under the lock (they keep the
                # agent's drift copy). A bulky batch is scanned only after this dry run.
                now = self._read(change.target)
                check_work(now, len(p.op.operations))
                if not now.error and not now.drift:
                    _ops.project(now.entries, p, now.limit).raise_refusal()
            elif folder != "folder" and not self.home.file_path(change.target).is_symlink():
                # Nothing there yet: decide on an empty store before creating any folder or lock file.
                _ops.project((), p, self.settings.limit(change.target)).raise_refusal()
            checked.append(Change(change.target, _ops.scan_now(p), change.message, change.guard_drift))
        with self._locked([c.target for c in checked], folder):
            states = []
            for change in checked:
                state = self._read_writable(change.target)
                check_work(state, len(change.prepared.op.operations))
                if change.guard_drift:
                    self._guard_drift(state)
                states.append(state)
            halves = [self._half(state, change, single=not several) for state, change in zip(states, checked)]
            return self._commit(halves)

    def _half(self, state: FileState, change: Change, *, single: bool) -> Half:
        op = change.prepared.op
        if op.action == "add" and op.content in state.entries:
            return Half(
                state,
                state.raw,
                state.entries,
                op.action,
                change.message,
                unchanged="That entry already exists; nothing was added.",
            )
        after = _ops.project(state.entries, change.prepared, state.limit).raise_refusal().after
        return Half(state, serialise(after).encode("utf-8"), after, op.action, change.message, single=single)

    @contextlib.contextmanager
    def _locked(self, targets: Iterable[Target | str], folder: str | None = None) -> Iterator[None]:
        """Hold the locks of ``targets``, taken in :func:`lock_order`. ``folder``: what
        :meth:`_folder_kind` just said, which saves the one lock of a single-file write a ``stat``."""
        order = lock_order(*targets)
        with contextlib.ExitStack() as stack:
            for target in order:
                stack.enter_context(self._lock(target, folder) if folder and len(order) == 1 else self._lock(target))
            yield

    def _commit(self, halves: list[Half]) -> list[OpResult]:
        """THE commit point (call with every lock held): write each half that changes its file,
        in order, then prune backups, then build the replies. All or nothing: when a write fails,
        the files already written get their old bytes back (and lose the backup made for them)."""
        done: list[Half] = []
        try:
            for half in halves:
                if half.writes:
                    half.kept, half.fresh, half.listing = self._write(half.state, half.data)
                    done.append(half)
        except BaseException as failure:
            for half in reversed(done):
                _put_back(half, failure)
            raise
        for h in done:  # hermes-dash's journal: one line per committed write (docs/provenance.md#journal)
            _journal.record(self.home.memories_dir, h.state.target, h.action, h.message, h.state.entries, h.after)
        notes = {id(h): self._prune(h.state.target, h.kept, h.fresh, h.listing or [], h.also_protect) for h in done}
        return [
            self._result(
                h.state,
                h.action,
                h.message if h.writes else h.unchanged,
                h.after,
                h.kept,
                written=h.data if h.writes else None,
                notes=notes.get(id(h), ()),
            )
            for h in halves
        ]

    # -- the steps -------------------------------------------------------------------------------

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
            raise FileProblem(
                f"{folder_path} is a file, not a folder, so the memory files cannot live in it. Nothing was changed.",
                hint="Move or rename that file (it may hold notes worth keeping), then try again; "
                "hermes-dash creates the `memories` folder on the next write.",
                target=spec.key,
            )
        if kind == "dangling":
            # mkdir of the lock's folder would fail with "File exists" about the lock file.
            raise FileProblem(
                f"{folder_path} is a symbolic link to {os.readlink(folder_path)}, which does not exist, "
                "so the memory files cannot be written. Nothing was changed.",
                hint="Create the folder the link points to (or mount the drive it is on), "
                "or remove the link so hermes-dash creates a plain `memories` folder.",
                target=spec.key,
            )
        with held(
            lock_path,
            self.lock_timeout,
            f"{lock_path.name} has been locked by another process for over "
            f"{self.lock_timeout:g} s (the agent may be writing).",
        ):
            yield

    def _read_writable(self, spec: Target | str) -> FileState:
        """The file as it is now (call under the lock), or a refusal when it cannot be rewritten."""
        spec = Target.of(spec)
        state = self._read(spec)
        if state.error:
            raise FileProblem(
                f"{state.filename}: {state.error}",
                hint="Nothing was changed. Fix the file (or restore a backup) first.",
                target=spec.key,
            )
        return state

    def _result(
        self,
        state: FileState,
        action: str,
        message: str,
        after: tuple[str, ...],
        kept: _backups.Backup | None,
        written: bytes | None = None,
        notes: tuple[str, ...] = (),
    ) -> OpResult:
        """``written``: the bytes a write left (None when nothing was written); ``notes``: what the
        write saw that a person should know (backups named for a future date), added to the message."""
        undo = (
            None
            if written is None
            else Undo(state.target, kept.name if kept else None, digest(state.raw), digest(written))
        )
        message = " ".join((message, *notes))
        return OpResult(
            state.target,
            action,
            message,
            written is not None,
            state.entries,
            after,
            state.limit,
            kept,
            undo,
            state.fingerprint,
            notes,
        )

    def _write(self, state: FileState, data: bytes) -> tuple[_backups.Backup | None, bool, list[_backups.Backup]]:
        """Backup, then write (call under the lock): the backup, whether it was made now, and the
        listing it was chosen from. A failed write takes back a backup made just for it.

        A backup made by linking has its folder fsynced after the new bytes' temp file is synced
        and before the rename (``before_rename``): the rename still comes after the backup's name
        is durable, and on ext4 that fsync finds the journal already committed by the temp file's."""
        listing = self.backups(state.target)
        kept, fresh = self._keep(state, listing, replaced=True)
        folder = self.home.memories_dir
        try:
            write_resolved(
                state.path,
                state.real or state.path,
                state.identity,
                data,
                before_rename=(lambda: fsync_dir(folder)) if fresh else None,
            )
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

    def _prune(
        self,
        target: str,
        kept: _backups.Backup | None,
        fresh: bool,
        listing: list[_backups.Backup],
        also_protect: _backups.Backup | None = None,
    ) -> tuple[str, ...]:
        """Retention after a write; the note about names in the future when there are any."""
        note = _backups.future_note(listing)
        with contextlib.suppress(OSError):  # retention is housekeeping: never fail a saved write for it
            _backups.prune(
                self.home.memories_dir,
                target,
                self.settings.backups_keep,
                [kept, *listing] if fresh and kept else listing,
                protect=(kept, also_protect),
            )
        return (note,) if note else ()

    def _keep(
        self, state: FileState, listing: list[_backups.Backup], replaced: bool = False
    ) -> tuple[_backups.Backup | None, bool]:
        """A dated backup of the bytes about to be replaced, unless the newest backup has them;
        and whether it was made now (True) or was already there. ``replaced``: the caller
        renames a new file onto ``state.path`` next (and fsyncs the folder before: :meth:`_write`),
        so the backup may be the old file itself."""
        if not state.raw:
            return None, False
        # A backup named for a future date is not trusted to stay (retention deletes it first).
        newest = next((b for b in listing if b.style != "dated" or not _backups.in_future(b)), None)
        if newest is not None and _same_bytes(newest, state.raw):
            return newest, False
        try:
            return _backups.create_dated(
                self.home.memories_dir,
                state.target,
                state.raw,
                existing=listing,
                replaced=(state.real or state.path) if replaced else None,
            ), True
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
            if create_exclusive(path, state.raw) or read_regular(path, MAX_MEMORY_BYTES, follow=False)[0] == state.raw:
                return path.name
            # Same second, other bytes: never overwrite a backup, fall back to a dated name.
            return _backups.create_dated(folder, state.target, state.raw).name
        except (OSError, NotReadable):
            return None

    def _undo_checked(self, state: FileState, undo: Undo) -> bytes:
        """The bytes ``undo`` puts back into ``state``'s file (read under the lock); refused when
        the file no longer holds exactly what that write left."""
        if digest(state.raw) != undo.left:
            raise FileChanged(
                f"{state.filename} changed after that write, so undoing it would throw away the later "
                "change. Nothing was changed.",
                hint="Look at the file as it is now (and at History), and make the change you want by hand.",
                target=state.target,
                backup=undo.backup,
            )
        return self._undo_bytes(undo, state.filename)

    def _undo_bytes(self, undo: Undo, filename: str) -> bytes:
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
                raise FileProblem(
                    f"The backup {undo.backup} that this write made is gone (or is no longer a plain "
                    "file), so the write cannot be undone from it. Nothing was changed.",
                    hint="Pick an older version on the History page instead.",
                    target=undo.target,
                )
        if digest(data) != undo.restores:
            raise FileChanged(
                f"The backup {undo.backup} no longer holds what {filename} held before that write. "
                "Nothing was changed.",
                hint="Pick a version on the History page instead.",
                target=undo.target,
                backup=undo.backup,
            )
        return data


def _put_back(half: Half, failure: BaseException) -> None:
    """Give a file written by a failed write its old bytes again (and take away its fresh backup)."""
    state = half.state
    try:
        if state.exists:
            write_resolved(state.path, state.real or state.path, None, state.raw, check=False)
        else:
            (state.real or real_path(state.path)).unlink(missing_ok=True)
        if half.fresh and half.kept is not None:
            half.kept.path.unlink(missing_ok=True)
    except (OSError, FileProblem) as undo_failed:
        saved = half.kept.name if half.kept else "(none: it was empty)"
        raise FileProblem(
            f"Writing the second file failed ({failure}), and putting {state.filename} back failed too "
            f"({undo_failed}).",
            hint=f"{state.filename} was changed; its previous version is the backup {saved}: restore it.",
            target=state.target,
        ) from failure


def _same_bytes(backup: _backups.Backup, data: bytes) -> bool:
    """Whether ``backup`` holds exactly ``data``. An unreadable backup (another user's, mode 000,
    replaced by a link) holds nothing we can count on, so it is "not the same": the caller then
    makes a fresh copy it can read, instead of failing the write over a file it does not need."""
    try:
        return _backups.read_backup(backup) == data
    except (OSError, NotReadable):
        return False


__all__ = ["FilePreview"]
