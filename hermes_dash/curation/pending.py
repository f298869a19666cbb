"""The pending-write inbox: the agent's staged writes (docs/rules.md#pending).

With ``memory.write_approval`` on, the agent stages each write as
``<home>/pending/memory/<8 hex>.json`` instead of applying it. Here they are listed (a
malformed file is listed as malformed, with the reason, and never raises), previewed (the
file after approval: usage and the entry diff, computed with the same pure rules the store
uses), edited (the same write with other text, previewed and approved the same way),
approved (applied through the store; the staged file is deleted only after that
succeeded) or rejected (the staged file deleted). Only plain files named ``<8 hex>.json``
directly in that folder are touched: ids are validated, symlinks are never followed.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path


from hermes_dash.engine.views import diff as _diff
from hermes_dash.engine.rules import ops as _ops
from hermes_dash.engine.io import journal as _journal
from hermes_dash.engine.io.lock import held
from hermes_dash.engine.io.readfile import NotReadable, read_regular
from hermes_dash.engine.rules.errors import DriftDetected, EntryChanged, FileProblem, InvalidRequest, Refusal
from hermes_dash.engine.rules.format import FILENAMES, TARGETS, percent, usage
from hermes_dash.engine.store import MemoryStore, OpResult, drift_guard

# Used with fullmatch: "$" would also accept a name ending in a newline.
_ID = re.compile(r"[0-9a-fA-F]{8}")
_NAME = re.compile(r"[0-9a-fA-F]{8}\.json")
MAX_BYTES = 1_000_000
MAX_DEPTH = 32  # a staged write is an object holding a payload holding a list of operations
ACTIONS = ("add", "replace", "remove", "batch")


@dataclass(frozen=True)
class Staged:
    """One staged write; ``problem`` set means malformed (then only ``id`` and ``path`` are sure)."""

    id: str
    path: Path
    problem: str | None = None
    action: str = ""
    target: str = ""
    summary: str = ""
    origin: str = ""
    created: datetime | None = None
    payload: Mapping[str, object] | None = None
    matched_entry: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def filename(self) -> str:
        return FILENAMES.get(self.target, self.target)

    def age(self, now: datetime | None = None) -> float | None:
        if self.created is None:
            return None
        return max(0.0, ((now or datetime.now(timezone.utc)) - self.created).total_seconds())

    def operation(self) -> _ops.Operation:
        """The payload as one operation (a batch for a batch). A pinned replace/remove aims at the
        pinned entry's full text and expects exactly that text, like any pinned edit."""
        assert self.payload is not None
        if self.action == "batch":
            return _ops.Operation.batch(self.payload["operations"])  # type: ignore[arg-type]  # staged JSON; Operation.batch checks each item itself
        op = _ops.Operation.coerce(self.payload, 1)
        if self.matched_entry and op.action in ("replace", "remove"):
            op = _ops.Operation(op.action, op.content, self.matched_entry, self.matched_entry)
        return op

    def parts(self) -> tuple[_ops.Operation, ...]:
        """The operations approving applies, in order: one, or each of a batch's."""
        op = self.operation()
        return op.operations if op.action == "batch" else (op,)

    def edit(self, texts: Sequence[tuple[str, str]]) -> _ops.Operation:
        """The same write with other text: ``texts[i]`` is ``(content, old_text)`` for
        :meth:`parts` ``[i]`` (what an action does not use is ignored). A part whose old text is
        unchanged keeps its pin; one aimed elsewhere is pinned by :func:`preview` to the entry it
        hits there (docs/rules.md#operations, pinned edits)."""
        parts = self.parts()
        if len(texts) != len(parts):
            raise InvalidRequest(f"Staged write {self.id} has {len(parts)} operations, not {len(texts)}.",
                                 hint="Edit each operation of the staged write.")
        edited = []
        for part, (content, old_text) in zip(parts, texts):
            content = content if part.action in ("add", "replace") else ""
            old_text = old_text if part.action in ("replace", "remove") else ""
            pin = part.expect_entry if old_text == part.old_text else None
            edited.append(_ops.Operation(part.action, content, old_text, pin))
        return _ops.Operation.batch(edited) if self.action == "batch" else edited[0]


