"""The pending-write inbox: the agent's staged writes (docs/pending.md).

With ``memory.write_approval`` on, the agent stages each write as
``<home>/pending/memory/<8 hex>.json`` instead of applying it (newer agents also stage a
background review's replace and remove proposals with approval off). Here they are listed (a
malformed file is listed as malformed, with the reason, and never raises), triaged (what can no
longer apply, what repeats another staged write, what the file already says), previewed (the
file after approval, computed with the same pure rules the store uses), edited (the same write
with other text, previewed and approved the same way), approved (applied through the store; the
staged file is deleted only after that succeeded) or rejected (the staged file deleted).

Every shape the agents write is read: the released 0.19.0 record (``payload`` of add /
replace / remove / batch), and upstream main's additions: ``patch`` (``old_text`` replaced by
``new_text`` inside the entry, every occurrence), ``new_text`` as another name for ``content``,
``matched_entry`` pins (on a single write and on each operation of a batch), ``origin:
background_review``. A ``patch`` is applied as what it amounts to: a replace of the whole entry
by its patched text, pinned to that entry, so the store refuses it if the entry changed.

Only plain files named ``<8 hex>.json`` directly in that folder are touched: ids are
validated, symlinks are never followed.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from hermes_dash import (
    FILENAMES,
    TARGETS,
    DriftDetected,
    EntryChanged,
    EntryDiff,
    FileProblem,
    FileState,
    InvalidRequest,
    MemoryStore,
    NoMatch,
    NotReadable,
    OpResult,
    Operation,
    Refusal,
    diff_entries,
    drift_guard,
    find,
    held,
    journal_via,
    percent,
    project,
    read_regular,
    usage,
)

# Used with fullmatch: "$" would also accept a name ending in a newline.
_ID = re.compile(r"[0-9a-fA-F]{8}")
_NAME = re.compile(r"[0-9a-fA-F]{8}\.json")
MAX_BYTES = 1_000_000
MAX_DEPTH = 32  # a staged write is an object holding a payload holding a list of operations
#: What one operation of a staged write can be (upstream main added ``patch``).
PART_ACTIONS = ("add", "replace", "remove", "patch")
ACTIONS = (*PART_ACTIONS, "batch")
#: The operations that aim at an existing entry (and that newer agents pin to it).
AIMED = ("replace", "remove", "patch")
#: The same cap the store puts on a batch (an agent's batch is a handful of operations).
MAX_PARTS = 2_000
#: Marks the triage gives (see :func:`triage`), in the order they are shown.
MARKS = ("stale", "repeat", "no_change")
MARK_LABELS = {"stale": "can no longer apply", "repeat": "repeats another staged write",
               "no_change": "the file already says this"}
ORIGIN_LABELS = {"foreground": "foreground (a conversation turn)",
                 "background_review": "background review (the agent's own review after a turn)"}
#: Orders the Inbox and ``pending list`` offer.
SORTS = ("oldest", "newest", "kind")
_KIND_ORDER = {a: i for i, a in enumerate(("add", "patch", "replace", "remove", "batch"))}
#: No limit: the steps inside a batch are checked against the limit only at the end.
_BIG = 10**15
_WORDS = re.compile(r"\w+|\s+|[^\w\s]")  # words, runs of space, and each other character


@dataclass(frozen=True)
class Staged:
    """One staged write; ``problem`` set means malformed (then only ``id`` and ``path`` are sure).

    ``ops`` are its operations as the agent staged them (one, or a batch's), as
    :class:`~hermes_dash.Operation` values whose action may be ``patch`` (``content`` is then the
    new text). A pinned replace/remove aims at the pinned entry's full text (``old_text`` and
    ``expect_entry`` both the pin), like any pinned edit; a pinned patch keeps its ``old_text``
    (the text to replace inside the entry) and has the pin in ``expect_entry``. ``asked`` holds
    the ``old_text`` each operation came with, to find the entry in its place when the pin broke.
    """

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
    ops: tuple[Operation, ...] = ()
    asked: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def filename(self) -> str:
        return FILENAMES.get(self.target, self.target)

    @property
    def origin_label(self) -> str:
        return ORIGIN_LABELS.get(self.origin, self.origin or "unknown")

    @property
    def pinned(self) -> bool:
        return any(op.expect_entry is not None for op in self.ops)

    def age(self, now: datetime | None = None) -> float | None:
        if self.created is None:
            return None
        return max(0.0, ((now or datetime.now(timezone.utc)) - self.created).total_seconds())

    def operation(self) -> Operation:
        """The write as staged: one operation, or a batch of them (``patch`` not yet lowered;
        :func:`lower` turns it into what the store applies)."""
        assert self.ok and self.ops, "a malformed staged write has no operation"
        return Operation("batch", operations=self.ops) if self.action == "batch" else self.ops[0]

    def parts(self) -> tuple[Operation, ...]:
        """The operations approving applies, in order: one, or each of a batch's."""
        return self.ops

    def edit(self, texts: Sequence[tuple[str, str]], *, aim_now: bool = False) -> Operation:
        """The same write with other text: ``texts[i]`` is ``(content, old_text)`` for
        :meth:`parts` ``[i]`` (``content`` is a patch's new text; what an action does not use is
        ignored). A part whose old text is unchanged keeps its pin; one aimed elsewhere is
        pinned by :func:`preview` to the entry it hits there (docs/pending.md, editing).

        ``aim_now``: drop every pin, so that a write whose pinned entry changed aims at the entry
        in its place now (a replace/remove whose old text is still its pin goes back to the
        ``old_text`` the agent gave); the preview then pins it to the entry it hits now.
        """
        parts = self.parts()
        if len(texts) != len(parts):
            raise InvalidRequest(f"Staged write {self.id} has {len(parts)} operations, not {len(texts)}.",
                                 hint="Edit each operation of the staged write.")
        edited = []
        for part, asked, (content, old_text) in zip(parts, self.asked or ("",) * len(parts), texts):
            content = content if part.action != "remove" else ""
            old_text = old_text if part.action != "add" else ""
            pin = part.expect_entry if old_text == part.old_text else None
            if aim_now and pin is not None:
                if part.action != "patch" and old_text == pin and asked.strip():
                    old_text = asked
                pin = None
            edited.append(Operation(part.action, content, old_text, pin))
        return Operation("batch", operations=tuple(edited)) if self.action == "batch" else edited[0]


