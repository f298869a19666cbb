"""The memory store: every read and every write of MEMORY.md / USER.md goes through here.

Each mutation follows the agent's own sequence (docs/rules.md#operations, docs/rules.md#locking),
through the one write pipeline (``engine/pipeline.py``), so the files come out byte-identical to
what the agent would leave:

    validate + scan (before the lock) -> lock <file>.lock -> re-read -> drift guard
    -> apply the rules -> dated backup of the old bytes -> atomic write -> prune backups

A refusal raises :class:`~hermes_dash.Refusal` and leaves every file as it was (the agent's
drift copy excepted, which the refusal names).
"""

from __future__ import annotations

import contextlib
import operator
import os
import stat
from collections.abc import Iterable
from typing import SupportsIndex

from hermes_dash.engine import move as _move
from hermes_dash.engine.change import Change, Half
from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.io import backups as _backups
from hermes_dash.engine.io.readfile import NotReadable
from hermes_dash.engine.pipeline import Files
from hermes_dash.engine.rules import ops as _ops
from hermes_dash.engine.rules.errors import FileChanged, FileProblem, InvalidRequest
from hermes_dash.engine.rules.format import TARGETS, decode_lossy, parse, serialise, usage
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.state import (
    FileState,
    OpResult,
    TwoFileResult,
    TwoFileUndo,
    Undo,
)
from hermes_dash.engine.views.humanize import n_entries, n_of

#: Batch text up to this size is scanned before anything else (the agent's order); the content
#: scan reads at most this much of one entry, so no real batch comes near it.
SCAN_FIRST_MAX_CHARS = _ops.SCAN_FIRST_MAX_CHARS


