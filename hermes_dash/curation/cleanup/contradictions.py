"""Contradictions by subject and value, not by template (docs/cleanup.md#contradictions).

Two entries contradict each other when they are about one subject and give it different values
of one kind (:mod:`.values`: ports, versions of one product, quantities in one unit, times with
their zones, counts of one thing, named alternatives). The rest of the two sentences may differ
as much as a restatement weeks later does: what must hold is

- one subject: most of the shorter entry's subject words (its words less the values, the cue
  and stop words) are in the other, or a name both give (``Redis``) and some of them;
- no sign of two subjects: each naming a token the other lacks (another host, environment,
  identifier, name), a word qualifying a shared one in one entry only (``abstract limit`` /
  ``word limit``), or one sentence with a word swapped (``users service`` / ``orders
  service``);
- different values: none in common; or the newer names the older's value as the one left
  behind (``moved to port 6380; 6379 is now unused``).

A change cue (``now``, ``moved``, ``raised``, ``upgraded``, ``since``, ...) marks the newer
entry, which is suggested as the keeper; without one (or with one on both sides) both are
shown and the person picks.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import facts, meaning
from .rarity import Rarity
from .rarity import of as rarity_of
from .roles import roles
from .subjects import CALENDAR, CUE, LIGHT, STOP, WORD, builds, mask, spelled, subject_words, two_subjects
from .values import Value, by_kind, old_values, stem, values

GROUP_MAX = 50  # a value kind nearly every entry has says nothing: such a group is skipped
SUBJECT_SHARE = 0.5  # the least share of the shorter entry's subject words the other must have
NAMED_SHARE = 0.3  # the same when both name one subject (a name or an identifier)
UNDATED_AT = 0.4  # the least similarity of meaning for two values nothing dates (the person must pick)
SUBJECT_ALIKE = 0.55  # or: the two subjects (words less values, cues, stop words) this alike in meaning

UNIVERSAL = re.compile(
    r"\b(?:everywhere|across\s+the\s+board|on\s+every\s+\w+|(?:all|every)\s+(?:services?|servers?|sites?|machines?|"
    r"projects?|repos?))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Finding:
    """Why two entries contradict each other, and which reads as newer (0, 1, or None: unknown)."""

    kind: str
    first: tuple[str, ...]  # the first entry's values of that kind
    second: tuple[str, ...]
    newer: int | None
    universal: bool = False  # one says it holds everywhere ("3.11 everywhere")

    @property
    def undated(self) -> bool:
        """Nothing says which value is newer: shown only for entries alike in meaning."""
        return self.newer is None and not self.universal


Kinds = dict[str, set[str]]

#: Kinds of value that are amounts: one subject's amount changes by a factor of a few, not of
#: thousands ("£2 a day storage" is not "insured up to £50,000").
_AMOUNTS = ("money", "count", "size", "duration", "percent", "length", "area", "volume", "mass", "power", "bitrate")
RATIO_MAX = 20.0
MAJOR_STEP = 2  # one product's version moves by a major line or two between two entries


def _both(v: Value, other: str) -> bool:
    """A new name (not one left behind) the other entry gives too."""
    return v.kind == "name" and not v.old and v.value in other


def _labelled(ka: Kinds, kb: Kinds) -> bool:
    """A whole number after one name differs (``Strongroom 1`` / ``Strongroom 2``, ``Act 1`` /
    ``Act 2``) and a value of another kind too: the number names which thing, not its version."""
    shared = ka.keys() & kb.keys()
    labels = {
        k for k in shared if k.startswith("version:") and ka[k] != kb[k] and all("." not in x for x in ka[k] | kb[k])
    }
    return bool(labels) and any(ka[k] != kb[k] for k in shared - labels if not k.startswith("version@"))


_WEEK_PARTS = re.compile(r"\b(?:(?P<weekday>week-?days?)|(?P<weekend>week-?ends?))\b", re.IGNORECASE)


def _days_named(text: str, kinds: Kinds) -> set[str]:
    """The days an entry names, ``weekdays`` and ``weekends`` as theirs (``0`` is Monday)."""
    out = {d for found in kinds.get("day", ()) for d in found.split(",")}
    for m in _WEEK_PARTS.finditer(text):
        out |= set("01234") if m.group("weekday") else {"5", "6"}
    return out


def _occasions(a: str, b: str, ka: Kinds, kb: Kinds) -> bool:
    """Other days, and a value of another kind that differs too: the day names which occasion
    (``Saturday weddings: £2,400`` / ``Weekday weddings: £1,900``), as a label names which thing."""
    da, db = _days_named(a, ka), _days_named(b, kb)
    if not da or not db or da == db:
        return False
    return any(ka[k] != kb[k] for k in (ka.keys() & kb.keys()) - {"day"})


def _apart(xa: set[str], xb: set[str]) -> bool:
    """The two amounts are further apart than one subject's value changes (neither zero)."""
    try:
        na, nb = [float(x) for x in xa], [float(x) for x in xb]
    except ValueError:
        return False
    low, high = min(na + nb), max(na + nb)
    return low > 0 and high / low > RATIO_MAX


