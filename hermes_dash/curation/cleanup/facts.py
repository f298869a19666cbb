"""Distinctive tokens, and the verdict on two entries that read alike (docs/cleanup.md#verdict).

Similarity of meaning says two entries are about the same thing; it cannot say whether they
state the same fact: ``The dev Snowflake role is TRANSFORMER_DEV`` and the prod one read 0.84
alike. What decides is the entries' distinctive tokens: numbers and versions, paths and URLs,
identifiers (``CI_DBT``, ``api.ledger.io``, ``--width``), environment words (dev, prod,
staging, test, ...) and names. Two alike entries whose tokens agree (one's a subset of the
other's) state the same fact; two that each name a token the other lacks are different facts,
or, when only a value changed for the same subject, a contradiction for a person to resolve.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

#: Environment and variant words: two entries naming different ones are about different things.
QUALIFIERS = {
    "dev": "dev",
    "development": "dev",
    "prod": "prod",
    "production": "prod",
    "staging": "staging",
    "stage": "staging",
    "test": "test",
    "tests": "test",
    "testing": "test",
    "ci": "ci",
    "local": "local",
    "locally": "local",
    "debug": "debug",
    "release": "release",
    "demo": "demo",
    "live": "live",
    "sandbox": "sandbox",
    "beta": "beta",
    "nightly": "nightly",
    "hourly": "hourly",
    "weekly": "weekly",
    "daily": "daily",
    "ios": "ios",
    "android": "android",
    "linux": "linux",
    "macos": "macos",
    "windows": "windows",
    "qa": "qa",
    "uat": "uat",
    "preprod": "preprod",
    "guest": "guest",
    "iot": "iot",
    "simulator": "simulator",
    "emulator": "emulator",
}
SAME_AT = 0.6  # the least similarity of meaning at which two entries with agreeing tokens state one fact
CONFLICT_AT = 0.45  # the least at which two entries that differ only in a value contradict each other
NAMELESS_COVERAGE = 0.6  # a short entry with no token on either side: the least share of words in common
FEW_WORDS = 4  # content words below which an entry says too little to be one fact with another by meaning
SAME_TOKENS = 3  # below SAME_AT: this many strong tokens, all shared, make one fact in another shape
FOLDED_COVERAGE = 0.8  # below SAME_AT: the share of the shorter entry's words the longer must have

_NUM = re.compile(r"(?<![\w.])(?:0x[0-9a-fA-F]+|\d+(?:[.,:]\d+)*(?:e-?\d+)?)(?![\w])")
_VERSION = re.compile(r"(?<![\w.])v(\d+(?:\.\d+)+)(?![\w])")
_PATH = re.compile(r"(?:https?://[^\s`'\"<>()]+|(?<![\w.])(?:~|\.{1,2})?/[\w./<>+-]+|[\w.-]+/[\w./<>+-]*/?)")
_FLAG = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")
_WORD = re.compile(r"[A-Za-z][\w+#]*(?:[.\-_/][\w+#]+)*")  # a word, with its inner dots, dashes, slashes
_SENTENCE_START = re.compile(r"(?:^|[.!?;:]\s+|\n)\s*[(\"'`]?(?=[A-Z])")
#: Words that announce a new value for an old subject ("moved to", "now", "upgraded").
_CHANGE = re.compile(
    r"\b(?:moved|changed|switched|upgraded|migrated|bumped|now|no longer|was cut|was raised|"
    r"updated|instead|everywhere)\b",
    re.IGNORECASE,
)
_WTOK = re.compile(r"\w+")
_INNER_CAP = re.compile(r"[a-z][A-Z]")
_STOP = frozenset(
    "a an and are as at be by for from has have in is it its of on or that the this to was were will with".split()
)

_LABEL = re.compile(r"(?<![\w.,])(\d+)([A-Za-z]+\d*)\b")
_NOT_LABEL = frozenset(
    "st nd rd th am pm k m km cm mm g kg mg ml l h hr hrs min mins s ms x gb mb kb tb gib mib kib v w kw mah "
    "hz khz mhz ghz fps p px pt em rem d y yr yrs wk wks mo bps kbps mbps gbps db dbm".split()
)

Token = tuple[str, str]  # (kind, value): kind is num, path, ident, qual (strong) or name (weak)


@lru_cache(maxsize=1 << 15)
def tokens(text: str) -> tuple[frozenset[Token], frozenset[Token]]:
    """(strong, weak) distinctive tokens of ``text``, case-folded.

    Strong: numbers and versions, paths and URLs, identifiers with a digit, underscore or inner
    dot, command-line flags, environment words. Weak: names (a capital not opening a sentence),
    acronyms, CamelCase and hyphenated words; they must be kept by a merge but may differ in
    two wordings of one fact ("Postgres" / "DB")."""
    strong: set[Token] = set()
    weak: set[Token] = set()
    for m in _PATH.finditer(text):
        path = m.group(0).rstrip(".,;:)")
        if "/" in path and not re.fullmatch(r"[A-Za-z]+/[A-Za-z]+", path):  # read/write, they/them: words
            strong.add(("path", path.casefold().rstrip("/")))
    for m in _FLAG.finditer(text):
        if m.group(0).startswith("--"):
            strong.add(("ident", m.group(0).casefold()))
    starts = {m.end() for m in _SENTENCE_START.finditer(text)}
    for m in _WORD.finditer(text):
        word, folded = m.group(0), m.group(0).casefold()
        if "/" in word or (m.start() and text[m.start() - 1] == "-"):
            continue
        if folded in QUALIFIERS:
            strong.add(("qual", QUALIFIERS[folded]))
        elif "_" in word or "." in word or any(c.isdigit() for c in word) or re.search(r"\w-[A-Za-z]$", word):
            strong.add(("ident", folded))  # db-a, node-b: one of a series, as web-1 is
        elif (
            "-" in word
            or (word.isupper() and len(word) > 1)
            or (word[0].isupper() and m.start() not in starts)
            or (not word.islower() and _INNER_CAP.search(word))
        ):
            weak.add(("name", folded))
    for m in _LABEL.finditer(text):  # "6A", "22H2", "W1": a ward, a build, a site; "5mm", "4pm", "25th" are values
        if m.group(2).casefold() not in _NOT_LABEL:
            strong.add(("ident", m.group(0).casefold()))
            weak.discard(("name", m.group(2).casefold()))
    for m in _VERSION.finditer(text):
        strong.discard(("ident", m.group(0).casefold()))
        strong.add(("num", m.group(1)))
    # numbers standing alone ("2048-byte" is 2048), not inside an identifier
    bare = re.sub(r"\S*[A-Za-z_/]\S*", " ", re.sub(r"\b(\d+)-[A-Za-z]+\b", r"\1", text))
    for m in _NUM.finditer(bare):
        strong.add(("num", m.group(0).replace(",", "")))
    return frozenset(strong), frozenset(weak)


def surface(token: Token) -> str:
    """How a token is looked for in a text (case-folded)."""
    return token[1]


def missing(text: str, merged: str) -> list[str]:
    """The distinctive tokens of ``text`` (strong and weak) that ``merged`` does not contain."""
    strong, weak = tokens(text)
    have = merged.casefold().replace(",", "")
    wanted = {t[1] for t in strong | weak if t[0] != "qual"}
    wanted |= {w for w in _WTOK.findall(text.casefold()) if w in QUALIFIERS}
    return sorted(w for w in wanted if w not in have)


def _stem(word: str) -> str:
    """``thursdays`` = ``thursday``: a plural says no other thing."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _words(text: str) -> list[str]:
    return [w for w in _WTOK.findall(text.casefold()) if w not in _STOP]