class MemoryStore(Files):
    """Both memory files of one Hermes home, with the agent's rules, locks and backups.

    Public methods take a target as its key (``"memory"``) or a :class:`Target`, and check it once,
    at the entry; the internals pass the :class:`Target` on. Every write goes through the
    pipeline (:class:`~hermes_dash.engine.pipeline.Files`), whose one commit point is ``_commit``.
    """

    # -- the four operations -----------------------------------------------------------------

    def add(self, target: str | Target, content: str) -> OpResult:
        return self.apply(target, _ops.Operation("add", content))

    def replace(
        self, target: str | Target, old_text: str, content: str, *, expect_entry: str | None = None
    ) -> OpResult:
        """``expect_entry``: the full text of the entry the caller saw; checked under the lock,
        so a replace never overwrites what someone else made of that entry meanwhile."""
        return self.apply(target, _ops.Operation("replace", content, old_text, expect_entry))

    def remove(self, target: str | Target, old_text: str, *, expect_entry: str | None = None) -> OpResult:
        return self.apply(target, _ops.Operation("remove", old_text=old_text, expect_entry=expect_entry))

    def batch(self, target: str | Target, operations: Iterable[object]) -> OpResult:
        return self.apply(target, _ops.Operation.batch(operations))

    def apply(self, target: str | Target, operation: _ops.Operation | dict[str, object]) -> OpResult:
        """Any operation (add, replace, remove or batch) as data: the pipeline's one-file case.

        It is checked before the lock (:func:`_ops.prepare`, the agent's order: a scan refusal
        must not leave a drift copy), then projected on the entries re-read under the lock with
        the same :func:`_ops.project` that previews use, so a preview is what the write does.
        """
        spec = Target.of(target)
        self.check_target_writable(spec, _ops.Operation.coerce(operation, 1))
        prepared = _ops.prepare(operation)
        op = prepared.op
        message = {
            "add": "Entry added.",
            "replace": "Entry replaced.",
            "remove": "Entry removed.",
            "batch": f"Applied {n_of(len(op.operations), 'operation')}.",
        }[op.action]
        return self._apply([Change(spec, prepared, message, guard_drift=op.action != "add")])[0]

    def rewrite(self, target: str | Target, entries: Iterable[str], *, expect: bytes | None = None) -> OpResult:
        """Write ``entries`` as the whole file (normalising a hand-written file), backup first.

        Normalising is what it is for (``curation.normalize``): a drifted file cannot be fixed with
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
                raise FileProblem(
                    f"{state.filename} changed since the preview was made; nothing was changed.",
                    hint="Look at the new preview and apply again.",
                    target=spec.key,
                )
            current = decode_lossy(state.raw)
            for i, entry in enumerate(cleaned, start=1):
                if entry not in current:
                    _ops.check_content(entry, where=f"Entry {i}: ")
            if usage(cleaned) > state.limit and usage(cleaned) > len(current.strip()):
                raise _ops.full_refusal("The rewritten file", usage(cleaned), state.limit, state.usage)
            data = serialise(cleaned).encode("utf-8")
            if state.exists and data == state.raw:
                return self._result(
                    state, "rewrite", f"{state.filename} is already in clean form.", tuple(cleaned), None
                )
            message = f"Rewrote {state.filename} as {n_entries(len(cleaned))}."
            return self._write_whole(state, data, "rewrite", message, after=tuple(cleaned))

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

    def prune_backups(
        self, target: str | None, keep: int, *, expect: Iterable[str] | None = None
    ) -> list[_backups.Backup]:
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
                raise FileChanged(
                    "The backups changed since the preview, so it no longer shows what would be "
                    f"deleted (now: {now}). Nothing was deleted.",
                    hint="Look at the new preview and confirm again.",
                    target=target,
                )
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
                    done = (
                        "Deleted before it: " + ", ".join(b.name for b in removed) + "."
                        if removed
                        else "Nothing was deleted."
                    )
                    raise FileProblem(
                        f"Could not delete {backup.name}: {exc.strerror or exc}. {done}",
                        hint="Check the permissions of the memories folder.",
                        target=backup.target,
                        deleted=[b.name for b in removed],
                    ) from exc
                removed.append(backup)
        return removed

    def restore(self, name: str) -> OpResult:
        """Put a listed backup's bytes back, after backing up what is there now."""
        chosen = next((b for b in self.backups() if b.name == name), None)
        if chosen is None:
            raise InvalidRequest(
                f"{name!r} is not a backup in {self.home.memories_dir}.",
                hint=f"Use a name exactly as `{printed_command('backups')}` lists it.",
            )
        try:
            data = _backups.read_backup(chosen)
        except NotReadable as problem:
            raise FileProblem(
                f"Backup {name} cannot be restored: {problem.message} Nothing was changed.", hint=problem.hint
            ) from None
        except OSError as exc:
            raise FileProblem(
                f"Cannot read backup {name}: {exc.strerror or exc}. Nothing was changed.", hint="Check its permissions."
            ) from None
        spec = Target.of(chosen.target)
        with self._lock(spec):
            state = self._read(spec)
            if state.raw == data and state.exists:
                return self._result(state, "restore", f"{state.filename} already equals {name}.", state.entries, None)
            return self._write_whole(state, data, "restore", f"Restored {state.filename} from {name}.", chosen)

    def undo(self, undo: Undo | OpResult) -> OpResult:
        """Take back one write: put back the bytes it replaced, as a backed-up write itself.

        Refused (:class:`FileChanged`, nothing written) when the file no longer holds exactly
        what that write left: undoing then would throw away someone else's later write. The
        backup must still hold the bytes the write replaced (it may have been pruned or edited).
        """
        if isinstance(undo, OpResult):
            if undo.undo is None:
                raise InvalidRequest(
                    "That operation changed nothing, so there is nothing to undo.",
                    hint="Undo applies to a write that changed the file.",
                )
            undo = undo.undo
        spec = Target.of(undo.target)
        filename = spec.filename
        with self._lock(spec):
            state = self._read_writable(spec)
            data = self._undo_checked(state, undo)
            return self._write_whole(state, data, "undo", f"Undid the last write to {filename}.")

    def _write_whole(
        self,
        state: FileState,
        data: bytes,
        action: str,
        message: str,
        protect: _backups.Backup | None = None,
        *,
        after: tuple[str, ...] | None = None,
    ) -> OpResult:
        """Commit one file's whole new bytes (a rewrite, a restore, an undo): a write of its own
        even when the bytes are the same; ``protect`` is a backup the reply names, ``after`` the
        entries when the caller has them (else they are parsed from ``data``)."""
        entries = after if after is not None else tuple(parse(decode_lossy(data)))
        half = Half(state, data, entries, action, message, force=True, also_protect=protect)
        return self._commit([half])[0]

    # -- both files at once (docs/rules.md#two-file-writes) -------------------------------------

    def move(self, source: str, entry: str, destination: str, *, expect_entry: str | None = None) -> TwoFileResult:
        """Take the entry ``entry`` hits out of ``source`` and add it to ``destination``: both
        files change or neither does. ``expect_entry`` pins the entry to the text the caller saw.
        Both locks are held, taken in file-name order; the destination is written first."""
        return _move.move(self, source, entry, destination, expect_entry=expect_entry)

    def apply_both(
        self,
        first: tuple[str, _ops.Operation | dict[str, object]],
        second: tuple[str, _ops.Operation | dict[str, object]],
        *,
        message: str = "Changed both files.",
    ) -> TwoFileResult:
        """Two operations, one per file, as one change: ``first`` is written first, and put back
        if writing ``second`` fails. A refusal of either leaves both files as they were."""
        return _move.write_both(self, first, second, message)

    def undo_both(self, undo: TwoFileUndo | TwoFileResult) -> TwoFileResult:
        """Take back a two-file write (both files or neither); refused like :meth:`undo`."""
        if isinstance(undo, TwoFileResult):
            token = undo.undo
            if token is None:
                raise InvalidRequest(
                    "That change wrote nothing, so there is nothing to undo.",
                    hint="Undo applies to a write that changed a file.",
                )
            undo = token
        return _move.undo_both(self, undo)


def _targets(target: str | None) -> list[str]:
    return [_ops.check_target(target)] if target is not None else list(TARGETS)


def _check_keep(keep: object) -> int:
    """How many dated backups to keep when pruning: a whole number, at least 1 (the newest dated
    backup may be the only copy of what the last write replaced)."""
    if isinstance(keep, bool) or not isinstance(keep, SupportsIndex):
        raise InvalidRequest(
            f"The number of backups to keep must be a whole number, not {keep!r}. Nothing was deleted.",
            hint="Give a number of 1 or more, for example 10.",
        )
    number = operator.index(keep)
    if number < 1:
        raise InvalidRequest(
            f"Keeping {number} would delete the newest backup too. Nothing was deleted.",
            hint="Keep at least 1: the newest backup may be the only copy of what the last write replaced.",
        )
    return number


__all__ = ["MemoryStore"]
