"""Reading staged writes: every shape the agents write, a malformed file listed with the reason
(never raising), and only plain ``<8 hex>.json`` files directly in the pending folder."""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from hermes_dash import InvalidRequest, MemoryStore, NotReadable, Operation
from hermes_dash.engine.agents import agent_rules_in_effect
from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.io.outside import time_from_epoch
from hermes_dash.engine.io.readfile import read_regular
from hermes_dash.engine.rules.format import TARGETS

from .model import ACTIONS, MAX_BYTES, MAX_DEPTH, MAX_PARTS, PART_ACTIONS, Staged

# Used with fullmatch: "$" would also accept a name ending in a newline.
_ID = re.compile(r"[0-9a-fA-F]{8}")
_NAME = re.compile(r"[0-9a-fA-F]{8}\.json")
#: At most this many staged files are read at once, and this many bytes of them together
#: (each file is at most MAX_BYTES); the rest are listed as not read, oldest read first.
MAX_READ_FILES = 200
MAX_READ_BYTES = 4_000_000


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
                return (
                    f"holds a lone surrogate code point U+{ord(value[exc.start]):04X} (a JSON \\u escape that "
                    "is not text), which cannot be shown or saved as UTF-8"
                )
        elif isinstance(value, dict):
            stack.extend((item, depth + 1) for pair in value.items() for item in pair)
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
    return None


def _part(op: Mapping[str, object], where: str) -> tuple[Operation, str]:
    """One operation as staged, and the ``old_text`` it came with.

    ``new_text`` is another name for ``content`` (upstream main; ``content`` wins when both are
    set, as the agent's schema says; for a patch ``new_text`` is its own field and wins). A
    ``matched_entry`` pins a replace, remove or patch to that full entry.
    """
    action = _text(op.get("action"), f"{where}action")
    if action and action not in PART_ACTIONS:  # none (JSON null or missing) is read: it can be re-aimed or dropped
        raise ValueError(f"{where}unknown action {action!r} (expected add, replace, remove or patch)")
    content, new_text = _text(op.get("content"), f"{where}content"), _text(op.get("new_text"), f"{where}new_text")
    old_text = _text(op.get("old_text"), f"{where}old_text")
    pin = _text(op.get("matched_entry"), f"{where}matched_entry").strip() or None
    if action == "patch":
        if op.get("pattern") is not None:  # with or without old_text: never applied literally
            raise ValueError(
                f"{where}a regex patch ('pattern') is the shape of an unmerged upstream pull request "
                "(#45777), which no released or main agent writes; it was not applied"
            )
        # 0.22 replays ``content or new_text``; hermes-dash read main's patch as new_text first.
        text = (
            (content or new_text)
            if agent_rules_in_effect().pinned_replay
            else (new_text if new_text.strip() else content)
        )
        return Operation("patch", text, old_text, pin), old_text
    text = content if content.strip() else new_text
    if not action:  # what it was meant to do is unknown: kept as staged, with both texts
        return Operation("", text, pin or old_text, pin), old_text
    if action == "add":
        return Operation("add", text), ""
    if pin is not None:  # aimed at the pinned entry's full text, as every pinned edit is
        return Operation(action, text if action == "replace" else "", pin, pin), old_text
    return Operation(action, text if action == "replace" else "", old_text), old_text


def _document(data: bytes) -> tuple[dict[str, object], dict[str, object]]:
    """The staged file's JSON object and its ``payload``; ValueError says why there are none."""
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None
    except RecursionError:
        raise ValueError("nested too deeply to read, which no staged write is") from None
    except ValueError as exc:
        raise ValueError(f"not valid JSON: {exc}") from None
    problem = _shape_problem(doc)
    if problem:
        raise ValueError(problem)
    if not isinstance(doc, dict):
        raise ValueError(f"expected a JSON object, found {type(doc).__name__}")
    payload = doc.get("payload")
    if not isinstance(payload, dict):
        raise ValueError("no 'payload' object")
    return doc, payload