def _same_line(xa: set[str], xb: set[str]) -> bool:
    """``8`` and ``8.2``, ``1.4`` and ``1.4.2``: one version said less precisely, no other one."""
    if len(xa) != 1 or len(xb) != 1:
        return False
    (x,), (y,) = xa, xb
    return x.startswith(y + ".") or y.startswith(x + ".")


def _differs(ka: Kinds, kb: Kinds, oa: Kinds, ob: Kinds) -> tuple[str, int | None] | None:
    """(kind, which side names the other's value as left behind or None) for the first kind whose
    values differ; None when no kind does."""
    for kind in sorted(ka.keys() & kb.keys(), key=lambda k: k == "who"):  # a number first: it may name which one
        if kind == "name":
            continue
        xa, xb = ka[kind], kb[kind]
        if xa == xb or (kind.startswith("version") and _same_line(xa, xb)):
            continue
        if kind == "who" and {w for x in xa for w in x.split()} & {w for x in xb for w in x.split()}:
            continue  # "NCC" and "NCC Group", "Ravi Sandhu" and "Ravinder Sandhu": one name said two ways
        if not xa & xb:
            return kind, None
        if ob.get(kind, set()) & xa and xb - xa:
            return kind, 1
        if oa.get(kind, set()) & xb and xa - xb:
            return kind, 0
    return None


_RETIRED = re.compile(
    r"\b(?:the\s+|our\s+|my\s+)?((?:[\w'’-]+\s+){0,2}[\w'’-]+)\s+(?:was|were|has\s+been|have\s+been|is|are|got)\s+"
    r"(?:now\s+)?(?:retired|dropped|scrapped|abandoned|discontinued|phased\s+out|decommissioned|cancelled|"
    r"canceled|no\s+longer\s+used|gone)\b",
    re.IGNORECASE,
)


#: The verbs that carry a value ("go to", "run on"): they say nothing of what changed.
_CARRY = LIGHT - {"port", "version", "default", "defaults"}


def _alternative(a: str, b: str, sub_a: list[str], vb: Sequence[Value]) -> bool:
    """``b`` changes its subject to a name ``a`` does not give (``The working title changed to
    Lantern Weather`` against ``The working title is The Salt House``): the words before the cue
    in ``b`` are all in ``a``, or ``b`` names ``a``'s value as the one it left."""
    folded = a.casefold()
    words_of_a = {stem(w) for w in WORD.findall(a)}
    for m in _RETIRED.finditer(b):  # "the paper diary was retired": what ``a`` says is left behind
        gone = [stem(w) for w in WORD.findall(m.group(1)) if w.casefold() not in STOP]
        if gone and CUE.search(b) and all(w in words_of_a for w in gone):
            return True
    for v in vb:
        if v.kind != "name" or v.old or v.value in folded:
            continue
        left = [w for w in vb if w.kind == "name" and w.old]
        if any(o.value in folded for o in left):
            return True
        clause = re.split(r"[;.!?]\s", b[: v.start])[-1]  # "Marco left the team; PR reviews now go to"
        said = [stem(w) for w in WORD.findall(CUE.sub(" ", clause)) if w.casefold() not in STOP]
        head = [w for w in said if w not in _CARRY]  # "go to", "run on" carry a value, name nothing
        words_a = {stem(w) for w in WORD.findall(a)}
        if len(said) >= 2 and head and all(w in words_a for w in head[-3:]):
            return True
    return False


def _one_word(sub_a: list[str], sub_b: list[str]) -> list[str]:
    """``sub_b`` with each word that is a word of ``sub_a`` in another form (``edit`` / ``editor``,
    ``hygiene`` / ``hygienist``, ``supervision`` / ``supervisor``) said as ``sub_a`` says it: four
    letters or more in common, then the ending of a doer or a doing."""
    words_a = set(sub_a)
    out = []
    for w in sub_b:
        if w not in words_a:
            w = next((x for x in sorted(words_a) if _one_stem(x, w)), w)
        out.append(w)
    return out


