"""The pending-write inbox: the agent's staged writes (docs/rules.md#pending).

With ``memory.write_approval`` on, the agent stages each write as
``<home>/pending/memory/<8 hex>.json`` instead of applying it. Here they are listed (a
malformed file is listed as malformed, with the reason, and never raises), previewed (the
file after approval: usage and the entry diff, computed with the same pure rules the store
uses), approved (applied through the store; the staged file is deleted only after that
succeeded) or rejected (the staged file deleted). Only plain files named ``<8 hex>.json``
directly in that folder are touched: ids are validated, symlinks are never followed.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path


from .. import _diff, _ops
from .._lock import held
from .._readfile import NotReadable, read_regular
from .._errors import EntryChanged, FileProblem, InvalidRequest, Refusal
from .._format import FILENAMES, TARGETS, percent, usage
from .._store import MemoryStore, OpResult

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


@dataclass(frozen=True)
class Preview:
    """The target file if the staged write were approved now (``refusal`` set: it would be refused)."""

    staged: Staged
    before: tuple[str, ...]
    after: tuple[str, ...]
    limit: int
    refusal: Refusal | None = None

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


def preview(store: MemoryStore, staged: Staged) -> Preview:
    """The file after approval, with the same checks approving makes (nothing is written)."""
    target = staged.target if staged.target in TARGETS else "memory"
    state = store.read(target)
    before = state.entries
    if not staged.ok:
        return Preview(staged, before, before, state.limit,
                       InvalidRequest(f"Staged write {staged.id} is malformed: {staged.problem}.",
                                      hint="Reject it (delete the file), or fix the JSON by hand."))
    projection = _ops.project(before, staged.operation(), state.limit)
    refusal = projection.refusal
    if refusal is None and state.error:
        refusal = FileProblem(f"{state.filename}: {state.error}", hint="Fix the file (or restore a backup) first.")
    if refusal is None and staged.action != "add" and state.drift:
        refusal = FileProblem(f"{state.filename} was edited by hand ({'; '.join(state.drift.reasons)}); approving "
                              "would be refused by the drift guard.", hint="Normalise the file first.")
    if refusal is not None:
        return Preview(staged, before, before, state.limit, refusal)
    return Preview(staged, before, projection.after, state.limit)


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


def _approve_one(store: MemoryStore, sid: str) -> Decision:
    path = _path_of(store, sid)
    staged = read_one(path)
    if not staged.ok:
        raise InvalidRequest(f"Staged write {sid} is malformed: {staged.problem}.",
                             hint="Reject it to delete the file, or fix the JSON by hand.")
    # The pinned entry is checked by the store under its lock, where the file cannot change.
    try:
        result = store.apply(staged.target, staged.operation(), seen=store.read(staged.target).fingerprint)
    except EntryChanged as changed:
        changed.hint = "The file changed since the agent staged this write: reject it, or make the change by hand."
        raise
    _delete(path)
    return Decision(sid, True, f"Approved {sid}: {result.message}", result)


def approve(store: MemoryStore, ids: Iterable[str]) -> list[Decision]:
    """Apply each staged write through the store; a refused one stays pending, with the reason.

    Each id is its own decision (a refusal of one does not hold back the others).
    """
    decisions = []
    for sid in ids:
        try:
            with _inbox_lock(store):
                decisions.append(_approve_one(store, sid))
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
