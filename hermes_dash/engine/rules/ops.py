"""The memory tool's operation rules as pure functions on entry lists (docs/rules.md#operations).

The store wraps these in lock + re-read + atomic write; the dashboard calls them directly to
preview an operation (which entry a substring hits, what the file will weigh) before saving.
Validation that the agent does *before* taking its lock lives in ``validate_*`` so the store
can keep the agent's order exactly (a scan refusal must not leave a drift copy behind).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from hermes_dash.engine.agents import active
from hermes_dash.engine.rules import scan as _scan
from hermes_dash.engine.rules.actions import SINGLE, Action
from hermes_dash.engine.rules.errors import (
    ContentBlocked,
    InvalidRequest,
    OverLimit,
    Refusal,
)
from hermes_dash.engine.rules.format import Weighed, usage
from hermes_dash.engine.rules.matching import locate
from hermes_dash.engine.rules.targets import Target

ACTIONS = tuple(a.value for a in SINGLE)
_USES_CONTENT = frozenset(a.value for a in SINGLE if a.uses_content)
_USES_OLD_TEXT = frozenset(a.value for a in SINGLE if a.uses_old_text)
#: The same table as members, for :func:`step`, which runs once per operation of every batch
#: and every clean-up plan step: a dict and two set look-ups instead of the Enum's own lookup
#: and properties (an Enum member lookup by value is about a microsecond here).
_SINGLE_OF = {a.value: a for a in SINGLE}
_TAKES_CONTENT = frozenset(a for a in SINGLE if a.uses_content)
_TAKES_OLD_TEXT = frozenset(a for a in SINGLE if a.uses_old_text)
_ADD, _REPLACE = Action.ADD, Action.REPLACE
#: A batch is a handful of operations when the agent makes it, and at most about one per entry
#: per side when the dashboard's table editor does (a full 2,200-character file holds at most
#: about 550 entries). A bigger batch is refused before anything else is done with it, so a
#: pasted 50,000-operation list cannot keep anyone waiting, least of all the agent on its lock.
MAX_BATCH_OPERATIONS = 2_000


def check_text(value: str, what: str) -> str:
    """``value`` unchanged when it can be stored as UTF-8; a refusal naming a lone surrogate.

    Lone surrogates (U+D800-U+DFFF on their own) reach Python from JSON ``"\\ud800"`` escapes
    and from command-line bytes that are not UTF-8. They are not text: writing one would fail
    half-way, and printing one fails too, so they are refused where the text comes in.
    """
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidRequest(
            f"{what} holds a lone surrogate code point U+{ord(value[exc.start]):04X} at character {exc.start + 1}, "
            "which is not text and cannot be saved as UTF-8.",
            hint="Remove that character (it usually comes from a broken copy-paste, a JSON \\ud800 escape "
            "or bytes that are not UTF-8).",
        ) from None
    return value


@dataclass(frozen=True)
class Operation:
    """One add / replace / remove, as the agent's tool takes it, or a batch of them.

    ``expect_entry`` pins a replace/remove to the full text of the entry the caller saw: if
    the entry ``old_text`` hits is no longer exactly that text, the operation is refused
    (:class:`EntryChanged`) instead of overwriting whatever the entry has become meanwhile.
    """

    action: str
    content: str = ""
    old_text: str = ""
    expect_entry: str | None = None
    operations: tuple[Operation, ...] = ()  # action "batch" only
    #: The target an item of a batch names itself (None: none). From 0.22 the agent refuses a
    #: batch whose item names another target than the call (:func:`check_batch_targets`).
    target: str | None = None

    @classmethod
    def batch(cls, operations: Iterable[object]) -> Operation:
        """A batch; refused at once when it is empty, too long, or an item is not an operation."""
        return cls("batch", operations=tuple(coerce_batch(operations)))

    @classmethod
    def coerce(cls, op: object, position: int, *, nested: bool = False) -> Operation:
        """An operation from JSON: an object with ``action`` and ``content`` / ``old_text`` (and
        optionally ``expect_entry``), or a batch. ``nested``: an item of a batch, where the agent
        takes ``"batch"`` for one more unknown action, refused in its turn (after the scan and the
        drift guard), not at once."""
        if isinstance(op, Operation):
            return op
        if op is None:
            op = {}
        if not isinstance(op, Mapping):
            raise InvalidRequest(
                f"Operation {position}: expected an object, got {type(op).__name__}.",
                hint='Write each operation as {"action": ..., "content": ..., "old_text": ...}.',
            )
        if op.get("action") == "batch" and not nested:
            items = op.get("operations")
            if not isinstance(items, list):
                raise InvalidRequest(
                    f"Operation {position}: a batch needs an 'operations' list.",
                    hint='Write {"action": "batch", "operations": [...]}.',
                )
            return cls.batch(items)
        fields: dict[str, str] = {}
        for key in (
            "action",
            "content",
            "old_text",
            "expect_entry",
            *(("new_text",) if active().new_text_alias else ()),
        ):
            value = op.get(key)
            if value is not None and not isinstance(value, str):
                raise InvalidRequest(f"Operation {position}: {key} must be text.", hint="Quote the value.")
            fields[key] = check_text(value or "", f"Operation {position}: {key}")
        content = _content_or_new_text(op.get("content"), op.get("new_text"), nested=nested)
        named = op.get("target")
        return cls(
            fields["action"],
            fields["content"] if content is None else content,
            fields["old_text"],
            fields["expect_entry"].strip() or None,
            target=None if named is None else str(named),
        )


def _content_or_new_text(content: object, new_text: object, *, nested: bool) -> str | None:
    """``new_text`` where the agent version in effect reads it as ``content`` (0.20 and later),
    else None (``content`` stands). In a batch item it fills an empty ``content``; in a single
    operation 0.20 takes it only when ``content`` is missing, 0.22 also when it is empty."""
    rules = active()
    if not rules.new_text_alias or not isinstance(new_text, str):
        return None
    if content is None or (not content and (nested or rules.new_text_fills_empty)):
        return new_text
    return None


def check_batch_targets(target: str, operations: Iterable[Operation]) -> None:
    """Refuse, where the agent version in effect does (0.22), a batch whose item names another
    target than the call's: one call writes one file."""
    if not active().batch_op_target_checked:
        return
    for i, op in enumerate(operations, start=1):
        if op.target is not None and op.target != target:
            raise InvalidRequest(
                f"Operation {i} names the target {op.target!r}, not {target!r} as the call does; one call "
                "writes one file, and nothing was written.",
                hint="Drop the item's own target, or send a separate call for each file.",
            )