def coverage(a: str, b: str) -> float:
    """The share of the smaller entry's content words (numbers aside, plurals and verb endings
    folded: ``reported`` = ``report``) the other one has too."""
    from .values import stem

    wa = {stem(w) for w in _words(a) if not w.isdigit()}
    wb = {stem(w) for w in _words(b) if not w.isdigit()}
    small, big = (wa, wb) if len(wa) <= len(wb) else (wb, wa)
    return len(small & big) / max(1, len(small))


def _is_value(word: str) -> bool:
    return bool(re.fullmatch(r"v?[\d.]+|[a-z]?\d+[a-z]*", word))


def _opcodes(a: str, b: str) -> tuple[list[str], list[str], list[tuple[str, int, int, int, int]]]:
    wa, wb = _words(a), _words(b)
    return (
        wa,
        wb,
        [
            (str(tag), i1, i2, j1, j2)
            for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, wa, wb, autojunk=False).get_opcodes()
        ],
    )


def word_substituted(a: str, b: str) -> bool:
    """True when a word other than a value was swapped for another (``users`` / ``orders``)."""
    wa, wb, ops = _opcodes(a, b)
    return any(
        tag == "replace" and any(not _is_value(w) for w in wa[i1:i2]) and any(not _is_value(w) for w in wb[j1:j2])
        for tag, i1, i2, j1, j2 in ops
    )