def _what(sid: str, doc: Mapping[str, object], payload: Mapping[str, object]) -> tuple[str, str]:
    """The write's action and target, after checking that the file is this id's memory write."""
    if doc.get("id") not in (None, sid) and str(doc.get("id")).lower() != sid.lower():
        raise ValueError(f"its id {doc.get('id')!r} does not match the file name")
    if doc.get("subsystem") not in (None, "memory"):
        raise ValueError(f"subsystem {doc.get('subsystem')!r} is not 'memory'")
    action = _text(payload.get("action") or doc.get("action"), "action")
    if not action and isinstance(payload.get("operations"), list):
        action = "batch"  # the agent's tool reads an operations list whatever the action says
    if action and action not in ACTIONS:  # none: listed as such, to be re-aimed or rejected
        raise ValueError(f"unknown action {action!r} (expected add, replace, remove, patch or batch)")
    # The agent replays a payload without a target (or with null) on MEMORY.md.
    target = _text(payload.get("target"), "target") or "memory"
    if target not in TARGETS:
        raise ValueError(f"unknown target {target!r} (expected memory or user)")
    return action, target


def _batch_parts(payload: Mapping[str, object]) -> list[tuple[Operation, str]]:
    items = payload.get("operations")
    if not isinstance(items, list) or not items:
        raise ValueError("a batch needs a non-empty 'operations' list")
    if len(items) > MAX_PARTS:
        raise ValueError(f"a batch of {len(items):,} operations; at most {MAX_PARTS:,} are accepted")
    read = []
    for i, op in enumerate(items, 1):
        if not isinstance(op, dict):
            raise ValueError(f"operation {i} must be an object, not {type(op).__name__}")
        read.append(_part(op, f"operation {i}: "))
    return read


def _single_part(doc: Mapping[str, object], payload: Mapping[str, object], action: str) -> tuple[Operation, str]:
    single = dict(payload, action=action)
    if single.get("matched_entry") is None and doc.get("matched_entry") is not None:
        single["matched_entry"] = doc.get("matched_entry")  # pinned beside the payload
    return _part(single, "")


def _created(doc: Mapping[str, object]) -> datetime | None:
    created_at = doc.get("created_at")
    if created_at is None:
        return None
    if isinstance(created_at, bool) or not isinstance(created_at, (int, float)):
        raise ValueError("created_at must be a number (unix seconds)")
    when = time_from_epoch(created_at)  # bounded: 1e20 would raise OverflowError, not ValueError
    if when is None:
        raise ValueError("created_at must be a time between 1970 and the year 3000 (unix seconds)")
    return when


def _disposition(doc: Mapping[str, object]) -> str:
    """A disposition a newer agent may store (upstream #109280 proposes ``needs_review``; no
    release writes one yet): shown, never acted on."""
    value = doc.get("disposition")
    if isinstance(value, str) and value.strip():
        return value.strip()[:80]
    return "needs_review" if doc.get("needs_review") is True else ""


def _parse(sid: str, path: Path, data: bytes) -> Staged:
    """The staged write in ``data``, or (never raising) a malformed one saying what is wrong."""
    try:
        doc, payload = _document(data)
        action, target = _what(sid, doc, payload)
        read = _batch_parts(payload) if action == "batch" else [_single_part(doc, payload, action)]
        matched = None if action == "batch" else read[0][0].expect_entry
        return Staged(
            sid,
            path,
            None,
            action,
            target,
            _text(doc.get("summary"), "summary"),
            _text(doc.get("origin"), "origin"),
            _created(doc),
            payload,
            matched,
            tuple(op for op, _ in read),
            tuple(asked for _, asked in read),
            _disposition(doc),
        )
    except InvalidRequest as exc:
        return _malformed(sid, path, exc.message)
    except (ValueError, OverflowError, OSError) as exc:
        return _malformed(sid, path, str(exc))


def read_one(path: Path) -> Staged:
    """One staged file, never raising; symlinks and non-files are malformed, not followed."""
    return _read_with_bytes(path)[0]