@dataclass(frozen=True)
class PinState:
    """A pinned operation against the file now: the entry it was pinned to (``then``) and the
    entry in its place now (``now``: what its ``old_text`` hits, None when nothing or several
    entries do). ``kept``: the pinned entry is still in the file, word for word."""

    position: int  # 1-based, as "Operation N" in messages
    then: str
    now: str | None
    kept: bool


@dataclass(frozen=True)
class Preview:
    """The target file if the staged write were approved now (``refusal`` set: it would be refused)."""

    staged: Staged
    before: tuple[str, ...]
    after: tuple[str, ...]
    limit: int
    refusal: Refusal | None = None
    operation: Operation | None = None  # what to approve as an edit (pinned to the entry it hits)
    pins: tuple[PinState, ...] = ()  # each pinned operation, kept or not
    patches: tuple[tuple[str, str], ...] = ()  # (entry before, entry after) of each patch that applies

    @property
    def usage(self) -> int:
        return usage(self.after)

    @property
    def percent(self) -> int:
        return percent(self.usage, self.limit)

    @property
    def diff(self) -> EntryDiff:
        return diff_entries(self.before, self.after)

    @property
    def changes_nothing(self) -> bool:
        return self.refusal is None and self.after == self.before

    @property
    def broken_pins(self) -> tuple[PinState, ...]:
        return tuple(p for p in self.pins if not p.kept)


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


@dataclass(frozen=True)
class Triaged:
    """One staged write with its preview and the triage's marks (``MARKS``; reasons alike)."""

    staged: Staged
    preview: Preview
    marks: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()
    repeats: str | None = None  # the id of the older staged write this one repeats

    @property
    def marked(self) -> bool:
        return bool(self.marks)


# -- reading ---------------------------------------------------------------------------------------


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


