"""The values an entry gives, each of a kind: what two entries about one subject can disagree on.

Kinds (docs/cleanup.md#contradictions): a port; a version of a named product (``Python 3.12``,
``k3s v1.30``, ``Node 20``); a quantity with its unit, in one base unit per dimension (``2
hours`` and ``120 minutes`` are one value; ``85k words`` is 85000 words); a time of day with
its zone (``09:30 CET``); a count of a thing (``three bakers``, ``21 chapters``); a named
alternative a change cue introduces (``switched to Opsgenie``, ``changed to Monokai``). Values
are compared within a kind only; the subject they belong to is the words around them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .units import CURRENCY, NUMBER_WORDS, UNITS, WORDS_NUMBER, squared, words_value

_STOP = frozenset(
    "a an and are as at be by for from has have in is it its of on or that the this to was were will with "
    "per each every all any our my your their his her we i you they he she there here than then also only".split()
)
_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s?[kK]\b|(?-i:\s?M\b)|\s(?:million|thousand)\b)?"
_NUMBER = re.compile(
    rf"(?<![\w.:/#-])(?P<cur>[€$£¥])?(?P<n>{_NUM}|{WORDS_NUMBER}\b)"
    r"(?![.:]\d|[A-Za-z]+\d)(?:\s?-\s?|\s)?(?P<unit>%|°[CF]|[A-Za-zµμ]+)?",  # "22H2" is a name
    re.IGNORECASE,
)
_TIME = re.compile(
    r"(?<![\w:.])(?P<h>[01]?\d|2[0-3])(?::(?P<m>[0-5]\d))?\s?(?P<ampm>am|pm|a\.m\.|p\.m\.)?"
    r"(?(m)|(?(ampm)|(?!)))"  # a time needs minutes or am/pm: "6" alone is no time
    r"(?:\s?(?P<zone>UTC(?:[+-]\d{1,2})?|GMT(?:[+-]\d{1,2})?|[A-Z]{2,4}T|[A-Z][a-z]+/[A-Z][A-Za-z_]+))?",
)
_PORT = re.compile(
    r"\bports?\s*:?\s*(\d{2,5})\b|(?<![\w.]):(\d{2,5})\b(?![.:]\d)|\b(?:to|on)\s+(\d{4,5}|443|80)\b(?![.,:]?\d|\s+[A-Za-z]+s\b)",
    re.IGNORECASE,
)
_VERSION = re.compile(r"(?<![\w.])(?:[<>=~^!]=?|v)?(\d+\.\d+(?:\.\d+)?|\d+)(?![\w.]*[A-Za-z_/])(?![.\d]*\.\d)")
_PRODUCT_SKIP = frozenset(
    "is are was were be been pinned upgraded downgraded bumped moved switched changed migrated updated now on to "
    "at from version versions v requires require required needs need needed uses use using runs run running "
    "records recorded the a an of in with and or than still is set default defaults everywhere pin pins pinning "
    "requirement requirements constraint constraints dependency range".split()
)
_NAME = re.compile(r"[A-Za-z][\w+#.-]*")
_ADVERBS = frozenset("now today too again only still everywhere instead anymore since ago later first".split())
_PORTS_NAMED = re.compile(r"\bports?\b", re.IGNORECASE)
_BARE_PORT = re.compile(r"(?<![\w.:,$€£-])(\d{4,5})(?![\w:%-]|[.,]\d)")
#: A change cue introducing a named alternative: the value is the words after it, up to a break.
_ALTERNATIVE = re.compile(
    r"\b(?i:switched|changed|moved|migrated|renamed|transferred|now\s+(?:uses?|is|are|goes?|runs?)|"
    r"went)\s+(?:(?!from\b|to\b)[\w'’]+\s+){0,4}?(?:over\s+)?(?:from\s+(?P<old>[\w .+#-]{1,40}?)\s+)?to\s+(?:the\s+)?"
    r"(?P<new>[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*){0,3})",
)


@dataclass(frozen=True)
class Value:
    kind: str  # "port", "version:python", "duration", "count:baker", "time", "name"
    value: str  # normalised: "6380", "3.12", "7200", "09:30 cet"
    start: int
    end: int
    old: bool = False  # the entry names it as the value left behind ("from PagerDuty", "6379 is now unused")


def _number(raw: str) -> float | None:
    raw = raw.strip().casefold()
    if raw[:1].isalpha():
        return words_value(raw)
    mult = 1.0
    for suffix, factor in (("million", 1e6), ("thousand", 1e3), ("k", 1e3), ("m", 1e6)):
        if raw.endswith(suffix):
            raw, mult = raw[: -len(suffix)], factor
            break
    try:
        return float(raw.strip().replace(",", "")) * mult
    except ValueError:
        return None


def _fmt(x: float) -> str:
    return f"{x:.6g}"


# Cached: a pure function of one word, asked about the same few thousand words a million times
# on a long file.
@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A plural and a verb ending folded: ``laptops`` = ``laptop``, ``opening`` = ``open``."""
    if len(word) >= 3 and word[-1] == "s" and word[:-1].isupper():
        return word[:-1].casefold()  # "PRs", "VMs": the plural of an acronym
    w = word.casefold()
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if len(w) > len(suffix) + 2 and w.endswith(suffix):
            base = w[: -len(suffix)]
            if suffix == "ies":
                return base + "y"
            if suffix == "s" and base.endswith("ing"):
                return stem(base)  # "meetings", "weddings": the plural of "meeting" is one word with it
            if suffix == "es" and not base.endswith(("s", "x", "ch", "sh")):
                return base + "e" if not base.endswith("e") else base
            if suffix in ("ed", "ing") and len(base) > 2 and base[-1] == base[-2] and base[-1] not in "lsz":
                return base[:-1]  # "pinned", "planning": pin, plan
            return base
    return w