def _read_with_bytes(path: Path) -> tuple[Staged, bytes]:
    """The staged write at ``path`` and the bytes it was parsed from (none when unreadable)."""
    sid = path.name[:-5]
    try:
        data = read_regular(path, MAX_BYTES, follow=False)[0]
    except NotReadable as problem:
        return _malformed(sid, path, problem.message), b""
    except OSError as exc:
        return _malformed(sid, path, f"cannot be read: {exc.strerror or exc}"), b""
    return _parse(sid, path, data), data


@dataclass(frozen=True)
class NotRead:
    """Staged files left unread by the caps of :func:`list_pending`: how many, and their bytes."""

    count: int = 0
    size: int = 0

    def __bool__(self) -> bool:
        return self.count > 0

    def __str__(self) -> str:
        if not self.count:
            return ""
        return f"not read ({self.count:,} more, {self.size / 1_000_000:,.1f} MB)"


def _chosen(folder: Path) -> tuple[list[str], NotRead]:
    """The staged files to read, oldest first (by modification time), while at most
    :data:`MAX_READ_FILES` files and :data:`MAX_READ_BYTES` bytes; and what is left. Every
    name is looked at (``lstat``, never following a link), none is read here."""
    try:
        names = [n for n in os.listdir(folder) if _NAME.fullmatch(n)]
    except OSError:
        return [], NotRead()
    sized = []
    for name in names:
        try:
            info = os.lstat(folder / name)
        except OSError:
            sized.append((0.0, name, 0))
            continue
        size = (
            info.st_size if stat.S_ISREG(info.st_mode) and info.st_size <= MAX_BYTES else 0
        )  # others are refused unread
        sized.append((info.st_mtime, name, size))
    sized.sort()
    chosen: list[str] = []
    total = 0
    for at, (_, name, size) in enumerate(sized):
        if len(chosen) == MAX_READ_FILES or total + size > MAX_READ_BYTES:
            rest = sized[at:]
            return chosen, NotRead(len(rest), sum(size for _, _, size in rest))
        chosen.append(name)
        total += size
    return chosen, NotRead()


def list_pending(store: MemoryStore) -> list[Staged]:
    """Staged writes, oldest first (malformed ones, with no time, last): the oldest files up to
    :data:`MAX_READ_FILES` and :data:`MAX_READ_BYTES` (:func:`not_read` says what is left: 200
    files of a megabyte each took 287 MB to keep, 10,000 would take 14 GB)."""
    folder = store.home.pending_dir
    items = [read_one(folder / n) for n in _chosen(folder)[0]]
    items.sort(key=lambda s: (s.created is None, s.created or datetime.min.replace(tzinfo=UTC), s.id))
    return items


def not_read(store: MemoryStore) -> NotRead:
    """The staged files :func:`list_pending` leaves unread (looked at again: names and sizes only)."""
    return _chosen(store.home.pending_dir)[1]


def staged_path(store: MemoryStore, sid: str) -> Path:
    if not isinstance(sid, str) or not _ID.fullmatch(sid):
        raise InvalidRequest(
            f"{sid!r} is not a staged-write id.",
            hint=f"An id is the 8 hex characters of the file name, as `{printed_command('pending', 'list')}` shows.",
        )
    path = store.home.pending_dir / f"{sid}.json"
    if not os.path.lexists(path):
        raise InvalidRequest(
            f"There is no staged write {sid}.", hint="It may have been approved or rejected already; list them again."
        )
    return path


def read_staged(path: Path) -> Staged:
    """The staged write at ``path``; refused when it is malformed (nothing can be applied from it)."""
    return read_staged_bytes(path)[0]


def read_staged_bytes(path: Path) -> tuple[Staged, bytes]:
    """:func:`read_staged`, with the bytes it was read from: a record written back smaller is
    made from the very bytes previewed, never from a second read the agent may have replaced."""
    staged, data = _read_with_bytes(path)
    if not staged.ok:
        raise InvalidRequest(
            f"Staged write {staged.id} is malformed: {staged.problem}.",
            hint="Reject it to delete the file, or fix the JSON by hand.",
        )
    return staged, data
