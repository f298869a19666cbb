"""Whether two entries giving values are about one subject, or two (docs/cleanup.md#contradictions).

The words of an entry less its values, cues and stop words say what the values are of. Two
subjects show in a distinctive token each names that the other lacks (another host, environment,
identifier, name, label), a word qualifying a shared one (``the abstract limit`` / ``the word
limit``), a word only one side has before a shared one (``users service`` / ``orders
service``), or one sentence with a word swapped.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from . import facts
from .values import Value, stem

CUE = re.compile(
    r"\b(?:now|no\s+longer|any\s?more|moved|changed|switched|upgraded|downgraded|migrated|bumped|updated|"
    r"raised|lowered|increased|decreased|reduced|cut|went\s+(?:up|down)|rose|dropped|replaced|renamed|"
    r"since|as\s+of|from\s+now\s+on|these\s+days|instead|used\s+to|new|newer|latest|currently|after\s+the|"
    r"pushed\s+back|brought\s+forward|postponed|extended|renegotiated|rebuilt|resized|lengthened|shortened)\b",
    re.IGNORECASE,
)
WORD = re.compile(r"[^\W_]+(?:['’]s)?", re.UNICODE)
STOP = frozenset(
    "a an and are as at be by for from has have in is it its of on or that the this to was were will with "
    "per each every all any our my your their his her we i you they he she there here than then also only "
    "which who what when where but not no so if do does did been being".split()
)
#: Words that qualify nothing away: "max upload size" and "upload limit" are one subject.
_GENERIC = frozenset(
    "max maximum min minimum total default current overall usual normal standard typical whole main "
    "general global actual".split()
)


def mask(text: str, found: Sequence[Value], mark: str = " ") -> str:
    """The text with its values blanked: what is left says what the values are about."""
    out, last = [], 0
    for v in sorted(found, key=lambda v: v.start):
        if v.start >= last:
            out.append(text[last : v.start])
            out.append(mark)
            last = v.end
    out.append(text[last:])
    return "".join(out)


def subject_words(text: str, found: Sequence[Value]) -> list[str]:
    """The entry's subject words in order: stemmed, values, cues and stop words left out."""
    masked = CUE.sub(" ", mask(text, found))
    words = [stem(w) for w in WORD.findall(masked) if w.casefold() not in STOP and not w.isdigit()]
    return [w for w in words if w not in LIGHT and w not in CALENDAR]


#: Words every subject may use: the kind of a value (port, version) and the verbs that carry one.
LIGHT = frozenset("port version run listen use live set keep go sit serve need require record default defaults".split())
_MARK = re.compile(r"[^\W_]+(?:['’]s)?|[.,;:=()!?]", re.UNICODE)
_COPULA = frozenset("is are was were has have = : . , ; ) ( ! ?".split())
CALENDAR = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july "
    "august september october november december".split()
)


def _raw_words(text: str, found: Sequence[Value]) -> list[str]:
    """Words and marks in order, stop words kept (adjacency), each word stemmed."""
    return [stem(w) if w[0].isalnum() else w for w in _MARK.findall(mask(text, found, " 0 "))]


def _qualified(mine: list[str], shared: set[str], extra: set[str]) -> bool:
    """A word only this entry has, right before a word both have that ends the subject (a copula
    or a mark follows): a qualifier (``the abstract limit is``, ``the database volume.``)."""
    return any(
        w in extra
        and w not in _GENERIC
        and not w.endswith(("'", "’", "'s", "’s"))
        and nxt in shared
        and after in _COPULA
        for w, nxt, after in zip(mine, mine[1:], [*mine[2:], "."])
    )


def _contrasted(a: list[str], b: list[str], shared: set[str], only_a: set[str], only_b: set[str]) -> bool:
    """A word both have, right after a word only one has in each (``billing service`` / ``users
    service``, ``rye dough proves`` / ``sourdough proves``): two things of one sort."""
    before_a = {nxt: w for w, nxt in zip(a, a[1:]) if w in only_a and w not in _GENERIC}
    before_b = {nxt: w for w, nxt in zip(b, b[1:]) if w in only_b and w not in _GENERIC}
    return any(s in before_a and s in before_b for s in shared)