def _part(op: Mapping[str, object], where: str) -> tuple[Operation, str]:
    """One operation as staged, and the ``old_text`` it came with.

    ``new_text`` is another name for ``content`` (upstream main; ``content`` wins when both are
    set, as the agent's schema says; for a patch ``new_text`` is its own field and wins). A
    ``matched_entry`` pins a replace, remove or patch to that full entry.
    """
    action = _text(op.get("action"), f"{where}action")
    if action not in PART_ACTIONS:
        raise ValueError(f"{where}unknown action {action!r} (expected add, replace, remove or patch)")
    content, new_text = _text(op.get("content"), f"{where}content"), _text(op.get("new_text"), f"{where}new_text")
    old_text = _text(op.get("old_text"), f"{where}old_text")
    pin = _text(op.get("matched_entry"), f"{where}matched_entry").strip() or None
    if action == "patch":
        if op.get("pattern") is not None and not old_text.strip():
            raise ValueError(f"{where}a regex patch ('pattern') is the shape of an unmerged upstream pull request "
                             "(#45777), which no released or main agent writes; it was not applied")
        text = new_text if new_text.strip() else content
        return Operation("patch", text, old_text, pin), old_text
    text = content if content.strip() else new_text
    if action == "add":
        return Operation("add", text), ""
    if pin is not None:  # aimed at the pinned entry's full text, as every pinned edit is
        return Operation(action, text if action == "replace" else "", pin, pin), old_text
    return Operation(action, text if action == "replace" else "", old_text), old_text


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
            raise ValueError(f"unknown action {action!r} (expected add, replace, remove, patch or batch)")
        # The agent replays a payload without a target (or with null) on MEMORY.md.
        target = _text(payload.get("target"), "target") or "memory"
        if target not in TARGETS:
            raise ValueError(f"unknown target {target!r} (expected memory or user)")
        if action == "batch":
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
            matched = None
        else:
            single = dict(payload, action=action)
            if single.get("matched_entry") is None and doc.get("matched_entry") is not None:
                single["matched_entry"] = doc.get("matched_entry")  # pinned beside the payload
            read = [_part(single, "")]
            matched = read[0][0].expect_entry
        created_at = doc.get("created_at")
        created = None
        if created_at is not None:
            if isinstance(created_at, bool) or not isinstance(created_at, (int, float)):
                raise ValueError("created_at must be a number (unix seconds)")
            created = datetime.fromtimestamp(created_at, tz=timezone.utc)
        return Staged(sid, path, None, action, target, _text(doc.get("summary"), "summary"),
                      _text(doc.get("origin"), "origin"), created, payload, matched,
                      tuple(op for op, _ in read), tuple(asked for _, asked in read))
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


# -- patch: a pinned replace of the entry it hits --------------------------------------------------


def _lower_patch(entries: list[str], part: Operation, where: str = "") -> Operation:
    """The replace a patch amounts to: the whole entry it hits, by the entry with every
    occurrence of ``old_text`` replaced by the new text, pinned to that entry.

    The entry is found as a replace finds it (the same matching rules); a pinned patch aims at
    its pinned entry, word for word, and is refused when that entry is no longer in the file.
    """
    old_text, new_text = part.old_text.strip(), part.content.strip()
    if not old_text:
        raise InvalidRequest(f"{where}The text to replace inside the entry is empty.",
                             hint="Give the piece of the entry to replace (old_text).")
    if not new_text:
        raise InvalidRequest(f"{where}The new text is empty.",
                             hint="A patch puts new text in place of old text; to delete the entry, use remove.")
    pin = part.expect_entry
    if pin is not None and pin not in entries:
        # The store's own refusal, with the entry in the pinned one's place now.
        refusal = project(entries, Operation("remove", old_text=old_text, expect_entry=pin), _BIG).refusal
        if refusal is None:  # cannot happen: the pinned text is not an entry
            refusal = EntryChanged(f"{where}The pinned entry is no longer in the file.", expected=pin, current=None)
        elif where:
            refusal.message = where + refusal.message
        raise refusal
    if pin is not None:
        entry = pin
        if old_text not in entry:
            raise NoMatch(f"{where}The entry this patch is pinned to does not contain {old_text!r}.",
                          hint="Edit the text to replace so that it is a piece of that entry, or reject the patch.")
    else:
        shown = project(entries, Operation("remove", old_text=old_text), _BIG)
        if shown.refusal is not None:
            if where:
                shown.refusal.message = where + shown.refusal.message
            raise shown.refusal
        assert shown.matched is not None
        entry = shown.matched
    return Operation("replace", entry.replace(old_text, new_text).strip(), entry, entry)


def lower(entries: Iterable[str], operation: Operation) -> Operation:
    """``operation`` as the store takes it: each ``patch`` (alone or in a batch) turned into the
    pinned replace it amounts to on ``entries``; anything else as it is. Raises the refusal a
    patch meets (no match, several entries, its pinned entry gone)."""
    work = list(entries)
    if operation.action == "patch":
        return _lower_patch(work, operation)
    if operation.action != "batch" or not any(p.action == "patch" for p in operation.operations):
        return operation
    out: list[Operation] = []
    parts = list(operation.operations)
    for i, part in enumerate(parts, 1):
        if part.action == "patch":
            part = _lower_patch(work, part, where=f"Operation {i} (patch): ")
        out.append(part)
        step = project(work, part, _BIG)
        if step.refusal is not None:  # the store refuses the batch at this operation, with its own words
            out += parts[i:]
            break
        work = list(step.after)
    return Operation("batch", operations=tuple(out))