def check_tool_action(op: Operation) -> None:
    """Refuse an unpinned ``replace`` where the agent's tool no longer has it (0.22: add, patch,
    remove). A replace pinned to the full entry (``expect_entry``) is hermes-dash's own
    whole-entry edit and stays (docs/agents.md)."""
    if active().tool_has_replace:
        return
    ops = op.operations if op.action == Action.BATCH else (op,)
    for i, item in enumerate(ops, start=1):
        if item.action == Action.REPLACE and item.expect_entry is None:
            where = f"Operation {i}: " if op.action == Action.BATCH else ""
            raise InvalidRequest(
                f"{where}'replace' is not an action of this agent's memory tool (it has add, patch and "
                "remove); nothing was written.",
                hint="Use patch to change a span inside the entry, or pin the replace to the whole entry "
                "(expect_entry, --expect-entry) to rewrite it as hermes-dash's own whole-entry edit.",
            )


def check_target(target: str) -> str:
    """``target`` when it names a memory file (:meth:`Target.of` refuses an unknown one)."""
    return Target.of(target).key


def check_content(content: str, *, where: str = "") -> None:
    findings = _scan.scan(content)
    if findings:
        raise ContentBlocked(
            f"{where}The text contains {_scan.describe(findings)}. Memory is injected into "
            "every future system prompt, so it must not carry injection or exfiltration payloads.",
            hint="Rewrite the text without the flagged wording or characters.",
            findings=list(findings),
        )


_EMPTY_CONTENT = {
    "add": ("The entry is empty.", "Type the fact or preference to remember."),
    "replace": ("The new text is empty.", "To delete the entry, use remove instead."),
}


