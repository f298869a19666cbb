"""A ``patch`` as the store takes it: a replace of the whole entry it hits, pinned to that entry;
and each pinned operation against the file now (kept, or what is in its place).

What a patch does inside its entry is the home's agent's rule (docs/pending.md): an agent whose
row has ``pinned_replay`` (0.22) edits exactly one span, kept as given; before it, hermes-dash's
reading (every occurrence, both texts stripped) stays."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hermes_dash import AmbiguousMatch, EntryChanged, InvalidRequest, NoMatch, Operation
from hermes_dash.engine.agents import agent_rules_in_effect
from hermes_dash.engine.rules.matching import find
from hermes_dash.engine.rules.ops import project

from .model import PinState, Staged

#: No limit: the steps inside a batch are checked against the limit only at the end.
NO_LIMIT = 10**15


def patch_rule() -> str:
    """What a patch does inside its entry under the rules in effect, in a sentence for the pages."""
    if agent_rules_in_effect().pinned_replay:
        return (
            "It must occur exactly once inside the entry, spaces included; that one span is replaced and "
            "the rest of the entry is kept as it is."
        )
    return "Every occurrence of it inside the entry is replaced; the rest of the entry is kept as it is."


def agent_actions() -> tuple[str, ...]:
    """What the home's agent's own memory tool offers: 0.22 (the rules whose staged records are
    pinned: the same release took ``replace`` out of the tool for ``patch``) has add, patch and
    remove; before it, add, replace and remove."""
    return ("add", "patch", "remove") if agent_rules_in_effect().pinned_replay else ("add", "replace", "remove")


def span_patch(entries: Sequence[str], old_text: str, new_text: str, pin: str | None = None) -> Operation:
    """hermes-dash's own patch (the Edit page, ``hermes-dash patch``), with 0.22's meaning
    whatever the agent: ``old_text`` occurs exactly once in one entry (``pin``: that entry, as the
    person saw it) and that span becomes ``new_text``. Returns the pinned replace to write;
    raises the refusal (no entry, several, the span twice, no change, the pinned entry gone)."""
    return _span_patch(list(entries), Operation("patch", new_text, old_text, pin))


def _lower_patch(entries: list[str], part: Operation, where: str = "") -> Operation:
    """The replace a patch amounts to: the whole entry it hits, by the entry with every
    occurrence of ``old_text`` replaced by the new text (one span: :func:`_span_patch`), pinned
    to that entry.

    The entry is found as a replace finds it (the same matching rules); a pinned patch aims at
    its pinned entry, word for word, and is refused when that entry is no longer in the file.
    """
    if agent_rules_in_effect().pinned_replay:
        return _span_patch(entries, part, where)
    old_text, new_text = part.old_text.strip(), part.content.strip()
    if not old_text:
        raise InvalidRequest(
            f"{where}The text to replace inside the entry is empty.",
            hint="Give the piece of the entry to replace (old_text).",
        )
    if not new_text:
        raise InvalidRequest(
            f"{where}The new text is empty.",
            hint="A patch puts new text in place of old text; to delete the entry, use remove.",
        )
    pin = part.expect_entry
    if pin is not None:
        entry = _pinned_entry(entries, pin, old_text, where)
        if old_text not in entry:
            raise NoMatch(
                f"{where}The entry this patch is pinned to does not contain {old_text!r}.",
                hint="Edit the text to replace so that it is a piece of that entry, or reject the patch.",
            )
    else:
        entry = _hit(entries, old_text, where)
    return Operation("replace", entry.replace(old_text, new_text).strip(), entry, entry)


def _hit(entries: list[str], old_text: str, where: str) -> str:
    """The entry ``old_text`` selects as a remove selects it, or that remove's refusal."""
    shown = project(entries, Operation("remove", old_text=old_text), NO_LIMIT)
    if shown.refusal is not None:
        if where:
            shown.refusal.message = where + shown.refusal.message
        raise shown.refusal
    assert shown.matched is not None
    return shown.matched


def _pinned_entry(entries: list[str], pin: str, old_text: str, where: str) -> str:
    """``pin`` when it is still an entry; else the store's own refusal, naming the entry in its place."""
    if pin in entries:
        return pin
    refusal = project(entries, Operation("remove", old_text=old_text, expect_entry=pin), NO_LIMIT).refusal
    if refusal is None:  # cannot happen: the pinned text is not an entry
        refusal = EntryChanged(f"{where}The pinned entry is no longer in the file.", expected=pin, current=None)
    elif where:
        refusal.message = where + refusal.message
    raise refusal


def occurrences(text: str, span: str) -> int:
    """How often ``span`` occurs in ``text``, overlapping ones counted ('00' twice in '1000'), as
    the agent counts them."""
    return sum(text.startswith(span, i) for i in range(len(text) - len(span) + 1))


def _span_patch(entries: list[str], part: Operation, where: str = "") -> Operation:
    """0.22's patch (``MemoryStore.patch``): exactly one span of the entry replaced, both texts
    as given (the span keeps its whitespace), refused when the span occurs more than once in the
    entry or when nothing would change; then the pinned replace of the whole entry, which the
    store scans and weighs as the agent scans and weighs the patched entry."""
    old_text, new_text = part.old_text, part.content
    if not old_text.strip():
        raise InvalidRequest(f"{where}old_text cannot be empty.", hint="Give the span of the entry to replace.")
    if not new_text.strip():
        raise InvalidRequest(
            f"{where}new_text cannot be empty.",
            hint="To drop text inside an entry, patch a longer span that contains it; remove deletes the whole entry.",
        )
    pin = part.expect_entry
    entry = _pinned_entry(entries, pin, old_text, where) if pin is not None else _hit(entries, old_text, where)
    if (count := occurrences(entry, old_text)) > 1:
        raise AmbiguousMatch(
            f"{where}{old_text!r} appears {count} times in the matched entry, and patch edits one span.",
            hint="Include more surrounding text so old_text occurs once.",
        )
    patched = entry.replace(old_text, new_text, 1)
    if patched == entry:
        raise InvalidRequest(
            f"{where}Patch is a no-op: {old_text!r} -> {new_text!r} leaves the entry unchanged.",
            hint="The span must be a piece of the entry, and the new text different from it.",
        )
    return Operation("replace", patched, entry, entry)


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
        step = project(work, part, NO_LIMIT)
        if step.refusal is not None:  # the store refuses the batch at this operation, with its own words
            out += parts[i:]
            break
        work = list(step.after)
    return Operation("batch", operations=tuple(out))


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