def word_diff(before: str, after: str) -> str:
    """``before`` -> ``after`` word by word, as plain text: ``[-removed-]{+added+}`` (git's
    word-diff notation), the rest as it is. Changed words with only spaces between them are one
    change (``[-an approved-]{+two+}``, not a word-by-word interleaving)."""
    a, b = _WORDS.findall(before), _WORDS.findall(after)
    pieces: list[list[object]] = []  # [changed?, old text, new text]
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        pieces.append([op != "equal", "".join(a[i1:i2]), "".join(b[j1:j2])])
    for n in range(1, len(pieces) - 1):  # a space between two changes joins them
        if not pieces[n][0] and not str(pieces[n][1]).strip() and pieces[n - 1][0] and pieces[n + 1][0]:
            pieces[n][0] = True
    out, old, new = [], "", ""
    for changed, a_text, b_text in [*pieces, [False, "", ""]]:
        if changed:
            old, new = old + str(a_text), new + str(b_text)
            continue
        if old:
            out.append(f"[-{old}-]")
        if new:
            out.append(f"{{+{new}+}}")
        old, new = "", ""
        out.append(str(a_text))
    return "".join(out)


def pin_states(staged: Staged, entries: Sequence[str]) -> tuple[PinState, ...]:
    """Each pinned operation of ``staged`` against ``entries``: still there, or what is there now.

    For a batch the operations are checked against the file as it is (not as the earlier
    operations would leave it): the question is whether the agent's view of the file still holds.
    """
    out = []
    for i, (part, asked) in enumerate(zip(staged.ops, staged.asked), 1):
        if part.expect_entry is None:
            continue
        pin = part.expect_entry
        kept = pin in entries
        now = pin if kept else None
        if not kept and asked.strip():
            hit = find(list(entries), asked)
            now = entries[hit.target] if hit.target is not None else None
        out.append(PinState(i, pin, now, kept))
    return tuple(out)


# -- preview ---------------------------------------------------------------------------------------


def _check_edit(staged: Staged, operation: Operation) -> None:
    """An edit changes the text of a staged write, never what kind of write it is."""
    if operation.action != staged.action:
        raise InvalidRequest(f"Staged write {staged.id} is a {staged.action}; an edit of it cannot be a "
                             f"{operation.action}.",
                             hint="Edit the text only, or reject it and make the change by hand.")
    if operation.action == "batch" and [p.action for p in operation.operations] != [p.action for p in staged.ops]:
        raise InvalidRequest(f"Staged write {staged.id}: an edit keeps each of its operations and their kinds.",
                             hint="Edit the text only, or reject it and make the change by hand.")


def _pinned(operation: Operation, hit: str | None) -> Operation:
    """A single replace/remove/patch with no pin, pinned to the entry the preview showed it hits."""
    if hit is None or operation.expect_entry is not None or operation.action not in AIMED:
        return operation
    if operation.action == "patch":
        return replace(operation, expect_entry=hit)
    return Operation(operation.action, operation.content, operation.old_text, hit)


def _patches(before: Sequence[str], staged_op: Operation, lowered: Operation) -> tuple[tuple[str, str], ...]:
    staged_parts = staged_op.operations if staged_op.action == "batch" else (staged_op,)
    lowered_parts = lowered.operations if lowered.action == "batch" else (lowered,)
    return tuple((low.old_text, low.content) for part, low in zip(staged_parts, lowered_parts)
                 if part.action == "patch" and low.action == "replace")