def validated(op: Operation, action: Action | None = None) -> Operation:
    """A single add / replace / remove with its text checked, stripped and scanned, as the agent
    does before its lock; the fields the action does not use are dropped (:class:`Action`)."""
    action = action or Action.of(op.action, batch=False)
    content = old_text = ""
    if action.uses_old_text:
        old_text = check_text(op.old_text, "The text to find").strip()
    if action.uses_content:
        content = check_text(op.content, "The new text" if action.uses_old_text else "The entry").strip()
    if action.uses_old_text and not old_text:
        raise InvalidRequest("The text to find is empty.", hint=f"Type a piece of the entry to {action.value}.")
    if action.uses_content and not content:
        message, hint = _EMPTY_CONTENT[action.value]
        raise InvalidRequest(message, hint=hint)
    if action.uses_content:
        check_content(content)
    return Operation(action.value, content, old_text, op.expect_entry if action.uses_old_text else None)


def coerce_batch(operations: Iterable[object]) -> list[Operation]:
    """The batch as operations, with the checks that cost nothing: not empty, not too many, each
    one an object of text fields. The content scan is :func:`scan_batch`."""
    items = list(operations)
    if not items:
        raise InvalidRequest("The batch has no operations.", hint="Give at least one add, replace or remove.")
    if len(items) > MAX_BATCH_OPERATIONS:
        raise InvalidRequest(
            f"The batch has {len(items):,} operations; at most {MAX_BATCH_OPERATIONS:,} are accepted in one batch.",
            hint="Split it into smaller batches, or consolidate entries first (a file that fits "
            "its limit never needs that many operations).",
        )
    return [Operation.coerce(op, i, nested=True) for i, op in enumerate(items, start=1)]


def scan_batch(ops: list[Operation]) -> None:
    for i, op in enumerate(ops, start=1):
        if op.content and op.action in _USES_CONTENT:
            check_content(op.content, where=f"Operation {i}: ")


def validate_batch(operations: Iterable[object]) -> list[Operation]:
    ops = coerce_batch(operations)
    scan_batch(ops)
    return ops


def full_refusal(what: str, new_total: int, limit: int, current: int, entry_len: int | None = None) -> OverLimit:
    entry = f" The entry is {entry_len:,} characters." if entry_len is not None else ""
    return OverLimit(
        f"{what} would put the file at {new_total:,}/{limit:,} characters (now {current:,}/{limit:,}).{entry}",
        hint="Free room first: replace overlapping entries with one shorter entry or remove stale ones "
        "(a batch can free room and add in one step), then try again.",
        usage=f"{current}/{limit}",
        new_usage=new_total,
        limit=limit,
    )


def counts(entries: list[str]) -> dict[str, int]:
    """How many times each entry is in ``entries``: what :class:`ListWork` keeps up to date."""
    present: dict[str, int] = {}
    for entry in entries:
        present[entry] = present.get(entry, 0) + 1
    return present


@runtime_checkable
class Work(Protocol):
    """What :func:`step` changes, where it lands an operation: :class:`ListWork` (a file's
    entries), or another kind of copy that takes the same rules (clean-up's ``Tally`` counts a
    plan's usage on texts alone)."""

    def has(self, text: str) -> bool: ...
    def add(self, text: str) -> None: ...
    def hit(self, old_text: str, expect_entry: str | None, where: str = "") -> int: ...
    def replace(self, position: int, text: str) -> None: ...
    def remove(self, position: int) -> None: ...