_OLD_MARK = re.compile(
    r"\b(?:from|was|were|used\s+to\s+be|previously|formerly|no\s+longer|not|instead\s+of|replac\w*|old|rather\s+than)\s+"
    r"(?:(?:the|a|port|version|v)\s+)?$",
    re.IGNORECASE,
)
_OLD_AFTER = re.compile(
    r"^\s*(?:is|are)\s+(?:now\s+)?(?:unused|gone|retired|free|empty|dead|obsolete|deprecated|used\s+by\s+nothing|"
    r"no\s+longer)",
    re.IGNORECASE,
)


def _is_old(text: str, start: int, end: int) -> bool:
    return bool(_OLD_MARK.search(text[max(0, start - 40) : start]) or _OLD_AFTER.match(text[end : end + 40]))


def _product(text: str, start: int) -> str:
    """The product a version belongs to: the nearest name before it that is not a verb or a stop word."""
    words: list[str] = _NAME.findall(text[max(0, start - 60) : start])
    for word in reversed(words[-4:]):
        if word.casefold() not in _PRODUCT_SKIP:
            return word.casefold().strip(".-")
    return ""


def _next_noun(text: str, end: int) -> str:
    """The thing a count counts: the last of the (at most two) words right after it, before a stop
    word or a mark (``two part-time bakers``, ``140 active listings``, ``6 app nodes``)."""
    joined = re.match(r"-([A-Za-z]{3,})\b(?!-)", text[end : end + 40])  # "the 32-core workstation"
    if joined:
        return stem(joined.group(1))
    run: list[tuple[str, int]] = []
    for m in re.finditer(r"\s*([A-Za-z][\w'-]*)", text[end : end + 60]):
        if m.start() != (0 if not run else run[-1][1]):
            break
        word = m.group(1).casefold()
        if word in _STOP or word in _ADVERBS or word in PREPOSITIONS:
            break
        run.append((word, m.end()))
        if len(run) == 2:
            break
    return stem(run[-1][0]) if run and (len(run) == 1 or "-" not in run[-1][0]) else ""


#: Words that open a slot and name nothing ("through", "within", "via").
PREPOSITIONS = frozenset(
    "without within after before until till over under into onto about above below between during since "
    "through across against around near off out up down via like".split()
)


