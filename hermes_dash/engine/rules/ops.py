"""The memory tool's operation rules as pure functions on entry lists (docs/rules.md#operations).

The store wraps these in lock + re-read + atomic write; the dashboard calls them directly to
preview an operation (which entry a substring hits, what the file will weigh) before saving.
Validation that the agent does *before* taking its lock lives in ``validate_*`` so the store
can keep the agent's order exactly (a scan refusal must not leave a drift copy behind).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from hermes_dash.engine.agents import active
from hermes_dash.engine.rules import scan as _scan
from hermes_dash.engine.rules.errors import (
    AmbiguousMatch,
    ContentBlocked,
    EntryChanged,
    InvalidRequest,
    NoMatch,
    OverLimit,
    Refusal,
)
from hermes_dash.engine.rules.format import percent, usage
from hermes_dash.engine.rules.targets import Target

ACTIONS = ("add", "replace", "remove")
PREVIEW_CHARS = 80
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
                 "or bytes that are not UTF-8).") from None
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
    operations: tuple["Operation", ...] = ()  # action "batch" only

    @classmethod
    def batch(cls, operations: Iterable[object]) -> "Operation":
        """A batch; refused at once when it is empty, too long, or an item is not an operation."""
        return cls("batch", operations=tuple(coerce_batch(operations)))

    @classmethod
    def coerce(cls, op: "Operation | Mapping[str, object] | None", position: int, *,
               nested: bool = False) -> "Operation":
        """An operation from JSON: an object with ``action`` and ``content`` / ``old_text`` (and
        optionally ``expect_entry``), or a batch. ``nested``: an item of a batch, where the agent
        takes ``"batch"`` for one more unknown action, refused in its turn (after the scan and the
        drift guard), not at once."""
        if isinstance(op, Operation):
            return op
        if op is None:
            op = {}
        if not isinstance(op, Mapping):
            raise InvalidRequest(f"Operation {position}: expected an object, got {type(op).__name__}.",
                                 hint='Write each operation as {"action": ..., "content": ..., "old_text": ...}.')
        if op.get("action") == "batch" and not nested:
            items = op.get("operations")
            if not isinstance(items, list):
                raise InvalidRequest(f"Operation {position}: a batch needs an 'operations' list.",
                                     hint='Write {"action": "batch", "operations": [...]}.')
            return cls.batch(items)
        fields: dict[str, str] = {}
        for key in ("action", "content", "old_text", "expect_entry"):
            value = op.get(key)
            if value is not None and not isinstance(value, str):
                raise InvalidRequest(f"Operation {position}: {key} must be text.", hint="Quote the value.")
            fields[key] = check_text(value or "", f"Operation {position}: {key}")
        return cls(fields["action"], fields["content"], fields["old_text"], fields["expect_entry"].strip() or None)


@dataclass(frozen=True)
class Match:
    """Which entries ``old_text`` hits: ``target`` is the index an operation would use, or None."""

    old_text: str
    indices: tuple[int, ...]
    target: int | None
    previews: tuple[str, ...]

    @property
    def kind(self) -> str:
        if self.target is not None:
            return "one"
        return "none" if not self.indices else "several"


def check_target(target: str) -> str:
    """``target`` when it names a memory file (:meth:`Target.of` refuses an unknown one)."""
    return Target.of(target).key


def preview(entry: str) -> str:
    return entry[:PREVIEW_CHARS] + ("..." if len(entry) > PREVIEW_CHARS else "")


def find(entries: list[str], old_text: str) -> Match:
    """The agent's matching: the entries containing ``old_text`` must all be the same text (then
    the first is used). Where the agent version in effect has the exact-match rule, an entry
    equal to ``old_text`` wins over others containing it (no release has it: docs/agents.md)."""
    old_text = old_text.strip()
    if not old_text:  # "" is in every entry; an empty search hits nothing rather than "several"
        return Match(old_text, (), None, ())
    indices = tuple(i for i, entry in enumerate(entries) if old_text in entry)
    if not indices:
        return Match(old_text, indices, None, ())
    exact = next((i for i in indices if entries[i] == old_text), None) if active().exact_match_wins else None
    distinct = {entries[i] for i in indices}
    target = exact if exact is not None else (indices[0] if len(distinct) == 1 else None)
    previews = tuple(preview(t) for t in dict.fromkeys(entries[i] for i in indices))
    return Match(old_text, indices, target, previews)


def resolve(entries: list[str], old_text: str, *, where: str = "") -> int:
    """Index of the entry an operation on ``old_text`` targets, or a NoMatch/AmbiguousMatch refusal."""
    match = find(entries, old_text)
    if match.target is not None:
        return match.target
    if not match.indices:
        raise NoMatch(f"{where}No entry contains {match.old_text!r}.",
                      hint="Check the entry list and use a piece of the exact text of the entry you mean.")
    listing = "; ".join(f"[{i}] {preview(entries[i])}" for i in dict.fromkeys(match.indices))
    raise AmbiguousMatch(f"{where}{match.old_text!r} is in {len(match.previews)} different entries: {listing}",
                         hint="Use a longer piece of text that only the entry you mean contains.",
                         matches=list(match.previews))


def locate(entries: list[str], old_text: str, expect_entry: str | None = None, *, where: str = "") -> int:
    """Index of the entry a replace/remove targets; pinned to ``expect_entry`` when given.

    Unpinned, this is the agent's matching (:func:`resolve`). Pinned, the entry ``old_text``
    hits must be exactly ``expect_entry``, else :class:`EntryChanged` with the text it has now.
    When ``old_text`` has become ambiguous but the pinned entry is still one of the hits, the
    pin says which one the caller meant, so it is used.
    """
    if expect_entry is None:
        return resolve(entries, old_text, where=where)
    match = find(entries, old_text)
    if match.target is not None and entries[match.target] == expect_entry:
        return match.target
    if match.target is None and expect_entry in (entries[i] for i in match.indices):
        return entries.index(expect_entry)
    current = entries[match.target] if match.target is not None else None
    if current is not None:
        what = (f"The entry this change was aimed at is no longer in the file as it was shown: "
                f"{preview(expect_entry)!r}; it now reads {preview(current)!r}.")
    elif match.indices:
        what = (f"{match.old_text!r} is now in {len(match.previews)} different entries, and none is the entry this "
                f"change was aimed at, which is no longer in the file: {preview(expect_entry)!r}.")
    else:
        what = (f"No entry contains {match.old_text!r} any more: the entry this change was aimed at is no longer "
                f"in the file: {preview(expect_entry)!r}.")
    raise EntryChanged(
        f"{where}{what} Nothing was changed.",
        hint="Someone (the agent, another tab) changed it meanwhile. Compare the two versions, then apply "
             "your change to the current text or drop it.",
        expected=expect_entry, current=current, index=match.target)


def check_content(content: str, *, where: str = "") -> None:
    findings = _scan.scan(content)
    if findings:
        raise ContentBlocked(
            f"{where}The text contains {_scan.describe(findings)}. Memory is injected into "
            "every future system prompt, so it must not carry injection or exfiltration payloads.",
            hint="Rewrite the text without the flagged wording or characters.",
            findings=list(findings))


def validate_add(content: str) -> str:
    content = check_text(content, "The entry").strip()
    if not content:
        raise InvalidRequest("The entry is empty.", hint="Type the fact or preference to remember.")
    check_content(content)
    return content


def validate_replace(old_text: str, content: str) -> tuple[str, str]:
    old_text, content = check_text(old_text, "The text to find").strip(), check_text(content, "The new text").strip()
    if not old_text:
        raise InvalidRequest("The text to find is empty.", hint="Type a piece of the entry to replace.")
    if not content:
        raise InvalidRequest("The new text is empty.", hint="To delete the entry, use remove instead.")
    check_content(content)
    return old_text, content


def validate_remove(old_text: str) -> str:
    old_text = check_text(old_text, "The text to find").strip()
    if not old_text:
        raise InvalidRequest("The text to find is empty.", hint="Type a piece of the entry to remove.")
    return old_text


def coerce_batch(operations: Iterable[object]) -> list[Operation]:
    """The batch as operations, with the checks that cost nothing: not empty, not too many, each
    one an object of text fields. The content scan is :func:`scan_batch`."""
    items = list(operations)
    if not items:
        raise InvalidRequest("The batch has no operations.", hint="Give at least one add, replace or remove.")
    if len(items) > MAX_BATCH_OPERATIONS:
        raise InvalidRequest(f"The batch has {len(items):,} operations; at most {MAX_BATCH_OPERATIONS:,} are "
                             "accepted in one batch.",
                             hint="Split it into smaller batches, or consolidate entries first (a file that fits "
                                  "its limit never needs that many operations).")
    return [Operation.coerce(op, i, nested=True)  # type: ignore[arg-type]  # coerce refuses an item that is not an operation
            for i, op in enumerate(items, start=1)]


def scan_batch(ops: list[Operation]) -> None:
    for i, op in enumerate(ops, start=1):
        if op.action in ("add", "replace") and op.content:
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
        usage=f"{current}/{limit}", new_usage=new_total, limit=limit)


def apply_add(entries: list[str], content: str, limit: int) -> list[str]:
    """``content`` already validated. A duplicate returns the list unchanged."""
    if content in entries:
        return list(entries)
    result = [*entries, content]
    if usage(result) > limit:
        raise full_refusal("Adding this entry", usage(result), limit, usage(entries), len(content))
    return result


def apply_replace(entries: list[str], old_text: str, content: str, limit: int,
                  expect_entry: str | None = None) -> list[str]:
    return _replace_at(entries, locate(entries, old_text, expect_entry), content, limit)


def _replace_at(entries: list[str], index: int, content: str, limit: int) -> list[str]:
    result = list(entries)
    result[index] = content
    if usage(result) > limit:
        raise full_refusal("This replacement", usage(result), limit, usage(entries), len(content))
    return result


def apply_remove(entries: list[str], old_text: str, expect_entry: str | None = None) -> list[str]:
    result = list(entries)
    del result[locate(entries, old_text, expect_entry)]
    return result


def apply_batch(entries: list[str], ops: list[Operation], limit: int) -> list[str]:
    """All operations in order on a working copy; the limit is checked on the final result only.

    ``present`` counts the working copy's entries so that an add's "already there?" is one
    lookup rather than a scan of the list: thousands of adds would otherwise be quadratic.
    """
    work = list(entries)
    present: dict[str, int] = {}
    for entry in work:
        present[entry] = present.get(entry, 0) + 1
    for i, op in enumerate(ops, start=1):
        where = f"Operation {i} ({op.action or 'no action'}): "
        content, old_text = op.content.strip(), op.old_text.strip()
        try:
            if op.action == "add":
                if not content:
                    raise InvalidRequest(f"{where}content is empty.", hint="Give the text to add.")
                if not present.get(content):
                    work.append(content)
                    present[content] = 1
            elif op.action in ("replace", "remove"):
                if not old_text:
                    raise InvalidRequest(f"{where}old_text is empty.", hint="Give a piece of the entry's text.")
                if op.action == "replace" and not content:
                    raise InvalidRequest(f"{where}content is empty.", hint="Use a remove operation to delete.")
                index = locate(work, old_text, op.expect_entry, where=where)
                present[work[index]] -= 1
                if op.action == "replace":
                    work[index] = content
                    present[content] = present.get(content, 0) + 1
                else:
                    del work[index]
            else:
                raise InvalidRequest(f"{where}unknown action.", hint="Use add, replace or remove.")
        except Refusal as refusal:
            refusal.message += " No operation of the batch was applied."
            refusal.args = (refusal.message,)
            raise
    if entries and not work and active().refuses_emptying_batch:
        raise InvalidRequest(f"After all {len(ops)} operations the batch would leave the file with no entry, "
                             "which the agent version in effect refuses. No operation of the batch was applied.",
                             hint="Keep at least one entry, or remove the last ones with single remove operations.")
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
    ops = [Operation.coerce(op, i) for i, op in enumerate(operations, start=1)]  # type: ignore[arg-type]  # coerce refuses an item that is not an operation
    return [op if op.action not in ("replace", "remove") or op.expect_entry is not None
            else replace(op, expect_entry=op.old_text.strip() or None) for op in ops]


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
    if op.action == "add":
        return Prepared(Operation("add", validate_add(op.content)))
    if op.action == "replace":
        old_text, content = validate_replace(op.old_text, op.content)
        return Prepared(Operation("replace", content, old_text, pin))
    if op.action == "remove":
        return Prepared(Operation("remove", old_text=validate_remove(op.old_text), expect_entry=pin))
    if op.action == "batch":
        ops = coerce_batch(op.operations)
        batch = Operation("batch", operations=tuple(ops))
        if sum(len(o.content) for o in ops) > SCAN_FIRST_MAX_CHARS:
            return Prepared(batch, scanned=False)
        scan_batch(ops)
        return Prepared(batch)
    raise InvalidRequest(f"Unknown action {op.action!r}.", hint="Use add, replace or remove.")


def scan_now(prepared: Prepared) -> Prepared:
    """``prepared`` with its deferred scan done (a refusal if the text is blocked)."""
    if not prepared.scanned:
        scan_batch(list(prepared.op.operations))
    return Prepared(prepared.op)


@dataclass(frozen=True)
class Projection:
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

    @property
    def usage(self) -> int:
        return usage(self.after)

    @property
    def percent(self) -> int:
        return percent(self.usage, self.limit)

    def raise_refusal(self) -> "Projection":
        if self.refusal is not None:
            raise self.refusal
        return self


def project(entries: Iterable[str], operation: Operation | Mapping[str, object] | Prepared,
            limit: int) -> Projection:
    """The pure projection every preview and every store write uses; never raises a Refusal."""
    before = tuple(entries)
    plain = operation.op if isinstance(operation, Prepared) else operation
    action = plain.action if isinstance(plain, Operation) else \
        str(plain.get("action") or "") if isinstance(plain, Mapping) else ""
    try:
        prepared = prepare(operation)
        op = prepared.op
        work = list(before)
        index = None
        if op.action == "add":
            after = apply_add(work, op.content, limit)
        elif op.action == "batch":
            after = apply_batch(work, list(op.operations), limit)
        else:
            index = locate(work, op.old_text, op.expect_entry)
            if op.action == "replace":
                after = _replace_at(work, index, op.content, limit)
            else:
                after = work
                del after[index]
        scan_now(prepared)
    except Refusal as refusal:
        return Projection(action, before, before, limit, refusal)
    return Projection(action, before, tuple(after), limit, None, index, None if index is None else before[index])