#: The endings that make a doer or a doing of a word (``editor``, ``hygienist``, ``supervision``).
_DOER = frozenset("e er or ist ists ant ants ion ions ation ment ee ian".split()) | {""}


def _one_stem(x: str, y: str) -> bool:
    if not (x[:1].isalpha() and y[:1].isalpha()):
        return False
    n = len(os.path.commonprefix([x, y]))
    return n >= 4 and x[n:] in _DOER and y[n:] in _DOER


def _one_count(ka: Kinds, kb: Kinds) -> None:
    """A number after a thing's word and one before it count one thing (``The café seats 18`` /
    ``There are 22 seats in the café``): ``level:seat`` is keyed as ``count:seat``."""
    for kind in [k for k in ka if k.startswith("level:")]:
        count = "count:" + kind.split(":", 1)[1]
        if count in kb and count not in ka and kind not in kb:
            ka[count] = ka.pop(kind)


def _one_product(a: str, b: str, ka: Kinds, kb: Kinds) -> None:
    """One version each, of products named two ways (``PostgreSQL 14.9`` / ``Postgres 15.4``) or
    of what stands before the number (``EKS 1.27`` / ``Both EKS clusters were upgraded to 1.30``):
    keyed as one product when one's name shortens the other's or the other entry names it."""
    pa = [k for k in ka if k.startswith("version:")]
    pb = [k for k in kb if k.startswith("version:")]
    if len(pa) != 1 or len(pb) != 1 or pa == pb:
        return
    (x,), (y,) = pa, pb
    nx, ny = x.split(":", 1)[1], y.split(":", 1)[1]
    words_a, words_b = {stem(w) for w in WORD.findall(a)}, {stem(w) for w in WORD.findall(b)}
    short = min(len(nx), len(ny)) >= 5 and (nx.startswith(ny) or ny.startswith(nx))
    majors = {int(v.split(".")[0]) for v in ka[x] | kb[y] if v.split(".")[0].isdigit()}
    if len(majors) == 0 or max(majors) - min(majors) > MAJOR_STEP:
        return  # "version 6.2" / "numbers like 1987.214.3": no product moves that far
    if short or stem(nx) in words_b or stem(ny) in words_a:
        kb[x] = kb.pop(y)


def _left_named(a: str, vb: Sequence[Value]) -> bool:
    """``b`` names, as the one it left, a name ``a`` gives (``Replaced Traefik with Caddy`` /
    ``Reverse proxy is Traefik``): what ``b`` changes is what ``a`` is about, in any words."""
    folded = a.casefold()
    return any(v.kind == "name" and v.old and re.search(rf"\b{re.escape(v.value)}\b", folded) for v in vb)


def _by_line(kinds: dict[str, set[str]]) -> dict[str, set[str]]:
    """Versions keyed by their major line instead of their product (``version@3``)."""
    out: dict[str, set[str]] = {}
    for kind, found in kinds.items():
        if kind.startswith("version:"):
            for v in found:
                out.setdefault("version@" + v.split(".")[0], set()).add(v)
        else:
            out[kind] = found
    return out


