"""Entry-level diff of two entry lists: added, removed, changed, unchanged.

"Changed" pairs a removed entry with an added one that reads alike (what a replace does),
by difflib's similarity ratio. Ratios are costly on long text, so only the first
``_COMPARE_CHARS`` of each entry are compared and cheap upper bounds prune most pairs.
"""

from __future__ import annotations

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


def diff_entries(old: list[str] | tuple[str, ...], new: list[str] | tuple[str, ...]) -> EntryDiff:
    """Items in the order of ``new`` (removed entries after), each entry used once."""
    old_set, new_set = set(old), set(new)
    gone = [e for e in dict.fromkeys(old) if e not in new_set]
    fresh = [e for e in dict.fromkeys(new) if e not in old_set]
    pairs: dict[str, tuple[str, float]] = {}
    if gone and fresh and len(gone) * len(fresh) <= _MAX_PAIRS:
        scored = sorted(((similarity(o, n), i, j) for i, o in enumerate(gone) for j, n in enumerate(fresh)),
                        reverse=True)
        used_old: set[int] = set()
        used_new: set[int] = set()
        for score, i, j in scored:
            if score < CHANGED_AT:
                break
            if i not in used_old and j not in used_new:
                used_old.add(i)
                used_new.add(j)
                pairs[fresh[j]] = (gone[i], score)
    paired_old = {o for o, _ in pairs.values()}
    items = []
    for entry in dict.fromkeys(new):
        if entry in old_set:
            items.append(DiffItem("unchanged", entry, entry))
        elif entry in pairs:
            items.append(DiffItem("changed", pairs[entry][0], entry, pairs[entry][1]))
        else:
            items.append(DiffItem("added", None, entry, 0.0))
    items.extend(DiffItem("removed", e, None, 0.0) for e in gone if e not in paired_old)
    return EntryDiff(tuple(items))
