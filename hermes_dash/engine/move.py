"""Writes that change both memory files together: a move, a merge across the files, their undo.

See docs/rules.md#two-file-writes. The store's single-file sequence (validate + scan, lock,
re-read, drift guard, project, backup, atomic write) is run for both files at once:

    validate + scan both (before any lock) -> dry run on both as they are now
    -> lock both, in the order of their file names -> re-read both -> drift guard on both
    -> project both -> write the first -> write the second (on failure: put the first back)

Locks are always taken in file-name order (``MEMORY.md.lock`` before ``USER.md.lock``). The
agent holds one lock at a time, so it cannot deadlock with us; two hermes-dash writers that
each need both locks take them in the same order, so neither can hold one while waiting for
the other's. Writing happens only once both files have been projected under their locks, so
a refusal (limit, scan, pinned entry gone, drift) leaves both files as they were. Only a
failure of the second write itself (disk full, permissions) comes after the first write; the
first file's old bytes are then put back and its fresh backup taken away.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hermes_dash.engine.io import backups as _backups
from hermes_dash.engine.io.atomic import real_path, write_resolved
from hermes_dash.engine.rules import ops as _ops
from hermes_dash.engine.rules.errors import FileProblem, InvalidRequest
from hermes_dash.engine.rules.format import FILENAMES, decode_lossy, parse, serialise

if TYPE_CHECKING:
    from hermes_dash.engine.store import FileState, MemoryStore, OpResult, Undo

Change = tuple[str, "_ops.Operation | Mapping[str, object]"]


def lock_order(*targets: str) -> list[str]:
    """The targets in the order their locks are taken: by file name, each once."""
    return sorted({_ops.check_target(t) for t in targets}, key=FILENAMES.__getitem__)


@dataclass(frozen=True)
class TwoFileUndo:
    """What takes back one two-file write: the undo of each half that changed a file."""

    first_target: str
    second_target: str
    first: Undo | None
    second: Undo | None

    @property
    def target(self) -> str:
        """The file written first (messages name it first)."""
        return self.first_target

    def to_dict(self) -> dict[str, object]:
        return {"first": self.first.to_dict() if self.first else {"target": self.first_target},
                "second": self.second.to_dict() if self.second else {"target": self.second_target}}


@dataclass(frozen=True)
class TwoFileResult:
    """A write that changed both files (or only one, when the other already held the result)."""

    first: OpResult  # the half written first (a move's destination)
    second: OpResult  # the half written second (a move's source)
    message: str

    @property
    def changed(self) -> bool:
        return self.first.changed or self.second.changed

    @property
    def undo(self) -> TwoFileUndo | None:
        """Takes back both halves at once (None when nothing was written)."""
        if not self.changed:
            return None
        return TwoFileUndo(self.first.target, self.second.target, self.first.undo, self.second.undo)

    def to_dict(self) -> dict[str, object]:
        return {"success": True, "message": self.message, "changed": self.changed,
                "files": [self.first.to_dict(), self.second.to_dict()]}


@contextlib.contextmanager
def _both_locked(store: MemoryStore, *targets: str) -> Iterator[None]:
    with contextlib.ExitStack() as stack:
        for target in lock_order(*targets):
            stack.enter_context(store._lock(target))
        yield


def _writable(store: MemoryStore, target: str) -> FileState:
    """The file re-read under its lock; refused when it cannot be rewritten exactly (the drift
    guard keeps the agent's drift copy, see docs/rules.md#operations)."""
    state = store._read_writable(target)
    store._guard_drift(state)
    return state


@dataclass
class _Half:
    state: FileState
    data: bytes
    after: tuple[str, ...]
    action: str
    message: str
    kept: _backups.Backup | None = None
    fresh: bool = False
    listing: list[_backups.Backup] | None = None

    @property
    def writes(self) -> bool:
        if not self.state.exists:
            return bool(self.data)
        return not (self.data == self.state.raw or self.after == self.state.entries)


def _put_back(store: MemoryStore, half: _Half, failure: BaseException) -> None:
    """Give the first file its old bytes again (and take away the backup made for the write)."""
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
            target=state.target) from failure