def judge(a: str, b: str, rarity: Rarity | None = None) -> Finding | None:
    """Whether ``a`` and ``b`` contradict each other (see the module), and which is newer;
    ``rarity``: the words of the pool they come from (a word only the two use names one subject)."""
    va, vb = values(a) + roles(a), values(b) + roles(b)
    if not va and not vb:
        return None
    ka, kb, universal, found = _kinds(a, b)
    # who does a thing is part of what the entry is about, unless it is the value that differs
    # and a name both give ("to Godot 4.3" / "Godot 4.2.2") is what they are about, not a value
    fa, fb = a.casefold(), b.casefold()
    va = tuple(v for v in va if (v.kind != "who" or (found and found[0] == "who")) and not _both(v, fb))
    vb = tuple(v for v in vb if (v.kind != "who" or (found and found[0] == "who")) and not _both(v, fa))
    sub_a, sub_b = subject_words(a, va), subject_words(b, vb)
    kind, named_old = found if found else (None, None)
    # "everywhere", "on every site" says a version holds for all things of its line, nothing more:
    # it makes no two subjects one for a time or a price
    universal = universal and kind is not None and kind.startswith("version")
    if kind is None:
        if _alternative(a, b, sub_a, vb):
            kind, named_old = "name", 1
        elif _alternative(b, a, sub_b, va):
            kind, named_old = "name", 0
        else:
            return None
    cue_a, cue_b = bool(CUE.search(a)), bool(CUE.search(b))
    sub_a, sub_b, set_a, set_b, spelled_out = _subjects(a, b, sub_a, sub_b)
    shared = set_a & set_b
    share = len(shared) / max(1, min(len(set_a), len(set_b)))
    named = any(t[1] in shared or stem(t[1]) in shared for t in facts.tokens(a)[1] & facts.tokens(b)[1])
    one = share >= SUBJECT_SHARE or (named and share >= NAMED_SHARE) or universal
    rare = bool(rarity is not None and rarity.rare(shared))
    one = one or rare or _left_named(a, vb) or _left_named(b, va)
    if not one and _subject_alike(a, b, va, vb) < SUBJECT_ALIKE:  # nor the same subject in other words
        return None
    uncued = not (cue_a or cue_b or named_old is not None or universal)
    # heads that share nothing say two things ("the practice laptop" / "the reception PC") unless
    # an acronym spelled out names the head in other words, or a word only the two use names what
    # both are about whatever opens the sentence ("Wants a stocktake" / "Stocktake every ...")
    heads = uncued and not spelled_out
    if kind != "name" and two_subjects(
        a, b, va, vb, (sub_a, sub_b), universal=universal, uncued=heads, beside=builds(a, va) | builds(b, vb)
    ):
        return None
    if uncued and kind != "name" and ka.get(kind, set()) & kb.get(kind, set()):
        return None
    if kind.startswith(_AMOUNTS) and _apart(ka.get(kind, set()), kb.get(kind, set())):
        return None
    if _labelled(ka, kb) or (uncued and _occasions(a, b, ka, kb)):
        return None
    newer = named_old
    if newer is None and cue_a != cue_b:
        newer = 0 if cue_a else 1
    return Finding(
        kind,
        tuple(sorted(ka.get(kind, ()))),
        tuple(sorted(kb.get(kind, ()))),
        newer,
        universal,
    )


def _kinds(a: str, b: str) -> tuple[Kinds, Kinds, bool, tuple[str, int | None] | None]:
    """Each text's values by kind (who does a thing too), whether either says a version holds
    everywhere, and the kind whose values differ (with which side names its old value)."""
    ka, kb = by_kind(a), by_kind(b)
    for kinds, text in ((ka, a), (kb, b)):
        if who := {v.value for v in roles(text)}:
            kinds["who"] = who
    universal = bool(UNIVERSAL.search(a) or UNIVERSAL.search(b))
    if universal:  # "3.11 everywhere": any other version of the 3 line says otherwise, whatever it is of
        ka, kb = _by_line(ka), _by_line(kb)
    _one_product(a, b, ka, kb)
    _one_count(ka, kb)
    _one_count(kb, ka)
    return ka, kb, universal, _differs(ka, kb, old_values(a), old_values(b))


def _subjects(
    a: str, b: str, sub_a: list[str], sub_b: list[str]
) -> tuple[list[str], list[str], set[str], set[str], bool]:
    """Both subjects' words, and as sets with one word for a pair of forms ("editor" / "edited",
    "hygienist" / "hygiene"); an acronym one spells out counts as the other's words ("PI cover" /
    "professional indemnity"), and the last says whether one did."""
    set_a, set_b = set(sub_a), set(_one_word(sub_a, sub_b))
    spelled_a, spelled_b = spelled(a, b), spelled(b, a)
    if spelled_a or spelled_b:
        out_a = {w for words in spelled_b.values() for w in words}
        out_b = {w for words in spelled_a.values() for w in words}
        sub_a = [w for w in sub_a if w not in out_a] + sorted(spelled_b)
        sub_b = [w for w in sub_b if w not in out_b] + sorted(spelled_a)
        set_a, set_b = set(sub_a), set(_one_word(sub_a, sub_b))
    return sub_a, sub_b, set_a, set_b, bool(spelled_a or spelled_b)


def _subject_alike(a: str, b: str, va: Sequence[Value], vb: Sequence[Value]) -> float:
    """How alike in meaning the two subjects are, said in other words (``Lanternfall launches`` /
    ``Release date``; ``BLE TX power`` / ``Radio transmit power``)."""
    sa, sb = _subject_text(a, va), _subject_text(b, vb)
    return alike(sa, sb) if sa and sb else 0.0


def subjects_alike(a: str, b: str) -> float:
    """How alike in meaning what ``a`` and ``b`` give values for is (:func:`_subject_alike`)."""
    return _subject_alike(a, b, values(a), values(b))


