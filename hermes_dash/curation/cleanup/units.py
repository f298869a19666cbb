"""Units, currencies and numbers in words: the tables :mod:`.values` reads values with.

A quantity is kept in one base unit per dimension (``2 hours`` and ``120 minutes`` are one
value); a number may be written in words (``one hundred and eighty``, ``ten thousand``).
"""

from __future__ import annotations

import re

#: unit word -> (dimension, factor to the base unit)
UNITS: dict[str, tuple[str, float]] = {}
_TABLES: dict[str, dict[tuple[str, ...], float]] = {
    "duration": {
        ("ms", "millisecond"): 0.001,
        ("s", "sec", "secs", "second"): 1,
        ("min", "mins", "minute"): 60,
        ("h", "hr", "hrs", "hour"): 3600,
        ("day",): 86400,
        ("week", "wk"): 604800,
        ("month",): 2629800,
        ("year", "yr"): 31557600,
    },
    "size": {
        ("b", "byte"): 1,
        ("kb", "kib", "kilobyte"): 1e3,
        ("mb", "mib", "megabyte"): 1e6,
        ("gb", "gib", "gigabyte"): 1e9,
        ("tb", "tib", "terabyte"): 1e12,
    },
    "percent": {("%", "percent", "pct"): 1},
    "bitrate": {("bps",): 1, ("kbps", "kbit"): 1e3, ("mbps", "mbit"): 1e6, ("gbps", "gbit"): 1e9},
    "decibel": {("db",): 1, ("dbm",): 1, ("dba",): 1},
    "frequency": {("hz",): 1, ("khz",): 1e3, ("mhz",): 1e6, ("ghz",): 1e9, ("fps",): 1, ("rpm",): 1},
    "voltage": {("v", "volt"): 1, ("mv",): 1e-3},
    "current": {("amp",): 1, ("ma",): 1e-3, ("ua", "µa", "μa"): 1e-6},
    "power": {("w", "watt"): 1, ("kw",): 1e3},
    "temperature": {("°c", "celsius", "degree"): 1, ("°f", "fahrenheit"): 1},
    "length": {("mm",): 0.001, ("cm",): 0.01, ("m", "metre", "meter"): 1, ("km",): 1000, ("px", "pixel"): 1},
    "volume": {("ml",): 0.001, ("l", "litre", "liter"): 1},
    "mass": {("g", "gram"): 0.001, ("kg",): 1},
    "area": {("ha", "hectare"): 10000, ("acre",): 4046.86, ("sqm",): 1},
}
#: "m²", "square metres", "sq ft": a length unit squared, in square metres.
SQUARED = {
    w: f
    for words, f in (
        ("mm", 1e-6),
        ("cm", 1e-4),
        ("m metre metres meter meters", 1.0),
        ("km", 1e6),
        ("ft foot feet", 0.092903),
    )
    for w in words.split()
}
for _dim, _table in _TABLES.items():
    for _words, _factor in _table.items():
        for _w in _words:
            UNITS[_w] = (_dim, _factor)
            if len(_w) >= 3 and _w[-1] != "s" and not _w.startswith("°"):
                UNITS[_w + "s"] = (_dim, _factor)
CURRENCY = {
    "€": "eur",
    "$": "usd",
    "£": "gbp",
    "¥": "jpy",
    "jpy": "jpy",
    "yen": "jpy",
    "eur": "eur",
    "usd": "usd",
    "gbp": "gbp",
    "euro": "eur",
    "euros": "eur",
    "pound": "gbp",
    "pounds": "gbp",
    "dollar": "usd",
    "dollars": "usd",
}
NUMBER_WORDS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen twenty".split()
    )
} | {"a dozen": 12, "dozen": 12}
_TENS = {w: 10 * n for n, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if n > 1}
_UNIT_WORDS = "one|two|three|four|five|six|seven|eight|nine"
_TEEN_WORDS = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_TENS_WORDS = "|".join(_TENS)
_UNDER_100 = rf"(?:(?:{_TENS_WORDS})(?:[- ](?:{_UNIT_WORDS}))?|{_TEEN_WORDS}|{_UNIT_WORDS}|zero)"
_UNDER_1000 = rf"(?:(?:{_UNDER_100}|a)\s+hundred(?:\s+(?:and\s+)?{_UNDER_100})?|{_UNDER_100})"
#: A number in words: "one hundred and eighty", "ten thousand", "sixty-five", "a dozen".
WORDS_NUMBER = rf"(?:{_UNDER_1000}(?:\s+thousand(?:\s+(?:and\s+)?{_UNDER_1000})?)?|a\s+dozen|dozen|a\s+thousand)"


def words_value(raw: str) -> float | None:
    """The number a phrase of number words says (``one hundred and eighty`` is 180)."""
    total, part = 0, 0
    words = raw.casefold().replace("-", " ").split()
    if words == ["a", "dozen"] or words == ["dozen"]:
        return 12.0
    for w in words:
        if w in ("and",):
            continue
        if w == "a":
            part = 1
        elif w == "hundred":
            part = (part or 1) * 100
        elif w == "thousand":
            total, part = total + (part or 1) * 1000, 0
        elif w in _TENS:
            part += _TENS[w]
        elif w in NUMBER_WORDS:
            part += NUMBER_WORDS[w]
        else:
            return None
    return float(total + part)


_SQUARE_WORDS = re.compile(r"\s+([A-Za-z]+)\b")


def squared(text: str, unit: str, end: int) -> tuple[float, int] | None:
    """(square metres per unit, end) for ``450 m²``, ``520 square metres``, ``900 sq ft``."""
    if unit in SQUARED and text[end : end + 1] == "²":
        return SQUARED[unit], end + 1
    if unit in ("square", "sq"):
        m = _SQUARE_WORDS.match(text, end)
        if m and m.group(1).casefold() in SQUARED:
            return SQUARED[m.group(1).casefold()], m.end()
    return None
