"""Entry-level diff of two entry lists: added, removed, changed, unchanged.

One pairing rule for every page and command that compares two versions of a file (see
docs/rules.md#diff): a removed entry and an added one are the same entry, "changed", when

1. their texts read alike (difflib's similarity ratio of at least ``CHANGED_AT``), best
   match first, each entry used once; or, for the entries still unpaired,
2. they stand in the same place: between the same unchanged neighbours, with an unchanged
   entry after them, as many entries left as came. Only a replace leaves that, however
   differently the new text reads: an add always goes to the end, so after the last unchanged
   entry a departed and a new entry may as well be a removal and an add, and are not paired
   by place. They are paired in order.

Rule 2 holds between two versions of one file only: the entries of two different profiles
have no places in common (``in_place=False``). Everything else is added or removed.

Ratios are costly on long text, so only the first ``_COMPARE_CHARS`` of each entry are
compared and cheap upper bounds prune most pairs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

CHANGED_AT = 0.5
_COMPARE_CHARS = 2000
_MAX_PAIRS = 40_000


@dataclass(frozen=True)
class DiffItem:
    kind: str  # "added" | "removed" | "changed" | "unchanged"
    old: str | None
    new: str | None
    similarity: float = 1.0


@dataclass(frozen=True)
class EntryDiff:
    items: tuple[DiffItem, ...]

    def of(self, kind: str) -> list[DiffItem]:
        return [item for item in self.items if item.kind == kind]

    @property
    def counts(self) -> dict[str, int]:
        return {k: len(self.of(k)) for k in ("added", "removed", "changed", "unchanged")}

    @property
    def identical(self) -> bool:
        return all(item.kind == "unchanged" for item in self.items)


def similarity(a: str, b: str) -> float:
    matcher = SequenceMatcher(None, a[:_COMPARE_CHARS], b[:_COMPARE_CHARS], autojunk=False)
    if matcher.real_quick_ratio() < CHANGED_AT or matcher.quick_ratio() < CHANGED_AT:
        return 0.0
    return matcher.ratio()


def _pair_alike(gone: list[str], fresh: list[str]) -> dict[str, tuple[str, float]]:
    """Rule 1: new text -> (old text, similarity) for texts that read alike, best match first."""
    pairs: dict[str, tuple[str, float]] = {}
    if not gone or not fresh or len(gone) * len(fresh) > _MAX_PAIRS:
        return pairs
    scored = sorted(((similarity(o, n), i, j) for i, o in enumerate(gone) for j, n in enumerate(fresh)), reverse=True)
    used_old: set[int] = set()
    used_new: set[int] = set()
    for score, i, j in scored:
        if score < CHANGED_AT:
            break
        if i not in used_old and j not in used_new:
            used_old.add(i)
            used_new.add(j)
            pairs[fresh[j]] = (gone[i], score)
    return pairs


def _pair_in_place(old: list[str], new: list[str], gone: set[str], fresh: set[str]) -> dict[str, str]:
    """Rule 2: new text -> old text for unpaired entries that took each other's place.

    The two lists are aligned on their entries; where a stretch of the old list was replaced by
    a stretch of the new one and unchanged entries follow, the entries of that stretch still
    unpaired are paired in order when as many left as came.
    """
    pairs: dict[str, str] = {}
    opcodes = SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in opcodes[:-1]:  # the last stretch has no unchanged entry after it
        if tag != "replace":
            continue
        left = [e for e in old[i1:i2] if e in gone]
        came = [e for e in new[j1:j2] if e in fresh]
        if left and len(left) == len(came):
            pairs.update(zip(came, left))
    return pairs


def diff_entries(
    old: list[str] | tuple[str, ...], new: list[str] | tuple[str, ...], *, in_place: bool = True
) -> EntryDiff:
    """Items in the order of ``new`` (removed entries after), each entry used once.

    ``in_place``: ``old`` and ``new`` are two versions of one file, so rule 2 applies too.
    """
    old_list, new_list = list(dict.fromkeys(old)), list(dict.fromkeys(new))
    old_set, new_set = set(old_list), set(new_list)
    gone = [e for e in old_list if e not in new_set]
    fresh = [e for e in new_list if e not in old_set]
    pairs = _pair_alike(gone, fresh)
    if in_place and len(pairs) < min(len(gone), len(fresh)):
        paired_old = {o for o, _ in pairs.values()}
        placed = _pair_in_place(
            old_list, new_list, {e for e in gone if e not in paired_old}, {e for e in fresh if e not in pairs}
        )
        pairs.update((n, (o, similarity(o, n))) for n, o in placed.items())
    paired_old = {o for o, _ in pairs.values()}
    items = []
    for entry in new_list:
        if entry in old_set:
            items.append(DiffItem("unchanged", entry, entry))
        elif entry in pairs:
            items.append(DiffItem("changed", pairs[entry][0], entry, pairs[entry][1]))
        else:
            items.append(DiffItem("added", None, entry, 0.0))
    items.extend(DiffItem("removed", e, None, 0.0) for e in gone if e not in paired_old)
    return EntryDiff(tuple(items))


_WORDS = re.compile(r"\s+|\w+|[^\w\s]")
_WORD_DIFF_MAX = 6000


def word_diff(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """``(kind, text)`` pieces that turn ``old`` into ``new`` word by word: ``same``, ``gone``
    (only in ``old``) or ``new`` (only in ``new``); joining the ``same`` and ``gone`` pieces gives
    ``old`` back, the ``same`` and ``new`` pieces give ``new``.

    Words, numbers and single punctuation marks are the units, so ``5433`` against ``5434`` is
    one word changed, not two texts to compare by eye.
    """
    a, b = _WORDS.findall(old), _WORDS.findall(new)
    out: list[tuple[str, str]] = []
    # The same words at both ends are kept as they are; only the middle is compared, and only
    # up to _WORD_DIFF_MAX words (the comparison is quadratic: a megabyte entry must not stall a
    # page), beyond which the middle is shown as one piece that goes and one that comes.
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    prefix, suffix = "".join(a[:head]), "".join(a[len(a) - tail :])
    a, b = a[head : len(a) - tail], b[head : len(b) - tail]

    # No two pieces in a row share a kind, so none need merging: the middle starts and ends with
    # a difference, and difflib alternates equal and unequal stretches.
    def put(kind: str, text: str) -> None:
        if text:
            out.append((kind, text))

    put("same", prefix)
    if len(a) + len(b) > _WORD_DIFF_MAX:
        put("gone", "".join(a))
        put("new", "".join(b))
    else:
        for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            if tag == "equal":
                put("same", "".join(a[i1:i2]))
                continue
            put("gone", "".join(a[i1:i2]))
            put("new", "".join(b[j1:j2]))
    put("same", suffix)
    return tuple(out)


__all__ = ["diff_entries", "DiffItem", "EntryDiff", "word_diff"]
