"""difflib's matching, counted in work, so no comparison costs more than its budget.

difflib's ``SequenceMatcher`` is quadratic and worse on text of few distinct units: one ratio of
two 2,000-character texts of random ``a``/``b`` took a second, and an entry diff asks for up to
40,000 of them. :class:`Work` is a budget of steps for one diff; :func:`matching_blocks` is
difflib's own algorithm (``find_longest_match`` over the unmatched ranges, the same answer)
charging each call, before it runs, an upper bound of its inner loop: for each unit of the first
range, how often that unit occurs in the second text. Past the budget it raises
:class:`OutOfWork` and the caller gives a coarser answer. Counted, not timed: the same texts give
the same answer on a busy machine as on an idle one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from difflib import SequenceMatcher
from itertools import accumulate


class OutOfWork(Exception):
    """The comparison's budget is spent; the caller answers coarsely."""


class Work:
    """Steps left for one comparison (a diff of two files, one word diff), or for all the
    comparisons of one listing together."""

    def __init__(self, steps: int) -> None:
        self.given = steps
        self.left = steps
        self.short = False  # it ran out once: some answer charged to it was the coarse one

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            self.short = True
            raise OutOfWork


def share(steps: int, budget: Work | None) -> Work:
    """``steps`` for one comparison, or less when a listing's ``budget`` (many comparisons' work
    together) has less left; :func:`settle` charges it back."""
    return Work(steps if budget is None else max(0, min(steps, budget.left)))


def settle(work: Work, steps: int, budget: Work | None) -> None:
    """What ``work`` (a :func:`share` of ``steps``) spent, taken from ``budget``; ``budget.short``
    when ``work`` ran out because the listing had less than ``steps`` left (its own bound alone
    would have given the same coarse answer otherwise)."""
    if budget is not None:
        budget.left -= work.given - max(work.left, 0)
        budget.short |= work.short and work.given < steps


def matching_blocks(a: Sequence[Hashable], b: Sequence[Hashable], work: Work) -> list[tuple[int, int, int]]:
    """difflib's matching blocks of ``a`` and ``b`` (sorted, adjacent ones merged, without the
    final dummy), each step charged to ``work``."""
    work.spend(len(a) + len(b))  # building the index of b, counting a's units
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    counts = Counter(b)
    reach = [0, *accumulate(counts.get(unit, 0) for unit in a)]  # reach[i]: a[:i]'s occurrences in b
    queue = [(0, len(a), 0, len(b))]
    found = []
    while queue:
        alo, ahi, blo, bhi = queue.pop()
        work.spend(reach[ahi] - reach[alo] + 1)
        i, j, k = matcher.find_longest_match(alo, ahi, blo, bhi)
        if k:
            found.append((i, j, k))
            if alo < i and blo < j:
                queue.append((alo, i, blo, j))
            if i + k < ahi and j + k < bhi:
                queue.append((i + k, ahi, j + k, bhi))
    merged: list[tuple[int, int, int]] = []
    for i, j, k in sorted(found):
        if merged and merged[-1][0] + merged[-1][2] == i and merged[-1][1] + merged[-1][2] == j:
            merged[-1] = (merged[-1][0], merged[-1][1], merged[-1][2] + k)
        else:
            merged.append((i, j, k))
    return merged


def ratio(a: str, b: str, work: Work) -> float:
    """difflib's ``ratio()`` of ``a`` and ``b``, charged to ``work``."""
    total = len(a) + len(b)
    return 2.0 * sum(k for _, _, k in matching_blocks(a, b, work)) / total if total else 1.0


def opcodes(a: Sequence[Hashable], b: Sequence[Hashable], work: Work) -> list[tuple[str, int, int, int, int]]:
    """difflib's ``get_opcodes()`` of ``a`` and ``b``, charged to ``work``."""
    out: list[tuple[str, int, int, int, int]] = []
    i = j = 0
    for ai, bj, size in [*matching_blocks(a, b, work), (len(a), len(b), 0)]:
        tag = "replace" if i < ai and j < bj else "delete" if i < ai else "insert" if j < bj else ""
        if tag:
            out.append((tag, i, ai, j, bj))
        i, j = ai + size, bj + size
        if size:
            out.append(("equal", ai, i, bj, j))
    return out


__all__: list[str] = []