def _preview(store: MemoryStore, staged: Staged, operation: Operation | None, state: FileState) -> Preview:
    before = state.entries
    if not staged.ok:
        return Preview(staged, before, before, state.limit,
                       InvalidRequest(f"Staged write {staged.id} is malformed: {staged.problem}.",
                                      hint="Reject it (delete the file), or fix the JSON by hand."))
    pins = pin_states(staged, before)
    if operation is None:
        operation = staged.operation()
    else:
        try:
            _check_edit(staged, operation)
        except InvalidRequest as wrong_kind:
            return Preview(staged, before, before, state.limit, wrong_kind, pins=pins)
    try:
        lowered = lower(before, operation)
    except Refusal as not_lowered:
        return Preview(staged, before, before, state.limit, not_lowered, operation, pins)
    projection = project(before, lowered, state.limit)
    hit = lowered.expect_entry if operation.action == "patch" else projection.matched
    operation = _pinned(operation, hit)
    refusal = projection.refusal
    if refusal is None and state.error:
        refusal = FileProblem(f"{state.filename}: {state.error}", hint="Fix the file (or restore a backup) first.")
    if refusal is None and staged.action != "add":
        try:
            drift_guard(state)  # what approving would meet under the lock (there with the agent's copy)
        except DriftDetected as drifted:
            refusal = drifted
    if refusal is not None:
        return Preview(staged, before, before, state.limit, refusal, operation, pins)
    return Preview(staged, before, projection.after, state.limit, None, operation, pins,
                   _patches(before, operation, lowered))


def preview(store: MemoryStore, staged: Staged, operation: Operation | None = None) -> Preview:
    """The file after approval, with the same checks approving makes (nothing is written).

    ``operation``: preview an edit of the staged write (see :meth:`Staged.edit`) instead; the
    preview's ``operation`` is then what to pass to :func:`approve` as the edit.
    """
    target = staged.target if staged.target in TARGETS else "memory"
    return _preview(store, staged, operation, store.read(target))


def preview_edit(store: MemoryStore, sid: str, content: str | None = None,
                 old_text: str | None = None, *, aim_now: bool = False) -> Preview:
    """The preview of staged write ``sid`` with its text changed (what is not given stays as
    staged; ``content`` is a patch's new text; ``aim_now`` as for :meth:`Staged.edit`); its
    ``operation`` is the edit to pass to :func:`approve`. For one operation: a staged batch is
    edited part by part (:meth:`Staged.edit`, as the dashboard's Inbox does)."""
    staged = _well_formed(_path_of(store, sid))
    if staged.action == "batch":
        raise InvalidRequest(f"Staged write {sid} is a batch of {len(staged.parts())} operations; its text cannot "
                             "be given in one --content.",
                             hint="Edit it in the dashboard's Inbox, or approve or reject it as staged.")
    part = staged.parts()[0]
    texts = (part.content if content is None else content, part.old_text if old_text is None else old_text)
    return preview(store, staged, staged.edit([texts], aim_now=aim_now))


# -- triage ----------------------------------------------------------------------------------------


def _short(text: str, width: int = 80) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _same_write(staged: Staged) -> tuple[object, ...]:
    """What a staged write does, as a key: two with the same key make the same change."""
    parts = tuple((p.action, p.content.strip(), p.old_text.strip(), p.expect_entry) for p in staged.ops)
    return (staged.target, staged.action, parts)


def triage(store: MemoryStore, items: Sequence[Staged] | None = None) -> list[Triaged]:
    """Each staged write with its preview and marks, in the order given (default: oldest first):

    * ``stale``: it can no longer apply: its pinned entry is gone or changed, or the text it
      aims at is in no entry (approving would be refused; editing might still save it);
    * ``repeat``: it makes the same change as an older staged write (that one is not marked);
    * ``no_change``: the file already says it (approving would change nothing).

    Malformed files are not marked (they can only be rejected, and are shown as such). Each
    file is read once for all of them.
    """
    items = list_pending(store) if items is None else list(items)
    states = {t: store.read(t) for t in {s.target for s in items if s.ok}}
    first: dict[tuple[object, ...], str] = {}
    out = []
    for item in items:
        if not item.ok:
            if "memory" not in states:
                states["memory"] = store.read("memory")
            out.append(Triaged(item, _preview(store, item, None, states["memory"])))
            continue
        shown = _preview(store, item, None, states[item.target])
        marks, reasons, repeats = [], [], None
        broken = shown.broken_pins
        if broken or isinstance(shown.refusal, NoMatch):
            marks.append("stale")
            if broken:
                pin = broken[0]
                reasons.append("the entry it was pinned to is gone" if pin.now is None else
                               f"the entry it was pinned to changed; it now reads {_short(pin.now)!r}")
            else:
                reasons.append(shown.refusal.message if shown.refusal else "")
        key = _same_write(item)
        if key in first:
            repeats = first[key]
            marks.append("repeat")
            reasons.append(f"the same change as {repeats}, staged earlier")
        else:
            first[key] = item.id
        if shown.changes_nothing:
            marks.append("no_change")
            reasons.append(f"{item.filename} already says this: approving would change nothing")
        out.append(Triaged(item, shown, tuple(marks), tuple(reasons), repeats))
    return out