_ARTICLES = frozenset("the a an our my your their its this that these those each every".split())


def _head(raw: list[str]) -> set[str]:
    """The words naming what a sentence is about: those before its first stop word or mark
    (``the practice laptop`` of ``The practice laptop has 16 GB``)."""
    out: list[str] = []
    for w in raw:
        if w in STOP or w in _COPULA or w == "0":
            if out or w not in _ARTICLES:
                break  # "There are 140 listings": no head before the verb
            continue
        out.append(w)
    return set(out)


def shortens(x: str, y: str) -> bool:
    """One word the short form of the other: its letters in order, the first the same (``db`` /
    ``database``, ``postgre`` / ``postgresql``, ``mgmt`` / ``management``)."""
    short, long = sorted((x, y), key=len)
    if len(short) < 2 or short == long or short[0] != long[0]:
        return False
    rest = iter(long)
    return all(c in rest for c in short)


def _swapped(a: list[str], b: list[str]) -> bool:
    """One sentence with a word swapped for another: the same words around, word for word (a
    word and its short form are one word, not a swap)."""
    ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    same = sum(i2 - i1 for tag, i1, i2, _j1, _j2 in ops if tag == "equal")
    swaps = [(x, y) for tag, i1, i2, j1, j2 in ops if tag == "replace" for x, y in zip(a[i1:i2], b[j1:j2])]
    return (
        all(tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1) for tag, i1, i2, j1, j2 in ops)
        and any(not shortens(x, y) for x, y in swaps)
        and same >= max(2, 0.5 * min(len(a), len(b)))
    )


def names(text: str, found: Sequence[Value]) -> set[str]:
    """The entry's distinctive tokens outside its values, stemmed (days, months and hyphenated
    words aside: they say when or how, not which thing)."""
    masked = mask(text, found)
    strong, weak = facts.tokens(masked)
    labels = {f"{w.casefold()} {n}" for w, n in _LABELLED.findall(masked)}  # "Flat 2", "Ward 6": which one
    return labels | {
        stem(t[1])
        for t in strong | weak
        if t[0] != "num"
        and t[1] not in CALENDAR
        and stem(t[1]) not in CALENDAR
        and not (t[0] == "name" and "-" in t[1])
    }


_LABELLED = re.compile(
    r"\b([A-Z][a-z]+)\s+(\d+|[A-Z]|one|two|three|four|five|six|seven|eight|nine|ten)\b(?![.,:]\d|['’])"
)


def builds(text: str, found: Sequence[Value]) -> frozenset[str]:
    """The build names right after a version (``Windows 11 24H2``): they change with it."""
    after = (_BUILD.match(text, v.end) for v in found if v.kind.startswith("version"))
    return frozenset(stem(m.group(1)) for m in after if m)


_BUILD = re.compile(r"\s+(\d+[A-Za-z]+\d*|[A-Za-z]+\d+[A-Za-z]*)\b")


def _tokens_apart(
    a: str, b: str, va: Sequence[Value], vb: Sequence[Value], beside: frozenset[str] = frozenset()
) -> bool:
    """Each names a distinctive token the other lacks, outside the values: two subjects
    (``beside``: build names beside the versions, which change with them)."""
    ta, tb = names(a, va), names(b, vb)
    for short, words in spelled(a, b).items():  # "ORT" / "Oxford Reading Tree": one name
        ta, tb = ta - {short}, tb - words
    for short, words in spelled(b, a).items():
        ta, tb = ta - words, tb - {short}
    fa, fb = a.casefold(), b.casefold()
    only_a = {t for t in ta - tb if t not in fb}
    only_b = {t for t in tb - ta if t not in fa}
    return bool(only_a - beside and only_b - beside)


#: A change cue on the later entry: its one word swapped restates the subject ("drills happen" /
#: "drills are now held"), it does not name another.
_CUED_NEWER = re.compile(r"\b(?:now|no\s+longer|since|these\s+days|from\s+now\s+on|as\s+of)\b", re.IGNORECASE)