def _subject_text(text: str, found: Sequence[Value]) -> str:
    masked = CUE.sub(" ", mask(text, found))
    words = [w for w in WORD.findall(masked) if w.casefold() not in STOP and not w.isdigit()]
    return " ".join(w for w in words if stem(w) not in LIGHT and w.casefold() not in CALENDAR)


def said(text: str, kind: str) -> tuple[str, ...]:
    """The values of ``kind`` as ``text`` writes them (``2 hours``, not 7200 seconds)."""
    line = kind.startswith("version@")
    return tuple(
        dict.fromkeys(
            text[v.start : v.end]
            for v in values(text) + roles(text)
            if not v.old and (v.kind == kind or (line and v.kind.startswith("version:")))
        )
    )


def alike(a: str, b: str) -> float:
    """Similarity of meaning of two entries (the method in use; vectors are cached per text)."""
    va, vb = _vector(a), _vector(b)
    return float(va @ vb)


@lru_cache(maxsize=1 << 14)
def _vector(text: str) -> Any:
    return meaning.method().embed([text])[0]


def _keys(text: str) -> set[str]:
    """The groups an entry is compared in: its values' kinds, and its versions' major lines."""
    found = values(text)
    kinds = {v.kind for v in found} | {
        "version@" + v.value.split(".")[0] for v in found if v.kind.startswith("version")
    }
    return kinds | ({"who"} if roles(text) else set())


WORD_MAX = 200  # a word more entries use than this finds no partner for a named alternative


def _named(
    left: Sequence[str], right: Sequence[str], same: bool, holders: list[int], rarity: Rarity
) -> set[tuple[int, int]]:
    """Each entry of ``left`` naming an alternative (``switched to Opsgenie``), against the entries
    of ``right`` sharing a word of what it changes: an index, not every entry."""
    if not holders or len(holders) > GROUP_MAX:
        return set()
    index: dict[str, list[int]] = {}
    for j, text in enumerate(right):
        for w in {stem(w) for w in WORD.findall(text) if w.casefold() not in STOP}:
            index.setdefault(w, []).append(j)
    out: set[tuple[int, int]] = set()
    for i in holders:
        text = left[i]
        starts = [v.start for v in values(text) if v.kind == "name" and not v.old]
        head = {
            stem(w)
            for w in WORD.findall(CUE.sub(" ", text[: max(starts, default=len(text))]))
            if w.casefold() not in STOP
        }
        for j in {j for w in head if len(index.get(w, ())) <= WORD_MAX for j in index.get(w, ())}:
            pair = (min(i, j), max(i, j)) if same else (i, j)
            if (same and i == j) or pair in out:
                continue
            if judge(left[i], right[j], rarity) is not None:
                out.add(pair)
    return out


def pool(left: Sequence[str], right: Sequence[str], same: bool) -> Rarity:
    """The rarity of words over the entries compared: one file, or both."""
    return rarity_of(list(left) if same else [*left, *right])


def pairs(left: Sequence[str], right: Sequence[str], same: bool, rarity: Rarity | None = None) -> list[tuple[int, int]]:
    """(i, j) pairs of left and right entries that give one kind of value and contradict each other."""
    rarity = rarity or pool(left, right, same)
    groups_l: dict[str, list[int]] = {}
    groups_r: dict[str, list[int]] = {}
    for i, text in enumerate(left):
        for key in _keys(text):
            groups_l.setdefault(key, []).append(i)
    for j, text in enumerate(right if not same else ()):
        for key in _keys(text):
            groups_r.setdefault(key, []).append(j)
    if same:
        groups_r = groups_l
    out: set[tuple[int, int]] = set()
    for key, ids in groups_l.items():
        others = groups_r.get(key, [])
        if key == "name" or len(ids) > GROUP_MAX or len(others) > GROUP_MAX:
            continue
        for i in ids:
            for j in others:
                pair = (min(i, j), max(i, j)) if same else (i, j)
                if (same and i == j) or pair in out:
                    continue
                found = judge(left[pair[0]], right[pair[1]], rarity)
                if found is not None and (not found.undated or alike(left[pair[0]], right[pair[1]]) >= UNDATED_AT):
                    out.add(pair)
    retired_l = [i for i, t in enumerate(left) if _RETIRED.search(t) and CUE.search(t)]
    out |= _named(left, right, same, sorted(set(groups_l.get("name", []) + retired_l)), rarity)
    if not same:
        retired_r = [j for j, t in enumerate(right) if _RETIRED.search(t) and CUE.search(t)]
        out |= {
            (i, j) for j, i in _named(right, left, False, sorted(set(groups_r.get("name", []) + retired_r)), rarity)
        }
    return sorted(out)