def _write_halves(store: MemoryStore, halves: list[_Half]) -> list[OpResult]:
    """Write each half in order (call with both locks held); all or nothing."""
    done: list[_Half] = []
    try:
        for half in halves:
            if half.writes:
                half.kept, half.fresh, half.listing = store._write(half.state, half.data)
                done.append(half)
    except BaseException as failure:
        for half in reversed(done):
            _put_back(store, half, failure)
        raise
    for half in done:
        store._prune(half.state.target, half.kept, half.fresh, half.listing or [])
    return [store._result(h.state, h.action, h.message if h.writes else "The file already had this content.",
                          h.after, h.kept, written=h.data if h.writes else None) for h in halves]


def write_both(store: MemoryStore, first: Change, second: Change, message: str) -> TwoFileResult:
    """Apply ``first`` then ``second`` (each an operation on one target) as one change."""
    (t1, op1), (t2, op2) = first, second
    _ops.check_target(t1), _ops.check_target(t2)
    if t1 == t2:
        raise InvalidRequest("A two-file change needs both files.", hint="Use one batch for changes to one file.")
    from hermes_dash.engine.store import check_work

    prepared = [_ops.prepare(op1), _ops.prepare(op2)]
    targets = [t1, t2]
    for target, p in zip(targets, prepared):
        # A dry run before the locks, as the single-file write does: a change that cannot fit or
        # aims at text that is not there is refused without making the agent wait.
        now = store.read(target)
        check_work(now, len(p.op.operations))
        if not now.error and not now.drift:
            _ops.project(now.entries, p, now.limit).raise_refusal()
    prepared = [_ops.scan_now(p) for p in prepared]
    with _both_locked(store, *targets):
        states = [_writable(store, t) for t in targets]
        for state, p in zip(states, prepared):
            check_work(state, len(p.op.operations))
        halves = []
        for state, p in zip(states, prepared):
            after = _ops.project(state.entries, p, state.limit).raise_refusal().after
            halves.append(_Half(state, serialise(after).encode("utf-8"), after, p.op.action,
                                f"{state.filename}: {_describe(p.op)}"))
        results = _write_halves(store, halves)
    return TwoFileResult(results[0], results[1], message)


def _describe(op: _ops.Operation) -> str:
    if op.action == "batch":
        return f"applied {len(op.operations)} operation{'' if len(op.operations) == 1 else 's'}."
    return {"add": "entry added.", "replace": "entry replaced.", "remove": "entry removed."}.get(op.action, "changed.")


def move(store: MemoryStore, source: str, entry: str, destination: str, *,
         expect_entry: str | None = None) -> TwoFileResult:
    """Take the entry ``entry`` hits (the agent's matching rule) out of ``source`` and add it
    to ``destination``. ``expect_entry`` pins it to the text the caller saw."""
    _ops.check_target(source), _ops.check_target(destination)
    if source == destination:
        raise InvalidRequest("Source and destination are the same file.", hint="Pick the other file.")
    state = store.read(source)
    hit = _ops.project(state.entries, _ops.Operation("remove", old_text=entry, expect_entry=expect_entry),
                       state.limit).raise_refusal()
    text = hit.matched or entry.strip()
    return write_both(store, (destination, _ops.Operation("add", text)),
                      (source, _ops.Operation("remove", old_text=text, expect_entry=text)),
                      f"Moved the entry from {FILENAMES[source]} to {FILENAMES[destination]}.")


def undo_both(store: MemoryStore, token: TwoFileUndo) -> TwoFileResult:
    """Take back a two-file write: both files get their old bytes again, or neither does.

    Refused (:class:`FileChanged`, see docs/rules.md#backups) when either file no longer holds
    exactly what that write left. The second half is put back first, so undoing a move never
    passes through a state where the entry is in neither file.
    """
    if token.first is None and token.second is None:
        raise InvalidRequest("That change wrote nothing, so there is nothing to undo.",
                             hint="Undo applies to a write that changed a file.")
    with _both_locked(store, token.first_target, token.second_target):
        halves = []
        for target, part in ((token.second_target, token.second), (token.first_target, token.first)):
            state = store._read_writable(target)
            if part is None:
                halves.append(_Half(state, state.raw, state.entries, "undo", ""))
                continue
            data = store._undo_checked(state, part)
            halves.append(_Half(state, data, tuple(parse(decode_lossy(data))), "undo",
                                f"Undid the last write to {state.filename}."))
        second, first = _write_halves(store, halves)
    return TwoFileResult(first, second, "Undid the change to both files.")


__all__ = ["TwoFileResult", "TwoFileUndo", "lock_order", "move", "undo_both", "write_both"]