#: One side's qualifier is another subject only when it is one of two (the other has its own) or
#: the other speaks of all of a kind; alone, it restates ("user access" / "access reviews").
_GENERAL = re.compile(r"\b(?:each|every|all|any|other|most)\b", re.IGNORECASE)


def _shortened(a: list[str], b: list[str], shared: set[str]) -> dict[str, str]:
    """Words of ``b`` that shorten (or lengthen) a word of ``a`` in one slot, right before one
    shared word (``ed`` / ``education`` before ``budget``, ``alert`` / ``alertmanager`` before
    ``page``), each with the word of ``a``: one qualifier in two spellings, not two."""
    before_a = {(w, nxt) for w, nxt in zip(a, a[1:]) if nxt in shared and w not in shared}
    out: dict[str, str] = {}
    for w, nxt in zip(b, b[1:]):
        if nxt in shared and w not in shared and w[:1].isalpha():
            for x, then in before_a:
                if then == nxt and x != w and min(len(x), len(w)) >= 2 and (x.startswith(w) or w.startswith(x)):
                    out[w] = x
    return out


def two_subjects(
    a: str,
    b: str,
    va: Sequence[Value],
    vb: Sequence[Value],
    subjects: tuple[list[str], list[str]],
    *,
    universal: bool,
    uncued: bool,
    beside: frozenset[str] = frozenset(),
) -> bool:
    """The signs of two subjects (see the module): tokens apart, a qualifier, a contrast, a swap,
    and, with nothing dated, two sentences whose heads share nothing."""
    if _tokens_apart(a, b, va, vb, beside):
        return True
    if universal:
        return False
    sub_a, sub_b = subjects
    if beside:  # a build name beside a version changes with it: no word swapped
        sub_a, sub_b = ([w for w in sub if w not in beside] for sub in (sub_a, sub_b))
    raw_a, raw_b = _raw_words(a, va), _raw_words(b, vb)
    short = _shortened(raw_a, raw_b, set(sub_a) & set(sub_b))  # "home-ed budget" / "home-education budget"
    sub_b, raw_b = [short.get(w, w) for w in sub_b], [short.get(w, w) for w in raw_b]
    set_a, set_b = set(sub_a), set(sub_b)
    shared, only_a, only_b = set_a & set_b, set_a - set_b, set_b - set_a
    qa, qb = _qualified(raw_a, shared, only_a), _qualified(raw_b, shared, only_b)
    if (qa and qb) or (qa and _GENERAL.search(b)) or (qb and _GENERAL.search(a)):
        return True  # "abstract limit" / "word limit"; "the database volume" / "each volume"
    if _contrasted(raw_a, raw_b, shared, only_a, only_b) or (_swapped(sub_a, sub_b) and not _CUED_NEWER.search(b)):
        return True
    head_a, head_b = _head(raw_a), _head(raw_b)
    # "the practice laptop" / "the reception PC"; a head the other names after its own opening
    # word is one thing ("Wants a stocktake every 4 weeks" / "Stocktake every six weeks")
    return uncued and bool(head_a and head_b and not (head_a & head_b or head_a & set_b or head_b & set_a))


_ACRONYM = re.compile(r"\b[A-Z]{2,5}s?\b")


def spelled(a: str, b: str) -> dict[str, set[str]]:
    """The acronyms of ``a`` that ``b`` spells out (``PI`` / ``Professional Indemnity``, ``AUE`` /
    ``Auto-update expiry``), case-folded, each with the stems of the words spelling it: one
    subject in two spellings."""
    acronyms = list(_ACRONYM.finditer(a))
    if not acronyms:  # most entries have none: nothing of ``b`` to read
        return {}
    words = [w for w in re.split(r"[\s/-]+", b) if w[:1].isalpha()]
    initials = "".join(w[0].casefold() for w in words)
    folded = {w.casefold() for w in words}
    out: dict[str, set[str]] = {}
    for m in acronyms:
        short = m.group(0).rstrip("s").casefold()
        at = initials.find(short)
        if at >= 0 and short not in folded:
            out[short] = {stem(w.strip(".,;:()'\"")) for w in words[at : at + len(short)]}
    return out