class Found:
    """Values as they are found: the first kind to claim a stretch of text keeps it (also the
    finder :mod:`.roles` fills, after the values have claimed theirs)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.out: list[Value] = []
        self.taken: list[tuple[int, int]] = []

    def put(self, kind: str, value: str, start: int, end: int, old: bool | None = None) -> None:
        if old is None:
            if any(s < end and start < e for s, e in self.taken):
                return
            self.taken.append((start, end))
        self.out.append(Value(kind, value, start, end, _is_old(self.text, start, end) if old is None else old))


_TIME_DOT = re.compile(
    r"(?<![\w:.])(?P<h>1[0-2]|0?\d)\.(?P<m>[0-5]\d)\s?(?P<ampm>am|pm|a\.m\.|p\.m\.)(?P<zone>)", re.IGNORECASE
)


def _times(f: Found) -> None:
    for m in [*_TIME_DOT.finditer(f.text), *_TIME.finditer(f.text)]:
        hour, minute = int(m.group("h")), int(m.group("m") or 0)
        ampm = (m.group("ampm") or "").replace(".", "").casefold()
        hour += 12 if ampm == "pm" and hour < 12 else 0
        hour -= 12 if ampm == "am" and hour == 12 else 0
        zone = (m.group("zone") or "").casefold()
        f.put("time", f"{hour:02d}:{minute:02d}" + (f" {zone}" if zone else ""), m.start(), m.end())


def _ports(f: Found) -> None:
    for m in _PORT.finditer(f.text):
        g = next(i for i in (1, 2, 3) if m.group(i))
        f.put("port", str(int(m.group(g))), m.start(g), m.end(g))
    if _PORTS_NAMED.search(f.text):  # "ports: preview 4173, dev 5173", "6379 is now unused"
        for m in _BARE_PORT.finditer(f.text):
            f.put("port", str(int(m.group(1))), m.start(1), m.end(1))


def _quantities(f: Found, numbers: list[tuple[re.Match[str], float | None]]) -> None:
    """A currency or a unit says what the number is."""
    for m, n in numbers:
        if n is None:
            continue
        unit = (m.group("unit") or "").casefold()
        cur = m.group("cur") or ""
        code = CURRENCY.get(unit, "") if unit.isalpha() else ""
        if cur or code:
            n *= 1e6 if cur and unit in ("m", "mn") else 1  # "£5m": five million pounds
            f.put(f"money:{CURRENCY.get(cur, code)}", _fmt(n), m.start(), m.end())
        elif area := squared(f.text, unit, m.end()):
            f.put("area", _fmt(n * area[0]), m.start(), area[1])
        elif unit in UNITS and not (unit == "b" and m.end("n") == m.start("unit")):  # "6B" is a ward
            dim, factor = UNITS[unit]
            if dim == "size" and n >= 1024 and n % 1024 == 0 and factor >= 1e3:
                n = n / 1024 * 1000  # "2048 MB" is the binary "2 GB": one size, not 2.4% apart
            f.put(dim, _fmt(n * factor), m.start(), m.end())


def _versions(f: Found) -> None:
    text = f.text
    for m in _VERSION.finditer(text):
        raw = m.group(1)
        if re.match(r"\s?(?:million|thousand|k|M)\b", text[m.end() :]):
            continue  # "2.5 million core-hours": a count
        product = _product(text, m.start())
        if "." not in raw and not m.group(0).startswith("v"):  # a bare integer: a version after a product's name
            before = text[max(0, m.start() - 30) : m.start()].rstrip()
            word = _NAME.findall(before)[-1:] if before else []
            if not word or not before.endswith(word[0]) or not (word[0][0].isupper() or word[0].isupper()):
                continue
            nxt = _NAME.match(text[m.end() :].lstrip())
            if nxt and nxt.group(0).casefold() not in _STOP | _ADVERBS:
                continue  # "Node 20 workers", "Layer 8 walls": a count
            product = word[0].casefold()
        f.put(f"version:{product}", raw, m.start(1), m.end(1))


def _counts(f: Found, numbers: list[tuple[re.Match[str], float | None]]) -> None:
    for m, n in numbers:
        if n is None or m.group("cur"):
            continue
        before = _NAME.findall(f.text[max(0, m.start() - 30) : m.start()])
        label = before and f.text[: m.start()].rstrip().endswith(before[-1]) and before[-1][0].isupper()
        if label and m.group("n")[0].isdigit():
            continue  # "Flat 1 smoke alarms", "Year 7 Chromebooks": a label, not a count
        ordinal = re.match(r"(?:st|nd|rd|th)\b", f.text[m.end("n") : m.end("n") + 3])
        if ordinal and m.group("n").isdigit():
            f.put("monthday", m.group("n"), m.start(), m.end("n") + 2)
            continue
        noun = _next_noun(f.text, m.end("n"))
        if noun and not noun[0].isdigit():
            f.put(f"count:{noun}", _fmt(n), m.start(), m.end("n"))


_URL = re.compile(r"\bhttps?://([\w.-]+)(?::(\d{2,5}))?(/[^\s`'\"<>()]*)?")
#: A count stated under its heading: "Average covers per service: 52", "Beds on the ward: 28".
_HEADED = re.compile(
    r"\b([A-Za-z]{3,}s)\b[^:.;\n]{0,30}(?<!\d):\s*(?:about\s+|around\s+|roughly\s+)?(\d[\d,]*)\s*(?=[.;](?!\d)|$)"
)


def _urls(f: Found) -> None:
    """Where a service is reached: its URL's host and path (the port apart, a value of its own)."""
    for m in _URL.finditer(f.text):
        path = (m.group(3) or "").rstrip(".,;:/")
        f.put("url", (m.group(1) + path).casefold(), m.start(), m.end())


