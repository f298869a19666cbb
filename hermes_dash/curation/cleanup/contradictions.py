"""Contradictions that read too little alike for similarity of meaning to pair them.

``API runs on port 8080`` and ``The API moved to 9090 in March`` share one word; ``Python 3.11
everywhere`` and ``the worker is on 3.12`` share none. What they share is a value of one kind
for one subject: a version of the same major line, or a port. Entries are grouped by such a
value; within a group, two entries with different values contradict each other when one of
them announces the change or the scope ("moved", "now", "upgraded", "everywhere"), and either
both name the subject (``API``) or no other word was swapped (``users service`` / ``orders
service`` name two services, not one).
Groups larger than ``GROUP_MAX`` are skipped: a value nearly every entry has says nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import facts

GROUP_MAX = 50
_ALL = re.compile(r"\b(?:everywhere|all services|every service|across the board)\b", re.IGNORECASE)
_VERSION = re.compile(r"(?<![\w.])v?(\d+)\.(\d+)(?:\.\d+)?(?![\w.]*[A-Za-z_/])")
_PORT = re.compile(r"\bport\s+(\d{2,5})\b|(?<![\w.]):(\d{4,5})\b|\b(?:to|on)\s+(\d{4,5})\b", re.IGNORECASE)
_CUE = re.compile(
    r"\b(?:moved|changed|switched|upgraded|migrated|bumped|now|no longer|was cut|was raised|updated|"
    r"everywhere|all services|every service|instead)\b",
    re.IGNORECASE,
)


def values(text: str) -> dict[str, set[str]]:
    """group key -> the values ``text`` gives for it: ``version:3`` -> {"3.11"}, ``port`` -> {"8080"}."""
    out: dict[str, set[str]] = {}
    for m in _VERSION.finditer(text):
        out.setdefault(f"version:{m.group(1)}", set()).add(f"{m.group(1)}.{m.group(2)}")
    for m in _PORT.finditer(text):
        out.setdefault("port", set()).add(next(g for g in m.groups() if g))
    return out


def conflicting(a: str, b: str) -> bool:
    """Two entries giving different values of one kind for one subject (see the module)."""
    va, vb = values(a), values(b)
    shared = [k for k in va if k in vb and va[k] != vb[k] and not (va[k] & vb[k])]
    if not shared or not (_CUE.search(a) or _CUE.search(b)):
        return False
    sa, wa = facts.tokens(a)
    sb, wb = facts.tokens(b)
    only = {k for k, _ in (sa - sb) | (sb - sa)}
    named = bool((sa & sb) - {t for t in sa if t[0] == "num"} or wa & wb)  # one subject named in both ("API")
    universal = _ALL.search(a) or _ALL.search(b)  # "3.11 everywhere": any other 3.x says otherwise
    return not only - {"num"} and bool(universal or named or not facts.word_substituted(a, b))


def pairs(left: Sequence[str], right: Sequence[str], same: bool) -> list[tuple[int, int]]:
    """(i, j) pairs of left and right entries that contradict each other by value."""
    groups_l: dict[str, list[int]] = {}
    groups_r: dict[str, list[int]] = {}
    for i, text in enumerate(left):
        for key in values(text):
            groups_l.setdefault(key, []).append(i)
    for j, text in enumerate(right if not same else ()):
        for key in values(text):
            groups_r.setdefault(key, []).append(j)
    if same:
        groups_r = groups_l
    out: set[tuple[int, int]] = set()
    for key, ids in groups_l.items():
        others = groups_r.get(key, [])
        if len(ids) > GROUP_MAX or len(others) > GROUP_MAX:
            continue
        for i in ids:
            for j in others:
                if (same and j <= i) or (i, j) in out:
                    continue
                if conflicting(left[i], right[j]):
                    out.add((i, j))
    return sorted(out)