@dataclass(frozen=True)
class Preview:
    """The target file if the staged write were approved now (``refusal`` set: it would be refused)."""

    staged: Staged
    before: tuple[str, ...]
    after: tuple[str, ...]
    limit: int
    refusal: Refusal | None = None
    operation: _ops.Operation | None = None  # what approving applies (an edit pinned to the entry it hits)

    @property
    def usage(self) -> int:
        return usage(self.after)

    @property
    def percent(self) -> int:
        return percent(self.usage, self.limit)

    @property
    def diff(self) -> _diff.EntryDiff:
        return _diff.diff_entries(self.before, self.after)


@dataclass(frozen=True)
class Decision:
    """What approving or rejecting one id did."""

    id: str
    ok: bool
    message: str
    result: OpResult | None = None
    refusal: Refusal | None = None

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"id": self.id, "success": self.ok, "message": self.message}
        if self.result is not None:
            out["result"] = self.result.to_dict()
        if self.refusal is not None:
            out.update(self.refusal.to_dict())
        return out


def _malformed(sid: str, path: Path, why: str) -> Staged:
    return Staged(sid, path, problem=why)


def _text(value: object, key: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ValueError(f"{key} must be text, not {type(value).__name__}")
    return value


def _shape_problem(doc: object) -> str | None:
    """Why a parsed document cannot be shown or applied safely: nested deeper than any staged
    write is, or holding a lone surrogate (a JSON ``\\ud800`` escape), which no text output and
    no UTF-8 file can take. Walked with a stack, not recursion, so depth itself cannot crash it."""
    stack: list[tuple[object, int]] = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"nested more than {MAX_DEPTH} levels deep, which no staged write is"
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:
                return (f"holds a lone surrogate code point U+{ord(value[exc.start]):04X} (a JSON \\u escape that "
                        "is not text), which cannot be shown or saved as UTF-8")
        elif isinstance(value, dict):
            stack.extend((item, depth + 1) for pair in value.items() for item in pair)
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
    return None


def _parse(sid: str, path: Path, data: bytes) -> Staged:
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        return _malformed(sid, path, f"not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})")
    except ValueError as exc:
        return _malformed(sid, path, f"not valid JSON: {exc}")
    except RecursionError:
        return _malformed(sid, path, "nested too deeply to read, which no staged write is")
    problem = _shape_problem(doc)
    if problem:
        return _malformed(sid, path, problem)
    if not isinstance(doc, dict):
        return _malformed(sid, path, f"expected a JSON object, found {type(doc).__name__}")
    payload = doc.get("payload")
    if not isinstance(payload, dict):
        return _malformed(sid, path, "no 'payload' object")
    try:
        if doc.get("id") not in (None, sid) and str(doc.get("id")).lower() != sid.lower():
            raise ValueError(f"its id {doc.get('id')!r} does not match the file name")
        if doc.get("subsystem") not in (None, "memory"):
            raise ValueError(f"subsystem {doc.get('subsystem')!r} is not 'memory'")
        action = _text(payload.get("action") or doc.get("action"), "action")
        if action not in ACTIONS:
            raise ValueError(f"unknown action {action!r} (expected add, replace, remove or batch)")
        target = _text(payload.get("target"), "target")
        if target not in TARGETS:
            raise ValueError(f"unknown target {target!r} (expected memory or user)")
        if action == "batch":
            ops = payload.get("operations")
            if not isinstance(ops, list) or not ops:
                raise ValueError("a batch needs a non-empty 'operations' list")
            for i, op in enumerate(ops, 1):
                _ops.Operation.coerce(op, i)
        else:
            _ops.Operation.coerce(payload, 1)
        matched = payload.get("matched_entry", doc.get("matched_entry"))
        matched = _text(matched, "matched_entry").strip() or None
        created_at = doc.get("created_at")
        created = None
        if created_at is not None:
            if isinstance(created_at, bool) or not isinstance(created_at, (int, float)):
                raise ValueError("created_at must be a number (unix seconds)")
            created = datetime.fromtimestamp(created_at, tz=timezone.utc)
        return Staged(sid, path, None, action, target, _text(doc.get("summary"), "summary"),
                      _text(doc.get("origin"), "origin"), created, payload, matched)
    except InvalidRequest as exc:
        return _malformed(sid, path, exc.message)
    except (ValueError, OverflowError, OSError) as exc:
        return _malformed(sid, path, str(exc))


def read_one(path: Path) -> Staged:
    """One staged file, never raising; symlinks and non-files are malformed, not followed."""
    sid = path.name[:-5]
    try:
        data = read_regular(path, MAX_BYTES, follow=False)[0]
    except NotReadable as problem:
        return _malformed(sid, path, problem.message)
    except OSError as exc:
        return _malformed(sid, path, f"cannot be read: {exc.strerror or exc}")
    return _parse(sid, path, data)


def list_pending(store: MemoryStore) -> list[Staged]:
    """Every staged write, oldest first (malformed ones, with no time, last)."""
    folder = store.home.pending_dir
    try:
        names = sorted(n for n in os.listdir(folder) if _NAME.fullmatch(n))
    except OSError:
        return []
    items = [read_one(folder / n) for n in names]
    items.sort(key=lambda s: (s.created is None, s.created or datetime.min.replace(tzinfo=timezone.utc), s.id))
    return items


def _path_of(store: MemoryStore, sid: str) -> Path:
    if not isinstance(sid, str) or not _ID.fullmatch(sid):
        raise InvalidRequest(f"{sid!r} is not a staged-write id.",
                             hint="An id is the 8 hex characters of the file name, as `pending list` shows.")
    path = store.home.pending_dir / f"{sid}.json"
    if not os.path.lexists(path):
        raise InvalidRequest(f"There is no staged write {sid}.",
                             hint="It may have been approved or rejected already; list them again.")
    return path


def _check_edit(staged: Staged, operation: _ops.Operation) -> None:
    """An edit changes the text of a staged write, never what kind of write it is."""
    if operation.action != staged.action:
        raise InvalidRequest(f"Staged write {staged.id} is a {staged.action}; an edit of it cannot be a "
                             f"{operation.action}.",
                             hint="Edit the text only, or reject it and make the change by hand.")


def _pinned(operation: _ops.Operation, hit: str | None) -> _ops.Operation:
    """A single replace/remove with no pin, pinned to the entry the preview showed it hits."""
    if hit is None or operation.expect_entry is not None or operation.action not in ("replace", "remove"):
        return operation
    return _ops.Operation(operation.action, operation.content, operation.old_text, hit)


def preview(store: MemoryStore, staged: Staged, operation: _ops.Operation | None = None) -> Preview:
    """The file after approval, with the same checks approving makes (nothing is written).

    ``operation``: preview an edit of the staged write (see :meth:`Staged.edit`) instead; the
    preview's ``operation`` is then what to pass to :func:`approve` as the edit.
    """
    target = staged.target if staged.target in TARGETS else "memory"
    state = store.read(target)
    before = state.entries
    if not staged.ok:
        return Preview(staged, before, before, state.limit,
                       InvalidRequest(f"Staged write {staged.id} is malformed: {staged.problem}.",
                                      hint="Reject it (delete the file), or fix the JSON by hand."))
    if operation is None:
        operation = staged.operation()
    else:
        try:
            _check_edit(staged, operation)
        except InvalidRequest as wrong_kind:
            return Preview(staged, before, before, state.limit, wrong_kind)
    projection = _ops.project(before, operation, state.limit)
    operation = _pinned(operation, projection.matched)
    refusal = projection.refusal
    if refusal is None and state.error:
        refusal = FileProblem(f"{state.filename}: {state.error}", hint="Fix the file (or restore a backup) first.")
    if refusal is None and staged.action != "add":
        try:
            drift_guard(state)  # what approving would meet under the lock (there with the agent's copy)
        except DriftDetected as drifted:
            refusal = drifted
    if refusal is not None:
        return Preview(staged, before, before, state.limit, refusal, operation)
    return Preview(staged, before, projection.after, state.limit, None, operation)


def preview_edit(store: MemoryStore, sid: str, content: str | None = None,
                 old_text: str | None = None) -> Preview:
    """The preview of staged write ``sid`` with its text changed (what is not given stays as
    staged); its ``operation`` is the edit to pass to :func:`approve`. For one operation: a
    staged batch is edited part by part (:meth:`Staged.edit`, as the dashboard's Inbox does)."""
    staged = _well_formed(_path_of(store, sid))
    if staged.action == "batch":
        raise InvalidRequest(f"Staged write {sid} is a batch of {len(staged.parts())} operations; its text cannot "
                             "be given in one --content.",
                             hint="Edit it in the dashboard's Inbox, or approve or reject it as staged.")
    part = staged.parts()[0]
    texts = (part.content if content is None else content, part.old_text if old_text is None else old_text)
    return preview(store, staged, staged.edit([texts]))


@contextlib.contextmanager
def _inbox_lock(store: MemoryStore):
    """One decision at a time (two tabs must not approve the same write twice)."""
    with held(store.home.pending_dir / ".inbox.lock", 10, "Another approval is in progress."):
        yield


def _delete(path: Path) -> None:
    try:
        os.unlink(path)  # unlink never follows a symlink: only the staged name goes
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise FileProblem(f"Could not delete {path}: {exc.strerror or exc}.",
                          hint="Check the permissions of the pending folder.") from None


def _well_formed(path: Path) -> Staged:
    """The staged write at ``path``; refused when it is malformed (nothing can be applied from it)."""
    staged = read_one(path)
    if not staged.ok:
        raise InvalidRequest(f"Staged write {staged.id} is malformed: {staged.problem}.",
                             hint="Reject it to delete the file, or fix the JSON by hand.")
    return staged


def _approve_one(store: MemoryStore, sid: str, edit: _ops.Operation | None = None) -> Decision:
    path = _path_of(store, sid)
    staged = _well_formed(path)
    if edit is not None:
        _check_edit(staged, edit)
    # The pinned entry is checked by the store under its lock, where the file cannot change.
    try:
        with _journal.via(_journal.current_via("approval"), staged_id=staged.id, origin=staged.origin or None):
            result = store.apply(staged.target, staged.operation() if edit is None else edit)
    except EntryChanged as changed:
        changed.hint = ("The file changed since the agent staged this write: reject it, or make the change by hand."
                        if edit is None else "The entry changed since the preview was shown: check the edit again.")
        raise
    _delete(path)
    return Decision(sid, True, f"Approved {sid}{' as edited' if edit is not None else ''}: {result.message}", result)


def approve(store: MemoryStore, ids: Iterable[str],
            edited: Mapping[str, _ops.Operation] | None = None) -> list[Decision]:
    """Apply each staged write through the store; a refused one stays pending, with the reason.

    Each id is its own decision (a refusal of one does not hold back the others). ``edited``
    maps an id to the operation to apply instead of the staged one (the same action, other text:
    see :meth:`Staged.edit` and :func:`preview`); the staged file is deleted only after that
    write succeeded, exactly as for an unedited approval.
    """
    edited = edited or {}
    decisions = []
    for sid in ids:
        try:
            with _inbox_lock(store):
                decisions.append(_approve_one(store, sid, edited.get(sid)))
        except Refusal as refusal:
            decisions.append(Decision(sid, False, f"Not approved ({sid}): {refusal.message}", refusal=refusal))
    return decisions


def reject(store: MemoryStore, ids: Iterable[str]) -> list[Decision]:
    """Delete each staged file (malformed ones too); the memory files are not touched."""
    decisions = []
    for sid in ids:
        try:
            with _inbox_lock(store):
                _delete(_path_of(store, sid))
            decisions.append(Decision(sid, True, f"Rejected {sid}: the staged write was deleted."))
        except Refusal as refusal:
            decisions.append(Decision(sid, False, f"Not rejected ({sid}): {refusal.message}", refusal=refusal))
    return decisions