def _headed(f: Found) -> None:
    for m in _HEADED.finditer(f.text):
        if m.group(1).casefold() in _STOP | _ADVERBS:
            continue  # "This year's allocation: ...": no heading noun
        f.put(f"count:{stem(m.group(1))}", m.group(2).replace(",", ""), m.start(2), m.end(2))


_YEAR = re.compile(
    r"(?<![\w:/#.-])(?:(?:c\.|ca\.|circa|about|around)\s?)?((?:1[5-9]|20)\d\d)\b(?![.:,]\d|-\d)", re.IGNORECASE
)
_LEVEL = re.compile(r"\b([a-z]{4,})\s+(\d+(?:\.\d+)?)\b(?![.,:]\d|\s*[%°])")
_LEVEL_SKIP = frozenset("than with from into after about every since until before under over".split())
_FREQUENCY = {
    "hourly": 8766.0,
    "daily": 365.0,
    "nightly": 365.0,
    "weekly": 52.0,
    "fortnightly": 26.0,
    "monthly": 12.0,
    "quarterly": 4.0,
    "yearly": 1.0,
    "annually": 1.0,
    "biannually": 2.0,
}
_PER = {"day": 365.0, "week": 52.0, "month": 12.0, "quarter": 4.0, "year": 1.0}
_TIMES_PER = re.compile(
    r"\b(once|twice|three\s+times|four\s+times|(\d+)\s*(?:times|x))\s+(?:a|per|each|every)\s+(day|week|month|quarter|year)\b"
    r"|\b(hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually|biannually)\b",
    re.IGNORECASE,
)


def _years(f: Found) -> None:
    """A year on its own (``born about 1810``, ``c.1805``)."""
    for m in _YEAR.finditer(f.text):
        f.put("year", m.group(1), m.start(), m.end())


def _levels(f: Found) -> None:
    """A setting's number after its word (``quality 82``, ``level 9``, ``tier 2``)."""
    for m in _LEVEL.finditer(f.text):
        word = m.group(1).casefold()
        skip = _STOP | _ADVERBS | PREPOSITIONS | _PRODUCT_SKIP | _LEVEL_SKIP
        if word not in skip and not _next_noun(f.text, m.end(2)):
            f.put(f"level:{stem(word)}", m.group(2), m.start(2), m.end(2))