def sort_items(items: Iterable[Triaged], by: str = "oldest") -> list[Triaged]:
    """``items`` by age (``oldest`` or ``newest`` first) or by ``kind`` (add, patch, replace,
    remove, batch; oldest first within each); those with no time after the dated ones, and
    malformed ones last, whatever the order."""
    if by not in SORTS:
        raise InvalidRequest(f"Unknown order {by!r}.", hint=f"Use one of: {', '.join(SORTS)}.")
    listed = list(items)

    def age(t: Triaged) -> float:
        return t.staged.created.timestamp() if t.staged.created else 0.0

    dated = [t for t in listed if t.staged.ok and t.staged.created is not None]
    undated = [t for t in listed if t.staged.ok and t.staged.created is None]  # no time: after the dated ones
    bad = [t for t in listed if not t.staged.ok]
    if by == "kind":
        good = sorted(dated + undated, key=lambda t: (_KIND_ORDER.get(t.staged.action, 99),
                                                      t.staged.created is None, age(t), t.staged.id))
    else:
        good = sorted(dated, key=lambda t: (age(t), t.staged.id), reverse=by == "newest") \
            + sorted(undated, key=lambda t: t.staged.id)
    return good + bad


def marked(items: Iterable[Triaged]) -> list[Triaged]:
    return [t for t in items if t.marked]


# -- deciding --------------------------------------------------------------------------------------


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


def _approve_one(store: MemoryStore, sid: str, edit: Operation | None = None,
                 shown: Operation | None = None) -> Decision:
    path = _path_of(store, sid)
    staged = _well_formed(path)
    if edit is not None:
        _check_edit(staged, edit)
    operation = staged.operation() if edit is None else edit
    if edit is None and shown is not None and _as_shown(staged, shown):
        operation = shown  # the staged write pinned to the entry its preview showed
    # A patch is lowered on the file as read now into a replace pinned to the entry it hits; the
    # pins are checked by the store under its lock, where the file cannot change.
    try:
        # hermes-dash's journal records the approval with the staged id and who staged it.
        with journal_via(staged_id=staged.id, origin=staged.origin or None):
            result = store.apply(staged.target, lower(store.read(staged.target).entries, operation))
    except EntryChanged as changed:
        changed.hint = ("The file changed since the agent staged this write: reject it, or edit it to aim at the "
                        "entry as it is now." if edit is None
                        else "The entry changed since the preview was shown: check the edit again.")
        raise
    _delete(path)
    done = "Entry patched (every occurrence inside it; the rest kept)." if staged.action == "patch" and result.changed \
        else result.message
    return Decision(sid, True, f"Approved {sid}{' as edited' if edit is not None else ''}: {done}", result)


def _as_shown(staged: Staged, shown: Operation) -> bool:
    """Whether ``shown`` is the staged write itself, only pinned where the preview pinned it."""
    staged_op = staged.operation()
    if staged_op.action != shown.action or staged_op.action not in AIMED:
        return False
    return (staged_op.content, staged_op.old_text) == (shown.content, shown.old_text) and \
        staged_op.expect_entry in (None, shown.expect_entry)


def approve(store: MemoryStore, ids: Iterable[str], edited: Mapping[str, Operation] | None = None,
            shown: Mapping[str, Operation] | None = None) -> list[Decision]:
    """Apply each staged write through the store; a refused one stays pending, with the reason.

    Each id is its own decision (a refusal of one does not hold back the others). ``edited``
    maps an id to the operation to apply instead of the staged one (the same action, other text:
    see :meth:`Staged.edit` and :func:`preview`); the staged file is deleted only after that
    write succeeded, exactly as for an unedited approval. ``shown`` maps an id to its preview's
    ``operation``: a replace, remove or patch that the agent did not pin is then applied pinned
    to the entry the person saw it hit, and refused if that entry changed before the click.
    """
    edited = edited or {}
    shown = shown or {}
    decisions = []
    for sid in ids:
        try:
            with _inbox_lock(store):
                decisions.append(_approve_one(store, sid, edited.get(sid), shown.get(sid)))
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


__all__ = ["ACTIONS", "MARKS", "MARK_LABELS", "SORTS", "Decision", "PinState", "Preview", "Staged", "Triaged",
           "approve", "list_pending", "lower", "marked", "pin_states", "preview", "preview_edit", "read_one",
           "reject", "sort_items", "triage", "word_diff"]