class ListWork:
    """The :class:`Work` of a write: a working copy of one file's entries, in order, with how many
    times each text is among them (so an add's "already there?" is one look-up rather than a
    scan: thousands of adds in a batch would otherwise be quadratic).

    :func:`step` decides what an operation does; the four methods are where it lands, so another
    kind of copy can take the same rules: clean-up's tally (``curation/cleanup/model.py``) counts
    a plan's usage on texts alone. A position (what :meth:`hit` gives :meth:`replace` and
    :meth:`remove`) is here the index of the entry in the list.
    """

    def __init__(self, entries: Iterable[str] = ()) -> None:
        self.entries = list(entries)
        self.present = counts(self.entries)

    def has(self, text: str) -> bool:
        return bool(self.present.get(text))

    def add(self, text: str) -> None:
        self.entries.append(text)
        self.present[text] = self.present.get(text, 0) + 1

    def hit(self, old_text: str, expect_entry: str | None, where: str = "") -> int:
        """The position of the entry a replace/remove aims at, by the agent's matching (:func:`locate`)."""
        return locate(self.entries, old_text, expect_entry, where=where)

    def replace(self, position: int, text: str) -> None:
        self.present[self.entries[position]] -= 1
        self.entries[position] = text
        self.present[text] = self.present.get(text, 0) + 1

    def remove(self, position: int) -> None:
        self.present[self.entries[position]] -= 1
        del self.entries[position]


def step(work: Work, op: Operation, *, where: str = "") -> int | None:
    """THE dispatcher: apply one add / replace / remove to ``work`` in place. Returns the
    position of the entry a replace/remove hit (None for add). The limit is the caller's: a
    batch checks it on its final result only. An add of an entry already there changes nothing."""
    action = _SINGLE_OF.get(op.action) or Action.of(op.action, where=where, batch=False)
    content, old_text = op.content.strip(), op.old_text.strip()
    if not old_text and action in _TAKES_OLD_TEXT:
        raise InvalidRequest(f"{where}old_text is empty.", hint="Give a piece of the entry's text.")
    if not content and action in _TAKES_CONTENT:
        hint = "Give the text to add." if action is _ADD else "Use a remove operation to delete."
        raise InvalidRequest(f"{where}content is empty.", hint=hint)
    if action is _ADD:
        if not work.has(content):
            work.add(content)
        return None
    position = work.hit(old_text, op.expect_entry, where)
    if action is _REPLACE:
        work.replace(position, content)
    else:
        work.remove(position)
    return position


def apply_one(entries: list[str] | tuple[str, ...], op: Operation, limit: int) -> tuple[list[str], int | None]:
    """One validated add / replace / remove on a copy of ``entries``, with the limit checked as
    the agent checks it for a single operation: (the result, the index hit)."""
    before = list(entries)
    work = ListWork(before)
    index = step(work, op)
    after = work.entries
    grew = op.action == Action.REPLACE or (op.action == Action.ADD and len(after) > len(before))
    if grew and usage(after) > limit:
        what = "Adding this entry" if op.action == Action.ADD else "This replacement"
        raise full_refusal(what, usage(after), limit, usage(before), len(op.content.strip()))
    return after, index


def apply_add(entries: list[str], content: str, limit: int) -> list[str]:
    """``content`` already validated. A duplicate returns the list unchanged."""
    return apply_one(entries, Operation("add", content), limit)[0]


def apply_replace(
    entries: list[str], old_text: str, content: str, limit: int, expect_entry: str | None = None
) -> list[str]:
    return apply_one(entries, Operation("replace", content, old_text, expect_entry), limit)[0]


def apply_remove(entries: list[str], old_text: str, expect_entry: str | None = None) -> list[str]:
    return apply_one(entries, Operation("remove", old_text=old_text, expect_entry=expect_entry), 0)[0]


def apply_batch(entries: list[str], ops: list[Operation], limit: int) -> list[str]:
    """All operations in order on a working copy (each by :func:`step`); the limit is checked
    on the final result only."""
    copy = ListWork(entries)
    for i, op in enumerate(ops, start=1):
        where = f"Operation {i} ({op.action or 'no action'}): "
        try:
            step(copy, op, where=where)
        except Refusal as refusal:
            refusal.message += " No operation of the batch was applied."
            refusal.args = (refusal.message,)
            raise
    work = copy.entries
    if entries and not work and active().refuses_emptying_batch:
        raise InvalidRequest(
            f"After all {len(ops)} operations the batch would leave the file with no entry, "
            "which the agent version in effect refuses. No operation of the batch was applied.",
            hint="Keep at least one entry, or remove the last ones with single remove operations.",
        )
    if usage(work) > limit:
        raise full_refusal(f"After all {len(ops)} operations the batch", usage(work), limit, usage(entries))
    return work


# -- one path from preview to write --------------------------------------------------------------