def _frequencies(f: Found) -> None:
    """How often, as times a year: ``quarterly`` 4, ``twice a year`` 2, ``3 times a week`` 156."""
    for m in _TIMES_PER.finditer(f.text):
        if m.group(4) and re.match(
            r"\s+(?!and\b|or\b|at\b|on\b|in\b|from\b|to\b|for\b|with\b|by\b)[a-z]", f.text[m.end() :]
        ):
            continue  # "the hourly job", "a weekly call": which one, not how often
        if m.group(4):
            value = _FREQUENCY[m.group(4).casefold()]
        else:
            word = m.group(1).casefold().split()[0]
            n = {"once": 1, "twice": 2, "three": 3, "four": 4}.get(word) or float(m.group(2) or 1)
            value = n * _PER[m.group(3).casefold()]
        f.put("frequency:year", _fmt(value), m.start(), m.end())


_TRAILING_NUMBER = re.compile(r"(?:\s+v?\d[\d.]*)+[.,;:]?$")


def _name(f: Found, m: re.Match[str], group: str, old: bool | None = None) -> None:
    """A named value, less a version it ends with (``CUDA 12.4``: the name CUDA, the version 12.4)."""
    raw = _TRAILING_NUMBER.sub("", m.group(group).strip()).rstrip(".,;:")
    if raw:
        f.put("name", raw.casefold(), m.start(group), m.start(group) + len(raw), old)


def _alternatives(f: Found) -> None:
    for m in _ALTERNATIVE.finditer(f.text):
        _name(f, m, "new")
        if m.group("old"):
            _name(f, m, "old", True)


DAYS = {d: n for n, d in enumerate("monday tuesday wednesday thursday friday saturday sunday".split())}
MONTHS = {
    m: n
    for n, m in enumerate(
        "january february march april may june july august september october november december".split(), 1
    )
}
_DAY = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b", re.IGNORECASE)
_DATE = re.compile(
    r"\b(?:(\d{4})-(\d{2})-(\d{2})|(\d{1,2})(?:st|nd|rd|th)?\s+(" + "|".join(MONTHS) + r")(?:\s+(\d{4}))?)\b",
    re.IGNORECASE,
)
#: More ways a change cue introduces a named alternative: "now uses X", "replaced by X", "X instead of Y".
_NOW_USES = re.compile(
    r"\b(?:(?i:now)\s+(?:uses?|runs?\s+on|(?:go|goes|point|points|send|sends)\s+(?:to|through)|lives?\s+in)|"
    r"(?i:replaced)\s+(?:(?P<old>[A-Z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*){0,2})\s+|\w+(?:\s+\w+)?\s+)?(?:with|by)|"
    r"in\s+favou?r\s+of)\s+(?:(?:the|a|an)\s+)?"
    r"(?P<new>[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*){0,3})"
)
#: "Codemagic was replaced by GitHub Actions": the name before is the one left behind.
_REPLACED_BY = re.compile(
    r"(?P<old>\b[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*){0,2})\s+(?:was|were|has\s+been|have\s+been|got)\s+"
    r"replaced\s+(?:by|with)\s+(?:(?:the|a|an)\s+)?(?P<new>[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*){0,3})"
)
_INSTEAD = re.compile(
    r"(?P<new>\b[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*){0,2})\s+(?:instead\s+of|rather\s+than|not)\s+(?:the\s+)?"
    r"(?P<old>[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*){0,2})"
)


_MONTH = re.compile(
    r"\b(?:(?:early|mid|late|end\s+of|the\s+end\s+of|start\s+of)[\s-]+)?(" + "|".join(MONTHS) + r")\b(?:\s+(\d{4}))?",
    re.IGNORECASE,
)
_TIME_WORDS = re.compile(
    r"\b(?:(?P<half>half|quarter)\s+(?P<rel>past|to)\s+(?P<h1>"
    + "|".join(list(NUMBER_WORDS)[1:13])
    + r"|\d{1,2})(?:\s+(?:in\s+the\s+(?P<part1>morning|afternoon|evening)|(?P<night1>at\s+night)))?|(?P<h2>"
    + "|".join(list(NUMBER_WORDS)[1:13])
    + r")\s+(?:o'clock|in\s+the\s+(?P<part>morning|afternoon|evening)|(?P<night>at\s+night))"
    + r"|(?P<noon>noon|midday|midnight))\b",
    re.IGNORECASE,
)