def template(a: str, b: str) -> bool:
    """One sentence with slots filled differently: only swaps, no word added or left out, most
    words shared (``Mailgun sends mail for Cave Dupont`` / ``Postmark ... Boulangerie Martin``)."""
    wa, wb, ops = _opcodes(a, b)
    equal = sum(i2 - i1 for tag, i1, i2, _j1, _j2 in ops if tag == "equal")
    kinds = {tag for tag, *_ in ops}
    return "replace" in kinds and not kinds & {"insert", "delete"} and equal >= max(2, 0.4 * min(len(wa), len(wb)))


def _head_swapped(a: str, b: str) -> bool:
    """The word the sentence opens with swapped for another, the rest the same (``Standup is at
    09:30`` / ``The retro is at 09:30``): two things at one value, not one fact."""
    wa, wb, ops = _opcodes(a, b)
    if not ops or ops[0][0] != "replace" or ops[0][1:] != (0, 1, 0, 1):
        return False  # one word for one word, opening both
    rest_same = all(
        tag == "equal" or all(_is_value(w) for w in wa[i1:i2] + wb[j1:j2]) for tag, i1, i2, j1, j2 in ops[1:]
    )
    return rest_same and not _is_value(wa[0]) and _stem(wa[0]) != _stem(wb[0])


def _swapped_twice(a: str, b: str) -> bool:
    """A word swapped for another everywhere it occurs, twice or more (``the users service owns
    the users database`` / ``billing``): a subject, not a synonym."""
    wa, wb, ops = _opcodes(a, b)
    swaps = [(tuple(wa[i1:i2]), tuple(wb[j1:j2])) for tag, i1, i2, j1, j2 in ops if tag == "replace"]
    return any(swaps.count(s) >= 2 for s in swaps)


_CANON = re.compile(r"[^A-Za-z0-9]+")
#: A number in words standing alone ("beds three and four"), two to twenty: "one" is as often a pronoun.
_NUMBER_WORD = re.compile(
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty)\b(?!-)",
    re.IGNORECASE,
)


@lru_cache(maxsize=1 << 14)
def normal(text: str) -> str:
    """The text with each value written one way (``six weeks`` and ``6 weeks``, ``8 seconds`` and
    ``8000 ms``, ``four weeks`` and ``28 days``, ``eight in the evening`` and ``20:00`` read alike):
    two wordings of one fact then name the same tokens."""
    from .units import NUMBER_WORDS
    from .values import values

    out, last = [], 0
    for v in values(text):
        if v.start < last or v.kind in ("name", "day", "month"):
            continue
        raw = text[v.start : v.end]
        if v.kind.startswith(("count:", "version", "port")):
            if raw[:1].isdigit():
                continue  # written in digits already: "4 workers" and "workers: 4" name 4 alike
            canon = v.value + raw[len(raw.rstrip()) :]  # "three bakers": 3
        else:  # a quantity with its unit, a time, a date: one base unit
            canon = " v_" + _CANON.sub("_", f"{v.kind}_{v.value}").strip("_") + " "
        out.append(text[last : v.start])
        out.append(canon)
        last = v.end
    out.append(text[last:])
    return _NUMBER_WORD.sub(lambda m: str(NUMBER_WORDS[m.group(0).casefold()]), "".join(out))


