"""The memory tool's operation rules as pure functions on entry lists (SPEC §3).

The store wraps these in lock + re-read + atomic write; the dashboard calls them directly to
preview an operation (which entry a substring hits, what the file will weigh) before saving.
Validation that the agent does *before* taking its lock lives in ``validate_*`` so the store
can keep the agent's order exactly (a scan refusal must not leave a drift copy behind).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from . import _scan
from ._errors import AmbiguousMatch, ContentBlocked, InvalidRequest, NoMatch, OverLimit, Refusal
from ._format import TARGETS, usage

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
    """One add / replace / remove, as the agent's tool takes it."""

    action: str
    content: str = ""
    old_text: str = ""

    @classmethod
    def coerce(cls, op: "Operation | Mapping[str, object] | None", position: int) -> "Operation":
        """A batch item from JSON: an object with ``action`` and ``content`` / ``old_text``."""
        if isinstance(op, Operation):
            return op
        if op is None:
            op = {}
        if not isinstance(op, Mapping):
            raise InvalidRequest(f"Operation {position}: expected an object, got {type(op).__name__}.",
                                 hint='Write each operation as {"action": ..., "content": ..., "old_text": ...}.')
        fields = {}
        for key in ("action", "content", "old_text"):
            value = op.get(key)
            if value is not None and not isinstance(value, str):
                raise InvalidRequest(f"Operation {position}: {key} must be text.", hint="Quote the value.")
            fields[key] = check_text(value or "", f"Operation {position}: {key}")
        return cls(**fields)


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
    if target not in TARGETS:
        raise InvalidRequest(f"Unknown target {target!r}.", hint="Use 'memory' (MEMORY.md) or 'user' (USER.md).")
    return target


def preview(entry: str) -> str:
    return entry[:PREVIEW_CHARS] + ("..." if len(entry) > PREVIEW_CHARS else "")


def find(entries: list[str], old_text: str) -> Match:
    """The agent's matching: an entry equal to ``old_text`` wins; else the entries containing
    it, which must all be the same text (then the first is used)."""
    old_text = old_text.strip()
    if not old_text:  # "" is in every entry; an empty search hits nothing rather than "several"
        return Match(old_text, (), None, ())
    indices = tuple(i for i, entry in enumerate(entries) if old_text in entry)
    if not indices:
        return Match(old_text, indices, None, ())
    exact = next((i for i in indices if entries[i] == old_text), None)
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


def require_entry(entries: list[str], entry: str | None) -> list[str]:
    """``entries`` unchanged when ``entry`` (if given) is still one of them; else NoMatch."""
    if entry is not None and entry not in entries:
        raise NoMatch(f"The entry this change was aimed at is no longer in the file: {preview(entry)!r}.",
                      hint="The file changed in the meantime; look at it again and redo the change if it still applies.")
    return entries


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
    return [Operation.coerce(op, i) for i, op in enumerate(items, start=1)]  # type: ignore[arg-type]


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


def apply_replace(entries: list[str], old_text: str, content: str, limit: int) -> list[str]:
    result = list(entries)
    result[resolve(entries, old_text)] = content
    if usage(result) > limit:
        raise full_refusal("This replacement", usage(result), limit, usage(entries), len(content))
    return result


def apply_remove(entries: list[str], old_text: str) -> list[str]:
    result = list(entries)
    del result[resolve(entries, old_text)]
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
                index = resolve(work, old_text, where=where)
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
    if usage(work) > limit:
        raise full_refusal(f"After all {len(ops)} operations the batch", usage(work), limit, usage(entries))
    return work