def _months(f: Found) -> None:
    """A month on its own (``renews in March``, ``June 2031``): the dates claimed theirs first."""
    for m in _MONTH.finditer(f.text):
        value = f"{int(m.group(2))}-" if m.group(2) else ""
        f.put("month", f"{value}{MONTHS[m.group(1).casefold()]:02d}", m.start(), m.end())


def _time_words(f: Found) -> None:
    for m in _TIME_WORDS.finditer(f.text):
        if m.group("noon"):
            hour, minute = (0 if m.group("noon").casefold() == "midnight" else 12), 0
        elif m.group("half"):
            raw = m.group("h1").casefold()
            hour = int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
            minute = 30 if m.group("half").casefold() == "half" else 15
            if m.group("rel").casefold() == "to":
                hour, minute = hour - 1, 45
        else:
            hour, minute = NUMBER_WORDS[m.group("h2").casefold()], 0
        part = (m.group("part") or m.group("part1") or "").casefold()
        hour += 12 if part in ("afternoon", "evening") and hour < 12 else 0
        night = bool(m.group("night") or m.group("night1"))
        hour += 12 if night and 7 <= hour < 12 else 0  # "half past eleven at night" is 23:30; "two at night" 02:00
        if not m.group("noon") and not part and not night and 1 <= hour <= 6:
            hour += 12  # "half past three", "five o'clock": the afternoon, as a working day has it
        f.put("time", f"{hour % 24:02d}:{minute:02d}", m.start(), m.end())


def _dates(f: Found) -> None:
    for m in _DATE.finditer(f.text):
        if m.group(1):
            value = f"{m.group(1)}-{m.group(2)}-{m.group(3)}"
        else:
            year = m.group(6) or ""
            value = f"{year}-{MONTHS[m.group(5).casefold()]:02d}-{int(m.group(4)):02d}".lstrip("-")
        f.put("date", value, m.start(), m.end())


def _days(f: Found) -> None:
    days = sorted({DAYS[m.group(1).casefold()] for m in _DAY.finditer(f.text)})
    spans = [m.span() for m in _DAY.finditer(f.text)]
    if days and not any(s < e2 and s2 < e for s, e in spans for s2, e2 in f.taken):
        f.put("day", ",".join(str(d) for d in days), spans[0][0], spans[-1][1])


def _more_alternatives(f: Found) -> None:
    for m in _REPLACED_BY.finditer(f.text):  # before "replaced by X" claims the new name alone
        _name(f, m, "new")
        _name(f, m, "old", True)
    for m in _NOW_USES.finditer(f.text):
        _name(f, m, "new")
        if m.group("old"):
            _name(f, m, "old", True)
    for m in _INSTEAD.finditer(f.text):
        _name(f, m, "new")
        _name(f, m, "old", True)


@lru_cache(maxsize=1 << 14)
def values(text: str) -> tuple[Value, ...]:
    """Every value of ``text`` with its kind (see the module), in order of appearance. Times and
    ports first, then quantities, versions and counts: the first kind to claim a number keeps it."""
    found = Found(text)
    numbers = [(m, _number(m.group("n"))) for m in _NUMBER.finditer(text)]
    _times(found)
    _time_words(found)
    _dates(found)
    _months(found)
    _ports(found)
    _urls(found)
    _headed(found)
    _quantities(found, numbers)
    _frequencies(found)
    _alternatives(found)  # before versions: "replaced with a Zettle Reader 2" names one thing
    _more_alternatives(found)
    _versions(found)
    _counts(found, numbers)
    _years(found)
    _levels(found)
    _days(found)
    return tuple(sorted(found.out, key=lambda v: v.start))


def by_kind(text: str) -> dict[str, set[str]]:
    """kind -> the values ``text`` gives for it (the old ones it names as left behind excluded)."""
    out: dict[str, set[str]] = {}
    for v in values(text):
        if not v.old:
            out.setdefault(v.kind, set()).add(v.value)
    return out


def old_values(text: str) -> dict[str, set[str]]:
    """kind -> the values ``text`` names as left behind ("moved from 6379", "6379 is now unused")."""
    out: dict[str, set[str]] = {}
    for v in values(text):
        if v.old:
            out.setdefault(v.kind, set()).add(v.value)
    return out