def pin_full_text(operations: Iterable[object]) -> list[Operation]:
    """Operations that address entries by their full text, each replace/remove pinned to it.

    Unpinned, a full text that is no longer an entry would still hit, by substring, a longer
    entry that contains it (the agent's own rule): an entry the agent extended meanwhile would
    be overwritten or deleted. Pinned, such an operation is refused instead.
    """
    ops = [Operation.coerce(op, i) for i, op in enumerate(operations, start=1)]
    return [
        op
        if op.action not in _USES_OLD_TEXT or op.expect_entry is not None
        else replace(op, expect_entry=op.old_text.strip() or None)
        for op in ops
    ]


#: A batch carrying more text than this is tried on the entries before its text is scanned:
#: scanning that much takes seconds, and a batch that big usually cannot fit anyway. Any other
#: operation is scanned first, as the agent does.
SCAN_FIRST_MAX_CHARS = 65_536


@dataclass(frozen=True)
class Prepared:
    """An operation that passed the checks made before the lock (non-empty text, content scan).

    A separate type so the store, which prepares once before taking the lock, never scans
    twice, and so nothing can hand :func:`project` an unscanned operation by mistake.
    ``scanned`` False: a bulky batch whose scan is left until it has been tried on the entries
    (:func:`project` scans it then; :func:`scan_now` does it for the store).
    """

    op: Operation
    scanned: bool = True


def prepare(operation: Operation | Mapping[str, object] | Prepared) -> Prepared:
    """Validate, strip and scan one operation (or a batch); raises the agent's refusals."""
    if isinstance(operation, Prepared):
        return operation
    op = Operation.coerce(operation, 1)
    pin = check_text(op.expect_entry, "The expected entry").strip() if op.expect_entry is not None else None
    action = Action.of(op.action)
    check_tool_action(op)
    if action is Action.BATCH:
        ops = coerce_batch(op.operations)
        batch = Operation("batch", operations=tuple(ops))
        if sum(len(o.content) for o in ops) > SCAN_FIRST_MAX_CHARS:
            return Prepared(batch, scanned=False)
        scan_batch(ops)
        return Prepared(batch)
    return Prepared(validated(replace(op, expect_entry=pin), action))


def scan_now(prepared: Prepared) -> Prepared:
    """``prepared`` with its deferred scan done (a refusal if the text is blocked)."""
    if not prepared.scanned:
        scan_batch(list(prepared.op.operations))
    return Prepared(prepared.op)


@dataclass(frozen=True)
class Projection(Weighed, counts="after"):
    """One operation applied to entries under a limit: what a write would do, or why it would not.

    ``index``/``matched``: the entry a replace/remove hits in ``before`` (None for add, batch,
    or when refused). ``refusal`` set means the write would be refused; ``after`` is then
    ``before``.
    """

    action: str
    before: tuple[str, ...]
    after: tuple[str, ...]
    limit: int
    refusal: Refusal | None = None
    index: int | None = None
    matched: str | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None

    @property
    def changed(self) -> bool:
        return self.after != self.before

    def raise_refusal(self) -> Projection:
        if self.refusal is not None:
            raise self.refusal
        return self


def project(entries: Iterable[str], operation: Operation | Mapping[str, object] | Prepared, limit: int) -> Projection:
    """The pure projection every preview and every store write uses; never raises a Refusal."""
    before = tuple(entries)
    plain = operation.op if isinstance(operation, Prepared) else operation
    action = (
        plain.action
        if isinstance(plain, Operation)
        else str(plain.get("action") or "")
        if isinstance(plain, Mapping)
        else ""
    )
    try:
        prepared = prepare(operation)
        op = prepared.op
        index = None
        if op.action == Action.BATCH:
            after = apply_batch(list(before), list(op.operations), limit)
        else:
            after, index = apply_one(before, op, limit)
        scan_now(prepared)
    except Refusal as refusal:
        return Projection(action, before, before, limit, refusal)
    return Projection(action, before, tuple(after), limit, None, index, None if index is None else before[index])


__all__ = ["check_batch_targets", "Operation", "prepare", "project", "Projection", "step", "ListWork", "Work"]
