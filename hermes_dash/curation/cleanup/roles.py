"""Who or what does a thing: a value two entries about one subject can disagree on
(docs/cleanup.md#contradictions).

A proper name in the slot a role word opens ("is", "by", "with", "through", "via", "to"), never a
sentence's first word: "Treasurer is Geoff Lambert", "serviced by Vetquip", "booked with Cotswold
Travel". Kept apart from :func:`.values.values`: a contradiction may be about it, a merge never
compares it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .values import DAYS, MONTHS, Found, Value, values

_ROLE = re.compile(
    r"\b(?:is|are|by|with|through|via|to)\s+(?:the\s+)?(?P<new>(?:(?:Dr|Mr|Mrs|Ms)\.?\s+)?"
    r"[A-Z][\w'’&-]*(?:\s+(?:&\s+)?[A-Z][\w'’&-]*){0,3})"
)


def _roles(f: Found) -> None:
    for m in _ROLE.finditer(f.text):
        words = m.group("new").split()
        if re.match(r"\s+v?\d", f.text[m.end() :]):
            continue  # "to Godot 4.3", "Windows 11": a product and its version
        if words[0].casefold() not in DAYS and words[0].casefold() not in MONTHS and not words[0].isupper():
            raw = m.group("new").rstrip(".,;:")
            f.put("who", raw.casefold(), m.start("new"), m.start("new") + len(raw))


@lru_cache(maxsize=1 << 14)
def roles(text: str) -> tuple[Value, ...]:
    """The proper names in a role word's slot (kind ``who``) outside the other values: what a
    contradiction may be about, nothing a merge compares."""
    found = Found(text)
    found.taken = [(v.start, v.end) for v in values(text)]
    _roles(found)
    return tuple(found.out)