def verdict(
    a: str, b: str, similarity: float, same_at: float = SAME_AT, conflict_at: float = CONFLICT_AT
) -> str | None:
    """``same`` (one fact: merge), ``conflict`` (one subject, different values: a person decides),
    ``different`` (look-alike: keep both) or None (not alike). Values are compared as values
    (:func:`normal`), not as the digits they are written with."""
    a, b = normal(a), normal(b)
    sa, wa = tokens(a)
    sb, wb = tokens(b)
    only_a, only_b = sa - sb, sb - sa
    kinds_a, kinds_b = {k for k, _ in only_a}, {k for k, _ in only_b}
    if only_a and only_b:
        if (
            similarity >= conflict_at
            and kinds_a == kinds_b == {"num"}
            and coverage(a, b) >= 0.6
            and (_CHANGE.search(a) or _CHANGE.search(b) or not word_substituted(a, b))
        ):
            return "conflict"
        return "different" if similarity >= conflict_at else None
    if similarity < same_at:
        # Below the usual bar, one entry may still say all the other says, in its words (a short
        # entry folded into a longer one, a rule restated as a preference): every content word and
        # every token of the shorter one in the other.
        small, big = (a, b) if len(_words(a)) <= len(_words(b)) else (b, a)
        (ss, ws), (sbig, wbig) = tokens(small), tokens(big)
        if similarity >= conflict_at and sa == sb and len(sa) >= SAME_TOKENS:
            return "same"  # the same numbers, paths and names in another order or shape (a list restated)
        if (
            similarity >= conflict_at
            and len(set(_words(small))) >= 2
            and coverage(a, b) >= FOLDED_COVERAGE
            and ss <= sbig
            and {_stem(t[1]) for t in ws} <= {_stem(t[1]) for t in wbig}
        ):
            return "same"
        return None
    few = min(len(set(_words(a))), len(set(_words(b)))) < FEW_WORDS
    if few and not (sa or sb or wa or wb) and coverage(a, b) < NAMELESS_COVERAGE:
        return None  # "Name: Alex." and "Alex uses they/them pronouns.": one person, two facts
    bigger, extra = (b, only_b) if only_b else (a, only_a)
    if extra and {k for k, _ in extra} == {"num"} and _CHANGE.search(bigger) and coverage(a, b) >= 0.5:
        return "conflict"  # "needs Node 20 now; Node 18 fails" against "Node 18 is required"
    names_a, names_b = {_stem(t[1]) for t in wa}, {_stem(t[1]) for t in wb}
    if template(a, b) and (names_a - names_b and names_b - names_a or _swapped_twice(a, b) or _head_swapped(a, b)):
        return "different"  # names swapped (Mailgun / Postmark), or one word swapped throughout
    return "same"


FOLD_COVERAGE = 0.5  # a short entry matching one clause of a longer one: the least share of its words there


def folded(short: str, long: str, share: float = FOLD_COVERAGE) -> bool:
    """Whether ``short`` says nothing ``long`` lacks, once one clause of ``long`` reads like it
    (the caller measured that): its numbers, paths, identifiers and names all in ``long``, values
    compared as values, and half its words."""
    s, g = normal(short), normal(long)
    (ss, ws), (sg, wg) = tokens(s), tokens(g)
    initials = "".join(w[0] for w in re.split(r"[\W_]+", g.casefold()) if w)
    spelled = {t[1] for t in ws if t[1].isalpha() and len(t[1]) <= 6 and _stem(t[1]) in initials}  # "CIs"
    return (
        ss <= sg
        and {_stem(t[1]) for t in ws - {("name", w) for w in spelled}}
        <= {_stem(t[1]) for t in wg} | {_stem(w) for w in _words(g)}
        and len(set(_words(s))) >= 2
        and coverage(s, g) >= share
    )


def differing(a: str, b: str) -> tuple[list[str], list[str]]:
    """The strong tokens each entry names and the other does not (shown with a contradiction)."""
    sa, _ = tokens(a)
    sb, _ = tokens(b)
    return sorted(v for _k, v in sa - sb), sorted(v for _k, v in sb - sa)
