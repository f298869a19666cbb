"""A long queue sorted out: what can no longer apply, what repeats another staged write, what the
file already says; and the orders the Inbox offers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hermes_dash import InvalidRequest, MemoryStore, NoMatch
from hermes_dash.engine.views.diffwork import Work

from .model import KIND_ORDER, SORTS, Staged, Triaged
from .previews import preview_staged
from .reading import list_pending


def _short(text: str, width: int = 80) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _same_write(staged: Staged) -> tuple[object, ...]:
    """What a staged write does, as a key: two with the same key make the same change."""
    parts = tuple((p.action, p.content.strip(), p.old_text.strip(), p.expect_entry) for p in staged.ops)
    return (staged.target, staged.action, parts)


def triage(store: MemoryStore, items: Sequence[Staged] | None = None, *, budget: Work | None = None) -> list[Triaged]:
    """Each staged write with its preview and marks, in the order given (default: oldest first):

    * ``stale``: it can no longer apply: its pinned entry is gone or changed, or the text it
      aims at is in no entry (approving would be refused; editing might still save it);
    * ``repeat``: it makes the same change as an older staged write (that one is not marked);
    * ``no_change``: the file already says it (approving would change nothing).

    Malformed files are not marked (they can only be rejected, and are shown as such). Each
    file is read once for all of them. ``budget``: the work the previews' entry diffs share (a
    listing's, ``LISTING_DIFF_STEPS``), spent as they are asked for, in the order shown.
    """
    items = list_pending(store) if items is None else list(items)
    states = {t: store.read(t) for t in {s.target for s in items if s.ok}}
    first: dict[tuple[object, ...], str] = {}
    out = []
    for item in items:
        if not item.ok:
            if "memory" not in states:
                states["memory"] = store.read("memory")
            out.append(Triaged(item, preview_staged(store, item, None, states["memory"])))
            continue
        shown = preview_staged(store, item, None, states[item.target], budget)
        marks, reasons, repeats = [], [], None
        broken = shown.broken_pins
        if broken or isinstance(shown.refusal, NoMatch):
            marks.append("stale")
            if broken:
                pin = broken[0]
                reasons.append(
                    "the entry it was pinned to is gone"
                    if pin.now is None
                    else f"the entry it was pinned to changed; it now reads {_short(pin.now)!r}"
                )
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
        good = sorted(
            dated + undated,
            key=lambda t: (KIND_ORDER.get(t.staged.action, 99), t.staged.created is None, age(t), t.staged.id),
        )
    else:
        good = sorted(dated, key=lambda t: (age(t), t.staged.id), reverse=by == "newest") + sorted(
            undated, key=lambda t: t.staged.id
        )
    return good + bad


def marked(items: Iterable[Triaged]) -> list[Triaged]:
    return [t for t in items if t.marked]
